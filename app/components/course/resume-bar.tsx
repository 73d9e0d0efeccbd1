import { useTranslation } from "~/i18n/use-translation";
import { clock } from "~/lib/clock";

/** "You left off at 12:34." with "Resume from 12:34" and "Start over": either plays from there. */
export function ResumeBar({ at, onPlay }: { at: number; onPlay: (seconds: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 text-sm" data-testid="resume-bar">
      <span className="text-ink-700">{t("progress.leftOffAt", { time: clock(at) })}</span>
      <button type="button" className="btn btn-primary px-3 py-1" onClick={() => onPlay(at)}>
        {t("progress.resumeFrom", { time: clock(at) })}
      </button>
      <button type="button" className="btn btn-secondary px-3 py-1" onClick={() => onPlay(0)}>
        {t("progress.startOver")}
      </button>
    </div>
  );
}
