import { useTranslation } from "~/i18n/use-translation";
import { data, Link, redirect } from "react-router";
import { Curriculum } from "~/components/course/curriculum";
import { CourseRating } from "~/components/course/course-card";
import { PageHeader } from "~/components/layout/page-header";
import { asLocale, formatHours, formatNumber } from "~/i18n/format";
import { getCatalogue, getViewer, pageContext, servicesOf } from "~/context.server";
import { lessonStatesFor } from "~/models/progress.server";
import { CourseReviews, type ReviewFormState } from "~/components/course/course-reviews";
import { reviewErrors, reviewForm } from "~/models/review.schema";
import { mayReview, ownReview, saveReview, visibleReviews, type Review } from "~/models/review.server";
import { findUserById } from "~/models/user.server";
import { formatDate } from "~/i18n/format";
import type { Locale } from "~/i18n/locale";
import { setFlash, takeFlash } from "~/lib/cookies.server";
import { pageMeta } from "~/lib/meta";
import { catalogueForPage, findCourse } from "~/models/catalogue.server";
import { lazyRenderedOnServer } from "~/components/ui/lazy-on-server";

/** Only a signed-in learner's page shows a tally: a visitor's does not load it. */
const ProgressTally = lazyRenderedOnServer(() => import("~/components/course/progress-tally"));
/** Only an admin's preview of a draft shows it: no other page loads it. */
const DraftPreviewNote = lazyRenderedOnServer(() => import("~/components/course/draft-preview-note"));
import { orderUrl } from "~/models/catalogue.urls";
import { coursePageView, sellsOnline } from "~/models/catalogue-view.server";
import type { CourseCardView } from "~/models/catalogue.types";
import type { Route } from "./+types/course";
import type { StringsHandle } from "~/i18n/sections";
import { useEnglishFallback } from "~/components/ui/english-fallback";
import { CourseCover } from "~/components/course/course-cover";
import { useTitled } from "~/components/ui/titled";
import { useSignInHref } from "~/components/auth/use-sign-in-href";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = {
  strings: ["card", "coursePage", "notes", "progress", "rating", "reviews", "test", "video"],
} satisfies StringsHandle;

