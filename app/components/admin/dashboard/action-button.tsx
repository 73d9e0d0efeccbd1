import { Form } from "react-router";

/** A row's one-click decision on the dashboard (mark handled, reject, revoke, hide…): a POST with its intent and id. */
export function ActionButton({
  intent,
  id,
  label,
  extra,
  danger = false,
}: {
  intent: string;
  id: string;
  label: string;
  extra?: Record<string, string>;
  danger?: boolean;
}) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {Object.entries(extra ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button
        type="submit"
        className={`btn ${danger ? "border border-danger-700 text-danger-700 hover:bg-red-50" : "btn-secondary"} px-2 py-1 text-xs`}
      >
        {label}
      </button>
    </Form>
  );
}
