import { businessDay, endOfBusinessDay } from "~/i18n/format";

/**
 * The cancellation rule of a distance sale (Consumer Protection Law, section 14C; issue 33, decision
 * 0047): a buyer may cancel within 14 days, and the school may keep a fee of at most 5 % of the
 * price or ₪100, whichever is less. Money is in the price's minor units (cents, agorot), as integers.
 * Not a server module and free of zod: the pages that state the terms show the same numbers.
 */

/** Days after the day of the purchase on which it can still be cancelled. */
export const CANCELLATION_DAYS = 14;

/** The fee: this percentage of the price… */
export const CANCELLATION_FEE_PERCENT = 5;

/** …or the law's cap, ₪100 (in agorot), whichever is less. */
export const SHEKEL_FEE_CAP_AGOROT = 10_000;

/**
 * A price in dollars is capped at what ₪100 buys at this many shekels to the dollar: $20. The dollar
 * has cost far less than ₪5 for years, so $20 stays below ₪100 with no exchange rate to keep current,
 * and the buyer never pays more than the law allows (decision 0047).
 */
export const SHEKELS_PER_DOLLAR_BOUND = 5;

/** The fee's cap per currency, in minor units. A currency not listed here carries no fee. */
const FEE_CAPS: ReadonlyMap<string, number> = new Map([
  ["ILS", SHEKEL_FEE_CAP_AGOROT],
  ["USD", Math.floor(SHEKEL_FEE_CAP_AGOROT / SHEKELS_PER_DOLLAR_BOUND)],
]);

/** The cap of a currency's fee, in its minor units (0: a currency the rule has no cap for, so no fee). */
export function feeCap(currency: string): number {
  return FEE_CAPS.get(currency) ?? 0;
}

/**
 * The fee for cancelling a purchase of `amount` (minor units). Rounding, stated once for the whole
 * site: the percentage is rounded down to a whole cent or agora — in the buyer's favour.
 */
export function cancellationFee(amount: number, currency: string): number {
  if (!Number.isSafeInteger(amount) || amount <= 0) return 0;
  const percent = Math.floor((amount * CANCELLATION_FEE_PERCENT) / 100);
  return Math.min(percent, feeCap(currency));
}

/** What goes back to the buyer: the amount less the fee. */
export function refundDue(amount: number, currency: string): number {
  return Math.max(0, amount - cancellationFee(amount, currency));
}

/** The day after `day` ("2027-03-31") by `days` calendar days. */
function addDays(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * The period in which a purchase made at `purchasedAt` can be cancelled. Days are counted on the
 * school's clock (Israel's): the day of the purchase, then 14 more whole days — a purchase at
 * 23:50 on March 1 can be cancelled until the end of March 15. `closesAt` is the first instant
 * after it.
 */
export function cancellationWindow(purchasedAt: Date): { lastDay: string; closesAt: Date } {
  const lastDay = addDays(businessDay(purchasedAt), CANCELLATION_DAYS);
  // The last second of the day, plus that second: the next day's first instant.
  return { lastDay, closesAt: new Date(endOfBusinessDay(lastDay)!.getTime() + 1000) };
}

/** Whether a purchase made at `purchasedAt` can still be cancelled at `now`. */
export function withinCancellationWindow(purchasedAt: Date, now: Date): boolean {
  return now < cancellationWindow(purchasedAt).closesAt;
}
