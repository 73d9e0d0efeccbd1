// The Stripe stand-in, driven through the real `stripe` SDK as the app drives Stripe: checkout, webhooks
// (verified by the SDK), subscriptions and renewals, one-off payments and refunds, the portal, errors.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseStripeForm, startStripeStandin, type StripeStandin } from "./stripe-standin.ts";

const SECRET = "whsec_test_secret";
let standin: StripeStandin;
let stripe: Stripe;
let receiver: Server;
const received: { raw: Buffer; signature: string }[] = [];

beforeAll(async () => {
  // A tiny webhook receiver: keeps the raw body, as a handler must to verify the signature.
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ raw: Buffer.concat(chunks), signature: String(req.headers["stripe-signature"]) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((ok) => receiver.listen(0, "127.0.0.1", ok));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`;
  standin = await startStripeStandin({ webhookUrl, webhookSecret: SECRET });
  stripe = new Stripe("sk_test_x", { host: "127.0.0.1", port: standin.port, protocol: "http", maxNetworkRetries: 0 });
});
afterAll(async () => {
  await standin.close();
  receiver.close();
});
beforeEach(() => {
  received.length = 0;
});

/** The events the receiver got, verified as the app verifies them. */
const verified = () => received.map(({ raw, signature }) => stripe.webhooks.constructEvent(raw, signature, SECRET));

function subscriptionCheckout(interval: "month" | "year" = "month") {
  const metadata = { user_id: "u1", kind: "subscription", interval };
  return stripe.checkout.sessions.create({
    mode: "subscription",
    client_reference_id: "u1",
    customer_email: "learner@example.com",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "usd",
          unit_amount: 1200,
          product_data: { name: "Lomda Pro" },
          recurring: { interval },
        },
      },
    ],
    metadata,
    subscription_data: { metadata },
    locale: "en",
    success_url: "http://app.test/billing/done?session={CHECKOUT_SESSION_ID}",
    cancel_url: "http://app.test/pricing",
  });
}

describe("the Stripe stand-in", () => {
  it("parses Stripe's bracket notation into objects and arrays", () => {
    expect(
      parseStripeForm(
        "line_items[0][price_data][recurring][interval]=month&metadata[0]=a&metadata[user_id]=u%201&expand[0]=subscription&expand[]=x",
      ),
    ).toEqual({
      line_items: [{ price_data: { recurring: { interval: "month" } } }],
      metadata: { 0: "a", user_id: "u 1" },
      expand: ["subscription", "x"],
    });
  });

  it("takes a subscription through checkout, signed webhooks, renewal and the portal", async () => {
    const session = await subscriptionCheckout();
    expect(session).toMatchObject({ object: "checkout.session", status: "open", payment_status: "unpaid" });
    expect(session).toMatchObject({ amount_total: 1200, currency: "usd", mode: "subscription", customer: null });
    expect(session.url).toBe(`${standin.url}/c/pay/${session.id}`);
    expect(session.id).toMatch(/^cs_test_/);

    // The hosted page, then Pay: a redirect to success_url with the session's id.
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain("Lomda Pro");
    expect(page).toContain("$12.00 per month");
    const paid = await fetch(session.url!, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://app.test/billing/done?session=${session.id}`);
    expect((await fetch(session.url!, { method: "POST", redirect: "manual" })).status).toBe(409);

    const events = verified();
    expect(events.map((e) => e.type)).toEqual([
      "checkout.session.completed",
      "customer.subscription.created",
      "invoice.paid",
    ]);
    expect(events[0]!.api_version).toBe("2026-10-28.endive");
    const completed = events[0]!.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({ status: "complete", payment_status: "paid", client_reference_id: "u1" });
    const subscriptionId = completed.subscription as string;
    expect(subscriptionId).toMatch(/^sub_/);
    const firstInvoice = events[2]!.data.object as Stripe.Invoice;
    expect(firstInvoice.parent?.subscription_details?.subscription).toBe(subscriptionId);
    expect(firstInvoice).toMatchObject({ amount_paid: 1200, billing_reason: "subscription_create", status: "paid" });
    // A tampered body or another secret does not verify.
    const { raw, signature } = received[0]!;
    expect(() =>
      stripe.webhooks.constructEvent(Buffer.from(raw.toString().replace("u1", "u2")), signature, SECRET),
    ).toThrow();
    expect(() => stripe.webhooks.constructEvent(raw, signature, "whsec_other")).toThrow();
    expect(standin.state.deliveries.every((d) => d.status === 200)).toBe(true);

    const retrieved = await stripe.checkout.sessions.retrieve(session.id, { expand: ["subscription"] });
    expect((retrieved.subscription as Stripe.Subscription).id).toBe(subscriptionId);
    expect(retrieved.customer).toMatch(/^cus_/);

    const sub = await stripe.subscriptions.retrieve(subscriptionId);
    expect(sub).toMatchObject({ status: "active", cancel_at_period_end: false, metadata: { user_id: "u1" } });
    const item = sub.items.data[0]!;
    expect(item.price.recurring?.interval).toBe("month");
    const start = new Date(item.current_period_start * 1000);
    const expectedEnd = new Date(start);
    expectedEnd.setUTCMonth(start.getUTCMonth() + 1);
    if (expectedEnd.getUTCDate() === start.getUTCDate())
      expect(item.current_period_end).toBe(expectedEnd.getTime() / 1000);
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(28 * 86_400);

    received.length = 0;
    await standin.renew(subscriptionId);
    const renewed = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!;
    expect(renewed.current_period_start).toBe(item.current_period_end);
    expect(renewed.current_period_end).toBeGreaterThan(item.current_period_end);
    const renewal = verified();
    expect(renewal.map((e) => e.type)).toEqual(["invoice.paid", "customer.subscription.updated"]);
    expect(renewal[0]!.data.object).toMatchObject({ billing_reason: "subscription_cycle", amount_paid: 1200 });
    expect(renewal[1]!.data.previous_attributes).toHaveProperty("items");

    // The customer portal: cancel at the period's end.
    const portal = await stripe.billingPortal.sessions.create({
      customer: retrieved.customer as string,
      return_url: "http://app.test/account",
    });
    expect(portal).toMatchObject({ object: "billing_portal.session", url: `${standin.url}/p/session/${portal.id}` });
    const portalPage = await (await fetch(portal.url)).text();
    expect(portalPage).toContain("Cancel subscription");
    expect(portalPage).toContain('href="http://app.test/account"');
    received.length = 0;
    const cancel = await fetch(`${portal.url}/cancel/${subscriptionId}`, { method: "POST", redirect: "manual" });
    expect(cancel.status).toBe(303);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(true);
    expect(verified().map((e) => e.type)).toEqual(["customer.subscription.updated"]);

    await standin.endSubscription(subscriptionId);
    const ended = await stripe.subscriptions.retrieve(subscriptionId);
    expect(ended.status).toBe("canceled");
    expect(ended.ended_at).toBe(renewed.current_period_end);
  });

  it("fails a renewal, then a retry pays the open invoice", async () => {
    const session = await subscriptionCheckout("year");
    const completed = await standin.completeCheckout(session.id);
    const subscriptionId = completed.subscription as string;
    received.length = 0;
    await standin.failRenewal(subscriptionId);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe("past_due");
    const failed = verified();
    expect(failed.map((e) => e.type)).toEqual(["invoice.payment_failed", "customer.subscription.updated"]);
    expect(failed[0]!.data.object).toMatchObject({ status: "open", amount_paid: 0 });
    const period = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!;
    await standin.renew(subscriptionId);
    const after = await stripe.subscriptions.retrieve(subscriptionId);
    expect(after.status).toBe("active");
    expect(after.items.data[0]!.current_period_end).toBe(period.current_period_end);

    // The app's own changes: cancel at the period's end, then at once.
    const cancelling = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    expect(cancelling).toMatchObject({ cancel_at_period_end: true, cancel_at: period.current_period_end });
    const canceled = await stripe.subscriptions.cancel(subscriptionId);
    expect(canceled.status).toBe("canceled");
    await standin.settled();
    expect(
      verified()
        .slice(-2)
        .map((e) => e.type),
    ).toEqual(["customer.subscription.updated", "customer.subscription.deleted"]);
  });

  it("takes a one-off payment and refunds it", async () => {
    const metadata = { user_id: "u2", kind: "course", course_id: "c9" };
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      client_reference_id: "u2",
      customer_email: "buyer@example.com",
      customer_creation: "always",
      line_items: [
        { quantity: 1, price_data: { currency: "ils", unit_amount: 9900, product_data: { name: "Course" } } },
      ],
      metadata,
      payment_intent_data: { metadata },
      success_url: "http://app.test/done",
      cancel_url: "http://app.test/course",
    });
    received.length = 0;
    const completed = await standin.completeCheckout(session.id);
    expect(completed).toMatchObject({ status: "complete", subscription: null, metadata: { course_id: "c9" } });
    expect(verified().map((e) => e.type)).toEqual(["checkout.session.completed"]);

    const intent = await stripe.paymentIntents.retrieve(completed.payment_intent as string);
    expect(intent).toMatchObject({ status: "succeeded", amount: 9900, currency: "ils", metadata: { course_id: "c9" } });
    expect(intent.customer).toBe(completed.customer);

    received.length = 0;
    const refund = await stripe.refunds.create({ payment_intent: intent.id });
    expect(refund).toMatchObject({ object: "refund", amount: 9900, status: "succeeded", payment_intent: intent.id });
    await standin.settled();
    const events = verified();
    expect(events.map((e) => e.type)).toEqual(["charge.refunded", "refund.created"]);
    expect(events[0]!.data.object).toMatchObject({ refunded: true, amount_refunded: 9900, payment_intent: intent.id });
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
      code: "charge_already_refunded",
    });
  });

  it("answers Stripe's errors", async () => {
    const noKey = await fetch(`${standin.url}/v1/subscriptions/sub_x`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ error: { type: "invalid_request_error" } });
    const live = new Stripe("sk_live_nope", {
      host: "127.0.0.1",
      port: standin.port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    await expect(live.subscriptions.retrieve("sub_x")).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);

    const missing = stripe.subscriptions.retrieve("sub_missing");
    await expect(missing).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(missing).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
    await expect(stripe.checkout.sessions.create({ mode: "payment" })).rejects.toMatchObject({
      statusCode: 400,
      code: "parameter_missing",
      param: "line_items",
    });
    await expect(stripe.checkout.sessions.retrieve("cs_test_nope")).rejects.toMatchObject({ statusCode: 404 });
    await expect(stripe.billingPortal.sessions.create({ customer: "cus_nope" })).rejects.toMatchObject({
      statusCode: 400,
      code: "resource_missing",
    });
  });

  it("answers a retried POST (same Idempotency-Key) with its first answer, and records what the SDK sent", async () => {
    const params = {
      mode: "payment" as const,
      line_items: [{ quantity: 2, price_data: { currency: "usd", unit_amount: 500, product_data: { name: "Book" } } }],
      success_url: "http://app.test/done",
    };
    const first = await stripe.checkout.sessions.create(params, { idempotencyKey: "retry-1" });
    const again = await stripe.checkout.sessions.create(params, { idempotencyKey: "retry-1" });
    expect(again.id).toBe(first.id);
    expect(first.amount_total).toBe(1000);
    const sent = standin.state.requests.at(-1)!;
    expect(sent).toMatchObject({ method: "POST", path: "/v1/checkout/sessions", stripeVersion: "2026-10-28.endive" });
    expect(sent.idempotencyKey).toBe("retry-1");
    expect(sent.params).toMatchObject({ line_items: [{ quantity: "2", price_data: { unit_amount: "500" } }] });
  });

  it("holds deliveries to send them in another order, replays and signs", async () => {
    standin.hold();
    const session = await subscriptionCheckout();
    await standin.completeCheckout(session.id);
    expect(received).toHaveLength(0);
    expect(standin.state.held.map((e) => e.type)).toEqual([
      "checkout.session.completed",
      "customer.subscription.created",
      "invoice.paid",
    ]);
    await standin.release([2, 0]);
    expect(verified().map((e) => e.type)).toEqual(["invoice.paid", "checkout.session.completed"]);

    // A replay is the same event, signed afresh.
    await standin.deliver(standin.state.deliveries.at(-1)!.event);
    expect(verified().map((e) => e.id)).toEqual([verified()[0]!.id, verified()[1]!.id, verified()[1]!.id]);

    const payload = JSON.stringify(
      standin.buildEvent("customer.subscription.deleted", { id: "sub_x", object: "subscription" }),
    );
    const old = standin.sign(payload, SECRET, Math.floor(Date.now() / 1000) - 3600);
    expect(() => stripe.webhooks.constructEvent(payload, old, SECRET)).toThrow(/tolerance/);
    expect(stripe.webhooks.constructEvent(payload, standin.sign(payload), SECRET).type).toBe(
      "customer.subscription.deleted",
    );
  });

  it("is driven over HTTP under /__control/", async () => {
    const session = await subscriptionCheckout();
    const call = async (path: string, body?: unknown) => {
      const res = await fetch(`${standin.url}/__control/${path}`, { method: "POST", body: JSON.stringify(body ?? {}) });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const completed = await call(`complete-checkout/${session.id}`);
    expect(completed).toMatchObject({ status: 200, body: { status: "complete" } });
    const renewed = await call(`renew/${String(completed.body.subscription)}`);
    expect(renewed.body).toMatchObject({ object: "subscription", status: "active" });
    expect(await call("renew/sub_unknown")).toMatchObject({
      status: 404,
      body: { error: { code: "resource_missing" } },
    });
    expect((await call(`complete-checkout/${session.id}`)).status).toBe(409);
    const { body: state } = await call("state");
    expect((state.subscriptions as unknown[]).length).toBeGreaterThan(0);
    expect((await fetch(`${standin.url}/health`)).status).toBe(200);
  });
});
