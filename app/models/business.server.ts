import type { Kysely } from "kysely";
import type { Database } from "~/lib/db.server";
import { formatMoney, formatPercent } from "~/i18n/format";
import type { Locale } from "~/i18n/locale";
import { chargesVat, DEFAULT_BUSINESS, type BusinessDetails } from "./business";
import type { SellerTermsView } from "./business.types";
import { CANCELLATION_DAYS, CANCELLATION_FEE_PERCENT, feeCap, SHEKELS_PER_DOLLAR_BOUND } from "./cancellation";
import { storedBusiness } from "./business.schema";
import { bumpCatalogueVersion } from "./catalogue-version.server";

/**
 * The school's business details (issue 33, point 2): one site_settings row holding them as JSON, as
 * the accessibility statement's are kept, so a save is one write and a reader never sees half of one.
 */
const SETTING = "business_details";

type Db = Pick<Kysely<Database>, "selectFrom">;

export async function businessDetails(db: Db): Promise<BusinessDetails> {
  const row = await db.selectFrom("site_settings").select("value").where("key", "=", SETTING).executeTakeFirst();
  if (!row) return DEFAULT_BUSINESS;
  let json: unknown;
  try {
    json = JSON.parse(row.value);
  } catch {
    return DEFAULT_BUSINESS;
  }
  const stored = storedBusiness.safeParse(json);
  if (!stored.success) return DEFAULT_BUSINESS;
  const details: BusinessDetails = { ...DEFAULT_BUSINESS };
  for (const [key, value] of Object.entries(stored.data))
    if (value !== undefined) Object.assign(details, { [key]: value });
  return details;
}

/**
 * Stores the admin's details; "unchanged" when they are what is stored already (nothing written, no
 * audit line). The details are on visitors' cached pages (the order and subscription pages, the
 * terms), so the catalogue's version is bumped in the same transaction, as the accessibility
 * statement's save does (decision 0017).
 */
export async function saveBusinessDetails(
  db: Kysely<Database>,
  details: BusinessDetails,
  now: Date = new Date(),
): Promise<"changed" | "unchanged"> {
  const value = JSON.stringify({
    legalNameEn: details.legalNameEn,
    legalNameHe: details.legalNameHe,
    dealerKind: details.dealerKind,
    dealerNumber: details.dealerNumber,
    addressEn: details.addressEn,
    addressHe: details.addressHe,
    email: details.email,
    phone: details.phone,
    vatPercent: details.vatPercent,
  } satisfies BusinessDetails);
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("site_settings").select("value").where("key", "=", SETTING).executeTakeFirst();
    if (row?.value === value) return "unchanged";
    await trx
      .insertInto("site_settings")
      .values({ key: SETTING, value, updated_at: now.toISOString() })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now.toISOString() }))
      .execute();
    await bumpCatalogueVersion(trx);
    return "changed";
  });
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
