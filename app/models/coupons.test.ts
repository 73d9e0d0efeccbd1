import { describe, expect, it } from "vitest";
import { discountFor, normalizeCouponCode, PRICE_FLOOR, quoteCoupon, type Coupon, type CouponItem } from "./coupons";
import { parseCouponForm } from "./coupons.schema";

/** The coupon rules (decision 0051): one statement of them, for the order pages and the checkout. */
const NOW = new Date("2027-03-01T10:00:00Z");
const coupon = (over: Partial<Coupon> = {}): Coupon => ({
  id: "c1",
  code: "SPRING",
  kind: "percent",
  percentOff: 20,
  amountOffCents: null,
  currency: null,
  appliesTo: "all",
  planInterval: null,
  courseId: null,
  expiresAt: null,
  maxUses: null,
  active: true,
  ...over,
});
const course = (amountCents: number, currency = "ILS", courseId = "course-1"): CouponItem => ({
  kind: "course",
  courseId,
  amountCents,
  currency,
});
const plan = (interval: "month" | "year", amountCents = 4900, currency = "ILS"): CouponItem => ({
  kind: "subscription",
  interval,
  amountCents,
  currency,
});

describe("codes", () => {
  it("are letters, digits and dashes, 3 to 32, in any case, kept in upper case", () => {
    expect(normalizeCouponCode("  spring-25 ")).toBe("SPRING-25");
    expect(normalizeCouponCode("AB")).toBeNull();
    expect(normalizeCouponCode("-ABC")).toBeNull();
    expect(normalizeCouponCode("A".repeat(33))).toBeNull();
    expect(normalizeCouponCode("ABC DEF")).toBeNull();
    expect(normalizeCouponCode("קופון")).toBeNull();
    expect(normalizeCouponCode("A'; DROP TABLE coupons;--")).toBeNull();
  });
});

describe("what a coupon takes off", () => {
  it("a percentage, rounded up to a whole agora in the buyer's favour", () => {
    // 15 % of ₪129.99 is 1949.85 agorot: 1950 off, ₪110.49 to pay (never more than 85 % of the price).
    expect(discountFor(coupon({ percentOff: 15 }), course(12999))).toBe(1950);
    expect(discountFor(coupon({ percentOff: 20 }), course(12900))).toBe(2580);
    expect(discountFor(coupon({ percentOff: 1 }), course(4901))).toBe(50);
  });

  it("a fixed amount, only off prices in its currency", () => {
    const fixed = coupon({ kind: "fixed", percentOff: null, amountOffCents: 3000, currency: "ILS" });
    expect(discountFor(fixed, course(12900))).toBe(3000);
    expect(discountFor(fixed, course(12900, "USD"))).toBe(0);
    expect(quoteCoupon(fixed, course(12900, "USD"), 0, NOW)).toEqual({ ok: false, reason: "notForThis" });
  });

  it("never below what the provider can charge: ₪2.50 or $0.50, even at 100 %", () => {
    expect(PRICE_FLOOR).toEqual({ ILS: 250, USD: 50 });
    expect(quoteCoupon(coupon({ percentOff: 100 }), course(12900), 0, NOW)).toMatchObject({
      ok: true,
      discountCents: 12650,
      amountCents: 250,
    });
    const big = coupon({ kind: "fixed", percentOff: null, amountOffCents: 10_000, currency: "USD" });
    expect(quoteCoupon(big, course(2900, "USD"), 0, NOW)).toMatchObject({ ok: true, amountCents: 50 });
    // A price already at the floor cannot be lowered: said so, rather than a coupon that does nothing.
    expect(quoteCoupon(coupon(), course(250), 0, NOW)).toEqual({ ok: false, reason: "floor" });
    expect(quoteCoupon(coupon(), course(100), 0, NOW)).toEqual({ ok: false, reason: "floor" });
    // A currency with no floor known takes no coupon.
    expect(quoteCoupon(coupon(), course(5000, "EUR"), 0, NOW)).toEqual({ ok: false, reason: "notForThis" });
  });
});

