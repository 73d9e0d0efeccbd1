import { useTranslation } from "~/i18n/use-translation";
import { data, Link } from "react-router";
import { CourseCard } from "~/components/course/course-card";
import { PageHeader } from "~/components/layout/page-header";
import { pageMeta } from "~/lib/meta";
import { getCatalogue, getViewer, pageContext, servicesOf } from "~/context.server";
import { getPlans, onlineCheckout } from "~/models/billing.server";
import { CheckoutButton, CheckoutProblemNote, checkoutProblemOf } from "~/components/billing/checkout-problem";
import { dearerCourseSharingLists, findCourse } from "~/models/catalogue.server";
import { formatMoney, formatPrice } from "~/i18n/format";
import { cardView } from "~/models/catalogue-view.server";
import { businessDetails, sellerTerms } from "~/models/business.server";
import { SellerTerms } from "~/components/billing/seller-terms";
import type { Route } from "./+types/order";
import type { StringsHandle } from "~/i18n/sections";
import { CouponForm, CouponPrices } from "~/components/billing/coupon-form";
import { applyCoupon } from "./coupon-action.server";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = {
  strings: ["card", "checkout", "coupon", "order", "progress", "rating", "seller"],
} satisfies StringsHandle;

/**
 * /order: where Join Now leads for a course (?course=<slug>): the course and the way to get it —
 * bought on its own online, or the subscription. An unknown or unpublished course is a 404; without
 * ?course= the page asks to choose a course (it used to pretend the tax course was chosen, D-M5).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t, meta } = pageContext(context, request);
  const snapshot = getCatalogue(context);
  const slug = new URL(request.url).searchParams.get("course");
  const course = slug !== null ? findCourse(snapshot, slug) : undefined;
  if (slug !== null && !course) throw data("Not Found", { status: 404 });
  const { db, payments } = servicesOf(context);
  const viewer = getViewer(context);
  const online = await onlineCheckout(db, payments);
  const card = course ? cardView(course, locale, online) : null;
  const dearer = course ? dearerCourseSharingLists(snapshot, course) : undefined;
  // The subscription's prices, for the page to say what the way in costs.
  const plans = (await getPlans(db)).filter((p) => p.active);
  const price = (interval: "month" | "year") => {
    const plan = plans.find((p) => p.interval === interval);
    return plan ? formatMoney(plan.amountCents / 100, plan.currency, locale, { cents: true }) : null;
  };
  // Who sells and the cancellation terms, before the purchase (issue 33), in the prices' currencies.
  const currencies = [...(course?.soldSeparately && online ? [course.currency] : []), ...plans.map((p) => p.currency)];
  return {
    meta: meta(t("order.metaTitle"), t("order.description")),
    seller: sellerTerms(await businessDetails(db), locale, currencies),
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
    // Whose secure page the buyer pays on (its name is in the note under the button).
    cardcom: payments?.name === "cardcom",
    monthly: price("month"),
    yearly: price("year"),
    problem: checkoutProblemOf(request.url),
    lng: new URL(request.url).searchParams.get("lng"),
  };
}

/**
 * POST /order?course=<slug>: the buyer's coupon code, checked for this course (coupon-action.server.ts);
 * the page then shows the price before and after it, and the buy button carries the code.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const course = findCourse(getCatalogue(context), url.searchParams.get("course") ?? "");
  if (!course) throw data("Not Found", { status: 404 });
  const { db, payments } = servicesOf(context);
  const sold = course.soldSeparately && (await onlineCheckout(db, payments));
  return applyCoupon(
    { context, request },
    sold
      ? [
          {
            key: "course",
            item: { kind: "course", courseId: course.id, amountCents: course.priceCents, currency: course.currency },
          },
        ]
      : [],
    `${url.pathname}${url.search}`,
  );
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { buy, lng } = loaderData;
  const here = `/order?course=${buy?.slug ?? ""}${lng ? `&lng=${lng}` : ""}`;
  // The coupon the buyer applied on this page, when it lowers this course's price.
  const quote = actionData?.quotes.course;
  // Right under the price it speaks of: VAT-inclusive, as consumer law asks (not for an exempt dealer,
  // who charges none).
  const vatNote = loaderData.seller.vat ? (
    <p className="mt-2 text-sm font-semibold text-ink-700" data-testid="price-vat">
      {t("seller.priceInclVat")}
    </p>
  ) : null;
  return (
    <>
      <PageHeader title={t("order.title")} />
      <section className="container-page grid gap-10 py-14 lg:grid-cols-2" aria-labelledby="order-heading">
        <div>
          <h2 id="order-heading" className="mb-4 text-2xl font-bold">
            {loaderData.course ? t("order.chosen") : t("order.chooseTitle")}
          </h2>
          {/* No "Join Now" here: it would lead back to this page. */}
          {loaderData.course ? (
            <CourseCard course={loaderData.course} join={false} eager />
          ) : (
            <div data-testid="order-choose">
              <p className="text-ink-700">{t("order.none")}</p>
              <Link to="/courses" className="btn btn-primary btn-lg mt-6">
                {t("order.browse")}
              </Link>
            </div>
          )}
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
                    <>
                      {quote && actionData ? <CouponPrices code={actionData.code} quote={quote} /> : null}
                      <CheckoutButton
                        name="course"
                        value={buy.slug}
                        lng={lng}
                        coupon={quote ? actionData?.code : null}
                        className="btn btn-primary btn-lg mt-6"
                      >
                        <bdi>{t("checkout.buyCourse", { price: quote ? quote.after : buy.price })}</bdi>
                      </CheckoutButton>
                      {vatNote}
                      <CouponForm
                        action={here}
                        code={actionData?.error ? actionData.code : undefined}
                        error={actionData?.error}
                      />
                    </>
                  ) : (
                    <a href={`/signin?returnTo=${encodeURIComponent(here)}`} className="btn btn-primary btn-lg mt-6">
                      {t("checkout.signInToBuy")}
                    </a>
                  )}
                  {buy.signedIn ? null : vatNote}
                  <p className="mt-4 text-sm text-ink-700">
                    {t(loaderData.cardcom ? "checkout.secureNoteCourseCardcom" : "checkout.secureNoteCourse")}
                  </p>
                </>
              )}
            </div>
          ) : null}
          <div className="rounded-[var(--radius-card)] bg-brand-50 p-8" data-testid="order-subscription">
            {/* Without online checkout nothing is sold on its own: say so, what the subscription costs, and how to get it. */}
            <h2 className="text-2xl font-bold">
              {loaderData.online || !loaderData.course ? t("order.includedTitle") : t("order.onlyTitle")}
            </h2>
            <p className="mt-3 text-ink-700">
              {!loaderData.course
                ? t("order.includedTextAll")
                : loaderData.online
                  ? t("order.includedText")
                  : t("order.onlyText")}
            </p>
            {loaderData.monthly ? (
              <p className="mt-3 font-bold text-brand-900" data-testid="order-plan-price">
                <bdi>
                  {loaderData.yearly
                    ? t("order.planPrices", { monthly: loaderData.monthly, yearly: loaderData.yearly })
                    : t("order.planMonthly", { monthly: loaderData.monthly })}
                </bdi>
                {loaderData.seller.vat ? (
                  <span className="ms-2 text-sm font-semibold text-ink-700" data-testid="price-vat">
                    {t("seller.priceInclVat")}
                  </span>
                ) : null}
              </p>
            ) : null}
            {loaderData.online ? null : <p className="mt-3 text-ink-700">{t("order.howText")}</p>}
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
          <SellerTerms seller={loaderData.seller} />
        </div>
      </section>
    </>
  );
}