/**
 * A course's own page (/course/<slug>), where "Read More" leads: what it is, who teaches it, what
 * it costs, its lessons with what this viewer may watch, its quiz. Unknown or unpublished: 404.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { locale, t, meta } = pageContext(context, request);
  const { snapshot, preview } = await catalogueForPage(
    servicesOf(context).db,
    getCatalogue(context),
    getViewer(context),
    new URL(request.url),
  );
  const course = findCourse(snapshot, params.slug);
  if (!course) throw data("Not Found", { status: 404 });
  // /course/MERN-React finds the course; its address is the one in lower case.
  if (params.slug !== course.slug) throw redirect(`/course/${course.slug}${new URL(request.url).search}`, 301);
  const viewer = getViewer(context);
  const { db, config, cookieSecrets, payments } = servicesOf(context);
  const view = coursePageView(
    snapshot,
    course,
    viewer,
    locale,
    await lessonStatesFor(db, viewer),
    // Without a way to pay online, the page says "Subscription only" rather than a price (D-M5).
    sellsOnline(snapshot, payments !== undefined),
  );
  const mine = viewer.user ? await ownReview(db, course.id, viewer.user.id) : undefined;
  // "Thank you" after a review was posted (read once, then cleared).
  const saved = await takeFlash(config, cookieSecrets, request, "reviews.");
  return data(
    {
      meta: meta(t("coursePage.metaTitle", { title: view.card.title }), view.card.summary),
      preview,
      ...view,
      reviews: {
        list: (await visibleReviews(db, course.id)).map((review) => reviewView(review, locale)),
        mine: mine
          ? { ...reviewView(mine, locale), hidden: mine.hidden, hiddenForAccess: mine.hidden && mine.hiddenBy !== null }
          : null,
        // Someone who wrote a review may always change it.
        may: viewer.user ? Boolean(mine) || (await mayReview(db, snapshot, viewer, course)) : false,
        saved: saved.message === "reviews.saved",
      },
      viewer: {
        isAuthenticated: viewer.isAuthenticated,
        // Every lesson open: subscribed, an admin, or the course is theirs (bought or granted).
        hasAccess: viewer.hasSubscription || viewer.isAdmin || viewer.courseIds.includes(course.id),
        // Where a locked lesson leads a signed-in learner: this course's order page.
        orderHref: orderUrl(course.slug),
      },
    },
    { headers: saved.clear ? { "Set-Cookie": saved.clear } : {} },
  );
}

function reviewView(review: Review, locale: Locale) {
  return {
    id: review.id,
    name: review.authorName,
    rating: review.rating,
    comment: review.comment,
    date: formatDate(review.updatedAt, locale),
  };
}

/**
 * A learner's review of the course (a plain form): only by someone who finished at least half of one
 * of its lists, one each, changed by posting again. Refused input is answered with the form's
 * messages and nothing is stored.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const snapshot = getCatalogue(context);
  const course = findCourse(snapshot, params.slug);
  if (!course) throw data("Not Found", { status: 404 });
  const viewer = getViewer(context);
  if (!viewer.user) throw data("Forbidden", { status: 403 });
  const { db, rateLimits, clientIp, config, cookieSecrets } = servicesOf(context);
  const limit = await rateLimits.forms.consume(clientIp);
  if (!limit.ok) throw data("Too Many Requests", { status: 429, headers: { "Retry-After": String(limit.retryAfter) } });
  const form = await request.formData();
  const values = { rating: String(form.get("rating") ?? ""), comment: String(form.get("comment") ?? "") };
  const refused = (errors: ReviewFormState["errors"], status: 400 | 403) =>
    data({ errors, values } satisfies ReviewFormState, { status });
  if (form.get("intent") !== "review") return refused({ form: "reviews.errors.badRequest" }, 400);
  const mine = await ownReview(db, course.id, viewer.user.id);
  if (!mine && !(await mayReview(db, snapshot, viewer, course)))
    return refused({ form: "reviews.errors.notAllowed" }, 403);
  const parsed = reviewForm.safeParse(values);
  if (!parsed.success) return refused(reviewErrors(parsed.error), 400);
  const user = await findUserById(db, viewer.user.id);
  await saveReview(db, {
    ...parsed.data,
    courseId: course.id,
    userId: viewer.user.id,
    authorName: user?.name?.trim() || null,
  });
  const lng = new URL(request.url).searchParams.get("lng");
  return redirect(`/course/${course.slug}${lng ? `?${new URLSearchParams({ lng })}` : ""}#reviews`, {
    status: 303,
    headers: { "Set-Cookie": await setFlash(config, cookieSecrets, "reviews.saved") },
  });
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

function Fact({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-ink-100 py-2">
      <dt className="text-ink-600">{label}</dt>
      <dd className="text-end font-semibold text-ink-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Price, rating, teacher, duration, lessons, students and "Join Now" (or, for whom it is open, "Go to course"). */
