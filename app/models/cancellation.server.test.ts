import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "~/lib/db.server";
import { createTestDb, DIALECTS, type TestDb } from "../../tests/setup/databases.ts";
import { createUser } from "../../tests/support/factories.ts";
import {
  cancellationRequestsPage,
  decideCancellation,
  pendingCancellations,
  purchasesOf,
  renewalsOf,
  requestOf,
  requestPurchaseCancellation,
  requestRenewalStop,
} from "./cancellation.server";

/** A payment as the provider's events record it (billing.server.ts), made at `at`. */
async function pay(
  db: Kysely<Database>,
  userId: string,
  over: {
    at: Date;
    amountCents?: number;
    currency?: string;
    kind?: "course" | "subscription";
    status?: "paid" | "refunded";
  },
): Promise<string> {
  const id = randomUUID();
  const ref = `pi_${id}`;
  await db
    .insertInto("payments")
    .values({
      id,
      user_id: userId,
      kind: over.kind ?? "course",
      course_id: over.kind === "subscription" ? null : randomUUID(),
      plan_interval: over.kind === "subscription" ? "month" : null,
      amount_cents: over.amountCents ?? 24_900,
      currency: over.currency ?? "USD",
      provider: "stripe",
      provider_ref: ref,
      provider_payment_id: ref,
      provider_subscription_id: null,
      status: over.status ?? "paid",
      created_at: over.at.toISOString(),
      refunded_at: null,
      refund_due: null,
      checkout_id: null,
    })
    .execute();
  return id;
}

const DAY = 86_400_000;
// 10:00 in Israel on March 1, 2027: cancellable until the end of March 15 (22:00 UTC).
const BOUGHT = new Date("2027-03-01T08:00:00Z");
const LAST_MOMENT = new Date("2027-03-15T21:59:59Z");
const TOO_LATE = new Date("2027-03-15T22:00:00Z");

