import { Form, Link, useNavigation } from "react-router";
import { FieldError } from "~/components/ui/field";
import { Stars } from "~/components/ui/stars";
import { StarRatingInput } from "~/components/ui/star-rating-input";
import { useTranslation } from "~/i18n/use-translation";
import { useSignInHref } from "~/components/auth/use-sign-in-href";
// The limits alone, not the schema: no zod in the browser (issue 16).
import { REVIEW_COMMENT_MAX, REVIEW_COMMENT_MIN } from "~/models/review.limits";
import type { ReviewErrors } from "~/models/review.schema";

export interface ReviewView {
  id: string;
  name: string | null;
  rating: number;
  comment: string;
  date: string;
}

export interface ReviewFormState {
  /** Field errors, and what was typed, after a refused post. */
  errors?: ReviewErrors;
  values?: { rating?: string; comment?: string };
}

/**
 * A course's reviews from learners, and the viewer's own form: to write one (after half of a list),
 * to change theirs, or why they cannot yet. A plain form: it works without JavaScript.
 */
export function CourseReviews({
  reviews,
  mine,
  may,
  signedIn,
  saved,
  state,
}: {
  reviews: ReviewView[];
  /** `hiddenForAccess`: hidden because its author lost access to the course (a refund, a revoked grant). */
  mine: (ReviewView & { hidden: boolean; hiddenForAccess: boolean }) | null;
  may: boolean;
  signedIn: boolean;
  saved: boolean;
  state?: ReviewFormState;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const signIn = useSignInHref();
  const rating = state?.values?.rating ?? (mine ? String(mine.rating) : "");
  const comment = state?.values?.comment ?? mine?.comment ?? "";
  return (
    <section aria-labelledby="reviews" className="mt-10" id="reviews-section">
      <h2 id="reviews" className="text-2xl font-bold">
        {t("reviews.heading")}
      </h2>
      {saved ? (
        <p role="status" className="mt-3 rounded-md bg-green-50 p-3 font-semibold text-success-700">
          {t("reviews.saved")}
        </p>
      ) : null}
      {reviews.length === 0 ? (
        <p className="mt-3 text-ink-600">{t("reviews.none")}</p>
      ) : (
        <ul className="mt-4 grid gap-4" data-testid="course-reviews">
          {reviews.map((review) => (
            <li key={review.id} className="rounded-[var(--radius-card)] border border-ink-100 p-4">
              <Stars rating={review.rating} label={t("reviews.stars", { count: review.rating })} />
              <p className="mt-2 break-words whitespace-pre-line text-ink-800">
                <bdi>{review.comment}</bdi>
              </p>
              <p className="mt-2 text-sm text-ink-600">
                {t("reviews.by", { name: review.name ?? t("reviews.anonymous"), date: review.date })}
              </p>
            </li>
          ))}
        </ul>
      )}
      {!signedIn ? (
        <p className="mt-4 text-ink-700">
          {t("reviews.signIn")}{" "}
          <Link to={signIn} className="font-semibold text-brand-800 underline">
            {t("reviews.signInCta")}
          </Link>
        </p>
      ) : !may ? (
        <p className="mt-4 text-ink-700" data-testid="review-not-yet">
          {t("reviews.notYet")}
        </p>
      ) : (
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
      )}
    </section>
  );
}
