import { z } from "zod";

/** One schema for the contact and registration-request forms, in the browser and on the server. */
export { SUBMISSION_LIMITS } from "./submission.limits";
import { SUBMISSION_LIMITS } from "./submission.limits";

export const submissionSchema = z
  .object({
    name: z
      .string({ error: "forms.errors.nameRequired" })
      .trim()
      .min(1, { error: "forms.errors.nameRequired" })
      .max(SUBMISSION_LIMITS.name, { error: "forms.errors.nameTooLong" }),
    email: z
      .string({ error: "forms.errors.emailRequired" })
      .trim()
      .min(1, { error: "forms.errors.emailRequired" })
      .max(SUBMISSION_LIMITS.email, { error: "forms.errors.emailInvalid" })
      .pipe(z.email({ error: "forms.errors.emailInvalid" })),
    phone: z
      .string({ error: "forms.errors.phoneRequired" })
      .trim()
      .min(1, { error: "forms.errors.phoneRequired" })
      .regex(/^[0-9 +()-]{7,20}$/, { error: "forms.errors.phoneInvalid" }),
    message: z.string().trim().max(SUBMISSION_LIMITS.message, { error: "forms.errors.messageTooLong" }).default(""),
  })
  .strict();

export type SubmissionInput = z.infer<typeof submissionSchema>;
export type SubmissionErrors = Partial<Record<keyof SubmissionInput | "form" | "captcha", string>>;

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
  if (result.success) return { ok: true, data: result.data };
  const errors: SubmissionErrors = {};
  for (const issue of result.error.issues) {
    const key =
      issue.code === "unrecognized_keys" ? "form" : ((issue.path[0] as keyof SubmissionInput | undefined) ?? "form");
    errors[key] ??= issue.code === "unrecognized_keys" ? "forms.errors.unknownField" : issue.message;
  }
  return { ok: false, errors };
}

export const newsletterSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: "forms.errors.emailRequired" })
    .max(254, { error: "forms.errors.emailInvalid" })
    .pipe(z.email({ error: "forms.errors.emailInvalid" })),
});
