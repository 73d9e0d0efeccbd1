import { Link, useSearchParams } from "react-router";
import type { StringsHandle } from "~/i18n/sections";
import { useTranslation } from "~/i18n/use-translation";
import { BilingualFields, CheckboxField, TextField, useBuilderLabels } from "~/components/admin/builder-form";
import { useLocalTitle } from "~/components/admin/builder-parts";
import { CaptionsUpload, ResourcesUpload, VideoUpload } from "~/components/admin/upload-section";
import { passHeaders } from "~/lib/http";
import { formatFileSize } from "~/i18n/format";
import { ADMIN_LIMITS, CONFIRM_ERROR } from "~/models/catalogue-admin.schema";
import * as lessons from "~/models/course-builder/lesson.server";
import { findExercise } from "~/models/exercise.server";
import { getListRef } from "~/models/course-builder/list.server";
import { removeUnusedMedia } from "~/models/course-builder/write.server";
import { EditorPage, editorHandle, editorMeta } from "~/components/admin/editor-page";
import { bilingualValues, SlugField } from "~/components/admin/editor-fields";
import {
  builderRedirect,
  builderReply,
  defineEditor,
  editorAction,
  editorLoader,
  logCatalogueChange,
  notFound,
} from "./editor.server";
import { lessonVideoUpload } from "./media-uploads.server";
import { captionsAction, isCaptionsPost } from "./lesson-captions.server";
import { isResourcesPost, resourcesAction } from "./lesson-resources.server";
import { lessonResources } from "~/models/lesson-resources.server";
import { CAPTIONS_MAX_BYTES } from "~/lib/captions.server";
import { captionsForAdmin } from "~/models/lesson-captions.server";
import { LOCALES, type Locale } from "~/i18n/locale";
import type { TranslationKey } from "~/i18n/keys";
import type { Route } from "./+types/lesson";

export const handle = { strings: [...editorHandle.strings, "exerciseAdmin"] } satisfies StringsHandle;

/**
 * /admin/courses/lesson/:id (and /admin/courses/list/:listId/new-lesson): a lesson — title and
 * description in both languages, length, its video (a YouTube link in any usual form, stored as
 * the 11-character id; or an uploaded file), published.
 */
