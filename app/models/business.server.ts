import type { Kysely } from "kysely";
import type { Database } from "~/lib/db.server";
import { formatMoney, formatPercent } from "~/i18n/format";
import type { Locale } from "~/i18n/locale";
import { chargesVat, DEFAULT_BUSINESS, type BusinessDetails } from "./business";
import type { SellerTermsView } from "./business.types";
import { CANCELLATION_DAYS, CANCELLATION_FEE_PERCENT, feeCap, SHEKELS_PER_DOLLAR_BOUND } from "./cancellation";
import { storedBusiness } from "./business.schema";
import { readSetting, saveSetting } from "./site-settings.server";

/**
 * The school's business details (issue 33, point 2), kept as one site setting, as the accessibility
 * statement's are (site-settings.server.ts).
 */
const SETTING = "business_details";

type Db = Pick<Kysely<Database>, "selectFrom">;

export function businessDetails(db: Db): Promise<BusinessDetails> {
  return readSetting(db, SETTING, storedBusiness, DEFAULT_BUSINESS);
}

/** Stores the admin's details (site-settings.server.ts: "unchanged" writes nothing; cached pages follow). */
export function saveBusinessDetails(
  db: Kysely<Database>,
  details: BusinessDetails,
  now: Date = new Date(),
): Promise<"changed" | "unchanged"> {
  const value: BusinessDetails = {
    legalNameEn: details.legalNameEn,
    legalNameHe: details.legalNameHe,
    dealerKind: details.dealerKind,
    dealerNumber: details.dealerNumber,
    addressEn: details.addressEn,
    addressHe: details.addressHe,
    email: details.email,
    phone: details.phone,
    vatPercent: details.vatPercent,
  };
  return saveSetting(db, SETTING, value, now);
}

/**
 * The seller's details and the cancellation terms as a page shows them before a purchase, for prices
 * in `currencies` (the cap is stated in each; shekels, the law's own, first).
 */
export function sellerTerms(details: BusinessDetails, locale: Locale, currencies: readonly string[]): SellerTermsView {
  const shown = [...new Set(["ILS", ...currencies])].filter((c) => feeCap(c) > 0);
  return {
    legalName: locale === "he" ? details.legalNameHe : details.legalNameEn,
    dealerKind: details.dealerKind,
    dealerNumber: details.dealerNumber,
    address: locale === "he" ? details.addressHe : details.addressEn,
    email: details.email,
    phone: details.phone,
    vat: chargesVat(details) ? formatPercent(details.vatPercent, locale) : null,
    days: CANCELLATION_DAYS,
    percent: formatPercent(CANCELLATION_FEE_PERCENT, locale),
    caps: shown.map((currency) => ({
      currency,
      cap: formatMoney(feeCap(currency) / 100, currency, locale, { whole: true }),
    })),
    dollarBound: formatMoney(SHEKELS_PER_DOLLAR_BOUND, "ILS", locale, { whole: true }),
  };
}
