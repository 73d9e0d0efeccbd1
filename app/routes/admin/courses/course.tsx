import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import {
  BilingualFields,
  BuilderForm,
  CheckboxField,
  SelectField,
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
  PublishedBadge,
  useFocusAfterMove,
  useLocalTitle,
  useTitled,
} from "~/components/admin/builder-parts";
import { passHeaders } from "~/lib/http";
import { formatFileSize } from "~/i18n/format";
import { ADMIN_LIMITS, BUNDLED_COVERS, DEFAULT_COVER } from "~/models/catalogue-admin.schema";
import { getCatalogueRef } from "~/models/course-builder/catalogue.server";
import {
  createCourse,
  deleteCourse,
  getCourseForAdmin,
  moveListInCourse,
  setCourseCover,
  updateCourse,
} from "~/models/course-builder/course.server";
import { defineEditor, editorAction, editorLoader } from "./editor.server";
import { notFound } from "./editor.server";
import { UploadSection } from "~/components/admin/upload-section";
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
  find: getCourseForAdmin,
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
  create: (db, raw, params) => createCourse(db, params.catalogueId ?? "", raw),
  update: updateCourse,
  remove: deleteCourse,
  afterDelete: (deleted) => `/admin/courses/catalogue/${deleted.catalogueId}`,
  media: "cover",
  move: {
    run: moveListInCourse,
    log: (id, list, direction) => ({ action: `list moved ${direction}`, kind: "course", id, detail: { listId: list } }),
  },
  // A cover image: its own multipart form, its type checked from its bytes.
  upload: {
    kind: "cover",
    field: "cover",
    maxBytes: (config) => config.maxImageBytes,
    apply: (db, id, saved) => setCourseCover(db, id, `/media/covers/${saved.file}`),
    done: "courseAdmin.upload.coverUploaded",
  },
});

export const loader = (args: Route.LoaderArgs) => editorLoader(args, editor);
export const action = (args: Route.ActionArgs) => editorAction(args, editor);

export const headers = passHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

const coverName = (cover: string) => cover.split("/").pop() ?? cover;

