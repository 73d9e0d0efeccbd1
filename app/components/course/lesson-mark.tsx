import { Form } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { VideoProgressView } from "~/models/catalogue.types";

function CheckMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5" fill="currentColor">
      <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
    </svg>
  );
}

/**
 * "Watched" (the server measured it: it counts toward the certificate), "Marked complete" (the
 * learner's own bookmark), and the form that sets or clears the mark (a plain POST: works without
 * JavaScript). The list page says once, above the lessons, that a mark counts toward nothing.
 */
export default function LessonMark({ progress }: { progress: VideoProgressView }) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
      <span className="flex flex-wrap gap-1.5">
        {progress.watched ? (
          <span
            className="inline-flex items-center gap-1 rounded-full bg-success-700 px-2.5 py-0.5 text-xs font-semibold text-white"
            data-testid="lesson-watched"
          >
            <CheckMark />
            {t("progress.watched")}
          </span>
        ) : null}
        {progress.marked ? (
          <span
            className="inline-flex items-center gap-1 rounded-full border border-ink-300 px-2.5 py-0.5 text-xs font-semibold text-ink-700"
            data-testid="lesson-marked"
          >
            <CheckMark />
            {t("progress.marked")}
          </span>
        ) : null}
      </span>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="lesson" value={progress.lesson} />
        <input type="hidden" name="intent" value={progress.marked ? "incomplete" : "complete"} />
        <button type="submit" className="text-sm font-semibold text-brand-800 underline-offset-4 hover:underline">
          {progress.marked ? t("progress.markIncomplete") : t("progress.markComplete")}
        </button>
      </Form>
    </div>
  );
}
