import { Form } from "react-router";

/**
 * One row's action in an admin list: a plain POST (it works without JavaScript) of the intent and the
 * row's fields, as one button. Its name for screen readers adds `about` (which row), since every row
 * has the same button.
 */
export function RowAction({
  intent,
  fields,
  label,
  about,
  name,
  danger = false,
  compact = false,
}: {
  intent: string;
  /** What identifies the row (its id, or an account's email), and anything else the action needs. */
  fields: Record<string, string>;
  label: string;
  /** The row, for screen readers: "Revoke: Dana, React course". */
  about?: string;
  /** The button's whole name for screen readers, instead of `about` (the accounts' "Disable dana@example.org"). */
  name?: string;
  /** An action that takes something away (reject, disable): outlined in red. */
  danger?: boolean;
  /** The smaller button of a busy row (the inbox, the accounts). */
  compact?: boolean;
}) {
  const tone = danger ? "border border-danger-700 text-danger-700 hover:bg-red-50" : "btn-secondary";
  return (
    <Form method="post" className={compact ? "inline" : undefined}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={`btn ${tone} ${compact ? "px-2 py-1 text-xs" : "px-3 py-1"}`} aria-label={name}>
        {label}
        {about ? <span className="sr-only">: {about}</span> : null}
      </button>
    </Form>
  );
}
