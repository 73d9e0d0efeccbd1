import { describe, expect, it } from "vitest";
import type { ProviderDeal, ProviderSubscription } from "~/lib/payments/provider.server";
import { accessUntil, dealMismatch, periodEnd, subscriptionSource, type PaymentOrder } from "./billing.server";

const start = new Date("2026-11-01T00:00:00Z");
const end = new Date("2026-12-01T00:00:00Z");
const subscription = (over: Partial<ProviderSubscription>): ProviderSubscription => ({
  id: "sub_1",
  userId: "u1",
  customerId: "cus_1",
  status: "active",
  interval: "month",
  periodStart: start,
  periodEnd: end,
  cancelAtPeriodEnd: false,
  endedAt: null,
  ...over,
});

describe("until when a bought subscription gives access", () => {
  it("the period's end while it is paid, cancelling or not", () => {
    expect(accessUntil(subscription({}))).toEqual(end);
    expect(accessUntil(subscription({ status: "trialing" }))).toEqual(end);
    expect(accessUntil(subscription({ cancelAtPeriodEnd: true }))).toEqual(end);
  });

  it("where the paid period ended when the renewal is unpaid (the provider has moved the period on)", () => {
    expect(accessUntil(subscription({ status: "past_due" }))).toEqual(start);
    expect(accessUntil(subscription({ status: "unpaid" }))).toEqual(start);
    expect(accessUntil(subscription({ status: "incomplete" }))).toEqual(start);
  });

  it("when it ended, never past the period paid for", () => {
    const early = new Date("2026-11-15T00:00:00Z");
    expect(accessUntil(subscription({ status: "canceled", endedAt: early }))).toEqual(early);
    expect(accessUntil(subscription({ status: "canceled", endedAt: new Date("2027-01-01T00:00:00Z") }))).toEqual(end);
    expect(accessUntil(subscription({ status: "canceled", endedAt: null }))).toEqual(end);
  });
});

describe("where a subscription came from", () => {
  it("a payment, an approved registration request, or a hand grant", () => {
    expect(subscriptionSource("payment")).toBe("payment");
    expect(subscriptionSource("request:0b5f")).toBe("approval");
    expect(subscriptionSource("admin:42")).toBe("manual");
    expect(subscriptionSource("cli")).toBe("manual");
    expect(subscriptionSource("seed")).toBe("manual");
  });
});

describe("a read-back provider's deal against Lomda's order (decision 0046)", () => {
  const order: PaymentOrder = {
    id: "6f1c1f0e-1c1e-4a57-9d6a-0d2b3c4d5e6f",
    provider: "cardcom",
    providerRef: "8c92820a-2f6f-4120-a699-ab1969b2f78b",
    userId: "u1",
    kind: "course",
    courseId: "c1",
    planInterval: null,
    amountCents: 12990,
    currency: "ILS",
    status: "open",
    paymentId: null,
  };
  const deal = (over: Partial<ProviderDeal>): ProviderDeal => ({
    id: order.providerRef!,
    orderId: order.id,
    kind: "course",
    paid: true,
    problem: null,
    amountCents: 12990,
    currency: "ILS",
    transactionId: "209413394",
    card: null,
    ...over,
  });

  it("matches only the same deal, Lomda's own order, what was asked, the amount and the currency", () => {
    expect(dealMismatch(order, deal({}))).toBeNull();
    expect(dealMismatch(order, deal({ id: "8C92820A-2F6F-4120-A699-AB1969B2F78B" }))).toBeNull();
    expect(dealMismatch(order, deal({ id: "00000000-2f6f-4120-a699-ab1969b2f78b" }))).toBe("another deal");
    expect(dealMismatch({ ...order, providerRef: null }, deal({}))).toBe("another deal");
    expect(dealMismatch(order, deal({ orderId: null }))).toBe("another order");
    expect(dealMismatch(order, deal({ kind: "subscription" }))).toMatch(/subscription operation for a course order/);
    expect(dealMismatch(order, deal({ amountCents: 12989 }))).toBe("amount 12989 for 12990");
    expect(dealMismatch(order, deal({ amountCents: null }))).toBe("amount ? for 12990");
    expect(dealMismatch(order, deal({ currency: "USD" }))).toBe("currency USD for ILS");
    // Not paid: not a mismatch, and nothing to grant (confirmOrder says "unpaid").
    expect(dealMismatch(order, deal({ paid: false, amountCents: null }))).toBeNull();
  });

  it("a plan's period is one calendar month or year, the end of a shorter month when the day is missing", () => {
    expect(periodEnd(new Date("2026-01-15T10:00:00Z"), "month").toISOString()).toBe("2026-02-15T10:00:00.000Z");
    expect(periodEnd(new Date("2026-01-31T10:00:00Z"), "month").toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(periodEnd(new Date("2028-01-31T10:00:00Z"), "month").toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(periodEnd(new Date("2026-12-31T23:00:00Z"), "month").toISOString()).toBe("2027-01-31T23:00:00.000Z");
    expect(periodEnd(new Date("2028-02-29T08:00:00Z"), "year").toISOString()).toBe("2029-02-28T08:00:00.000Z");
  });
});
