import { describe, expect, it } from "vitest";
import type { ProviderSubscription } from "~/lib/payments/provider.server";
import { accessUntil, subscriptionSource } from "./billing.server";

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
