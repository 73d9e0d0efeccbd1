import { z } from "zod";
import type { TranslationKey } from "~/i18n/keys";
import { fieldErrors, type FieldErrors as FormFieldErrors, type FormMessages } from "~/lib/form-errors";

/**
 * One schema for the feedback form, checked in the browser (constraints on the inputs) and on the
 * server (this parse). Errors are translation keys, so each person reads them in their language.
 */
export { DEFAULT_RATING, FEEDBACK_LIMITS } from "./feedback.limits";
import { FEEDBACK_LIMITS } from "./feedback.limits";

const E = {
  nameRequired: "feedback.errors.nameRequired",
  nameTooLong: "feedback.errors.nameTooLong",
  commentRequired: "feedback.errors.commentRequired",
  commentTooLong: "feedback.errors.commentTooLong",
  imageInvalid: "feedback.errors.imageInvalid",
  imageTooLong: "feedback.errors.imageTooLong",
  rating: "feedback.errors.rating",
  unknownField: "feedback.errors.unknownField",
  /** The action's own refusal: too many posts from one address. */
  tooMany: "feedback.tooMany",
} as const satisfies Record<string, TranslationKey>;
export type FeedbackErrorKey = (typeof E)[keyof typeof E];

const imageUrl = z
  .string()
  .trim()
  .max(FEEDBACK_LIMITS.image, { error: E.imageTooLong })
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
    { error: E.imageInvalid },
  );

export const feedbackSchema = z
  .object({
    name: z
      .string({ error: E.nameRequired })
      .trim()
      .min(1, { error: E.nameRequired })
      .max(FEEDBACK_LIMITS.name, { error: E.nameTooLong }),
    comment: z
      .string({ error: E.commentRequired })
      .trim()
      .min(1, { error: E.commentRequired })
      .max(FEEDBACK_LIMITS.comment, { error: E.commentTooLong }),
    image: z.preprocess(
      (v) => (v === undefined || v === null ? "" : v),
      z.string({ error: E.imageInvalid }).pipe(imageUrl),
    ),
    rating: z.preprocess(
      (v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v),
      z.number({ error: E.rating }).int({ error: E.rating }).min(1, { error: E.rating }).max(5, { error: E.rating }),
    ),
  })
  .strict();

export type FeedbackInput = z.infer<typeof feedbackSchema>;
export type FeedbackField = keyof FeedbackInput;
export type FieldErrors = FormFieldErrors<FeedbackField, FeedbackErrorKey>;

const FEEDBACK_FORM: FormMessages<FeedbackField, FeedbackErrorKey> = {
  fields: ["name", "comment", "image", "rating"],
  messages: Object.values(E),
  fallback: E.unknownField,
  unknownField: E.unknownField,
};

/** Parses form fields or JSON; unknown fields (and __proto__) are refused. */
export function parseFeedback(raw: unknown): { ok: true; data: FeedbackInput } | { ok: false; errors: FieldErrors } {
  const result = feedbackSchema.safeParse(raw);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: fieldErrors(result.error.issues, FEEDBACK_FORM) };
}
