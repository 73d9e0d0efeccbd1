import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { asLocale, formatHours, formatNumber, formatRating } from "~/i18n/format";
import type { CourseCardView } from "~/models/catalogue.types";
import { Stars } from "~/components/ui/stars";
import { lazyRenderedOnServer } from "~/components/ui/lazy-on-server";

/** Only a signed-in learner's page shows a tally: a visitor's does not load it. */
const ProgressTally = lazyRenderedOnServer(() => import("./progress-tally"));
import { CourseCover } from "./course-cover";
import { useEnglishFallback } from "~/components/ui/english-fallback";

/**
 * The stars and number of reviews, or "New" for a course nobody has rated (no "0.0 ☆☆☆☆☆ (0)", D-M6).
 * The card shows the number as "(12)"; the course page passes its own words, "12 reviews".
 */
export function CourseRating({ course, reviewsLabel }: { course: CourseCardView; reviewsLabel?: string }) {
  const { t, i18n } = useTranslation();
  const locale = asLocale(i18n.language);
  if (course.reviews === 0)
    return (
      <span
        className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-bold text-brand-900"
        data-testid="course-new"
        title={t("card.newHint")}
      >
        {t("card.new")}
      </span>
    );
  return (
    <>
      <Stars
        rating={course.rating}
        showValue
        label={t("rating.withReviews", { rating: formatRating(course.rating, locale), count: course.reviews })}
      />
      <span aria-hidden="true">{`(${reviewsLabel ?? formatNumber(course.reviews, locale)})`}</span>
    </>
  );
}

/**
 * A course card (docs/product.md#what-a-card-shows): cover, stars and reviews, title, teacher, duration, students, price,
 * links. `join={false}` leaves "Join Now" out (the order page, where it would lead to itself);
 * `eager` loads the cover at once, for cards in the first screen.
 */
export function CourseCard({
  course,
  join = true,
  eager = false,
}: {
  course: CourseCardView;
  join?: boolean;
  eager?: boolean;
}) {
  const fallback = useEnglishFallback();
  const { t, i18n } = useTranslation();
  const locale = asLocale(i18n.language);
  const hours = Number(course.duration);
  const titleId = `course-${course.key}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col overflow-hidden rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-card)]"
    >
      <div className="relative">
        <CourseCover
          src={course.cover}
          title={course.title}
          loading={eager ? "eager" : "lazy"}
          className="aspect-[8/5] w-full object-cover"
        />
        <p
          className="absolute end-3 top-3 rounded-full bg-white px-3 py-1 text-sm font-extrabold text-brand-800 shadow"
          data-testid="course-price"
        >
          {course.soldSeparately ? <bdi>{course.price}</bdi> : t("card.inSubscription")}
        </p>
      </div>
      <div className="flex flex-1 flex-col p-5 text-center">
        <div className="flex items-center justify-center gap-2 text-sm text-ink-600">
          <CourseRating course={course} />
        </div>
        <h3 id={titleId} className="mt-2 text-lg font-bold text-ink-900" {...fallback(course.title)}>
          {course.title}
        </h3>
        <p className="mt-2 flex-1 text-sm text-ink-600" {...fallback(course.summary)}>
          {course.summary}
        </p>
        <ul className="mt-4 grid grid-cols-3 gap-1 border-t border-ink-100 pt-3 text-xs text-ink-700">
          <li title={t("card.teacher")}>
            <span className="sr-only">{`${t("card.teacher")}: `}</span>
            {course.teacher}
          </li>
          <li data-testid="course-hours">{t("card.hours", { count: hours, hours: formatHours(hours, locale) })}</li>
          {/* No "0 Students": a course nobody has taken yet says nothing about it (D-M6). */}
          {course.students > 0 ? (
            <li data-testid="course-students">{t("card.students", { count: course.students })}</li>
          ) : null}
        </ul>
        {course.progress ? (
          <ProgressTally tally={course.progress} label={course.title} className="mt-4 text-start" />
        ) : null}
        <div className="mt-4 flex justify-center gap-2">
          <Link to={course.readMore} className="btn btn-secondary" aria-describedby={titleId}>
            {t("card.readMore")}
          </Link>
          {join ? (
            <Link to={course.join} className="btn btn-primary" aria-describedby={titleId}>
              {t("card.joinNow")}
            </Link>
          ) : null}
        </div>
      </div>
    </article>
  );
}
