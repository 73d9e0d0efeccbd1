import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { formatFileSize, formatPercent } from "~/i18n/format";
import type { TranslationKey } from "~/i18n/keys";
import type { Locale } from "~/i18n/locale";
import { useTranslation } from "~/i18n/use-translation";
import { Form, useNavigate, useNavigation } from "react-router";

/** A translated message for an upload refused by the server, with its parameters. */
export interface UploadMessage {
  key: TranslationKey;
  params?: Record<string, string | number>;
}

/** Where the page's script sends the file instead (an address answering JSON), and the size it may have. */
export interface ScriptedUpload {
  url: string;
  maxBytes: number;
  /** The size limit, formatted for the page's language. */
  limit: string;
}

/** An upload in flight: how much has been sent (null while unknown) and the file's name. */
interface Sending {
  percent: number | null;
  name: string;
}

/** Only every tenth percent is announced: a screen reader reading every step would say nothing else. */
const ANNOUNCE_STEP = 10;

/**
 * Sends the form with XMLHttpRequest, whose upload events tell how far it has got (fetch has none
 * over HTTP/1.1). The answer is JSON: where to go after a stored file, or the refusal's message.
 */
function useScriptedUpload(script: ScriptedUpload | undefined) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sending, setSending] = useState<Sending | null>(null);
  const [announced, setAnnounced] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const request = useRef<XMLHttpRequest | null>(null);
  useEffect(() => () => request.current?.abort(), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!script) return;
    const form = event.currentTarget;
    const file = form.querySelector<HTMLInputElement>("input[type=file]")?.files?.[0];
    if (!file) return; // the browser's own "required" check has already spoken
    event.preventDefault();
    if (file.size > script.maxBytes) {
      // Refused here rather than after minutes of sending (the server refuses it the same way).
      setRefusal(t("upload.tooLarge", { limit: script.limit }));
      return;
    }
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    setRefusal(null);
    setSending({ percent: 0, name: file.name });
    setAnnounced(t("courseAdmin.upload.progressStarted", { name: file.name }));
    let lastStep = 0;
    xhr.upload.addEventListener("progress", (e) => {
      const percent = e.lengthComputable && e.total > 0 ? Math.min(100, Math.floor((e.loaded / e.total) * 100)) : null;
      setSending({ percent, name: file.name });
      if (percent !== null && percent >= lastStep + ANNOUNCE_STEP) {
        lastStep = percent - (percent % ANNOUNCE_STEP);
        setAnnounced(t("courseAdmin.upload.progressAnnounced", { percent: lastStep }));
      }
    });
    const fail = (message: string) => {
      request.current = null;
      setSending(null);
      setAnnounced("");
      setRefusal(message);
    };
    xhr.addEventListener("load", () => {
      request.current = null;
      const answer = xhr.response as { redirect?: unknown; error?: unknown } | null;
      if (xhr.status === 200 && typeof answer?.redirect === "string") {
        setSending(null);
        setAnnounced("");
        form.reset();
        void navigate(answer.redirect, { preventScrollReset: true });
      } else {
        fail(typeof answer?.error === "string" ? answer.error : t("upload.badRequest"));
      }
    });
    xhr.addEventListener("error", () => fail(t("upload.badRequest")));
    xhr.addEventListener("abort", () => fail(t("courseAdmin.upload.cancelled")));
    xhr.open("POST", script.url);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.send(new FormData(form));
  };
  return { sending, announced, refusal, onSubmit, cancel: () => request.current?.abort() };
}

