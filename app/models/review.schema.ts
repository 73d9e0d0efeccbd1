import { z } from "zod";
import type { TranslationKey } from "~/i18n/keys";
import { fieldErrors, type FieldErrors, type FormMessages } from "~/lib/form-errors";
import { REVIEW_COMMENT_MAX, REVIEW_COMMENT_MIN } from "./review.limits";

const E = {
  rating: "reviews.errors.rating",
  commentShort: "reviews.errors.commentShort",
  commentLong: "reviews.errors.commentLong",
  // The action's own refusals: a post not made by the form, and a learner who may not review yet.
  badRequest: "reviews.errors.badRequest",
  notAllowed: "reviews.errors.notAllowed",
} as const satisfies Record<string, TranslationKey>;
/** What a refused review post says (keys of the "reviews" section). */
export type ReviewErrorKey = (typeof E)[keyof typeof E];
export type ReviewErrors = FieldErrors<"rating" | "comment", ReviewErrorKey>;

/** The review form: stars 1–5 and a comment. Field errors are translation keys (section "reviews"). */
export const reviewForm = z.object({
  rating: z.coerce
    .number({ error: E.rating })
    .int({ error: E.rating })
    .min(1, { error: E.rating })
    .max(5, { error: E.rating }),
  comment: z
    .string({ error: E.commentShort })
    .trim()
    .min(REVIEW_COMMENT_MIN, { error: E.commentShort })
    .max(REVIEW_COMMENT_MAX, { error: E.commentLong }),
});

export type ReviewInput = z.infer<typeof reviewForm>;

const REVIEW_FORM: FormMessages<"rating" | "comment", ReviewErrorKey> = {
  fields: ["rating", "comment"],
  messages: Object.values(E),
  fallback: E.badRequest,
};

/** The first message per field, from a failed parse. */
export function reviewErrors(error: z.ZodError): ReviewErrors {
  return fieldErrors(error.issues, REVIEW_FORM);
}
