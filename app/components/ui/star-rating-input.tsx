import type { ReactNode } from "react";

/**
 * A 1–5 star rating to choose, as a group of five native radio buttons: the arrow keys move within
 * it, Tab enters and leaves it, and it posts without JavaScript. Each star is a label with its own
 * name ("4 stars", from `starLabel`) for screen readers; the buttons themselves are visually hidden.
 * The stars up to the chosen one light up by CSS alone (`.star-rating` in app.css), so the widget
 * shows the choice before hydration and without JavaScript too.
 */
export function StarRatingInput({
  name = "rating",
  legend,
  starLabel,
  defaultValue,
  required = false,
  invalid = false,
  describedBy,
  className = "",
  legendClassName = "mb-1 font-semibold",
  children,
}: {
  name?: string;
  legend: string;
  starLabel: (n: number) => string;
  /** The star chosen at first, or none. */
  defaultValue: number | null;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  className?: string;
  legendClassName?: string;
  /** Shown under the stars, inside the group (an error message). */
  children?: ReactNode;
}) {
  return (
    <fieldset
      className={className}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      data-testid="rating-input"
    >
      <legend className={legendClassName}>{legend}</legend>
      <div className="star-rating flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded p-1 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500"
          >
            <input
              type="radio"
              name={name}
              value={n}
              defaultChecked={n === defaultValue}
              required={required}
              className="sr-only"
            />
            <span className="sr-only">{starLabel(n)}</span>
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-8" fill="currentColor">
              <path d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.6L10 14.8l-5.1 2.6 1-5.6-4.1-4 5.7-.8z" />
            </svg>
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}
