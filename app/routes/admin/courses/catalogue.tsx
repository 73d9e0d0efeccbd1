import { useTranslation } from "~/i18n/use-translation";
import { BilingualFields, CheckboxField } from "~/components/admin/builder-form";
import { useLocalTitle } from "~/components/admin/builder-parts";
import { passHeaders } from "~/lib/http";
import { formatFileSize } from "~/i18n/format";
import { ADMIN_LIMITS, BUNDLED_CATALOGUE_COVERS, DEFAULT_COVER } from "~/models/catalogue-admin.schema";
import * as catalogues from "~/models/course-builder/catalogue.server";
import { moveCourse } from "~/models/course-builder/course.server";
import { EditorPage, editorHandle, editorMeta } from "~/components/admin/editor-page";
import { OrderedTable, PublishedCell, TitleCell } from "~/components/admin/ordered-table";
import { AddressDetails, bilingualValues, CoverField, SlugField } from "~/components/admin/editor-fields";
import { CoverUpload } from "~/components/admin/upload-section";
import { coverUpload, defineEditor, editorAction, editorLoader } from "./editor.server";
import type { Route } from "./+types/catalogue";

export const handle = editorHandle;

/**
 * /admin/courses/catalogue/:id (and /admin/courses/new-catalogue): a catalogue's title and
 * description in both languages, its cover on /courses (bundled, or uploaded as a course's is),
 * whether it is published, its course cards in order, and delete. A new catalogue is shown at
 * /courses/<slug>.
 */
const editor = defineEditor({
  kind: "catalogue",
  find: catalogues.getCatalogueForAdmin,
  name: (found) => found.catalogue,
  newName: "courseAdmin.newCatalogue",
  page: async (found, { services, locale }) => ({
    catalogue: found?.catalogue ?? null,
    courses: found?.courses ?? [],
    imageLimit: formatFileSize(services.config.maxImageBytes, locale),
  }),
  form: (isNew) => (isNew ? "catalogue" : "catalogueUpdate"),
  create: catalogues.createCatalogue,
  update: catalogues.updateCatalogue,
  remove: catalogues.deleteCatalogue,
  afterDelete: () => "/admin/courses",
  // Its own cover and its courses': uploaded files left unworn by a save or a delete are removed.
  media: "cover",
  move: {
    run: (db, _id, course, direction) => moveCourse(db, course, direction),
    log: (_id, course, direction) => ({ action: `moved ${direction}`, kind: "course", id: course }),
  },
  upload: coverUpload(catalogues.setCatalogueCover),
});

export const loader = (args: Route.LoaderArgs) => editorLoader(args, editor);
export const action = (args: Route.ActionArgs) => editorAction(args, editor);

export const headers = passHeaders;

export const meta = editorMeta;

export default function CatalogueEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localTitle = useLocalTitle();
  const { catalogue, courses } = loaderData;
  const title = catalogue ? localTitle(catalogue) : t("courseAdmin.newCatalogue");
  return (
    <EditorPage
      title={title}
      loaderData={loaderData}
      actionData={actionData}
      ordered={courses.map((c) => ({ id: c.id, title: localTitle(c) }))}
      form={{
        name: catalogue ? "catalogueUpdate" : "catalogue",
        isNew: !catalogue,
        testId: "catalogue-form",
        initial: catalogue
          ? {
              ...bilingualValues(catalogue, "title", "description"),
              cover: catalogue.cover,
              published: catalogue.published ? "on" : "",
            }
          : // A new catalogue is a draft until the admin publishes it (D-M8).
            { cover: DEFAULT_COVER },
      }}
      details={catalogue ? <AddressDetails slug={catalogue.slug} paths={catalogue.paths} /> : null}
      fields={
        <>
          {catalogue ? null : <SlugField hint={t("courseAdmin.slugHintPath", { path: "/courses/…" })} />}
          <BilingualFields base="title" required maxLength={ADMIN_LIMITS.title} />
          <BilingualFields base="description" multiline maxLength={ADMIN_LIMITS.text} />
          <CoverField current={catalogue?.cover ?? null} bundled={BUNDLED_CATALOGUE_COVERS} />
          <CheckboxField name="published" hint={t(catalogue ? "courseAdmin.publishedHint" : "courseAdmin.draftHint")} />
        </>
      }
      remove={{
        confirm: "courseAdmin.confirmDeleteCatalogue",
        button: "courseAdmin.deleteCatalogue",
        count: courses.length,
      }}
    >
      {catalogue ? (
        <CoverUpload cover={catalogue.cover} limit={loaderData.imageLimit} error={actionData?.uploadError ?? null} />
      ) : null}
      <OrderedTable
        name="courses"
        title={t("courseAdmin.courses")}
        columns={[t("courseAdmin.columns.title"), t("courseAdmin.columns.status")]}
        rows={courses}
        rowTestId="course-row"
        titleOf={(course) => localTitle(course)}
        add={
          catalogue
            ? { to: `/admin/courses/catalogue/${catalogue.id}/new-course`, label: t("courseAdmin.newCourse") }
            : undefined
        }
        cells={(course) => (
          <>
            <TitleCell to={`/admin/courses/course/${course.id}`} item={course} />
            <PublishedCell published={course.published} />
          </>
        )}
        empty={courses.length === 0 ? <p className="-mt-6 text-ink-600">{t("courseAdmin.noCourses")}</p> : null}
      />
    </EditorPage>
  );
}
