import type { ReactNode } from "react";

/** What a field gives its control: its id, whether it must be filled, and its ARIA wiring. */
export interface FieldControlProps {
  id: string;
  required?: boolean;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

const LABEL = "mb-1 block text-sm font-semibold text-ink-800";
/** The label of the sign-in and account cards, in the card's own text colour. */
export const PLAIN_LABEL = "mb-1 block text-sm font-semibold";
const HINT = "mt-1 text-sm text-ink-600";

/**
 * One form field: its label, its control, a hint and the error of the last try (translated by the
 * page). The control is the caller's (input, textarea, select: each form sets its own attributes) and
 * gets from here what ties it together — its id for the label, `required`, and `aria-invalid` with
 * `aria-describedby` naming the hint and the error, so a screen reader reads both on the field.
 * Without JavaScript the server's answer renders the same field with its error.
 */
export function Field({
  id,
  label,
  hint,
  error,
  required,
  describedBy,
  errorId = `${id}-error`,
  errorTestId = errorId,
  labelClassName = LABEL,
  hintClassName = HINT,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The error to show, already translated; none when the field is fine. */
  error?: string;
  required?: boolean;
  /** Another element that describes the control, read first (a message about the whole form). */
  describedBy?: string;
  /** The error's id (and test id), when a page has its own naming. */
  errorId?: string;
  /** The error's test id, when the page's tests name it otherwise than its id (the builder's `slug-error`). */
  errorTestId?: string;
  labelClassName?: string;
  hintClassName?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  const description = [describedBy, hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children({
        id,
        required,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": description || undefined,
      })}
      {hint ? (
        <p id={hintId} className={hintClassName}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} testId={errorTestId} />
    </div>
  );
}

/** A field's error line, also for a group of controls (a fieldset of radio buttons) that names it itself. */
export function FieldError({ id, error, testId = id }: { id: string; error?: string; testId?: string }) {
  return error ? (
    <p id={id} className="mt-1 text-sm font-semibold text-danger-700" data-testid={testId}>
      {error}
    </p>
  ) : null;
}