export default function CourseEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localTitle = useLocalTitle();
  const titled = useTitled();
  const labels = useBuilderLabels();
  const { catalogue, course, lists } = loaderData;
  const moved = actionData?.moved ?? null;
  useFocusAfterMove(moved, lists.map((item) => item.id).join());
  const initial: FormValues = course
    ? {
        slug: course.slug,
        titleEn: course.titleEn,
        titleHe: course.titleHe ?? "",
        teacherEn: course.teacherEn,
        teacherHe: course.teacherHe ?? "",
        summaryEn: course.summaryEn,
        summaryHe: course.summaryHe ?? "",
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
        published: "on",
        soldSeparately: "on",
        currency: "USD",
        students: "0",
        reviews: "0",
        rating: "0",
        cover: DEFAULT_COVER,
      };
  const values = (actionData?.values as FormValues | null) ?? initial;
  const title = course ? localTitle(course) : t("courseAdmin.newCourse");
  const covers = [
    ...(course && !BUNDLED_COVERS.includes(course.cover)
      ? [{ value: course.cover, label: t("courseAdmin.coverCurrent", { cover: coverName(course.cover) }) }]
      : []),
    ...BUNDLED_COVERS.map((cover) => ({
      value: cover,
      label: cover === DEFAULT_COVER ? t("courseAdmin.coverPlain") : coverName(cover),
    })),
  ];
  const message =
    moveMessage(
      moved,
      lists.map((l) => ({ id: l.id, title: localTitle(l) })),
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
        { label: localTitle(catalogue), href: `/admin/courses/catalogue/${catalogue.id}` },
        { label: title },
      ]}
      message={message}
    >
      <section aria-labelledby="details-heading" className="max-w-4xl">
        <h2 id="details-heading" className="mb-4 text-2xl font-bold">
          {t("courseAdmin.details")}
        </h2>
        <BuilderForm
          // A new version (a save, even of the same values) or new values: the form starts again from them.
          key={`${actionData?.version ?? loaderData.version ?? ""}:${JSON.stringify(values)}`}
          form="course"
          errors={actionData?.errors ?? undefined}
          version={actionData?.version ?? loaderData.version}
          values={values}
          labels={labels}
          submitLabel={course ? t("courseAdmin.save") : t("courseAdmin.create")}
          testId="course-form"
        >
          <TextField
            name="slug"
            lang="code"
            required
            maxLength={ADMIN_LIMITS.slug}
            hint={t("courseAdmin.slugHintCourse")}
          />
          <BilingualFields base="title" required maxLength={ADMIN_LIMITS.title} />
          <BilingualFields base="teacher" required maxLength={ADMIN_LIMITS.name} />
          <BilingualFields base="summary" multiline required maxLength={ADMIN_LIMITS.text} />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            <TextField name="duration" lang="code" inputMode="decimal" required hint={t("courseAdmin.hoursHint")} />
            <TextField name="students" lang="code" inputMode="numeric" required />
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
          <div className="space-y-2">
            <SelectField name="cover" options={covers} hint={t("courseAdmin.coverHint")} />
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            <TextField name="readMore" lang="code" maxLength={ADMIN_LIMITS.path} hint={t("courseAdmin.readMoreHint")} />
            <TextField name="join" lang="code" maxLength={ADMIN_LIMITS.path} hint={t("courseAdmin.joinHint")} />
          </div>
          <CheckboxField name="published" hint={t("courseAdmin.publishedHint")} />
        </BuilderForm>
      </section>

      {course ? (
        <UploadSection
          id="cover-file"
          heading={t("courseAdmin.upload.coverHeading")}
          current={
            <>
              {t("courseAdmin.upload.currentCover")}{" "}
              <img src={course.cover} alt="" className="mt-1 h-24 rounded border border-ink-200" />
            </>
          }
          field="cover"
          accept="image/png,image/jpeg,image/webp"
          hint={t("courseAdmin.upload.coverHint", { limit: loaderData.imageLimit })}
          submitLabel={t("courseAdmin.upload.coverSubmit")}
          error={actionData?.uploadError ?? null}
        />
      ) : null}
      {course ? (
        <>
          <AdminTable
            name="course-lists"
            title={t("courseAdmin.listsOfCourse")}
            columns={[
              t("courseAdmin.columns.title"),
              t("courseAdmin.columns.lessons"),
              t("courseAdmin.columns.status"),
            ]}
            actions={t("courseAdmin.columns.order")}
          >
            {lists.map((list, index) => (
              <tr key={list.id} className="border-b border-ink-100" data-testid="course-list-row">
                <td className="py-2 pe-3">
                  <Link to={`/admin/courses/list/${list.id}`} className="font-semibold text-brand-800 underline">
                    <bdi>{localTitle(list)}</bdi>
                  </Link>
                  <FallbackNote item={list} />
                </td>
                <td className="py-2 pe-3">{list.lessons}</td>
                <td className="py-2 pe-3">
                  <PublishedBadge published={list.published} />
                </td>
                <td className="py-2">
                  <MoveButtons id={list.id} title={localTitle(list)} index={index} count={lists.length} />
                </td>
              </tr>
            ))}
          </AdminTable>
          <p className="-mt-6 text-sm text-ink-600">
            {lists.length === 0 ? `${t("courseAdmin.noListsInCourse")} ` : ""}
            {t("courseAdmin.listsOfCourseHint")}
          </p>
          <DeleteSection
            confirmLabel={titled("courseAdmin.confirmDeleteCourse", title)}
            buttonLabel={t("courseAdmin.deleteCourse")}
            error={actionData?.deleteError ?? undefined}
          />
        </>
      ) : null}
    </BuilderPage>
  );
}
