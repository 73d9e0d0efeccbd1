import { z } from "zod";
import { REVIEW_COMMENT_MAX, REVIEW_COMMENT_MIN } from "./review.limits";

/** The review form: stars 1–5 and a comment. Field errors are translation keys (section "reviews"). */
export const reviewForm = z.object({
  rating: z.coerce
    .number({ error: "reviews.errors.rating" })
    .int({ error: "reviews.errors.rating" })
    .min(1, { error: "reviews.errors.rating" })
    .max(5, { error: "reviews.errors.rating" }),
  comment: z
    .string({ error: "reviews.errors.commentShort" })
    .trim()
    .min(REVIEW_COMMENT_MIN, { error: "reviews.errors.commentShort" })
    .max(REVIEW_COMMENT_MAX, { error: "reviews.errors.commentLong" }),
});

export type ReviewInput = z.infer<typeof reviewForm>;
