import type { ReactNode } from "react";
import type { TranslationKey } from "~/i18n/keys";
import { useTranslation } from "~/i18n/use-translation";
import { Form, useNavigation } from "react-router";

/** A translated message for an upload refused by the server, with its parameters. */
export interface UploadMessage {
  key: TranslationKey;
  params?: Record<string, string | number>;
}

/**
 * A file upload on a builder page (a lesson's video, a course's cover): its own multipart form, so
 * the details form stays small and works the same with or without JavaScript. The server streams
 * the file to the media store and checks its type from its bytes; `accept` only helps the picker.
 */
export function UploadSection({
  id,
  heading,
  current,
  field,
  accept,
  hint,
  submitLabel,
  error,
  removeLabel,
  removeConfirm,
  removeError,
}: {
  id: string;
  heading: string;
  current: ReactNode;
  field: string;
  accept: string;
  hint: string;
  submitLabel: string;
  error: UploadMessage | null;
  /** When set, a second form takes the file away (intent "remove-<field>"), once its box is ticked. */
  removeLabel?: string;
  removeConfirm?: string;
  /** The remove form's error: a translation key (the box not ticked). */
  removeError?: TranslationKey | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  const inputId = `f-${field}-file`;
  return (
    <section aria-labelledby={`${id}-heading`} className="max-w-4xl rounded-lg border border-ink-200 p-5">
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        {heading}
      </h2>
      <div className="mt-2 text-sm text-ink-700" data-testid={`${id}-current`}>
        {current}
      </div>
      <Form method="post" encType="multipart/form-data" className="mt-3 space-y-2" data-testid={`${id}-form`}>
        <input type="hidden" name="intent" value={`upload-${field}`} />
        <label htmlFor={inputId} className="block text-sm font-semibold">
          {t("courseAdmin.upload.choose")}
        </label>
        <input
          id={inputId}
          name={field}
          type="file"
          accept={accept}
          required
          className="block w-full max-w-md text-sm"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ""}`}
        />
        <p id={`${inputId}-hint`} className="text-sm text-ink-700">
          {hint}
        </p>
        {error ? (
          <p id={`${inputId}-error`} role="alert" className="text-sm font-semibold text-danger-700">
            {t(error.key, error.params)}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t("courseAdmin.upload.sending") : submitLabel}
        </button>
      </Form>
      {removeLabel ? (
        <Form method="post" className="mt-4 space-y-2 border-t border-ink-100 pt-4" data-testid={`${id}-remove`}>
          <input type="hidden" name="intent" value={`remove-${field}`} />
          {removeConfirm ? (
            <div className="flex items-center gap-2">
              <input
                id={`${id}-remove-confirm`}
                type="checkbox"
                name="confirm"
                className="size-5"
                aria-invalid={removeError ? true : undefined}
                aria-describedby={removeError ? `${id}-remove-error` : undefined}
              />
              <label htmlFor={`${id}-remove-confirm`} className="text-sm">
                {removeConfirm}
              </label>
            </div>
          ) : null}
          {removeError ? (
            <p id={`${id}-remove-error`} role="alert" className="text-sm font-semibold text-danger-700">
              {t(removeError)}
            </p>
          ) : null}
          <button type="submit" className="btn border border-danger-700 text-danger-700 hover:bg-red-50">
            {removeLabel}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/** A lesson's video file: its name and length, a new one, or (once its box is ticked) none. */
export function VideoUpload({
  lesson,
  limit,
  error,
  removeError,
}: {
  lesson: { videoFile: string | null; duration: string | null };
  limit: string;
  error: UploadMessage | null;
  removeError: TranslationKey | null;
}) {
  const { t } = useTranslation();
  return (
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
      hint={t("courseAdmin.upload.videoHint", { limit })}
      submitLabel={t("courseAdmin.upload.videoSubmit")}
      error={error}
      removeLabel={lesson.videoFile ? t("courseAdmin.upload.videoRemove") : undefined}
      removeConfirm={t("courseAdmin.upload.videoRemoveConfirm")}
      removeError={removeError}
    />
  );
}

/** A course's cover image: the current one, and a new one. */
export function CoverUpload({ cover, limit, error }: { cover: string; limit: string; error: UploadMessage | null }) {
  const { t } = useTranslation();
  return (
    <UploadSection
      id="cover-file"
      heading={t("courseAdmin.upload.coverHeading")}
      current={
        <>
          {t("courseAdmin.upload.currentCover")}{" "}
          <img src={cover} alt="" className="mt-1 h-24 rounded border border-ink-200" />
        </>
      }
      field="cover"
      accept="image/png,image/jpeg,image/webp"
      hint={t("courseAdmin.upload.coverHint", { limit })}
      submitLabel={t("courseAdmin.upload.coverSubmit")}
      error={error}
    />
  );
}