const editor = defineEditor({
  kind: "lesson",
  find: lessons.getLessonForAdmin,
  name: (found) => found.lesson,
  newName: "courseAdmin.newLesson",
  page: async (found, { services, params, locale }) => {
    const list = found ? found.list : await getListRef(services.db, params.listId ?? "");
    if (!list) throw notFound();
    return {
      list,
      lesson: found?.lesson ?? null,
      videoLimit: formatFileSize(services.config.maxVideoBytes, locale),
      videoMaxBytes: services.config.maxVideoBytes,
      captions: found ? await captionsForAdmin(services.db, found.lesson.id) : [],
      captionsLimit: formatFileSize(CAPTIONS_MAX_BYTES, locale),
      resources: found ? await lessonResources(services.db, found.lesson.id) : [],
      resourceLimit: formatFileSize(services.config.maxResourceBytes, locale),
      // An exercise whose check passed is something to do, not a lesson missing its video (issue 34).
      checkedExercise: found ? Boolean((await findExercise(services.db, found.lesson.id))?.checkedAt) : false,
    };
  },
  form: () => "lesson",
  create: (db, raw, params) => lessons.createLesson(db, params.listId ?? "", raw),
  update: lessons.updateLesson,
  // "Add an exercise" (the list's page) makes the lesson with its title only, then opens its exercise.
  afterCreate: (id, form) =>
    form.get("then") === "exercise"
      ? { to: `/admin/courses/lesson/${id}/exercise`, flash: "courseAdmin.exerciseCreated" }
      : null,
  remove: lessons.deleteLesson,
  afterDelete: (deleted) => `/admin/courses/list/${deleted.listId}`,
  media: "video",
  upload: lessonVideoUpload,
  intents: {
    // Removing deletes the file for good: asked for as deleting the lesson is.
    "remove-video": async ({ services, id, form, adminId }) => {
      if (form.get("confirm") !== "on") return builderReply({ removeError: CONFIRM_ERROR }, 400);
      const changed = await lessons.setLessonVideoFile(services.db, id, null);
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
export const action = (args: Route.ActionArgs) =>
  isCaptionsPost(args.request)
    ? captionsAction(args)
    : isResourcesPost(args.request)
      ? resourcesAction(args)
      : editorAction(args, editor);

export const headers = passHeaders;

export const meta = editorMeta;

export default function LessonEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localTitle = useLocalTitle();
  const labels = useBuilderLabels({ duration: t("courseAdmin.fields.lessonDuration") });
  const { list, lesson } = loaderData;
  // A new exercise: a lesson without a video, whose exercise is written on the next page.
  const [search] = useSearchParams();
  const newExercise = !lesson && search.get("kind") === "exercise";
  const initial = lesson
    ? {
        slug: lesson.slug,
        ...bilingualValues(lesson, "title", "description"),
        duration: lesson.duration ?? "",
        youtube: lesson.youtubeId ?? "",
        published: lesson.published ? "on" : "",
      }
    : { published: "on" };
  const title = lesson ? localTitle(lesson) : t(newExercise ? "courseAdmin.newExercise" : "courseAdmin.newLesson");
  return (
    <EditorPage
      title={title}
      parent={{ label: localTitle(list), href: `/admin/courses/list/${list.id}` }}
      loaderData={loaderData}
      actionData={actionData}
      form={{ name: "lesson", isNew: !lesson, testId: "lesson-form", labels, initial }}
      fields={
        <>
          {lesson && !loaderData.checkedExercise ? (
            <LessonReadiness lesson={lesson} captions={loaderData.captions.map((c) => c.language)} />
          ) : null}
          {newExercise ? (
            <>
              <input type="hidden" name="then" value="exercise" />
              <p className="rounded-md bg-brand-50 p-3 text-sm text-ink-800" data-testid="new-exercise-note">
                {t("courseAdmin.newExerciseNote")}
              </p>
            </>
          ) : null}
          <SlugField hint={t("courseAdmin.slugHintLesson")} />
          <BilingualFields base="title" required maxLength={ADMIN_LIMITS.title} />
          <BilingualFields base="description" multiline maxLength={ADMIN_LIMITS.text} />
          {newExercise ? null : (
            <>
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
            </>
          )}
          <CheckboxField name="published" hint={t("courseAdmin.publishedHint")} />
        </>
      }
      remove={{ confirm: "courseAdmin.confirmDeleteLesson", button: "courseAdmin.deleteLesson" }}
    >
      {lesson ? (
        <p>
          <Link to={`/admin/courses/lesson/${lesson.id}/exercise`} className="link" data-testid="lesson-exercise-link">
            {t("exerciseAdmin.openLink")}
          </Link>
        </p>
      ) : null}
      {lesson ? (
        <VideoUpload
          lesson={lesson}
          limit={loaderData.videoLimit}
          maxBytes={loaderData.videoMaxBytes}
          error={actionData?.uploadError ?? null}
          removeError={actionData?.removeError ?? null}
        />
      ) : null}
      {lesson
        ? LOCALES.map((language) => (
            <CaptionsUpload
              key={language}
              lessonId={lesson.id}
              language={language}
              current={loaderData.captions.find((c) => c.language === language) ?? null}
              limit={loaderData.captionsLimit}
              error={actionData?.captionsError?.language === language ? actionData.captionsError : null}
            />
          ))
        : null}
      {lesson ? (
        <ResourcesUpload
          lessonId={lesson.id}
          resources={loaderData.resources}
          limit={loaderData.resourceLimit}
          error={actionData?.resourceError ?? null}
        />
      ) : null}
    </EditorPage>
  );
}

/**
 * What the lesson still lacks for learners to get all of it (issue 32): a video, its length (watching
 * is measured against it) and, for an uploaded video, captions in each language (IS 5568).
 */
function LessonReadiness({
  lesson,
  captions,
}: {
  lesson: { youtubeId: string | null; videoFile: string | null; duration: string | null };
  captions: Locale[];
}) {
  const { t } = useTranslation();
  const hasVideo = lesson.youtubeId !== null || lesson.videoFile !== null;
  const missing: TranslationKey[] = [];
  if (!hasVideo) missing.push("courseAdmin.readiness.video");
  else if (!lesson.duration) missing.push("courseAdmin.readiness.duration");
  if (lesson.videoFile !== null)
    for (const language of LOCALES)
      if (!captions.includes(language)) missing.push(`courseAdmin.readiness.captions.${language}`);
  if (missing.length === 0)
    return (
      <p className="rounded-md bg-green-50 p-3 text-sm text-success-700" data-testid="lesson-readiness">
        {t("courseAdmin.readiness.ready")}
      </p>
    );
  return (
    <div
      className="rounded-md border-s-4 border-amber-600 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="lesson-readiness"
    >
      <p className="font-semibold">{t("courseAdmin.readiness.missing")}</p>
      <ul className="mt-1 list-disc ps-5">
        {missing.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
    </div>
  );
}
