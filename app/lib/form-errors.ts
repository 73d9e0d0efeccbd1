import type { TranslationKey } from "~/i18n/keys";

/**
 * A failed parse's issues, as zod's `error.issues` gives them. Only the shape: this module brings no
 * zod into the browser (the account forms check with it there; the others must not, issue 16).
 */
export interface FormIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** One translation key per field the form shows, and "form" for what belongs to no field. */
export type FieldErrors<Field extends string, Key extends TranslationKey = TranslationKey> = Partial<
  Record<Field | "form", Key>
>;

/** What a form's schema can say, and where (written once, beside the schema). */
export interface FormMessages<Field extends string, Key extends TranslationKey> {
  /** The fields the form shows. An issue of another field (a hidden input such as a reset link's token) is not one to show. */
  readonly fields: readonly Field[];
  /** Every message the schema gives: each is a translation key. */
  readonly messages: readonly Key[];
  /**
   * For an issue whose message is none of them (zod's own English, from a check written without one).
   * Without one, such an issue is not shown: a form whose every check of a shown field has its own
   * message (admin payments) answers a post its page cannot make as a bad request instead.
   */
  readonly fallback?: Key;
  /** For a post with fields the form does not have (a strict schema's `unrecognized_keys`). */
  readonly unknownField?: Key;
}

/**
 * The first message of each field, from a failed parse: what every form's action answers and its page
 * shows beside the field. Issues without a path are the whole form's.
 */
export function fieldErrors<Field extends string, Key extends TranslationKey>(
  issues: readonly FormIssue[],
  form: FormMessages<Field, Key>,
): FieldErrors<Field, Key> {
  const errors: FieldErrors<Field, Key> = {};
  const known = (message: string): Key | undefined => form.messages.find((key) => key === message) ?? form.fallback;
  const shown = (name: PropertyKey): name is Field => form.fields.some((field) => field === name);
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      if (form.unknownField) errors.form ??= form.unknownField;
      continue;
    }
    const [field] = issue.path;
    if (field === undefined) errors.form ??= known(issue.message);
    else if (shown(field)) errors[field] ??= known(issue.message);
  }
  return errors;
}
