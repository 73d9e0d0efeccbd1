import { z } from "zod";
import type { TranslationKey } from "~/i18n/keys";
import { fieldErrors, type FieldErrors, type FormMessages } from "~/lib/form-errors";

/** One schema for the contact and registration-request forms, in the browser and on the server. */
export { SUBMISSION_LIMITS } from "./submission.limits";
import { SUBMISSION_LIMITS } from "./submission.limits";

const E = {
  nameRequired: "forms.errors.nameRequired",
  nameTooLong: "forms.errors.nameTooLong",
  emailRequired: "forms.errors.emailRequired",
  emailInvalid: "forms.errors.emailInvalid",
  phoneRequired: "forms.errors.phoneRequired",
  phoneInvalid: "forms.errors.phoneInvalid",
  messageTooLong: "forms.errors.messageTooLong",
  unknownField: "forms.errors.unknownField",
  // The action's own refusals: the human check, and too many posts from one address.
  captchaMissing: "forms.errors.captchaMissing",
  captchaInvalid: "forms.errors.captchaInvalid",
  captchaReplayed: "forms.errors.captchaReplayed",
  captchaUnavailable: "forms.errors.captchaUnavailable",
  tooMany: "forms.errors.tooMany",
} as const satisfies Record<string, TranslationKey>;
export type SubmissionErrorKey = (typeof E)[keyof typeof E];

export const submissionSchema = z
  .object({
    name: z
      .string({ error: E.nameRequired })
      .trim()
      .min(1, { error: E.nameRequired })
      .max(SUBMISSION_LIMITS.name, { error: E.nameTooLong }),
    email: z
      .string({ error: E.emailRequired })
      .trim()
      .min(1, { error: E.emailRequired })
      .max(SUBMISSION_LIMITS.email, { error: E.emailInvalid })
      .pipe(z.email({ error: E.emailInvalid })),
    phone: z
      .string({ error: E.phoneRequired })
      .trim()
      .min(1, { error: E.phoneRequired })
      .regex(/^[0-9 +()-]{7,20}$/, { error: E.phoneInvalid }),
    message: z.string().trim().max(SUBMISSION_LIMITS.message, { error: E.messageTooLong }).default(""),
  })
  .strict();

export type SubmissionInput = z.infer<typeof submissionSchema>;
type SubmissionField = keyof SubmissionInput;
export type SubmissionErrors = FieldErrors<SubmissionField | "captcha", SubmissionErrorKey>;

const SUBMISSION_FORM: FormMessages<SubmissionField, SubmissionErrorKey> = {
  fields: ["name", "email", "phone", "message"],
  messages: Object.values(E),
  fallback: E.unknownField,
  unknownField: E.unknownField,
};

/** What the contact and registration actions answer, and the form shows. */
export interface SubmissionActionData {
  ok: boolean;
  errors?: SubmissionErrors;
  values?: { name: string; email: string; phone: string; message: string };
  retryAfter?: number;
}

export function parseSubmission(
  raw: unknown,
): { ok: true; data: SubmissionInput } | { ok: false; errors: SubmissionErrors } {
  const result = submissionSchema.safeParse(raw);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: fieldErrors(result.error.issues, SUBMISSION_FORM) };
}

export const newsletterSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: E.emailRequired })
    .max(254, { error: E.emailInvalid })
    .pipe(z.email({ error: E.emailInvalid })),
});
