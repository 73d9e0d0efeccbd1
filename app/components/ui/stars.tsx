import { useTranslation } from "~/i18n/use-translation";
import { asLocale, formatRating } from "~/i18n/format";
import { starFills } from "./star-fill";

const STAR_PATH = "M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.6L10 14.8l-5.1 2.6 1-5.6-4.1-4 5.7-.8z";

/**
 * One star: the outline, and over it the filled star inside a nested <svg> as wide as the fill (an
 * <svg> clips what overflows it). Attributes, not a style: the CSP allows no inline styles. In Hebrew
 * the star is mirrored, so the fill grows from the right, the reading side.
 */
function Star({ fill }: { fill: number }) {
  const width = (fill / 100) * 20;
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 rtl:-scale-x-100" data-fill={fill}>
      {/* The unfilled part is grey inside the outline, so a 70% star does not pass for a full one. */}
      <path d={STAR_PATH} className="fill-ink-300" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
      {fill > 0 ? (
        <svg x="0" y="0" width={width} height="20" viewBox={`0 0 ${width} 20`} data-testid="star-fill">
          <path d={STAR_PATH} fill="currentColor" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        </svg>
      ) : null}
    </svg>
  );
}

/**
 * Read-only stars (0–5) with partial fill: an outlined star, and over it a filled one clipped to the
 * rating's fraction from the reading side (the right in Hebrew). `showValue` puts the number ("4.7")
 * beside them. One accessible label for the whole: the parts are hidden from screen readers.
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
      <span className="inline-flex gap-0.5 text-star">
        {starFills(rating).map((fill, index) => (
          <Star key={index} fill={fill} />
        ))}
      </span>
    </span>
  );
}
