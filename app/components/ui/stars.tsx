import { useTranslation } from "~/i18n/use-translation";
import { asLocale, formatRating } from "~/i18n/format";
import { ROW_WIDTH, STAR_STEP, filledWidth } from "./star-fill";

/** One star's outline in its own 20×20 box, moved `dx` units along the row. */
const starAt = (dx: number) => `M${10 + dx} 1.8l2.5 5.2 5.7.8-4.1 4 1 5.6L${10 + dx} 14.8l-5.1 2.6 1-5.6-4.1-4 5.7-.8z`;
const ROW_PATH = [0, 1, 2, 3, 4].map((index) => starAt(index * STAR_STEP)).join("");

/**
 * Read-only stars (0–5) with partial fill: one <svg> holding the five outlines as one path, and over
 * it the same path, filled, inside a nested <svg> as wide as the rating (an <svg> clips what
 * overflows it). Four elements instead of four per star: a page of feedback cards stays small.
 * Attributes, not a style: the CSP allows no inline styles. In Hebrew the row is mirrored, so the
 * fill grows from the right, the reading side. `showValue` puts the number ("4.7") beside them. One
 * accessible label for the whole: the parts are hidden from screen readers.
 */
export function Stars({
  rating,
  label,
  showValue = false,
  className = "",
}: {
  rating: number;
  label: string;
  showValue?: boolean;
  className?: string;
}) {
  const { i18n } = useTranslation();
  const value = formatRating(rating, asLocale(i18n.language));
  const width = filledWidth(rating);
  return (
    <span
      role="img"
      aria-label={label}
      className={`inline-flex items-center gap-1.5 ${className}`}
      data-rating={rating}
    >
      {showValue ? (
        <span className="font-bold text-ink-900" dir="ltr" data-testid="rating-value">
          {value}
        </span>
      ) : null}
      <svg aria-hidden="true" viewBox={`0 0 ${ROW_WIDTH} 20`} className="h-4 w-22 shrink-0 text-star rtl:-scale-x-100">
        {/* The unfilled part is grey inside the outline, so a 70% star does not pass for a full one. */}
        <path d={ROW_PATH} className="fill-ink-300" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        {width > 0 ? (
          <svg x="0" y="0" width={width} height="20" viewBox={`0 0 ${width} 20`} data-testid="star-fill">
            <path d={ROW_PATH} fill="currentColor" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
          </svg>
        ) : null}
      </svg>
    </span>
  );
}
