import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import {
  BilingualFields,
  BuilderForm,
  CheckboxField,
  TextField,
  useBuilderLabels,
  type FormValues,
} from "~/components/admin/builder-form";
import {
  BuilderPage,
  DeleteSection,
  FallbackNote,
  MoveButtons,
  moveMessage,
  PublicUrls,
  PublishedBadge,
  useFocusAfterMove,
  useLocalTitle,
  useTitled,
} from "~/components/admin/builder-parts";
import { passHeaders } from "~/lib/http";
import { ADMIN_LIMITS } from "~/models/catalogue-admin.schema";
import {
  createCatalogue,
  deleteCatalogue,
  getCatalogueForAdmin,
  updateCatalogue,
} from "~/models/course-builder/catalogue.server";
import { moveCourse } from "~/models/course-builder/course.server";
import { defineEditor, editorAction, editorLoader } from "./editor.server";
import type { Route } from "./+types/catalogue";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["admin", "courseAdmin", "upload", "youtube"] } satisfies StringsHandle;

/**
 * /admin/courses/catalogue/:id (and /admin/courses/new-catalogue): a catalogue's title and
 * description in both languages, whether it is published, its course cards in order, and delete.
 * A new catalogue is shown at /courses/<slug>.
 */
const editor = defineEditor({
  kind: "catalogue",
  find: getCatalogueForAdmin,
  name: (found) => found.catalogue,
  newName: "courseAdmin.newCatalogue",
  page: async (found) => ({ catalogue: found?.catalogue ?? null, courses: found?.courses ?? [] }),
  form: (isNew) => (isNew ? "catalogue" : "catalogueUpdate"),
  create: createCatalogue,
  update: updateCatalogue,
  remove: deleteCatalogue,
  afterDelete: () => "/admin/courses",
  media: "cover",
  move: {
    run: (db, _id, course, direction) => moveCourse(db, course, direction),
    log: (_id, course, direction) => ({ action: `moved ${direction}`, kind: "course", id: course }),
  },
});

export const loader = (args: Route.LoaderArgs) => editorLoader(args, editor);
export const action = (args: Route.ActionArgs) => editorAction(args, editor);

export const headers = passHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

export default function CatalogueEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localTitle = useLocalTitle();
  const titled = useTitled();
  const labels = useBuilderLabels();
  const { catalogue, courses } = loaderData;
  const moved = actionData?.moved ?? null;
  useFocusAfterMove(moved, courses.map((item) => item.id).join());
  const initial: FormValues = catalogue
    ? {
        titleEn: catalogue.titleEn,
        titleHe: catalogue.titleHe ?? "",
        descriptionEn: catalogue.descriptionEn,
        descriptionHe: catalogue.descriptionHe ?? "",
        published: catalogue.published ? "on" : "",
      }
    : { published: "on" };
  const values = (actionData?.values as FormValues | null) ?? initial;
  const title = catalogue ? localTitle(catalogue) : t("courseAdmin.newCatalogue");
  const message =
    moveMessage(
      moved,
      courses.map((c) => ({ id: c.id, title: localTitle(c) })),
    ) ??
    // A refused save says why in its form's error summary; other form-level refusals (a bad move) here.
    (actionData?.errors?.form && !actionData.values ? { key: actionData.errors.form, tone: "error" as const } : null) ??
    (loaderData.flash ? { key: loaderData.flash } : null);
  return (
    <BuilderPage
      title={title}
      trail={[
        { label: t("admin.title"), href: "/admin" },
        { label: t("courseAdmin.title"), href: "/admin/courses" },
        { label: title },
      ]}
      message={message}
    >
      <section aria-labelledby="details-heading" className="max-w-4xl">
        <h2 id="details-heading" className="mb-4 text-2xl font-bold">
          {t("courseAdmin.details")}
        </h2>
        {catalogue ? (
          <dl className="mb-5 grid gap-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
            <dt className="font-semibold">{labels.slug}</dt>
            <dd>
              <bdi dir="ltr" className="font-mono">
                {catalogue.slug}
              </bdi>
            </dd>
            <dt className="font-semibold">{t("courseAdmin.columns.urls")}</dt>
            <dd>
              <PublicUrls paths={catalogue.paths} />
            </dd>
          </dl>
        ) : null}
        <BuilderForm
          // A new version (a save, even of the same values) or new values: the form starts again from them.
          key={`${actionData?.version ?? loaderData.version ?? ""}:${JSON.stringify(values)}`}
          form={catalogue ? "catalogueUpdate" : "catalogue"}
          errors={actionData?.errors ?? undefined}
          version={actionData?.version ?? loaderData.version}
          values={values}
          labels={labels}
          submitLabel={catalogue ? t("courseAdmin.save") : t("courseAdmin.create")}
          testId="catalogue-form"
        >
          {catalogue ? null : (
            <TextField
              name="slug"
              lang="code"
              required
              maxLength={ADMIN_LIMITS.slug}
              hint={t("courseAdmin.slugHintPath", { path: "/courses/…" })}
            />
          )}
          <BilingualFields base="title" required maxLength={ADMIN_LIMITS.title} />
          <BilingualFields base="description" multiline maxLength={ADMIN_LIMITS.text} />
          <CheckboxField name="published" hint={t("courseAdmin.publishedHint")} />
        </BuilderForm>
      </section>

      {catalogue ? (
        <>
          <AdminTable
            name="courses"
            title={t("courseAdmin.courses")}
            columns={[t("courseAdmin.columns.title"), t("courseAdmin.columns.status")]}
            actions={t("courseAdmin.columns.order")}
            headingExtra={
              <Link
                to={`/admin/courses/catalogue/${catalogue.id}/new-course`}
                className="btn btn-primary px-3 py-1.5 text-sm"
              >
                {t("courseAdmin.newCourse")}
              </Link>
            }
          >
            {courses.map((course, index) => (
              <tr key={course.id} className="border-b border-ink-100" data-testid="course-row">
                <td className="py-2 pe-3">
                  <Link to={`/admin/courses/course/${course.id}`} className="font-semibold text-brand-800 underline">
                    <bdi>{localTitle(course)}</bdi>
                  </Link>
                  <FallbackNote item={course} />
                </td>
                <td className="py-2 pe-3">
                  <PublishedBadge published={course.published} />
                </td>
                <td className="py-2">
                  <MoveButtons id={course.id} title={localTitle(course)} index={index} count={courses.length} />
                </td>
              </tr>
            ))}
          </AdminTable>
          {courses.length === 0 ? <p className="-mt-6 text-ink-600">{t("courseAdmin.noCourses")}</p> : null}
          <DeleteSection
            confirmLabel={titled("courseAdmin.confirmDeleteCatalogue", title, { count: courses.length })}
            buttonLabel={t("courseAdmin.deleteCatalogue")}
            error={actionData?.deleteError ?? undefined}
          />
        </>
      ) : null}
    </BuilderPage>
  );
}
