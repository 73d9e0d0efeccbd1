import { useTranslation } from "~/i18n/use-translation";
import { BilingualFields, CheckboxField, SelectField, TextField } from "~/components/admin/builder-form";
import { useLocalTitle } from "~/components/admin/builder-parts";
import { passHeaders } from "~/lib/http";
import { formatFileSize } from "~/i18n/format";
import { ADMIN_LIMITS, BUNDLED_COVERS, DEFAULT_COVER } from "~/models/catalogue-admin.schema";
import { getCatalogueRef } from "~/models/course-builder/catalogue.server";
import * as courses from "~/models/course-builder/course.server";
import { EditorPage, editorMeta } from "~/components/admin/editor-page";
import { OrderedTable, PublishedCell, TitleCell } from "~/components/admin/ordered-table";
import { bilingualValues, CoverField, PreviewLink, SlugField } from "~/components/admin/editor-fields";
import { CoverUpload } from "~/components/admin/upload-section";
import { coverUpload, defineEditor, editorAction, editorLoader, notFound } from "./editor.server";
import type { Route } from "./+types/course";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = {
  strings: ["admin", "adminPayments", "courseAdmin", "upload", "youtube"],
} satisfies StringsHandle;

/**
 * /admin/courses/course/:id (and /admin/courses/catalogue/:catalogueId/new-course): a course
 * card — title, teacher and summary in both languages, duration, students, price, rating, reviews,
 * cover, "Read More" and "Join Now" targets, published — and the order of its video lists.
 */
const editor = defineEditor({
  kind: "course",
  find: courses.getCourseForAdmin,
  name: (found) => found.course,
  newName: "courseAdmin.newCourse",
  page: async (found, { services, params, locale }) => {
    const catalogue = found ? found.catalogue : await getCatalogueRef(services.db, params.catalogueId ?? "");
    if (!catalogue) throw notFound();
    return {
      catalogue,
      course: found?.course ?? null,
      lists: found?.lists ?? [],
      imageLimit: formatFileSize(services.config.maxImageBytes, locale),
    };
  },
  form: () => "course",
  create: (db, raw, params) => courses.createCourse(db, params.catalogueId ?? "", raw),
  update: courses.updateCourse,
  remove: courses.deleteCourse,
  afterDelete: (deleted) => `/admin/courses/catalogue/${deleted.catalogueId}`,
  media: "cover",
  move: {
    run: courses.moveListInCourse,
    log: (id, list, direction) => ({ action: `list moved ${direction}`, kind: "course", id, detail: { listId: list } }),
  },
  upload: coverUpload(courses.setCourseCover),
});

export const loader = (args: Route.LoaderArgs) => editorLoader(args, editor);
export const action = (args: Route.ActionArgs) => editorAction(args, editor);

export const headers = passHeaders;

export const meta = editorMeta;

export default function CourseEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localTitle = useLocalTitle();
  const { catalogue, course, lists } = loaderData;
  const initial = course
    ? {
        slug: course.slug,
        ...bilingualValues(course, "title", "teacher", "summary"),
        duration: course.duration,
        students: String(course.students),
        price: course.price,
        currency: course.currency,
        soldSeparately: course.soldSeparately ? "on" : "",
        rating: course.rating,
        reviews: String(course.reviews),
        cover: course.cover,
        readMore: course.readMore ?? "",
        join: course.join ?? "",
        published: course.published ? "on" : "",
      }
    : {
        // A new course card is a draft until the admin publishes it (D-M8): no "published".
        soldSeparately: "on",
        currency: "USD",
        students: "0",
        reviews: "0",
        rating: "0",
        cover: DEFAULT_COVER,
      };
  const title = course ? localTitle(course) : t("courseAdmin.newCourse");
  return (
    <EditorPage
      title={title}
      parent={{ label: localTitle(catalogue), href: `/admin/courses/catalogue/${catalogue.id}` }}
      loaderData={loaderData}
      actionData={actionData}
      ordered={lists.map((l) => ({ id: l.id, title: localTitle(l) }))}
      form={{ name: "course", isNew: !course, testId: "course-form", initial }}
      details={course ? <PreviewLink path={`/course/${course.slug}`} className="mb-5" /> : null}
      fields={
        <>
          <SlugField hint={t("courseAdmin.slugHintCourse")} />
          <BilingualFields base="title" required maxLength={ADMIN_LIMITS.title} />
          <BilingualFields base="teacher" required maxLength={ADMIN_LIMITS.name} />
          <BilingualFields base="summary" multiline required maxLength={ADMIN_LIMITS.text} />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            <TextField name="duration" lang="code" inputMode="decimal" required hint={t("courseAdmin.hoursHint")} />
            <TextField name="students" lang="code" inputMode="numeric" required hint={t("courseAdmin.baselineHint")} />
            <TextField name="price" lang="code" inputMode="decimal" required hint={t("courseAdmin.priceHint")} />
            <TextField name="rating" lang="code" inputMode="decimal" required hint={t("courseAdmin.ratingHint")} />
            <TextField name="reviews" lang="code" inputMode="numeric" required />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              name="currency"
              options={[
                { value: "USD", label: t("adminPayments.usd") },
                { value: "ILS", label: t("adminPayments.ils") },
              ]}
            />
            <CheckboxField name="soldSeparately" hint={t("courseAdmin.soldSeparatelyHint")} />
          </div>
          <CoverField current={course?.cover ?? null} bundled={BUNDLED_COVERS} />
          <div className="grid gap-4 md:grid-cols-2">
            <TextField name="readMore" lang="code" maxLength={ADMIN_LIMITS.path} hint={t("courseAdmin.readMoreHint")} />
            <TextField name="join" lang="code" maxLength={ADMIN_LIMITS.path} hint={t("courseAdmin.joinHint")} />
          </div>
          <CheckboxField name="published" hint={t(course ? "courseAdmin.publishedHint" : "courseAdmin.draftHint")} />
        </>
      }
      remove={{ confirm: "courseAdmin.confirmDeleteCourse", button: "courseAdmin.deleteCourse" }}
    >
      {course ? (
        <CoverUpload cover={course.cover} limit={loaderData.imageLimit} error={actionData?.uploadError ?? null} />
      ) : null}
      <OrderedTable
        name="course-lists"
        title={t("courseAdmin.listsOfCourse")}
        columns={[t("courseAdmin.columns.title"), t("courseAdmin.columns.lessons"), t("courseAdmin.columns.status")]}
        rows={lists}
        rowTestId="course-list-row"
        titleOf={(list) => localTitle(list)}
        cells={(list) => (
          <>
            <TitleCell to={`/admin/courses/list/${list.id}`} item={list} />
            <td className="py-2 pe-3">{list.lessons}</td>
            <PublishedCell published={list.published} />
          </>
        )}
        empty={
          <p className="-mt-6 text-sm text-ink-600">
            {lists.length === 0 ? `${t("courseAdmin.noListsInCourse")} ` : ""}
            {t("courseAdmin.listsOfCourseHint")}
          </p>
        }
      />
    </EditorPage>
  );
}