/**
 * A file upload on a builder page (a lesson's video, a course's cover): its own multipart form, so
 * the details form stays small and works the same with or without JavaScript. The server streams
 * the file to the media store and checks its type from its bytes; `accept` only helps the picker.
 * With `script`, the page's script sends the file itself and shows how much of it has gone (a file
 * of a gigabyte takes minutes); without JavaScript the form is posted as it is.
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
  script,
  action,
  fileLabel,
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
  script?: ScriptedUpload;
  /** Where both forms post, when not to the page's own action. */
  action?: string;
  /** The file input's name, when a page has several ("Choose a file" otherwise). */
  fileLabel?: string;
}) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const scripted = useScriptedUpload(script);
  const busy =
    scripted.sending !== null ||
    (navigation.state === "submitting" && navigation.formEncType === "multipart/form-data");
  const inputId = `f-${field}-file`;
  const message = scripted.refusal ?? (error ? t(error.key, error.params) : null);
  const progressId = `${id}-progress`;
  return (
    <section aria-labelledby={`${id}-heading`} className="max-w-4xl rounded-lg border border-ink-200 p-5">
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        {heading}
      </h2>
      <div className="mt-2 text-sm text-ink-700" data-testid={`${id}-current`}>
        {current}
      </div>
      <Form
        method="post"
        action={action}
        encType="multipart/form-data"
        className="mt-3 space-y-2"
        data-testid={`${id}-form`}
        onSubmit={scripted.onSubmit}
      >
        <input type="hidden" name="intent" value={`upload-${field}`} />
        <label htmlFor={inputId} className="block text-sm font-semibold">
          {fileLabel ?? t("courseAdmin.upload.choose")}
        </label>
        <input
          id={inputId}
          name={field}
          type="file"
          accept={accept}
          required
          className="block w-full max-w-md text-sm"
          aria-invalid={message ? true : undefined}
          aria-describedby={`${inputId}-hint${message ? ` ${inputId}-error` : ""}`}
        />
        <p id={`${inputId}-hint`} className="text-sm text-ink-700">
          {hint}
        </p>
        {message ? (
          <p id={`${inputId}-error`} role="alert" className="text-sm font-semibold text-danger-700">
            {message}
          </p>
        ) : null}
        {scripted.sending ? (
          <div className="space-y-1" data-testid={progressId}>
            <label htmlFor={progressId} className="block text-sm font-semibold">
              {t("courseAdmin.upload.progressLabel", { name: scripted.sending.name })}
            </label>
            <div className="flex max-w-md items-center gap-3">
              <progress
                id={progressId}
                max={100}
                value={scripted.sending.percent ?? undefined}
                className="h-3 min-w-0 flex-1 accent-brand-700"
              />
              {/* The bar says the same to a screen reader; the status below announces it in steps. */}
              <span className="shrink-0 text-sm tabular-nums" aria-hidden="true" data-testid={`${progressId}-text`}>
                {scripted.sending.percent === null ? "…" : formatPercent(scripted.sending.percent, i18n.language)}
              </span>
            </div>
          </div>
        ) : null}
        {/* Always in the page, so that a screen reader hears what is put in it later. */}
        <p role="status" className="sr-only">
          {scripted.announced}
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t("courseAdmin.upload.sending") : submitLabel}
          </button>
          {scripted.sending ? (
            <button type="button" className="btn border border-ink-300" onClick={scripted.cancel}>
              {t("courseAdmin.upload.cancel")}
            </button>
          ) : null}
        </div>
      </Form>
      {removeLabel ? (
        <Form
          method="post"
          action={action}
          className="mt-4 space-y-2 border-t border-ink-100 pt-4"
          data-testid={`${id}-remove`}
        >
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
  maxBytes,
  error,
  removeError,
}: {
  lesson: { id: string; videoFile: string | null; videoFileName: string | null; duration: string | null };
  limit: string;
  maxBytes: number;
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
            {/* The name it had on the admin's computer; the stored (random) one for files uploaded before it was kept. */}
            {t("courseAdmin.videoFile")}:{" "}
            <bdi data-testid="video-file-name">{lesson.videoFileName ?? lesson.videoFile}</bdi>
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
      script={{ url: `/admin/courses/lesson/${lesson.id}/video`, maxBytes, limit }}
    />
  );
}

/** A course's or a catalogue's cover image: the current one, and a new one. */
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

/**
 * A lesson's captions in one language (issue 32): how many lines the file holds and its name, a new
 * file (WebVTT or SRT), or none. Posts to the lesson editor's captions action (`?captions=<language>`).
 */
export function CaptionsUpload({
  lessonId,
  language,
  current,
  limit,
  error,
}: {
  lessonId: string;
  language: Locale;
  current: { cues: number; fileName: string | null } | null;
  limit: string;
  error: UploadMessage | null;
}) {
  const { t } = useTranslation();
  return (
    <UploadSection
      id={`captions-${language}`}
      heading={t(`courseAdmin.captions.heading.${language}`)}
      current={
        current ? (
          <>
            {t("courseAdmin.captions.lines", { count: current.cues })}
            {current.fileName ? (
              <>
                {" · "}
                <bdi data-testid={`captions-${language}-file-name`}>{current.fileName}</bdi>
              </>
            ) : null}
          </>
        ) : (
          t("courseAdmin.captions.none")
        )
      }
      field={`captions-${language}`}
      accept=".vtt,.srt,text/vtt"
      hint={t("courseAdmin.captions.hint", { limit })}
      submitLabel={t(current ? "courseAdmin.captions.replace" : "courseAdmin.captions.upload")}
      error={error}
      removeLabel={current ? t("courseAdmin.captions.remove") : undefined}
      action={`/admin/courses/lesson/${lessonId}?captions=${language}`}
      fileLabel={t(`courseAdmin.captions.choose.${language}`)}
    />
  );
}

/**
 * A lesson's resources (issue 32): the files attached, each with its size and a button that takes it
 * off, and a form that attaches one more. Posts to the lesson editor's `?resources` action.
 */
export function ResourcesUpload({
  lessonId,
  resources,
  limit,
  error,
}: {
  lessonId: string;
  resources: { id: string; name: string; size: number }[];
  limit: string;
  error: UploadMessage | null;
}) {
  const { t, i18n } = useTranslation();
  const action = `/admin/courses/lesson/${lessonId}?resources`;
  return (
    <UploadSection
      id="resources"
      heading={t("courseAdmin.resources.heading")}
      current={
        resources.length === 0 ? (
          t("courseAdmin.resources.none")
        ) : (
          <ul className="space-y-2" data-testid="resources-list">
            {resources.map((resource) => (
              <li key={resource.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <bdi className="font-semibold">{resource.name}</bdi>
                <span dir="ltr">{formatFileSize(resource.size, i18n.language)}</span>
                <Form method="post" action={action}>
                  <input type="hidden" name="intent" value="remove-resource" />
                  <input type="hidden" name="resource" value={resource.id} />
                  <button type="submit" className="text-sm font-semibold text-danger-700 underline underline-offset-2">
                    {/* The name in an isolate: a Hebrew file name in an English sentence, or the reverse. */}
                    {t("courseAdmin.resources.remove", { name: `\u2068${resource.name}\u2069` })}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )
      }
      field="resource"
      accept=".pdf,.zip,.txt,.md,.js,.ts,.py,.java,.c,.cpp,.cs,.go,.rs,.html,.css,.json,.sql,.sh,application/pdf,application/zip,text/plain"
      hint={t("courseAdmin.resources.hint", { limit })}
      submitLabel={t("courseAdmin.resources.upload")}
      error={error}
      action={action}
      fileLabel={t("courseAdmin.resources.file")}
    />
  );
}
