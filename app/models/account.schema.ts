import { z } from "zod";

/**
 * The password forms of the embedded provider's accounts (set, reset, change), in the browser and
 * on the server. The server also refuses common passwords (lib/password-policy.server.ts: the list
 * stays out of the browser bundle). Messages are translation keys.
 */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 200;

const newPassword = z
  .string({ error: "account.errors.required" })
  .min(1, { error: "account.errors.required" })
  .refine((value) => [...value].length >= PASSWORD_MIN, { error: "account.errors.tooShort" })
  .refine((value) => [...value].length <= PASSWORD_MAX, { error: "account.errors.tooLong" });

const confirmed = <T extends { password: string; confirm: string }>(value: T) => value.password === value.confirm;
const mismatch = { error: "account.errors.mismatch", path: ["confirm"] };

export const setPasswordSchema = z
  .object({ token: z.string().min(1).max(100), password: newPassword, confirm: z.string().max(PASSWORD_MAX * 4) })
  .refine(confirmed, mismatch);

export const changePasswordSchema = z
  .object({
    current: z
      .string({ error: "account.errors.required" })
      .min(1, { error: "account.errors.required" })
      .max(PASSWORD_MAX * 4),
    password: newPassword,
    confirm: z.string().max(PASSWORD_MAX * 4),
  })
  .refine(confirmed, mismatch);

export const forgotSchema = z.object({
  email: z
    .string({ error: "account.errors.emailInvalid" })
    .trim()
    .max(254, { error: "account.errors.emailInvalid" })
    .pipe(z.email({ error: "account.errors.emailInvalid" })),
});

export type PasswordFormErrors = Partial<Record<"password" | "confirm" | "current" | "email" | "form", string>>;

/** The first message per field, from a failed parse. */
export function fieldErrors(error: z.ZodError): PasswordFormErrors {
  const errors: PasswordFormErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form") as keyof PasswordFormErrors;
    errors[field] ??= issue.message;
  }
  return errors;
}
