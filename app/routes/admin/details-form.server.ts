import { data } from "react-router";
import type { z } from "zod";
import type { TranslationKey } from "~/i18n/keys";
import { fieldErrors, type FieldErrors, type FormMessages } from "~/lib/form-errors";

/**
 * What a details screen's action answers (the accessibility statement's, the business's): the saved
 * or unchanged message, or each field's message with what was posted, so a refused form shows it again
 * (also without JavaScript).
 */
export interface DetailsAnswer<Field extends string, Key extends TranslationKey, Ok extends TranslationKey> {
  ok: Ok | null;
  errors: FieldErrors<Field, Key>;
  values: Partial<Record<Field, string>>;
}

/**
 * Reads a details form: its parsed fields, or the 400 answer to give (each field's message beside it;
 * a post the page cannot make, with no field to blame, is a plain bad request).
 */
export async function readDetailsForm<Field extends string, Key extends TranslationKey, Out>(
  request: Request,
  form: FormMessages<Field, Key>,
  schema: z.ZodType<Out>,
) {
  const fields = Object.fromEntries(await request.formData());
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true as const, details: parsed.data };
  const values: Partial<Record<Field, string>> = {};
  for (const name of form.fields) {
    const value = fields[name];
    if (typeof value === "string") values[name] = value;
  }
  const errors = fieldErrors(parsed.error.issues, form);
  if (Object.keys(errors).length === 0) throw data("Bad Request", { status: 400 });
  return {
    ok: false as const,
    refusal: data<DetailsAnswer<Field, Key, never>>({ ok: null, errors, values }, { status: 400 }),
  };
}
