import { z } from "zod";
import type { TranslationKey } from "~/i18n/keys";
import { fieldErrors, type FieldErrors, type FormMessages } from "~/lib/form-errors";

/**
 * The password forms of the embedded provider's accounts (set, reset, change), in the browser and
 * on the server. The server also refuses common passwords (lib/password-policy.server.ts: the list
 * stays out of the browser bundle). Messages are translation keys: these, and the actions' own refusals.
 */
const E = {
  required: "account.errors.required",
  tooShort: "account.errors.tooShort",
  tooLong: "account.errors.tooLong",
  common: "account.errors.common",
  mismatch: "account.errors.mismatch",
  emailInvalid: "account.errors.emailInvalid",
  tooMany: "account.errors.tooMany",
  tooManyForEmail: "account.errors.tooManyForEmail",
  wrongCurrent: "account.wrongCurrent",
  notEmbedded: "account.notEmbedded",
  linkInvalid: "account.linkInvalid",
  nameRequired: "account.errors.nameRequired",
  nameTooLong: "account.errors.nameTooLong",
  termsRequired: "account.errors.termsRequired",
  signUpClosed: "account.errors.signUpClosed",
  signUpTooManyForEmail: "account.errors.signUpTooManyForEmail",
  phoneInvalid: "forms.errors.phoneInvalid",
  addressTooLong: "account.errors.addressTooLong",
  captchaMissing: "forms.errors.captchaMissing",
  captchaInvalid: "forms.errors.captchaInvalid",
  captchaReplayed: "forms.errors.captchaReplayed",
  captchaUnavailable: "forms.errors.captchaUnavailable",
} as const satisfies Record<string, TranslationKey>;
export type AccountErrorKey = (typeof E)[keyof typeof E];

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 200;

const newPassword = z
  .string({ error: E.required })
  .min(1, { error: E.required })
  .refine((value) => [...value].length >= PASSWORD_MIN, { error: E.tooShort })
  .refine((value) => [...value].length <= PASSWORD_MAX, { error: E.tooLong });

const confirmed = <T extends { password: string; confirm: string }>(value: T) => value.password === value.confirm;
const mismatch = { error: E.mismatch, path: ["confirm"] };

export const setPasswordSchema = z
  .object({ token: z.string().min(1).max(100), password: newPassword, confirm: z.string().max(PASSWORD_MAX * 4) })
  .refine(confirmed, mismatch);

export const changePasswordSchema = z
  .object({
    current: z
      .string({ error: E.required })
      .min(1, { error: E.required })
      .max(PASSWORD_MAX * 4),
    password: newPassword,
    confirm: z.string().max(PASSWORD_MAX * 4),
  })
  .refine(confirmed, mismatch);

export const forgotSchema = z.object({
  email: z
    .string({ error: E.emailInvalid })
    .trim()
    .max(254, { error: E.emailInvalid })
    .pipe(z.email({ error: E.emailInvalid })),
});

/**
 * Sign-up: a name (it goes on certificates), the email, a new password twice, and the terms and
 * privacy notice agreed to (a ticked box sends "on"). The captcha is checked by the action.
 */
export const NAME_MAX = 100;
const signUpName = z
  .string({ error: E.nameRequired })
  .trim()
  .min(2, { error: E.nameRequired })
  .max(NAME_MAX, { error: E.nameTooLong })
  // No control characters or angle brackets in a name that certificates print.
  .refine((value) => !/[\p{Cc}<>]/u.test(value), { error: E.nameRequired });
export const signUpSchema = z
  .object({
    name: signUpName,
    email: forgotSchema.shape.email,
    password: newPassword,
    confirm: z.string().max(PASSWORD_MAX * 4),
    terms: z.literal("on", { error: E.termsRequired }),
  })
  .refine(confirmed, mismatch);

/** The name, phone and address of an embedded account, which the person edits on /account/details. */
export const ADDRESS_MAX = 200;
export const detailsSchema = z.object({
  name: signUpName,
  phone: z
    .string()
    .trim()
    .refine((value) => value === "" || /^[0-9 +()-]{7,20}$/.test(value), { error: E.phoneInvalid }),
  address: z
    .string()
    .trim()
    .max(ADDRESS_MAX, { error: E.addressTooLong })
    .refine((value) => !/[\p{Cc}<>]/u.test(value), { error: E.addressTooLong }),
});

type AccountField = "password" | "confirm" | "current" | "email" | "name" | "terms" | "captcha" | "phone" | "address";
export type PasswordFormErrors = FieldErrors<AccountField, AccountErrorKey>;

const PASSWORD_FORMS: FormMessages<AccountField, AccountErrorKey> = {
  fields: ["password", "confirm", "current", "email", "name", "terms", "captcha", "phone", "address"],
  messages: Object.values(E),
  fallback: E.required,
};

/** The first message per field, from a failed parse (the reset link's token is no field to show). */
export function passwordFormErrors(error: z.ZodError): PasswordFormErrors {
  return fieldErrors(error.issues, PASSWORD_FORMS);
}