describe("whether a code lowers this price now", () => {
  it("for everything, one plan, or one course", () => {
    const monthly = coupon({ appliesTo: "plan", planInterval: "month" });
    expect(quoteCoupon(monthly, plan("month"), 0, NOW).ok).toBe(true);
    expect(quoteCoupon(monthly, plan("year", 39000), 0, NOW)).toEqual({ ok: false, reason: "notForThis" });
    expect(quoteCoupon(monthly, course(12900), 0, NOW)).toEqual({ ok: false, reason: "notForThis" });
    const one = coupon({ appliesTo: "course", courseId: "course-1" });
    expect(quoteCoupon(one, course(12900), 0, NOW).ok).toBe(true);
    expect(quoteCoupon(one, course(12900, "ILS", "course-2"), 0, NOW)).toEqual({ ok: false, reason: "notForThis" });
    expect(quoteCoupon(one, plan("month"), 0, NOW)).toEqual({ ok: false, reason: "notForThis" });
    expect(quoteCoupon(coupon(), plan("year", 39000), 0, NOW)).toMatchObject({ ok: true, amountCents: 31200 });
  });

  it("until its expiry, while active, within its use limit; an unknown code is unknown", () => {
    expect(quoteCoupon(undefined, course(12900), 0, NOW)).toEqual({ ok: false, reason: "unknown" });
    const until = (expiresAt: string) => quoteCoupon(coupon({ expiresAt }), course(12900), 0, NOW);
    expect(until("2027-03-01T10:00:00.000Z").ok).toBe(true);
    expect(until("2027-03-01T09:59:59.999Z")).toEqual({ ok: false, reason: "ended" });
    expect(quoteCoupon(coupon({ active: false }), course(12900), 0, NOW)).toEqual({ ok: false, reason: "ended" });
    const limited = coupon({ maxUses: 3 });
    expect(quoteCoupon(limited, course(12900), 2, NOW).ok).toBe(true);
    expect(quoteCoupon(limited, course(12900), 3, NOW)).toEqual({ ok: false, reason: "usedUp" });
  });
});

describe("the admin's form", () => {
  const good = { intent: "create", code: "spring-25", kind: "percent", percentOff: "25", appliesTo: "all" };

  it("reads a percentage, an amount in shekels or dollars, a scope, a last day and a limit", () => {
    expect(parseCouponForm(good, [])).toMatchObject({
      ok: true,
      coupon: { code: "SPRING-25", kind: "percent", percentOff: 25, appliesTo: "all", expiresAt: null, maxUses: null },
    });
    const fixed = parseCouponForm(
      {
        ...good,
        kind: "fixed",
        amountOff: "19.9",
        currency: "USD",
        appliesTo: "course:course-1",
        expires: "2027-03-15",
        maxUses: "10",
      },
      ["course-1"],
    );
    // The last day ends at midnight in Israel (UTC+2 in March).
    expect(fixed).toMatchObject({
      ok: true,
      coupon: {
        kind: "fixed",
        amountOffCents: 1990,
        currency: "USD",
        appliesTo: "course",
        courseId: "course-1",
        expiresAt: "2027-03-15T21:59:59.000Z",
        maxUses: 10,
      },
    });
    expect(parseCouponForm({ ...good, appliesTo: "plan:year" }, [])).toMatchObject({
      ok: true,
      coupon: { appliesTo: "plan", planInterval: "year" },
    });
  });

  it("refuses what is out of range, each field with its translated message's key", () => {
    const refused = (over: Record<string, string>, courses: string[] = []) => {
      const result = parseCouponForm({ ...good, ...over }, courses);
      return result.ok ? null : result.errors;
    };
    expect(refused({ code: "a b" })).toEqual({ code: "adminCoupons.errors.code" });
    expect(refused({ percentOff: "0" })).toEqual({ percentOff: "adminCoupons.errors.percentOff" });
    expect(refused({ percentOff: "101" })).toEqual({ percentOff: "adminCoupons.errors.percentOff" });
    expect(refused({ percentOff: "12.5" })).toEqual({ percentOff: "adminCoupons.errors.percentOff" });
    expect(refused({ kind: "fixed", amountOff: "0", currency: "ILS" })).toEqual({
      amountOff: "adminCoupons.errors.amountOff",
    });
    expect(refused({ kind: "fixed", amountOff: "10", currency: "EUR" })).toEqual({
      currency: "adminCoupons.errors.currency",
    });
    expect(refused({ appliesTo: "course:someone-elses" })).toEqual({ appliesTo: "adminCoupons.errors.appliesTo" });
    expect(refused({ expires: "2027-02-30" })).toEqual({ expires: "adminCoupons.errors.expires" });
    expect(refused({ maxUses: "0" })).toEqual({ maxUses: "adminCoupons.errors.maxUses" });
    expect(refused({ kind: "free" })).toEqual({ code: "adminCoupons.errors.form" });
  });
});
