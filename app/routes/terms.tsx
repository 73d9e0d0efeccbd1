import { useTranslation } from "~/i18n/use-translation";
import { LegalPage, SchoolContact, SeeAlso, type LegalSection } from "~/components/legal/legal-page";
import { formatDate } from "~/i18n/format";
import { pageContext, servicesOf } from "~/context.server";
import { SellerDetails } from "~/components/billing/seller-terms";
import { businessDetails, sellerTerms } from "~/models/business.server";
import { pageMeta } from "~/lib/meta";
import { TERMS_VERSION } from "~/models/legal";
import type { Route } from "./+types/terms";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["legal", "seller"] } satisfies StringsHandle;

/**
 * /terms: the terms of use a learner accepts at sign-up (TERMS_VERSION is recorded with the consent).
 * Each section says what the site does (payments: decisions 0024 and 0032; certificates and what a
 * refund takes back: 0030; cancelling a purchase and the seller's details: 0047), not more.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t, meta } = pageContext(context, request);
  return {
    meta: meta(t("legal.terms.metaTitle"), t("legal.terms.description")),
    updated: formatDate(TERMS_VERSION, locale),
    // The seller, and the fee's caps in shekels and in dollars (the currencies prices may be in).
    seller: sellerTerms(await businessDetails(servicesOf(context).db), locale, ["USD"]),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { seller } = loaderData;
  const cap = seller.caps.find((c) => c.currency === "ILS")?.cap ?? "";
  const dollarCap = seller.caps.find((c) => c.currency === "USD")?.cap ?? "";
  const sections: LegalSection[] = [
    {
      id: "who",
      heading: t("legal.terms.who.heading"),
      body: (
        <>
          <p>{t("legal.terms.who.p1")}</p>
          <SchoolContact />
        </>
      ),
    },
    {
      id: "account",
      heading: t("legal.terms.account.heading"),
      body: (
        <>
          <p>{t("legal.terms.account.p1")}</p>
          <p>{t("legal.terms.account.p2")}</p>
          <p>{t("legal.terms.account.p3")}</p>
        </>
      ),
    },
    {
      id: "subscriptions",
      heading: t("legal.terms.access.heading"),
      body: (
        <>
          <p>{t("legal.terms.access.p1")}</p>
          <p>{t("legal.terms.access.p2")}</p>
          <p>{t("legal.terms.access.p3")}</p>
        </>
      ),
    },
    {
      id: "refunds",
      heading: t("legal.terms.refunds.heading"),
      body: (
        <>
          <p>{t("legal.terms.refunds.p1")}</p>
          <p>{t("legal.terms.refunds.p2")}</p>
          <p>{t("legal.terms.refunds.p3")}</p>
          <p>{t("legal.terms.refunds.p4", { days: seller.days })}</p>
        </>
      ),
    },
    {
      id: "cancellation",
      heading: t("legal.terms.cancellation.heading"),
      body: (
        <>
          <p>{t("legal.terms.cancellation.p1", { days: seller.days })}</p>
          <p>
            {t("legal.terms.cancellation.p2", {
              percent: seller.percent,
              cap,
              dollarCap,
              bound: seller.dollarBound,
            })}
          </p>
          <p>{t("legal.terms.cancellation.p3", { days: seller.days })}</p>
          <p>{t("legal.terms.cancellation.p4")}</p>
          <SeeAlso to="/cancel">{t("legal.terms.cancellation.link")}</SeeAlso>
          <p>{t("legal.terms.cancellation.seller")}</p>
          <div className="rounded-lg bg-ink-50 p-4">
            <SellerDetails seller={seller} />
          </div>
        </>
      ),
    },
    {
      id: "certificates",
      heading: t("legal.terms.certificates.heading"),
      body: (
        <>
          <p>{t("legal.terms.certificates.p1")}</p>
          <p>{t("legal.terms.certificates.p2")}</p>
          <p>{t("legal.terms.certificates.p3")}</p>
        </>
      ),
    },
    {
      id: "fair-use",
      heading: t("legal.terms.use.heading"),
      body: (
        <>
          <p>{t("legal.terms.use.intro")}</p>
          <ul className="list-disc space-y-2 ps-6">
            <li>{t("legal.terms.use.item1")}</li>
            <li>{t("legal.terms.use.item2")}</li>
            <li>{t("legal.terms.use.item3")}</li>
            <li>{t("legal.terms.use.item4")}</li>
            <li>{t("legal.terms.use.item5")}</li>
          </ul>
          <p>{t("legal.terms.use.p1")}</p>
        </>
      ),
    },
    {
      id: "reviews",
      heading: t("legal.terms.reviews.heading"),
      body: (
        <>
          <p>{t("legal.terms.reviews.p1")}</p>
          <p>{t("legal.terms.reviews.p2")}</p>
          <p>{t("legal.terms.reviews.p3")}</p>
          <p>{t("legal.terms.reviews.p4")}</p>
        </>
      ),
    },
    {
      id: "content",
      heading: t("legal.terms.content.heading"),
      body: (
        <>
          <p>{t("legal.terms.content.p1")}</p>
          <p>{t("legal.terms.content.p2")}</p>
        </>
      ),
    },
    {
      id: "liability",
      heading: t("legal.terms.liability.heading"),
      body: (
        <>
          <p>{t("legal.terms.liability.p1")}</p>
          <p>{t("legal.terms.liability.p2")}</p>
        </>
      ),
    },
    {
      id: "law",
      heading: t("legal.terms.law.heading"),
      body: <p>{t("legal.terms.law.p1")}</p>,
    },
    {
      id: "questions",
      heading: t("legal.terms.contact.heading"),
      body: (
        <>
          <p>{t("legal.terms.contact.p1")}</p>
          <SeeAlso to="/privacy">{t("legal.terms.contact.privacy")}</SeeAlso>
        </>
      ),
    },
  ];
  return (
    <LegalPage
      title={t("legal.terms.title")}
      intro={t("legal.terms.intro")}
      updated={loaderData.updated}
      version={TERMS_VERSION}
      sections={sections}
    />
  );
}
