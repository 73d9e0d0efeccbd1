import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { LessonLink } from "~/models/lesson-page.types";
import { useEnglishFallback } from "~/components/ui/english-fallback";

/** An arrow pointing back (left in English, right in Hebrew) or on. */
function Arrow({ on }: { on: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className={`size-4 shrink-0 ${on ? "rtl:-scale-x-100" : "-scale-x-100 rtl:scale-x-100"}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M4 10h12m-5-5 5 5-5 5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function Step({ link, on }: { link: LessonLink; on: boolean }) {
  const { t } = useTranslation();
  const fallback = useEnglishFallback();
  return (
    <Link
      to={link.href}
      rel={on ? "next" : "prev"}
      className={`flex min-w-0 flex-1 flex-col gap-0.5 rounded-[var(--radius-card)] border border-ink-200 bg-white p-3 hover:border-brand-600 focus-visible:border-brand-600 sm:max-w-[48%] ${
        on ? "items-end text-end" : "items-start text-start"
      }`}
      data-testid={on ? "next-lesson" : "previous-lesson"}
    >
      <span className="flex items-center gap-1 text-xs font-semibold text-ink-600">
        {on ? null : <Arrow on={false} />}
        {t(on ? "lesson.next" : "lesson.previous")}
        {on ? <Arrow on /> : null}
      </span>
      <span className="max-w-full font-semibold break-words text-brand-800" {...fallback(link.title)}>
        {link.title}
        {link.playable ? null : <span className="sr-only">{` (${t("video.lockedShort")})`}</span>}
      </span>
    </Link>
  );
}

/** Previous and next lesson of the list ("Coming soon" ones skipped). */
export function LessonNav({ previous, next }: { previous: LessonLink | null; next: LessonLink | null }) {
  const { t } = useTranslation();
  if (!previous && !next) return null;
  return (
    <nav aria-label={t("lesson.navLabel")} className="mt-8 flex flex-wrap justify-between gap-3">
      {previous ? <Step link={previous} on={false} /> : <span />}
      {next ? <Step link={next} on /> : null}
    </nav>
  );
}
