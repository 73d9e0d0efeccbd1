import { useTranslation } from "~/i18n/use-translation";

/**
 * "3 of 35 lessons completed" and a bar: a native <progress> (the CSP allows no inline styles, and
 * the browser fills it from the reading side, the right in Hebrew), read out as the same sentence.
 */
export function ProgressTally({
  tally,
  className = "",
  label,
}: {
  tally: { done: number; total: number };
  className?: string;
  /** What the bar is of (a course's or list's name) when several bars share a page. */
  label?: string;
}) {
  const { t } = useTranslation();
  const text = t("progress.tally", { done: tally.done, count: tally.total });
  return (
    <div className={className} data-testid="progress-tally">
      <p className="text-sm font-semibold text-ink-700">{text}</p>
      <progress
        className="progress-bar mt-1.5"
        max={Math.max(1, tally.total)}
        value={tally.done}
        aria-label={label ? `${t("progress.bar")}: ${label}` : t("progress.bar")}
        aria-valuetext={text}
      >
        {text}
      </progress>
    </div>
  );
}

/** For lazyRenderedOnServer: pages a visitor sees load it only when it shows. */
export default ProgressTally;