describe.each(DIALECTS)("cancelling a purchase on %s", (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect, { seed: false });
  });
  afterAll(async () => t.destroy());

  const buyer = async () => (await createUser(t.db)).id;
  const ask = (userId: string, paymentId: string, now: Date, reason: string | null = null) =>
    requestPurchaseCancellation(t.db, { userId, paymentId, email: "b@example.org", locale: "he", reason, now });
  const requests = () => t.db.selectFrom("cancellation_requests").selectAll().execute();

  it("records the amount, the fee the rule gives and what is due back, as the buyer was told", async () => {
    const me = await buyer();
    const payment = await pay(t.db, me, { at: BOUGHT, amountCents: 300_000, currency: "ILS" });
    const [listed] = await purchasesOf(t.db, me, BOUGHT);
    expect(listed).toMatchObject({
      paymentId: payment,
      state: "open",
      amountCents: 300_000,
      feeCents: 10_000,
      refundCents: 290_000,
      lastDay: "2027-03-15",
    });
    const asked = await ask(me, payment, BOUGHT, "I bought the wrong course.");
    expect(asked.ok).toBe(true);
    expect(await requests()).toEqual([
      expect.objectContaining({
        user_id: me,
        kind: "purchase",
        payment_id: payment,
        locale: "he",
        amount_cents: 300_000,
        currency: "ILS",
        fee_cents: 10_000,
        refund_cents: 290_000,
        purchased_at: BOUGHT.toISOString(),
        reason: "I bought the wrong course.",
        status: "pending",
      }),
    ]);
    expect((await purchasesOf(t.db, me, BOUGHT))[0]).toMatchObject({
      state: "requested",
      request: { status: "pending" },
    });
    expect(asked.ok && (await requestOf(t.db, me, asked.request.id))?.refundCents).toBe(290_000);
    await t.db.deleteFrom("cancellation_requests").execute();
  });

  it("takes a request until the last moment of the 14th day, and refuses it after", async () => {
    const me = await buyer();
    const onTime = await pay(t.db, me, { at: BOUGHT });
    const late = await pay(t.db, me, { at: BOUGHT });
    expect((await purchasesOf(t.db, me, TOO_LATE)).map((p) => p.state)).toEqual(["expired", "expired"]);
    expect((await purchasesOf(t.db, me, LAST_MOMENT)).map((p) => p.state)).toEqual(["open", "open"]);
    expect(await ask(me, late, TOO_LATE)).toEqual({ ok: false, reason: "expired" });
    expect(await ask(me, late, new Date(BOUGHT.getTime() + 30 * DAY))).toEqual({ ok: false, reason: "expired" });
    expect((await ask(me, onTime, LAST_MOMENT)).ok).toBe(true);
    expect((await requests()).map((r) => r.payment_id)).toEqual([onTime]);
    await t.db.deleteFrom("cancellation_requests").execute();
  });

  it("takes one request per purchase: asked once, never again, however it was decided", async () => {
    const me = await buyer();
    const payment = await pay(t.db, me, { at: BOUGHT });
    // Two at once (a double click, two tabs): one row.
    const both = await Promise.all([ask(me, payment, BOUGHT), ask(me, payment, BOUGHT)]);
    expect(both.filter((o) => o.ok)).toHaveLength(1);
    expect(both.filter((o) => !o.ok)).toEqual([{ ok: false, reason: "already" }]);
    const [row] = await requests();
    expect(await decideCancellation(t.db, { id: row!.id, decision: "declined", by: "admin:1" })).toMatchObject({
      outcome: "changed",
    });
    expect(await ask(me, payment, BOUGHT)).toEqual({ ok: false, reason: "already" });
    expect(await requests()).toHaveLength(1);
    await t.db.deleteFrom("cancellation_requests").execute();
  });

  it("refuses someone else's purchase as unknown, and one refunded already", async () => {
    const owner = await buyer();
    const stranger = await buyer();
    const payment = await pay(t.db, owner, { at: BOUGHT });
    expect(await ask(stranger, payment, BOUGHT)).toEqual({ ok: false, reason: "missing" });
    expect(await ask(stranger, randomUUID(), BOUGHT)).toEqual({ ok: false, reason: "missing" });
    expect(await purchasesOf(t.db, stranger, BOUGHT)).toEqual([]);
    const refunded = await pay(t.db, owner, { at: BOUGHT, status: "refunded" });
    expect(await ask(owner, refunded, BOUGHT)).toEqual({ ok: false, reason: "refunded" });
    expect(await requests()).toEqual([]);
    // Nor can the stranger read the owner's request.
    const asked = await ask(owner, payment, BOUGHT);
    expect(asked.ok && (await requestOf(t.db, stranger, asked.request.id))).toBeUndefined();
    await t.db.deleteFrom("cancellation_requests").execute();
  });

  it("lets the admin decide a pending request once", async () => {
    const me = await buyer();
    const first = await ask(me, await pay(t.db, me, { at: BOUGHT }), BOUGHT);
    const second = await ask(me, await pay(t.db, me, { at: BOUGHT }), new Date(BOUGHT.getTime() + 1000));
    if (!first.ok || !second.ok) throw new Error("requests refused");
    expect(await pendingCancellations(t.db)).toBe(2);
    const decided = await decideCancellation(t.db, { id: first.request.id, decision: "approved", by: "admin:a" });
    expect(decided).toMatchObject({ outcome: "changed", request: { status: "approved", email: "b@example.org" } });
    expect(await decideCancellation(t.db, { id: first.request.id, decision: "declined", by: "admin:b" })).toEqual({
      outcome: "unchanged",
    });
    expect(await decideCancellation(t.db, { id: randomUUID(), decision: "approved", by: "admin:a" })).toEqual({
      outcome: "missing",
    });
    expect(await pendingCancellations(t.db)).toBe(1);
    const page = await cancellationRequestsPage(t.db, null);
    expect(page.items.map((r) => [r.id, r.status])).toEqual([
      [second.request.id, "pending"],
      [first.request.id, "approved"],
    ]);
    await t.db.deleteFrom("cancellation_requests").execute();
  });

  it("records a stop of a subscription's renewal once, for a subscription of the buyer's that renews", async () => {
    const me = await buyer();
    const other = await buyer();
    const subscription = randomUUID();
    const now = new Date("2027-03-02T00:00:00Z");
    const row = {
      id: subscription,
      user_id: me,
      email: null,
      starts_at: BOUGHT.toISOString(),
      ends_at: new Date(BOUGHT.getTime() + 31 * DAY).toISOString(),
      granted_by: "payment",
      revoked_at: null,
      revoked_by: null,
      note: null,
      created_at: BOUGHT.toISOString(),
      provider_subscription_id: `sub_${subscription}`,
      cancel_at_period_end: 0,
    };
    await t.db.insertInto("subscriptions").values(row).execute();
    // A subscription granted by hand does not renew: nothing to stop.
    await t.db
      .insertInto("subscriptions")
      .values({ ...row, id: randomUUID(), provider_subscription_id: null, granted_by: "admin:1" })
      .execute();
    const stop = (userId: string, id = subscription) =>
      requestRenewalStop(t.db, { userId, subscriptionId: id, email: null, locale: "en", now });
    expect(await renewalsOf(t.db, me, now)).toEqual([
      { subscriptionId: subscription, endsAt: row.ends_at, renews: true, byLomda: false, request: null },
    ]);
    expect(await stop(other)).toEqual({ ok: false, reason: "missing" });
    expect((await stop(me)).ok).toBe(true);
    expect(await stop(me)).toEqual({ ok: false, reason: "already" });
    expect((await renewalsOf(t.db, me, now))[0]!.request?.status).toBe("pending");
    expect((await requests()).map((r) => [r.kind, r.subscription_id, r.payment_id])).toEqual([
      ["renewal", subscription, null],
    ]);
    // One the buyer stopped at the provider already does not renew.
    const stopped = randomUUID();
    await t.db
      .insertInto("subscriptions")
      .values({ ...row, id: stopped, provider_subscription_id: `sub_${stopped}`, cancel_at_period_end: 1 })
      .execute();
    expect(await stop(me, stopped)).toEqual({ ok: false, reason: "notRenewing" });
    await t.db.deleteFrom("cancellation_requests").execute();
  });
});
