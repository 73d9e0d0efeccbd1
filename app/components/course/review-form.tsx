import { Form, useNavigation } from "react-router";
import { FieldError } from "~/components/ui/field";
import { StarRatingInput } from "~/components/ui/star-rating-input";
import { useTranslation } from "~/i18n/use-translation";
import { REVIEW_COMMENT_MAX, REVIEW_COMMENT_MIN } from "~/models/review.limits";
import type { ReviewFormState, ReviewView } from "./course-reviews";

/**
 * A learner's review of a course: write one, or change theirs (course-reviews.tsx shows it to those
 * who may review). A plain form: it works without JavaScript.
 */
export default function ReviewForm({
  mine,
  state,
}: {
  mine: (ReviewView & { hidden: boolean; hiddenForAccess: boolean }) | null;
  state?: ReviewFormState;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const rating = state?.values?.rating ?? (mine ? String(mine.rating) : "");
  const comment = state?.values?.comment ?? mine?.comment ?? "";
  return (
    <Form method="post" className="mt-6 max-w-xl rounded-[var(--radius-card)] bg-ink-50 p-5" noValidate>
      <h3 className="text-lg font-bold">{mine ? t("reviews.edit") : t("reviews.yourReview")}</h3>
      {mine?.hidden ? (
        <p className="mt-2 text-sm text-ink-700">
          {t(mine.hiddenForAccess ? "reviews.hiddenNoAccess" : "reviews.hiddenNote")}
        </p>
      ) : null}
      {state?.errors?.form ? (
        <p role="alert" className="mt-2 font-semibold text-danger-700">
          {t(state.errors.form)}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="review" />
      <StarRatingInput
        className="mt-4"
        legend={t("reviews.rating")}
        starLabel={(count) => t("reviews.stars", { count })}
        defaultValue={/^[1-5]$/.test(rating) ? Number(rating) : null}
        required
        invalid={Boolean(state?.errors?.rating)}
        describedBy={state?.errors?.rating ? "review-rating-error" : undefined}
      >
        <FieldError id="review-rating-error" error={state?.errors?.rating && t(state.errors.rating)} />
      </StarRatingInput>
      <label htmlFor="review-comment" className="mt-4 block font-semibold">
        {t("reviews.comment")}
      </label>
      <p id="review-comment-hint" className="text-sm text-ink-600">
        {t("reviews.commentHint", { min: REVIEW_COMMENT_MIN, max: REVIEW_COMMENT_MAX })}
      </p>
      <textarea
        id="review-comment"
        name="comment"
        rows={4}
        required
        minLength={REVIEW_COMMENT_MIN}
        maxLength={REVIEW_COMMENT_MAX}
        defaultValue={comment}
        aria-invalid={state?.errors?.comment ? true : undefined}
        aria-describedby={`review-comment-hint${state?.errors?.comment ? " review-comment-error" : ""}`}
        className="mt-1 w-full rounded-md border border-ink-300 bg-white p-2"
      />
      <FieldError id="review-comment-error" error={state?.errors?.comment && t(state.errors.comment)} />
      <button type="submit" className="btn btn-primary mt-4" disabled={navigation.state === "submitting"}>
        {mine ? t("reviews.update") : t("reviews.submit")}
      </button>
    </Form>
  );
}
