import { useTranslation } from "~/i18n/use-translation";
import { data } from "react-router";
import {
  BilingualFields,
  BuilderForm,
  CheckboxField,
  TextField,
  useBuilderLabels,
  type FormValues,
} from "~/components/admin/builder-form";
import { BuilderPage, DeleteSection, useLocalTitle, useTitled } from "~/components/admin/builder-parts";
import { UploadSection } from "~/components/admin/upload-section";
import { localeContext, servicesOf } from "~/context.server";
import { takeFlash } from "~/lib/cookies.server";
import { passHeaders } from "~/lib/http";
import { isMultipart } from "~/lib/uploads.server";
import { formatFileSize } from "~/i18n/format";
import { ADMIN_LIMITS, CONFIRM_ERROR, readAdminForm } from "~/models/catalogue-admin.schema";
import {
  builderRedirect,
  builderReply,
  createLesson,
  deleteLesson,
  getLessonForAdmin,
  getListRef,
  logCatalogueChange,
  notFound,
  removeUnusedMedia,
  rowVersion,
  saveRefused,
  sentVersion,
  setLessonVideoFile,
  takeUpload,
  updateLesson,
} from "~/models/catalogue-admin.server";
import { getAdmin } from "~/routes/admin/guard.server";
import type { Route } from "./+types/lesson";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["admin", "courseAdmin", "upload", "youtube"] } satisfies StringsHandle;

