import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { ContinueView } from "~/models/catalogue.types";

/** "Continue learning": the next unfinished lesson, one click away (home page and profile). */
export function ContinueLearning({ next, className = "" }: { next: ContinueView; className?: string }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="continue-title"
      className={`flex flex-wrap items-center justify-between gap-4 rounded-[var(--radius-card)] border border-brand-100 bg-brand-50 p-5 ${className}`}
      data-testid="continue-learning"
    >
      <div className="min-w-0">
        <h2 id="continue-title" className="text-lg font-bold text-ink-900">
          {t("progress.continueHeading")}
        </h2>
        <p className="mt-1 break-words text-ink-700">
          {t("progress.continueText", { lesson: next.lesson, list: next.list })}
        </p>
      </div>
      <Link to={next.href} className="btn btn-primary">
        {next.resumeAt ? t("progress.continueResume", { time: next.resumeAt }) : t("progress.continueStart")}
      </Link>
    </section>
  );
}
