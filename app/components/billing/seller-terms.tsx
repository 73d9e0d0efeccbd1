import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { SellerTermsView } from "~/models/business.types";

/**
 * Who sells: the legal name, the kind of business with its number, the address and how to reach it
 * (the Consumer Protection Law's details of a distance seller). Numbers, the email and the phone stay
 * left to right inside Hebrew.
 */
export function SellerDetails({ seller }: { seller: SellerTermsView }) {
  const { t } = useTranslation();
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]" data-testid="seller-details">
      <dt className="font-semibold">{t("seller.soldBy")}</dt>
      <dd>
        <bdi>{seller.legalName}</bdi>, {t(`seller.kinds.${seller.dealerKind}`)}
      </dd>
      <dt className="font-semibold">{t(`seller.number.${seller.dealerKind}`)}</dt>
      <dd>
        <span dir="ltr">{seller.dealerNumber}</span>
      </dd>
      <dt className="font-semibold">{t("seller.address")}</dt>
      <dd>
        <bdi>{seller.address}</bdi>
      </dd>
      <dt className="font-semibold">{t("seller.email")}</dt>
      <dd>
        <a href={`mailto:${seller.email}`} dir="ltr" className="break-all text-brand-800 underline">
          {seller.email}
        </a>
      </dd>
      <dt className="font-semibold">{t("seller.phone")}</dt>
      <dd>
        <a href={`tel:${seller.phone.replace(/[^+\d]/g, "")}`} dir="ltr" className="text-brand-800 underline">
          {seller.phone}
        </a>
      </dd>
    </dl>
  );
}

/** The cancellation fee, in each currency the page's prices are in: the law's cap in shekels, and the dollars' own. */
export function FeeTerms({ seller }: { seller: SellerTermsView }) {
  const { t } = useTranslation();
  const shekels = seller.caps.find((c) => c.currency === "ILS");
  return (
    <>
      {seller.caps.map((c) => (
        <span key={c.currency}>
          {c.currency === "ILS"
            ? t("seller.fee", { percent: seller.percent, cap: c.cap })
            : t("seller.feeDollars", {
                percent: seller.percent,
                cap: c.cap,
                lawCap: shekels?.cap ?? "",
                bound: seller.dollarBound,
              })}{" "}
        </span>
      ))}
    </>
  );
}

/**
 * What a page with prices says before the purchase (issue 33, point 3): the seller's details, whether
 * prices include VAT, the cancellation terms, and the ways to cancel and to read the whole terms.
 */
export function SellerTerms({ seller, className = "" }: { seller: SellerTermsView; className?: string }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="seller-terms-heading"
      className={`rounded-[var(--radius-card)] border border-ink-200 bg-white p-6 text-ink-800 ${className}`}
      data-testid="seller-terms"
    >
      <h2 id="seller-terms-heading" className="mb-3 text-lg font-bold text-ink-900">
        {t("seller.heading")}
      </h2>
      <SellerDetails seller={seller} />
      <div className="mt-3 space-y-2 text-sm">
        <p>{seller.vat ? t("seller.vatIncluded", { rate: seller.vat }) : t("seller.vatNone")}</p>
        <p>
          {t("seller.cancelWithin", { days: seller.days })} <FeeTerms seller={seller} />
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-1">
          <Link to="/cancel" className="font-semibold text-brand-800 underline">
            {t("seller.cancelLink")}
          </Link>
          <Link to="/terms#cancellation" className="font-semibold text-brand-800 underline">
            {t("seller.termsLink")}
          </Link>
        </p>
      </div>
    </section>
  );
}