/**
 * /admin/courses/lesson/:id (and /admin/courses/list/:listId/new-lesson): a lesson — title and
 * description in both languages, length, its video (a YouTube link in any usual form, stored as
 * the 11-character id; or an uploaded file), published.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { db, config, cookieSecrets } = servicesOf(context);
  const { i18n } = context.get(localeContext);
  const found = params.id ? await getLessonForAdmin(db, params.id) : null;
  if (params.id && !found) throw notFound();
  const list = found ? found.list : await getListRef(db, params.listId ?? "");
  if (!list) throw notFound();
  const flash = await takeFlash(config, cookieSecrets, request, "courseAdmin.");
  const he = i18n.language === "he";
  const name = found ? (he ? (found.lesson.titleHe ?? found.lesson.titleEn) : found.lesson.titleEn) : null;
  return data(
    {
      version: params.id ? await rowVersion(db, "lessons", params.id) : null,
      title: i18n.t("courseAdmin.pageTitle", { title: name ?? i18n.t("courseAdmin.newLesson") }),
      flash: flash.message,
      list,
      lesson: found?.lesson ?? null,
      videoLimit: formatFileSize(config.maxVideoBytes, i18n.language === "he" ? "he" : "en"),
    },
    { headers: flash.clear ? { "Set-Cookie": flash.clear } : {} },
  );
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = getAdmin(context);
  const services = servicesOf(context);
  const { db, log } = services;
  const id = params.id;
  // The video file: its own multipart form, streamed to the media store (never whole in memory).
  if (isMultipart(request)) {
    if (!id) throw notFound();
    const refused = await takeUpload(
      request,
      { media: services.media, log, adminId: admin.id, locale: context.get(localeContext).locale },
      {
        kind: "video",
        field: "video",
        maxBytes: services.config.maxVideoBytes,
        target: { kind: "lesson", id },
        apply: (saved) => setLessonVideoFile(db, id, saved.file, saved.durationSeconds),
      },
    );
    return refused ?? builderRedirect(`/admin/courses/lesson/${id}`, "courseAdmin.upload.videoUploaded", services);
  }
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "save") {
    const raw = readAdminForm("lesson", form);
    const result = id
      ? await updateLesson(db, id, raw, sentVersion(form))
      : await createLesson(db, params.listId ?? "", raw);
    if (!result.ok) return saveRefused(result, raw);
    logCatalogueChange(log, admin.id, { action: id ? "updated" : "created", kind: "lesson", id: result.id });
    return builderRedirect(
      `/admin/courses/lesson/${result.id}`,
      id ? "courseAdmin.saved" : "courseAdmin.created",
      services,
    );
  }
  if (intent === "remove-video" && id) {
    // Removing deletes the file for good: asked for as deleting the lesson is.
    if (form.get("confirm") !== "on") return builderReply({ removeError: CONFIRM_ERROR }, 400);
    const changed = await setLessonVideoFile(db, id, null);
    if (!changed) throw notFound();
    await removeUnusedMedia(services.media, "video", changed.files);
    logCatalogueChange(log, admin.id, {
      action: "video removed",
      kind: "lesson",
      id,
      detail: { file: changed.previous },
    });
    return builderRedirect(`/admin/courses/lesson/${id}`, "courseAdmin.upload.videoRemoved", services);
  }
  if (intent === "delete" && id) {
    if (form.get("confirm") !== "on") return builderReply({ deleteError: CONFIRM_ERROR }, 400);
    const result = await deleteLesson(db, id);
    if (!result.ok) throw notFound();
    await removeUnusedMedia(services.media, "video", result.files);
    logCatalogueChange(log, admin.id, { action: "deleted", kind: "lesson", id, detail: { files: result.files } });
    return builderRedirect(`/admin/courses/list/${result.listId}`, "courseAdmin.deleted", services);
  }
  return builderReply({ errors: { form: "courseAdmin.errors.badRequest" } }, 400);
}

export const headers = passHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

export default function LessonEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localTitle = useLocalTitle();
  const titled = useTitled();
  const labels = useBuilderLabels({ duration: t("courseAdmin.fields.lessonDuration") });
  const { list, lesson } = loaderData;
  const initial: FormValues = lesson
    ? {
        slug: lesson.slug,
        titleEn: lesson.titleEn,
        titleHe: lesson.titleHe ?? "",
        descriptionEn: lesson.descriptionEn,
        descriptionHe: lesson.descriptionHe ?? "",
        duration: lesson.duration ?? "",
        youtube: lesson.youtubeId ?? "",
        published: lesson.published ? "on" : "",
      }
    : { published: "on" };
  const values = (actionData?.values as FormValues | null) ?? initial;
  const title = lesson ? localTitle(lesson) : t("courseAdmin.newLesson");
  const message =
    // A refused save says why in its form's error summary; other form-level refusals (a bad move) here.
    (actionData?.errors?.form && !actionData.values ? { key: actionData.errors.form, tone: "error" as const } : null) ??
    (loaderData.flash ? { key: loaderData.flash } : null);
  return (
    <BuilderPage
      title={title}
      trail={[
        { label: t("admin.title"), href: "/admin" },
        { label: t("courseAdmin.title"), href: "/admin/courses" },
        { label: localTitle(list), href: `/admin/courses/list/${list.id}` },
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
          form="lesson"
          errors={actionData?.errors ?? undefined}
          version={actionData?.version ?? loaderData.version}
          values={values}
          labels={labels}
          submitLabel={lesson ? t("courseAdmin.save") : t("courseAdmin.create")}
          testId="lesson-form"
        >
          <TextField
            name="slug"
            lang="code"
            required
            maxLength={ADMIN_LIMITS.slug}
            hint={t("courseAdmin.slugHintLesson")}
          />
          <BilingualFields base="title" required maxLength={ADMIN_LIMITS.title} />
          <BilingualFields base="description" multiline maxLength={ADMIN_LIMITS.text} />
          <div className="max-w-xs">
            <TextField name="duration" lang="code" hint={t("courseAdmin.lessonDurationHint")} />
          </div>
          <TextField
            name="youtube"
            lang="code"
            inputMode="url"
            maxLength={ADMIN_LIMITS.path}
            hint={t("courseAdmin.youtubeHint")}
          />
          <CheckboxField name="published" hint={t("courseAdmin.publishedHint")} />
        </BuilderForm>
      </section>
      {lesson ? (
        <UploadSection
          id="video-file"
          heading={t("courseAdmin.upload.videoHeading")}
          current={
            lesson.videoFile ? (
              <>
                {t("courseAdmin.videoFile")}: <bdi dir="ltr">{lesson.videoFile}</bdi>
                {lesson.duration ? (
                  <>
                    {" · "}
                    <bdi dir="ltr">{lesson.duration}</bdi>
                  </>
                ) : null}
              </>
            ) : (
              t("courseAdmin.videoFileNone")
            )
          }
          field="video"
          accept="video/mp4,video/webm"
          hint={t("courseAdmin.upload.videoHint", { limit: loaderData.videoLimit })}
          submitLabel={t("courseAdmin.upload.videoSubmit")}
          error={actionData?.uploadError ?? null}
          removeLabel={lesson.videoFile ? t("courseAdmin.upload.videoRemove") : undefined}
          removeConfirm={t("courseAdmin.upload.videoRemoveConfirm")}
          removeError={actionData?.removeError ?? null}
        />
      ) : null}
      {lesson ? (
        <DeleteSection
          confirmLabel={titled("courseAdmin.confirmDeleteLesson", title)}
          buttonLabel={t("courseAdmin.deleteLesson")}
          error={actionData?.deleteError ?? undefined}
        />
      ) : null}
    </BuilderPage>
  );
}
