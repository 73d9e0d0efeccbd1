import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import type { CurriculumLessonView, CurriculumListView } from "~/models/catalogue.types";
import { LessonCount } from "./lesson-count";
import { useUnlock } from "./use-unlock";

function StateIcon({ state }: { state: CurriculumLessonView["state"] }) {
  const common = {
    "aria-hidden": true,
    viewBox: "0 0 24 24",
    className: "size-5 shrink-0",
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 2,
  } as const;
  if (state === "locked")
    return (
      <svg {...common}>
        <rect x="5" y="11" width="14" height="10" rx="2" />
        <path d="M8 11V7a4 4 0 0 1 8 0v4" />
      </svg>
    );
  if (state === "soon")
    return (
      <svg {...common}>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v5l3 2" strokeLinecap="round" />
      </svg>
    );
  return (
    <svg {...common} className="size-5 shrink-0 rtl:-scale-x-100">
      <circle cx="12" cy="12" r="9" />
      <path d="M10 8.5v7l5.5-3.5z" fill="currentColor" stroke="none" />
    </svg>
  );
}

const STATE_STYLE: Record<CurriculumLessonView["state"], string> = {
  playable: "bg-green-50 text-success-700",
  soon: "bg-ink-100 text-ink-700",
  locked: "bg-ink-100 text-ink-700",
};

function LessonRow({
  lesson,
  n,
  unlock,
}: {
  lesson: CurriculumLessonView;
  n: number;
  unlock: { href: string; label: string };
}) {
  const { t } = useTranslation();
  const label =
    lesson.state === "locked"
      ? t("video.lockedShort")
      : lesson.state === "soon"
        ? t("video.comingSoon")
        : t("coursePage.watch");
  // Every row that can be acted on leads somewhere (D-M3): a playable one to play it, a locked one to
  // how to unlock it. A "Coming soon" row has nothing to open yet.
  const title =
    lesson.state === "locked" ? (
      <Link
        to={unlock.href}
        className="font-semibold text-ink-900 hover:text-brand-800 hover:underline"
        data-testid="curriculum-unlock"
      >
        {lesson.title}
        <span className="sr-only">{` — ${unlock.label}`}</span>
      </Link>
    ) : lesson.href && lesson.state === "playable" ? (
      <Link to={lesson.href} className="font-semibold text-ink-900 hover:text-brand-800 hover:underline">
        {lesson.title}
      </Link>
    ) : (
      <span className="font-semibold text-ink-900">{lesson.title}</span>
    );
  return (
    <li className="flex gap-3 border-b border-ink-100 py-3" data-state={lesson.state}>
      <span className="w-7 shrink-0 pt-0.5 text-sm font-semibold text-ink-600" aria-hidden="true">
        {n}.
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <span className="min-w-0">{title}</span>
        <span className="flex shrink-0 flex-wrap items-center gap-2">
          {lesson.watched ? (
            <span
              className="rounded-full bg-success-700 px-2 py-0.5 text-xs font-semibold text-white"
              data-testid="curriculum-watched"
            >
              {t("progress.watched")}
            </span>
          ) : null}
          {lesson.marked ? (
            <span
              className="rounded-full border border-ink-300 px-2 py-0.5 text-xs font-semibold text-ink-700"
              data-testid="curriculum-marked"
            >
              {t("progress.marked")}
            </span>
          ) : null}
          {lesson.freeSample ? (
            <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">
              {t("video.freeSample")}
            </span>
          ) : null}
          {lesson.duration ? (
            <span className="text-sm text-ink-600">
              <span className="sr-only">{t("video.duration", { duration: lesson.duration })}</span>
              <span aria-hidden="true" dir="ltr">
                {lesson.duration}
              </span>
            </span>
          ) : null}
          <span
            className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_STYLE[lesson.state]}`}
            data-testid="lesson-state"
          >
            <StateIcon state={lesson.state} />
            {label}
          </span>
        </span>
      </div>
    </li>
  );
}

/** A course's video lists as a curriculum: each lesson with what this viewer may do with it. */
export function Curriculum({
  lists,
  signedIn,
  orderHref,
}: {
  lists: CurriculumListView[];
  signedIn: boolean;
  /** Where a signed-in learner without access buys the course or subscribes. */
  orderHref: string;
}) {
  const { t } = useTranslation();
  const unlock = useUnlock(signedIn, orderHref);
  if (lists.length === 0) return <p className="text-ink-700">{t("coursePage.noLessons")}</p>;
  return (
    <div className="grid gap-8" data-testid="curriculum">
      {lists.map((list) => {
        const headingId = `curriculum-${list.key}`;
        return (
          <section key={list.key} aria-labelledby={headingId}>
            <h3 id={headingId} className="text-xl font-bold text-ink-900">
              {list.href ? (
                <Link to={list.href} className="hover:text-brand-800 hover:underline">
                  {list.title}
                </Link>
              ) : (
                list.title
              )}
            </h3>
            <p className="mt-1 text-ink-700">{list.description}</p>
            <p className="mt-1 text-sm font-semibold text-ink-600">
              <LessonCount
                videos={list.lessons.filter((l) => l.state !== "soon").length}
                soon={list.lessons.filter((l) => l.state === "soon").length}
              />
              {/* What learners get (the access rule's number), or that the teacher gave every lesson away. */}
              {list.allFree ? (
                <>
                  {" · "}
                  {t("coursePage.allFree")}
                </>
              ) : list.freeSamples > 0 ? (
                <>
                  {" · "}
                  {t("coursePage.freeSamples", { count: list.freeSamples })}
                </>
              ) : null}
            </p>
            <ol className="mt-3" aria-labelledby={headingId}>
              {list.lessons.map((lesson, index) => (
                <LessonRow key={lesson.key} lesson={lesson} n={index + 1} unlock={unlock} />
              ))}
            </ol>
          </section>
        );
      })}
    </div>
  );
}
