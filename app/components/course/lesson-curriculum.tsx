import { useCallback, useEffect, useRef } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { LessonPageRow } from "~/models/lesson-page.types";
import { useEnglishFallback } from "~/components/ui/english-fallback";
import { lazyRenderedOnServer } from "~/components/ui/lazy-on-server";

/** Only a signed-in learner's page shows a tally: a visitor's does not load it. */
const ProgressTally = lazyRenderedOnServer(() => import("./progress-tally"));

function RowIcon({ row }: { row: LessonPageRow }) {
  const common = {
    "aria-hidden": true,
    viewBox: "0 0 24 24",
    className: "mt-0.5 size-4 shrink-0",
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 2,
  } as const;
  if (row.watched)
    return (
      <svg {...common} className="mt-0.5 size-4 shrink-0 text-success-700" data-icon="watched">
        <circle cx="12" cy="12" r="9" />
        <path d="m8 12.5 2.5 2.5L16 9.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    );
  if (row.state === "locked")
    return (
      <svg {...common} data-icon="locked">
        <rect x="5" y="11" width="14" height="10" rx="2" />
        <path d="M8 11V7a4 4 0 0 1 8 0v4" />
      </svg>
    );
  if (row.state === "soon")
    return (
      <svg {...common} data-icon="soon">
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v5l3 2" strokeLinecap="round" />
      </svg>
    );
  return (
    <svg {...common} className="mt-0.5 size-4 shrink-0 rtl:-scale-x-100" data-icon="playable">
      <circle cx="12" cy="12" r="9" />
      <path d="M10 8.5v7l5.5-3.5z" fill="currentColor" stroke="none" />
    </svg>
  );
}

/** What a row is, read out after its title (the icons alone say nothing to a screen reader). */
function useRowState(row: LessonPageRow): string {
  const { t } = useTranslation();
  if (row.current) return t("lesson.current");
  if (row.watched) return t("progress.watched");
  if (row.state === "locked") return t("video.lockedShort");
  if (row.state === "soon") return t("video.comingSoon");
  return "";
}

function Row({ row, n }: { row: LessonPageRow; n: number }) {
  const fallback = useEnglishFallback();
  const state = useRowState(row);
  const inside = (
    <>
      <span className="w-6 shrink-0 text-ink-600 tabular-nums">{n}.</span>
      <RowIcon row={row} />
      <span className="min-w-0 flex-1 break-words" {...fallback(row.title)}>
        {row.title}
        {state ? <span className="sr-only">{` (${state})`}</span> : null}
      </span>
      {row.duration ? (
        <span aria-hidden="true" dir="ltr" className="shrink-0 text-xs text-ink-600 tabular-nums">
          {row.duration}
        </span>
      ) : null}
    </>
  );
  const look = "flex items-start gap-2 rounded-md px-2 py-2 text-sm";
  return (
    <li data-state={row.state} data-current={row.current ? "true" : undefined} data-lesson={row.key}>
      {row.state === "soon" ? (
        <span className={`${look} text-ink-600`}>{inside}</span>
      ) : (
        <Link
          to={row.href!}
          aria-current={row.current ? "page" : undefined}
          className={`${look} hover:bg-ink-50 focus-visible:bg-ink-50 ${
            row.current ? "bg-brand-50 font-semibold text-brand-900" : "text-ink-900"
          }`}
        >
          {inside}
        </Link>
      )}
    </li>
  );
}

/**
 * The list around a lesson, beside its player: every lesson with what it is to this viewer (watched,
 * current, locked, coming soon), each a link to its page. A <details> so it folds away without
 * JavaScript: folded on a phone (the player comes first), always shown from the large layout up
 * (app.css shows its content there however it is set, as it does the site menu's).
 */
export function LessonCurriculum({
  rows,
  list,
  tally,
}: {
  rows: LessonPageRow[];
  list: { title: string; href: string | null };
  tally: { done: number; total: number } | null;
}) {
  const { t } = useTranslation();
  const fallback = useEnglishFallback();
  const scroller = useRef<HTMLOListElement>(null);
  // A long list opens at the current lesson, not at its top (without moving the page): beside the
  // player when the page loads, and on a phone when the folded list is opened (folded, it has no
  // layout to scroll). Read in the next frame, where the browser lays the page out anyway: read in
  // hydration's effects, it forced a layout of its own inside hydration's task (issue 35).
  const showCurrent = useCallback(() => {
    const box = scroller.current;
    const current = box?.querySelector<HTMLElement>("[data-current]");
    if (!box || !current || box.clientHeight === 0) return;
    box.scrollTop += current.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientHeight / 3;
  }, []);
  useEffect(() => {
    const frame = requestAnimationFrame(showCurrent);
    return () => cancelAnimationFrame(frame);
  }, [showCurrent]);
  return (
    <details
      className="lesson-curriculum rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-card)]"
      data-testid="lesson-curriculum"
      onToggle={(event) => {
        if (event.currentTarget.open) showCurrent();
      }}
    >
      <summary className="cursor-pointer p-4 font-bold text-ink-900" data-testid="lesson-curriculum-toggle">
        {tally
          ? t("lesson.lessonsToggle", { done: tally.done, count: tally.total })
          : t("lesson.lessonsToggleVisitor", { count: rows.filter((r) => r.state !== "soon").length })}
      </summary>
      <div className="px-4 pb-4 lg:pt-4">
        <h2 className="lesson-curriculum-heading mb-1 text-lg font-bold text-ink-900">{t("lesson.lessonsHeading")}</h2>
        <p className="text-sm font-semibold">
          {list.href ? (
            <Link
              to={list.href}
              className="inline-block py-1 text-brand-800 underline-offset-4 hover:underline"
              {...fallback(list.title)}
            >
              {t("lesson.backToList", { title: list.title })}
            </Link>
          ) : (
            <span {...fallback(list.title)}>{list.title}</span>
          )}
        </p>
        {tally ? <ProgressTally tally={tally} className="mt-3" label={list.title} /> : null}
        <ol
          ref={scroller}
          aria-label={t("lesson.lessonsLabel", { title: list.title })}
          className="relative mt-3 max-h-[28rem] overflow-y-auto"
        >
          {rows.map((row, index) => (
            <Row key={row.key} row={row} n={index + 1} />
          ))}
        </ol>
      </div>
    </details>
  );
}
