import { useTranslation } from "~/i18n/use-translation";
import { data, Link } from "react-router";
import { CourseCard } from "~/components/course/course-card";
import { PageHeader } from "~/components/layout/page-header";
import { pageMeta } from "~/lib/meta";
import { getCatalogue, getViewer, pageContext, servicesOf } from "~/context.server";
import { onlineCheckout } from "~/models/billing.server";
import { CheckoutButton, CheckoutProblemNote, checkoutProblemOf } from "~/components/billing/checkout-problem";
import { dearerCourseSharingLists, findCatalogue, findCourse } from "~/models/catalogue.server";
import { formatPrice } from "~/i18n/format";
import { HOME_CATALOGUE_SLUG } from "~/models/catalogue.urls";
import { cardView } from "~/models/catalogue-view.server";
import type { Route } from "./+types/order";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["card", "checkout", "order", "progress", "rating"] } satisfies StringsHandle;

/** Without ?course=, the order page shows the home page's tax course, as the original did. */
const DEFAULT_COURSE = "tax-refund";

/**
 * /order: where Join Now leads for a course (?course=<slug>): the course and the way to subscribe.
 * An unknown or unpublished course is a 404.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t, meta } = pageContext(context, request);
  const snapshot = getCatalogue(context);
  const slug = new URL(request.url).searchParams.get("course");
  const course =
    slug !== null
      ? findCourse(snapshot, slug)
      : (findCourse(snapshot, DEFAULT_COURSE) ?? findCatalogue(snapshot, HOME_CATALOGUE_SLUG)?.courses[0]);
  if (slug !== null && !course) throw data("Not Found", { status: 404 });
  const { db, payments } = servicesOf(context);
  const viewer = getViewer(context);
  const card = course ? cardView(course, locale) : null;
  const online = await onlineCheckout(db, payments);
  const dearer = course ? dearerCourseSharingLists(snapshot, course) : undefined;
  return {
    meta: meta(t("order.metaTitle"), t("order.description")),
    course: card,
    // Bought on its own online: the course's price, once, for good (issue 18).
    buy:
      course && card && course.soldSeparately && online
        ? {
            slug: course.slug,
            price: card.price,
            owned: viewer.courseIds.includes(course.id),
            signedIn: viewer.isAuthenticated,
            // Not sold for less than the dearer course that holds the same lessons: that course instead.
            shared: dearer
              ? {
                  slug: dearer.slug,
                  title: dearer.title[locale],
                  price: formatPrice(dearer.priceCents / 100, locale, dearer.currency),
                }
              : null,
          }
        : null,
    online,
    problem: checkoutProblemOf(request.url),
    lng: new URL(request.url).searchParams.get("lng"),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

export default function Order({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { buy, lng } = loaderData;
  const here = `/order?course=${buy?.slug ?? ""}${lng ? `&lng=${lng}` : ""}`;
  return (
    <>
      <PageHeader title={t("order.title")} />
      <section className="container-page grid gap-10 py-14 lg:grid-cols-2" aria-labelledby="order-heading">
        <div>
          <h2 id="order-heading" className="mb-4 text-2xl font-bold">
            {t("order.chosen")}
          </h2>
          {/* No "Join Now" here: it would lead back to this page. */}
          {loaderData.course ? <CourseCard course={loaderData.course} join={false} eager /> : <p>{t("order.none")}</p>}
        </div>
        <div className="grid gap-6 self-start">
          <CheckoutProblemNote problem={loaderData.problem} />
          {buy ? (
            <div
              className="rounded-[var(--radius-card)] border-2 border-brand-200 bg-white p-8"
              data-testid="buy-course"
            >
              <h2 className="text-2xl font-bold">{t("checkout.buyTitle")}</h2>
              {buy.owned ? (
                <>
                  <p className="mt-3 font-bold text-success-700">{t("checkout.ownCourse")}</p>
                  <Link to={`/course/${buy.slug}`} className="btn btn-primary btn-lg mt-6">
                    {t("order.watch")}
                  </Link>
                </>
              ) : buy.shared ? (
                <>
                  <p className="mt-3 text-ink-700" data-testid="buy-course-shared">
                    {t("checkout.sharedText", { course: buy.shared.title, price: buy.shared.price })}
                  </p>
                  <Link to={`/order?course=${buy.shared.slug}`} className="btn btn-primary btn-lg mt-6">
                    {t("checkout.sharedLink", { course: buy.shared.title })}
                  </Link>
                </>
              ) : (
                <>
                  <p className="mt-3 text-ink-700">{t("checkout.buyText")}</p>
                  {buy.signedIn ? (
                    <CheckoutButton name="course" value={buy.slug} lng={lng} className="btn btn-primary btn-lg mt-6">
                      <bdi>{t("checkout.buyCourse", { price: buy.price })}</bdi>
                    </CheckoutButton>
                  ) : (
                    <a href={`/signin?returnTo=${encodeURIComponent(here)}`} className="btn btn-primary btn-lg mt-6">
                      {t("checkout.signInToBuy")}
                    </a>
                  )}
                  <p className="mt-4 text-sm text-ink-700">{t("checkout.secureNoteCourse")}</p>
                </>
              )}
            </div>
          ) : null}
          <div className="rounded-[var(--radius-card)] bg-brand-50 p-8">
            <h2 className="text-2xl font-bold">{t("order.includedTitle")}</h2>
            <p className="mt-3 text-ink-700">{t("order.includedText")}</p>
            {/* With online checkout the plans are one click away; without it, a registration request. */}
            <div className="mt-6 flex flex-wrap gap-3">
              {loaderData.online ? (
                <>
                  <Link to="/Payments" className="btn btn-primary btn-lg">
                    {t("checkout.seePlans")}
                  </Link>
                  <Link to="/register#request-heading" className="btn btn-secondary btn-lg">
                    {t("order.cta")}
                  </Link>
                </>
              ) : (
                <>
                  <Link to="/register#request-heading" className="btn btn-primary btn-lg">
                    {t("order.cta")}
                  </Link>
                  <Link to="/Payments" className="btn btn-secondary btn-lg">
                    {t("order.payments")}
                  </Link>
                </>
              )}
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
