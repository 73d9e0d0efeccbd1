import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { getViewer, pageContext, servicesOf } from "~/context.server";
import { pageMeta } from "~/lib/meta";
import { getPlans, onlineCheckout } from "~/models/billing.server";
import { formatMoney } from "~/i18n/format";
import type { Route } from "./+types/payments";
import { CheckIcon } from "~/components/ui/check-icon";
import { CheckoutButton, CheckoutProblemNote, checkoutProblemOf } from "~/components/billing/checkout-problem";
import type { StringsHandle } from "~/i18n/sections";
import { businessDetails, sellerTerms } from "~/models/business.server";
import { SellerTerms } from "~/components/billing/seller-terms";
import { CouponForm, CouponPrices } from "~/components/billing/coupon-form";
import { applyCoupon } from "./coupon-action.server";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["checkout", "coupon", "payments", "seller"] } satisfies StringsHandle;

/**
 * /Payments: what a subscription includes and the plans the owner offers (admin → Payments). With
 * online checkout on, each plan has its button (a visitor signs in first); with it off — or without
 * a payment provider configured — the page says how to subscribe through a registration request.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t, meta } = pageContext(context, request, "/Payments");
  const { db, payments } = servicesOf(context);
  const viewer = getViewer(context);
  const plans = (await getPlans(db)).filter((p) => p.active);
  return {
    meta: meta(t("payments.metaTitle"), t("payments.description")),
    // Who sells and the cancellation terms, before the purchase (issue 33), in the plans' currencies.
    seller: sellerTerms(
      await businessDetails(db),
      locale,
      plans.map((p) => p.currency),
    ),
    plans: plans.map((p) => ({
      interval: p.interval,
      price: formatMoney(p.amountCents / 100, p.currency, locale, { cents: true }),
    })),
    online: plans.length > 0 && (await onlineCheckout(db, payments)),
    // Whose secure page the buyer pays on (its name is in the note under the plans).
    cardcom: payments?.name === "cardcom",
    subscribed: viewer.hasSubscription,
    signedIn: viewer.isAuthenticated,
    problem: checkoutProblemOf(request.url),
    lng: new URL(request.url).searchParams.get("lng"),
  };
}

/**
 * POST /Payments: the buyer's coupon code, checked for each plan on offer (coupon-action.server.ts);
 * each plan it lowers then shows its price before and after, and its button carries the code.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { db, payments } = servicesOf(context);
  const url = new URL(request.url);
  const online = await onlineCheckout(db, payments);
  const plans = online ? (await getPlans(db)).filter((p) => p.active) : [];
  return applyCoupon(
    { context, request },
    plans.map((p) => ({
      key: p.interval,
      item: { kind: "subscription", interval: p.interval, amountCents: p.amountCents, currency: p.currency },
    })),
    `${url.pathname}${url.search}`,
  );
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

export default function Payments({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const includes = ["include1", "include2", "include3", "include4"] as const;
  const { plans, online, subscribed, signedIn, lng } = loaderData;
  return (
    <>
      <PageHeader title={t("payments.title")} />
      <section className="container-page grid gap-10 py-14 lg:grid-cols-2" aria-labelledby="payments-heading">
        <div>
          <h2 id="payments-heading" className="text-3xl font-extrabold">
            {t("payments.heading")}
          </h2>
          <h3 className="mt-6 text-lg font-bold">{t("payments.includesTitle")}</h3>
          <ul className="mt-3 space-y-2">
            {includes.map((key) => (
              <li key={key} className="flex gap-2 text-ink-800">
                <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
                {t(`payments.${key}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-[var(--radius-card)] bg-brand-50 p-8 shadow-[var(--shadow-card)]">
          <CheckoutProblemNote problem={loaderData.problem} />
          {plans.length === 0 ? <p className="text-ink-700">{t("checkout.noPlans")}</p> : null}
          <ul className="grid gap-6" data-testid="plans">
            {plans.map((plan) => (
              <li key={plan.interval} data-testid={`plan-${plan.interval}`}>
                <p className="text-3xl font-extrabold text-brand-900">
                  <bdi>
                    {t(plan.interval === "month" ? "payments.monthly" : "checkout.perYear", { price: plan.price })}
                  </bdi>
                  {/* VAT-inclusive, as consumer law asks; an exempt dealer charges none, so says nothing here. */}
                  {loaderData.seller.vat ? (
                    <span className="ms-2 text-base font-semibold text-ink-700" data-testid="price-vat">
                      {t("seller.priceInclVat")}
                    </span>
                  ) : null}
                </p>
                {online && !subscribed ? (
                  signedIn ? (
                    <>
                      {actionData?.quotes[plan.interval] ? (
                        <CouponPrices
                          code={actionData.code}
                          quote={actionData.quotes[plan.interval]!}
                          note={t("coupon.firstPayment")}
                        />
                      ) : null}
                      <CheckoutButton
                        name="plan"
                        value={plan.interval}
                        lng={lng}
                        coupon={actionData?.quotes[plan.interval] ? actionData.code : null}
                        className="btn btn-primary btn-lg mt-3"
                      >
                        {t(plan.interval === "month" ? "checkout.subscribeMonthly" : "checkout.subscribeYearly")}
                      </CheckoutButton>
                    </>
                  ) : null
                ) : null}
              </li>
            ))}
          </ul>
          {online && signedIn && !subscribed && plans.length > 0 ? (
            <CouponForm
              action={lng ? `/Payments?lng=${encodeURIComponent(lng)}` : "/Payments"}
              code={actionData?.error ? actionData.code : undefined}
              error={actionData?.error}
            />
          ) : null}
          {subscribed ? (
            <p className="mt-6 font-bold text-success-700">
              {t("payments.active")}{" "}
              <Link to="/profile#access" className="font-semibold text-brand-800 underline">
                {t("checkout.seeAccess")}
              </Link>
            </p>
          ) : online ? (
            <>
              {!signedIn ? (
                <a
                  href={`/signin?returnTo=${encodeURIComponent(lng ? `/Payments?lng=${lng}` : "/Payments")}`}
                  className="btn btn-primary btn-lg mt-6"
                >
                  {t("checkout.signInToSubscribe")}
                </a>
              ) : null}
              <p className="mt-6 text-sm text-ink-700">
                {t(loaderData.cardcom ? "checkout.secureNoteCardcom" : "checkout.secureNote")}
              </p>
              <p className="mt-3 text-sm">
                <Link to="/register#request-heading" className="font-semibold text-brand-800 underline">
                  {t("checkout.schoolRequest")}
                </Link>
              </p>
            </>
          ) : (
            <>
              <h3 className="mt-6 text-lg font-bold">{t("payments.howTitle")}</h3>
              <p className="mt-2 text-ink-700">{t("payments.howText")}</p>
              <Link to="/register#request-heading" className="btn btn-primary btn-lg mt-6">
                {t("payments.howCta")}
              </Link>
              {!signedIn ? (
                <p className="mt-4">
                  <a href="/signin?returnTo=%2FPayments" className="font-semibold text-brand-800 underline">
                    {t("payments.already")}
                  </a>
                </p>
              ) : null}
            </>
          )}
        </div>
        <SellerTerms seller={loaderData.seller} className="lg:col-start-2" />
      </section>
    </>
  );
}
