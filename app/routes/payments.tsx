import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { getViewer, pageContext } from "~/context.server";
import { pageMeta } from "~/lib/meta";
import { getSubscriptionPrice } from "~/models/site-content.server";
import { formatPrice } from "~/i18n/format";
import type { Route } from "./+types/payments";
import { CheckIcon } from "~/components/ui/check-icon";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["payments"] } satisfies StringsHandle;

/** /Payments: what a subscription includes, its price, and how to get one today. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t, meta } = pageContext(context, request);
  const price = getSubscriptionPrice();
  const viewer = getViewer(context);
  return {
    meta: meta(t("payments.metaTitle"), t("payments.description")),
    monthly: formatPrice(price.priceMonthly, locale),
    yearly: formatPrice(price.priceYearly, locale),
    subscribed: viewer.hasSubscription,
    signedIn: viewer.isAuthenticated,
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const includes = ["include1", "include2", "include3", "include4"] as const;
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
          <p className="text-4xl font-extrabold text-brand-900" data-testid="price-monthly">
            <bdi>{t("payments.monthly", { price: loaderData.monthly })}</bdi>
          </p>
          <p className="mt-1 text-ink-700">
            <bdi>{t("payments.yearly", { price: loaderData.yearly })}</bdi>
          </p>
          {loaderData.subscribed ? (
            <p className="mt-6 font-bold text-success-700">{t("payments.active")}</p>
          ) : (
            <>
              <h3 className="mt-6 text-lg font-bold">{t("payments.howTitle")}</h3>
              <p className="mt-2 text-ink-700">{t("payments.howText")}</p>
              <Link to="/register#request-heading" className="btn btn-primary btn-lg mt-6">
                {t("payments.howCta")}
              </Link>
              {!loaderData.signedIn ? (
                <p className="mt-4">
                  <a href="/signin?returnTo=%2FPayments" className="font-semibold text-brand-800 underline">
                    {t("payments.already")}
                  </a>
                </p>
              ) : null}
            </>
          )}
        </div>
      </section>
    </>
  );
}