function CourseFacts({
  card,
  lessonCount,
  soonCount,
  openAt,
}: {
  card: CourseCardView;
  /** Lessons with a video. */
  lessonCount: number;
  /** Lessons its teacher shows as "Coming soon". */
  soonCount: number;
  /** Where the course is watched, for a viewer to whom every lesson is open; otherwise undefined. */
  openAt?: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = asLocale(i18n.language);
  const hours = Number(card.duration);
  return (
    <aside
      aria-labelledby="course-facts"
      className="self-start lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1"
    >
      <div className="rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-card)]">
        <h2 id="course-facts" className="sr-only">
          {t("coursePage.facts")}
        </h2>
        <p className="text-3xl font-extrabold text-brand-800" data-testid="course-price">
          {card.soldSeparately ? <bdi>{card.price}</bdi> : t("card.inSubscription")}
        </p>
        <div className="mt-2 flex items-center gap-2 text-sm text-ink-600" data-testid="course-rating">
          <CourseRating course={card} reviewsLabel={t("coursePage.reviews", { count: card.reviews })} />
        </div>
        <dl className="mt-4 text-sm">
          <Fact label={t("card.teacher")} value={card.teacher} testId="course-teacher" />
          <Fact
            label={t("coursePage.duration")}
            value={t("card.hours", { count: hours, hours: formatHours(hours, locale) })}
            testId="course-hours"
          />
          <Fact
            label={t("coursePage.lessons")}
            value={
              soonCount === 0
                ? formatNumber(lessonCount, locale)
                : lessonCount === 0
                  ? t("coursePage.lessonsOnlySoon", { count: soonCount })
                  : t("coursePage.lessonsWithSoon", { count: soonCount, lessons: formatNumber(lessonCount, locale) })
            }
            testId="course-lessons"
          />
          {card.students > 0 ? (
            <Fact
              label={t("coursePage.students")}
              value={formatNumber(card.students, locale)}
              testId="course-students"
            />
          ) : null}
        </dl>
        {openAt ? (
          <Link to={openAt} className="btn btn-primary btn-lg mt-6 w-full" data-testid="course-open">
            {t("card.goToCourse")}
          </Link>
        ) : (
          <Link to={card.join} className="btn btn-primary btn-lg mt-6 w-full" data-testid="course-join">
            {t("card.joinNow")}
          </Link>
        )}
      </div>
    </aside>
  );
}

export default function CoursePage({ loaderData, actionData }: Route.ComponentProps) {
  const fallback = useEnglishFallback();
  const { t } = useTranslation();
  const titled = useTitled();
  const { card, catalogue, lists, lessonCount, soonCount, quiz, viewer, progress } = loaderData;
  const trail = [
    { label: t("nav.courses"), to: "/courses" },
    ...(catalogue ? [{ label: catalogue.title, to: catalogue.href }] : []),
  ];
  // What the curriculum below holds for someone signed in without paying: all of it, some, or nothing.
  const allFree = lists.length > 0 && lists.every((list) => list.allFree);
  const noneFree = lists.every((list) => !list.allFree && list.freeSamples === 0);
  const signIn = useSignInHref();
  const note = viewer.hasAccess
    ? t("coursePage.noteSubscriber")
    : allFree
      ? t(viewer.isAuthenticated ? "coursePage.noteLearnerAllFree" : "coursePage.noteVisitorAllFree")
      : noneFree
        ? t("coursePage.noteNone")
        : viewer.isAuthenticated
          ? t("coursePage.noteLearner")
          : t("coursePage.noteVisitor");
  return (
    <>
      <PageHeader title={card.title} trail={trail} />
      {/* Phones read the introduction, then the price and Join Now, then the lessons; wide screens keep
          the price beside everything. */}
      <div className="container-page grid gap-10 py-14 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-y-0">
        <div className="min-w-0">
          {loaderData.preview ? <DraftPreviewNote /> : null}
          <CourseCover
            src={card.cover}
            title={card.title}
            fetchPriority="high"
            className="aspect-[8/5] w-full rounded-[var(--radius-card)] object-cover shadow-[var(--shadow-card)] lg:max-h-80"
          />
          <section aria-labelledby="about-course" className="mt-8">
            <h2 id="about-course" className="text-2xl font-bold">
              {t("coursePage.about")}
            </h2>
            <p
              className="mt-3 text-lg whitespace-pre-line text-ink-700"
              data-testid="course-summary"
              {...fallback(card.summary)}
            >
              {card.summary}
            </p>
          </section>
        </div>
        <CourseFacts
          card={card}
          lessonCount={lessonCount}
          soonCount={soonCount}
          openAt={viewer.hasAccess ? (lists.find((list) => list.href)?.href ?? "/courses") : undefined}
        />
        <div className="min-w-0 lg:col-start-1">
          <section aria-labelledby="curriculum-heading" className="lg:mt-10">
            <h2 id="curriculum-heading" className="text-2xl font-bold">
              {t("coursePage.curriculum")}
            </h2>
            {progress ? <ProgressTally tally={progress} className="mt-3 max-w-md" /> : null}
            <p className="mt-2 mb-6 text-ink-700" data-testid="course-access-note">
              {note}{" "}
              {viewer.hasAccess || (allFree && viewer.isAuthenticated) ? null : (
                <Link
                  to={viewer.isAuthenticated ? "/Payments" : signIn}
                  className="font-semibold text-brand-800 underline"
                >
                  {viewer.isAuthenticated ? t("video.subscribeCta") : t("video.signInCta")}
                </Link>
              )}
            </p>
            <Curriculum lists={lists} signedIn={viewer.isAuthenticated} orderHref={viewer.orderHref} />
          </section>
          <CourseReviews
            reviews={loaderData.reviews.list}
            mine={loaderData.reviews.mine}
            may={loaderData.reviews.may}
            signedIn={viewer.isAuthenticated}
            saved={loaderData.reviews.saved}
            state={actionData}
          />
          {quiz ? (
            <section aria-labelledby="course-quiz" className="mt-10 rounded-[var(--radius-card)] bg-brand-50 p-6">
              <h2 id="course-quiz" className="text-2xl font-bold">
                {t("coursePage.quizHeading")}
              </h2>
              <p className="mt-2 text-ink-700">
                {titled("coursePage.quizText", quiz.title, { count: quiz.questionCount })}
              </p>
              <Link to={quiz.href} className="btn btn-primary mt-4" data-testid="course-quiz-link">
                {t("test.start")}
                <span className="sr-only">: {quiz.title}</span>
              </Link>
            </section>
          ) : null}
        </div>
      </div>
    </>
  );
}
