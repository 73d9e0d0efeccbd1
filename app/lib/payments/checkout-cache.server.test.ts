import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeStandin, type StripeStandin } from "../../../tests/support/stripe-standin.ts";
import { CheckoutCache } from "./checkout-cache.server";
import { StripeProvider } from "./stripe.server";

describe("the checkout cache, in front of Stripe (its stand-in)", () => {
  let stripe: StripeStandin;
  let provider: StripeProvider;
  let checkoutId: string;
  const reads = () => stripe.state.requests.filter((r) => r.method === "GET").length;

  beforeAll(async () => {
    stripe = await startStripeStandin();
    provider = new StripeProvider({ secretKey: "sk_test_cache", webhookSecret: "whsec_cache", apiUrl: stripe.url });
    checkoutId = (
      await provider.createCheckout({
        kind: "subscription",
        userId: "user-1",
        customerId: null,
        email: "cache@example.org",
        productName: "Monthly",
        amountCents: 4900,
        currency: "USD",
        interval: "month",
        locale: "en",
        successUrl: "http://lomda.test/checkout/success?session_id={CHECKOUT_SESSION_ID}",
        cancelUrl: "http://lomda.test/checkout/cancel",
      })
    ).id;
  });
  afterAll(async () => stripe?.close());

  it("asks once for many askers at the same moment, and again only after a few seconds", async () => {
    let now = 1_000_000;
    const cache = new CheckoutCache({ ttlMs: 5_000, clock: () => now });
    const before = reads();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => cache.read(checkoutId, () => provider.getCheckout(checkoutId))),
    );
    expect(new Set(answers.map((a) => a?.id))).toEqual(new Set([checkoutId]));
    expect(reads() - before).toBe(1);
    now += 4_999;
    expect(cache.fresh(checkoutId)).toBeDefined();
    await cache.read(checkoutId, () => provider.getCheckout(checkoutId));
    expect(reads() - before).toBe(1);
    now += 1;
    expect(cache.fresh(checkoutId)).toBeUndefined();
    await cache.read(checkoutId, () => provider.getCheckout(checkoutId));
    expect(reads() - before).toBe(2);
    // "No such checkout" is an answer too, and kept as one.
    expect(await cache.read("cs_test_nothing", () => provider.getCheckout("cs_test_nothing"))).toBeNull();
    await cache.read("cs_test_nothing", () => provider.getCheckout("cs_test_nothing"));
    expect(reads() - before).toBe(3);
  });

  it("forgets a failure at once, so the next request asks again", async () => {
    const cache = new CheckoutCache();
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error("provider down"));
    };
    const together = [cache.read("cs_x", failing), cache.read("cs_x", failing)];
    for (const attempt of together) await expect(attempt).rejects.toThrow("provider down");
    expect(calls).toBe(1); // the askers of the same moment shared the failed call
    expect(cache.fresh("cs_x")).toBeUndefined();
    await expect(cache.read("cs_x", failing)).rejects.toThrow("provider down");
    expect(calls).toBe(2);
  });

  it("keeps at most its bound of answers, dropping the oldest", async () => {
    const cache = new CheckoutCache({ maxEntries: 3 });
    for (const id of ["cs_1", "cs_2", "cs_3", "cs_4"]) await cache.read(id, () => Promise.resolve(null));
    expect(cache.size).toBe(3);
    expect(cache.fresh("cs_1")).toBeUndefined();
    expect(cache.fresh("cs_4")).toBeDefined();
  });
});
