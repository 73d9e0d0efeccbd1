import { z } from "zod";

/**
 * One schema for the feedback form, checked in the browser (constraints on the inputs) and on the
 * server (this parse). Errors are translation keys, so each person reads them in their language.
 */
export { DEFAULT_RATING, FEEDBACK_LIMITS } from "./feedback.limits";
import { FEEDBACK_LIMITS } from "./feedback.limits";

const imageUrl = z
  .string()
  .trim()
  .max(FEEDBACK_LIMITS.image, { error: "feedback.errors.imageTooLong" })
  .refine(
    (value) => {
      if (value === "") return true;
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.length > 0;
      } catch {
        return false;
      }
    },
    { error: "feedback.errors.imageInvalid" },
  );

export const feedbackSchema = z
  .object({
    name: z
      .string({ error: "feedback.errors.nameRequired" })
      .trim()
      .min(1, { error: "feedback.errors.nameRequired" })
      .max(FEEDBACK_LIMITS.name, { error: "feedback.errors.nameTooLong" }),
    comment: z
      .string({ error: "feedback.errors.commentRequired" })
      .trim()
      .min(1, { error: "feedback.errors.commentRequired" })
      .max(FEEDBACK_LIMITS.comment, { error: "feedback.errors.commentTooLong" }),
    image: z.preprocess(
      (v) => (v === undefined || v === null ? "" : v),
      z.string({ error: "feedback.errors.imageInvalid" }).pipe(imageUrl),
    ),
    rating: z.preprocess(
      (v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v),
      z
        .number({ error: "feedback.errors.rating" })
        .int({ error: "feedback.errors.rating" })
        .min(1, { error: "feedback.errors.rating" })
        .max(5, { error: "feedback.errors.rating" }),
    ),
  })
  .strict();

export type FeedbackInput = z.infer<typeof feedbackSchema>;
export type FeedbackField = keyof FeedbackInput;
export type FieldErrors = Partial<Record<FeedbackField | "form", string>>;

/** Parses form fields or JSON; unknown fields (and __proto__) are refused. */
export function parseFeedback(raw: unknown): { ok: true; data: FeedbackInput } | { ok: false; errors: FieldErrors } {
  const result = feedbackSchema.safeParse(raw);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = (issue.path[0] as FeedbackField | undefined) ?? "form";
    const key = issue.code === "unrecognized_keys" ? "form" : field;
    errors[key] ??= issue.code === "unrecognized_keys" ? "feedback.errors.unknownField" : issue.message;
  }
  return { ok: false, errors };
}
