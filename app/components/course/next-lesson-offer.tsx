import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { LessonLink } from "~/models/lesson-page.types";
import { useEnglishFallback } from "~/components/ui/english-fallback";

/**
 * Shown when the video reaches its end: an offer to go on to the next lesson (a link: nothing plays
 * by itself), or where the list ends. Announced politely, without taking the focus away.
 */
export default function NextLessonOffer({
  next,
  list,
  onStay,
}: {
  next: LessonLink | null;
  list: { title: string; href: string | null };
  onStay: () => void;
}) {
  const { t } = useTranslation();
  const fallback = useEnglishFallback();
  return (
    <div
      role="status"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-[var(--radius-card)] bg-brand-50 p-4"
      data-testid="next-lesson-offer"
    >
      <div className="min-w-0">
        <p className="font-semibold text-ink-900">{t("lesson.finished")}</p>
        <p className="text-ink-800" {...fallback(next ? next.title : list.title)}>
          {next ? t("lesson.upNext", { title: next.title }) : t("lesson.lastLesson", { title: list.title })}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" onClick={onStay} className="text-sm font-semibold text-brand-800 underline">
          {t("lesson.stay")}
        </button>
        {next ? (
          <Link to={next.href} className="btn btn-primary" data-testid="play-next">
            {t("lesson.playNext")}
          </Link>
        ) : list.href ? (
          <Link to={list.href} className="btn btn-primary">
            {t("lesson.backToList", { title: list.title })}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
