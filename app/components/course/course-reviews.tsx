import { Link } from "react-router";
import { Stars } from "~/components/ui/stars";
import { useTranslation } from "~/i18n/use-translation";
import { useSignInHref } from "~/components/auth/use-sign-in-href";
import { lazyRenderedOnServer } from "~/components/ui/lazy-on-server";
// The limits alone, not the schema: no zod in the browser (issue 16).
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

/** The learner's own review form: a chunk of its own (only learners who may review see it), in the server's HTML. */
const ReviewForm = lazyRenderedOnServer(() => import("./review-form"));

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
  const signIn = useSignInHref();
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
        <ReviewForm mine={mine} state={state} />
      )}
    </section>
  );
}
