import { useTranslation } from "~/i18n/use-translation";
import { data, Link } from "react-router";
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
import { localeContext, servicesOf } from "~/context.server";
import { takeFlash } from "~/lib/cookies.server";
import { passHeaders } from "~/lib/http";
import { isMultipart } from "~/lib/uploads.server";
import { formatFileSize } from "~/i18n/format";
import {
  ADMIN_LIMITS,
  BUNDLED_COVERS,
  CONFIRM_ERROR,
  DEFAULT_COVER,
  moveRequestSchema,
  readAdminForm,
} from "~/models/catalogue-admin.schema";
import {
  builderRedirect,
  builderReply,
  createCourse,
  deleteCourse,
  getCatalogueRef,
  getCourseForAdmin,
  logCatalogueChange,
  moveListInCourse,
  notFound,
  removeUnusedMedia,
  rowVersion,
  saveRefused,
  sentVersion,
  setCourseCover,
  takeUpload,
  updateCourse,
} from "~/models/catalogue-admin.server";
import { UploadSection } from "~/components/admin/upload-section";
import { getAdmin } from "~/routes/admin/guard.server";
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
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { db, config, cookieSecrets } = servicesOf(context);
  const { i18n } = context.get(localeContext);
  const found = params.id ? await getCourseForAdmin(db, params.id) : null;
  if (params.id && !found) throw notFound();
  const catalogue = found ? found.catalogue : await getCatalogueRef(db, params.catalogueId ?? "");
  if (!catalogue) throw notFound();
  const flash = await takeFlash(config, cookieSecrets, request, "courseAdmin.");
  const he = i18n.language === "he";
  const name = found ? (he ? (found.course.titleHe ?? found.course.titleEn) : found.course.titleEn) : null;
  return data(
    {
      version: params.id ? await rowVersion(db, "courses", params.id) : null,
      title: i18n.t("courseAdmin.pageTitle", { title: name ?? i18n.t("courseAdmin.newCourse") }),
      flash: flash.message,
      catalogue,
      course: found?.course ?? null,
      lists: found?.lists ?? [],
      imageLimit: formatFileSize(config.maxImageBytes, he ? "he" : "en"),
    },
    { headers: flash.clear ? { "Set-Cookie": flash.clear } : {} },
  );
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = getAdmin(context);
  const services = servicesOf(context);
  const { db, log } = services;
  const id = params.id;
  // A cover image: its own multipart form, streamed to the media store, its type checked from its bytes.
  if (isMultipart(request)) {
    if (!id) throw notFound();
    const refused = await takeUpload(
      request,
      { media: services.media, log, adminId: admin.id, locale: context.get(localeContext).locale },
      {
        kind: "cover",
        field: "cover",
        maxBytes: services.config.maxImageBytes,
        target: { kind: "course", id },
        apply: (saved) => setCourseCover(db, id, `/media/covers/${saved.file}`),
      },
    );
    return refused ?? builderRedirect(`/admin/courses/course/${id}`, "courseAdmin.upload.coverUploaded", services);
  }
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "save") {
    const raw = readAdminForm("course", form);
    const result = id
      ? await updateCourse(db, id, raw, sentVersion(form))
      : await createCourse(db, params.catalogueId ?? "", raw);
    if (!result.ok) return saveRefused(result, raw);
    logCatalogueChange(log, admin.id, { action: id ? "updated" : "created", kind: "course", id: result.id });
    // An uploaded cover swapped for a bundled one is not kept (nor served) once nothing wears it.
    if ("files" in result && Array.isArray(result.files))
      await removeUnusedMedia(services.media, "cover", result.files);
    return builderRedirect(
      `/admin/courses/course/${result.id}`,
      id ? "courseAdmin.saved" : "courseAdmin.created",
      services,
    );
  }
  if (intent === "delete" && id) {
    if (form.get("confirm") !== "on") return builderReply({ deleteError: CONFIRM_ERROR }, 400);
    const result = await deleteCourse(db, id);
    if (!result.ok) throw notFound();
    await removeUnusedMedia(services.media, "cover", result.files);
    logCatalogueChange(log, admin.id, { action: "deleted", kind: "course", id, detail: { files: result.files } });
    return builderRedirect(`/admin/courses/catalogue/${result.catalogueId}`, "courseAdmin.deleted", services);
  }
  if (intent === "move" && id) {
    const move = moveRequestSchema.safeParse({ id: form.get("id"), direction: form.get("direction") });
    if (!move.success) return builderReply({ errors: { form: "courseAdmin.errors.badRequest" } }, 400);
    const result = await moveListInCourse(db, id, move.data.id, move.data.direction);
    if (!result.ok) throw notFound();
    if (result.moved)
      logCatalogueChange(log, admin.id, {
        action: `list moved ${move.data.direction}`,
        kind: "course",
        id,
        detail: { listId: move.data.id },
      });
    return builderReply({ moved: { ...move.data, moved: result.moved } });
  }
  return builderReply({ errors: { form: "courseAdmin.errors.badRequest" } }, 400);
}

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
