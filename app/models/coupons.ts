/**
 * The coupon rules (issue 33, point 4; decision 0051), pure so the order pages, the checkout and the
 * tests share one statement of them. Money is in integer minor units (agorot, cents).
 */

/** What a buyer types: letters, digits and dashes, 3 to 32 of them; any case (kept in upper case). */
export const COUPON_CODE = /^[A-Z0-9][A-Z0-9-]{2,31}$/;
export const COUPON_CODE_MAX = 32;

/** The code as stored and looked up, or null when it cannot be a code at all. */
export function normalizeCouponCode(input: string): string | null {
  const code = input.trim().toUpperCase();
  return COUPON_CODE.test(code) ? code : null;
}

/**
 * The least a coupon may leave to pay, per currency: the providers cannot charge less. Stripe's
 * smallest charge in dollars is $0.50; ₪2.50 is at least that whenever the dollar costs under ₪5 (the
 * bound decision 0047 uses), and more than any shekel minimum we know of (Cardcom documents none).
 * A 100 % coupon therefore leaves this much to pay: a free course or plan is an admin's grant, not a
 * checkout. A currency not listed takes no coupon.
 */
export const PRICE_FLOOR: Readonly<Record<string, number>> = { ILS: 250, USD: 50 };

export type CouponKind = "percent" | "fixed";
export type CouponScope = "all" | "plan" | "course";

export interface Coupon {
  id: string;
  code: string;
  kind: CouponKind;
  percentOff: number | null;
  amountOffCents: number | null;
  currency: string | null;
  appliesTo: CouponScope;
  planInterval: "month" | "year" | null;
  courseId: string | null;
  expiresAt: string | null;
  maxUses: number | null;
  active: boolean;
}

/** What is being bought, at its price. */
export type CouponItem =
  | { kind: "course"; courseId: string; amountCents: number; currency: string }
  | { kind: "subscription"; interval: "month" | "year"; amountCents: number; currency: string };

/** Why a code does not lower this price; each has its message (coupon.errors.<reason>). */
export type CouponRefusal = "unknown" | "ended" | "usedUp" | "notForThis" | "floor";

export type CouponQuote =
  | { ok: true; code: string; beforeCents: number; discountCents: number; amountCents: number; currency: string }
  | { ok: false; reason: CouponRefusal };

/** Whether the coupon is for this item: anything, this plan's interval, or this course. */
export function couponCovers(coupon: Coupon, item: CouponItem): boolean {
  if (coupon.appliesTo === "plan") return item.kind === "subscription" && item.interval === coupon.planInterval;
  if (coupon.appliesTo === "course") return item.kind === "course" && item.courseId === coupon.courseId;
  return true;
}

/**
 * What the coupon takes off this price. The one rounding: a percentage of a price in minor units is
 * rounded UP to a whole agora or cent, in the buyer's favour (as the cancellation fee is rounded in
 * theirs, decision 0047), so the buyer never pays more than the percentage says. A fixed amount is
 * in one currency and lowers only prices in it. Either way the price stays at least PRICE_FLOOR:
 * the discount is cut to reach it, and a price already at the floor is refused ("floor").
 */
export function discountFor(coupon: Coupon, item: CouponItem): number {
  const floor = PRICE_FLOOR[item.currency];
  if (floor === undefined) return 0;
  const room = Math.max(0, item.amountCents - floor);
  const wanted =
    coupon.kind === "percent"
      ? Math.ceil((item.amountCents * (coupon.percentOff ?? 0)) / 100)
      : coupon.currency === item.currency
        ? (coupon.amountOffCents ?? 0)
        : 0;
  return Math.min(Math.max(0, wanted), room);
}

/**
 * The whole rule, given the coupon (undefined: no such code), the time and its uses held now
 * (redeemed, or reserved and not lapsed). The order of the checks is the order of the messages a
 * buyer would want: a code that does not exist, one that ended, one used up, one for something else.
 */
export function quoteCoupon(coupon: Coupon | undefined, item: CouponItem, usesHeld: number, now: Date): CouponQuote {
  if (!coupon) return { ok: false, reason: "unknown" };
  if (!coupon.active || (coupon.expiresAt !== null && Date.parse(coupon.expiresAt) < now.getTime()))
    return { ok: false, reason: "ended" };
  if (coupon.maxUses !== null && usesHeld >= coupon.maxUses) return { ok: false, reason: "usedUp" };
  const fixedInAnotherCurrency = coupon.kind === "fixed" && coupon.currency !== item.currency;
  if (!couponCovers(coupon, item) || fixedInAnotherCurrency || PRICE_FLOOR[item.currency] === undefined)
    return { ok: false, reason: "notForThis" };
  const discountCents = discountFor(coupon, item);
  if (discountCents <= 0) return { ok: false, reason: "floor" };
  return {
    ok: true,
    code: coupon.code,
    beforeCents: item.amountCents,
    discountCents,
    amountCents: item.amountCents - discountCents,
    currency: item.currency,
  };
}
