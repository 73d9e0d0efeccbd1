import { useTranslation } from "~/i18n/use-translation";
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
import { passHeaders } from "~/lib/http";
import { formatFileSize } from "~/i18n/format";
import { ADMIN_LIMITS, CONFIRM_ERROR } from "~/models/catalogue-admin.schema";
import {
  createLesson,
  deleteLesson,
  getLessonForAdmin,
  setLessonVideoFile,
  updateLesson,
} from "~/models/course-builder/lesson.server";
import { getListRef } from "~/models/course-builder/list.server";
import { removeUnusedMedia } from "~/models/course-builder/write.server";
import { defineEditor, editorAction, editorLoader } from "./editor.server";
import { builderRedirect, builderReply, logCatalogueChange, notFound } from "./editor.server";
import type { Route } from "./+types/lesson";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["admin", "courseAdmin", "upload", "youtube"] } satisfies StringsHandle;

/**
 * /admin/courses/lesson/:id (and /admin/courses/list/:listId/new-lesson): a lesson — title and
 * description in both languages, length, its video (a YouTube link in any usual form, stored as
 * the 11-character id; or an uploaded file), published.
 */
const editor = defineEditor({
  kind: "lesson",
  find: getLessonForAdmin,
  name: (found) => found.lesson,
  newName: "courseAdmin.newLesson",
  page: async (found, { services, params, locale }) => {
    const list = found ? found.list : await getListRef(services.db, params.listId ?? "");
    if (!list) throw notFound();
    return {
      list,
      lesson: found?.lesson ?? null,
      videoLimit: formatFileSize(services.config.maxVideoBytes, locale),
    };
  },
  form: () => "lesson",
  create: (db, raw, params) => createLesson(db, params.listId ?? "", raw),
  update: updateLesson,
  remove: deleteLesson,
  afterDelete: (deleted) => `/admin/courses/list/${deleted.listId}`,
  media: "video",
  upload: {
    kind: "video",
    field: "video",
    maxBytes: (config) => config.maxVideoBytes,
    apply: (db, id, saved) => setLessonVideoFile(db, id, saved.file, saved.durationSeconds),
    done: "courseAdmin.upload.videoUploaded",
  },
  intents: {
    // Removing deletes the file for good: asked for as deleting the lesson is.
    "remove-video": async ({ services, id, form, adminId }) => {
      if (form.get("confirm") !== "on") return builderReply({ removeError: CONFIRM_ERROR }, 400);
      const changed = await setLessonVideoFile(services.db, id, null);
      if (!changed) throw notFound();
      await removeUnusedMedia(services.media, "video", changed.files);
      logCatalogueChange(services.log, adminId, {
        action: "video removed",
        kind: "lesson",
        id,
        detail: { file: changed.previous },
      });
      return builderRedirect(`/admin/courses/lesson/${id}`, "courseAdmin.upload.videoRemoved", services);
    },
  },
});

export const loader = (args: Route.LoaderArgs) => editorLoader(args, editor);
export const action = (args: Route.ActionArgs) => editorAction(args, editor);

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
