import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { periodEnd, savePlan } from "../../app/models/billing.server.ts";
import { DIALECTS } from "../setup/databases.ts";
import { createSignedInUser } from "../support/factories.ts";
import { cardcomEnv, startCardcomStandin, TEST_API_PASSWORD, type CardcomStandin } from "../support/cardcom-standin.ts";
import { shown, startApp } from "./harness.ts";

/**
 * Issue 33, point 1 (decision 0049), end to end: a plan bought on Cardcom's page is renewed by Lomda's
 * own scheduler with the token its first payment kept — once, with two processes running on one
 * database — and the learner sees on the profile when it renews, and stops it on /cancel.
 */
const DAY = 86_400_000;
const CARDCOM = (url: string) => ({
  ...cardcomEnv(url),
  // For the admin's refunds (a renewal's charge is refunded as any payment is).
  CARDCOM_API_PASSWORD: TEST_API_PASSWORD,
  TRUST_PROXY: "loopback",
});

describe.each(DIALECTS)("Cardcom plans renewed by Lomda on %s", (dialect) => {
  let cardcom: CardcomStandin;
  let app: Awaited<ReturnType<typeof startApp>>;
  let other: Awaited<ReturnType<typeof startApp>>;
  // Rounds every 150 ms in both processes; the first at once.
  const background = { renewalFirstMs: 0, renewalEveryMs: 150, housekeepingFirstMs: 3_600_000 };

  beforeAll(async () => {
    cardcom = await startCardcomStandin();
    app = await startApp(CARDCOM(cardcom.url), dialect, { background });
    other = await startApp(CARDCOM(cardcom.url), dialect, { sharing: { database: app.database }, background });
    await savePlan(app.db, { interval: "month", amountCents: 4990, currency: "ILS", active: true });
  });
  afterAll(async () => {
    await other?.stop();
    await app?.stop();
    await cardcom?.close();
  });

  const get = (path: string, cookie: string) => fetch(`${app.url}${path}`, { redirect: "manual", headers: { cookie } });
  const post = (path: string, cookie: string, form: Record<string, string>) =>
    fetch(`${app.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });

  /** Until the subscription's renewal is paid (by either process's round). */
  const renewedOnce = (subscriptionId: string) =>
    expect
      .poll(
        async () =>
          (
            await app.db
              .selectFrom("plan_renewals")
              .select("state")
              .where("subscription_id", "=", subscriptionId)
              .execute()
          )
            .map((r) => r.state)
            .join(),
        { timeout: 15_000 },
      )
      .toBe("paid");
  /** Its end two days away: within the four days' lead, so a renewal is due. */
  const endingSoon = (subscriptionId: string) =>
    app.db
      .updateTable("subscriptions")
      .set({ ends_at: new Date(Date.now() + 2 * DAY).toISOString() })
      .where("id", "=", subscriptionId)
      .execute();

  it("a plan bought on Cardcom's page renews once with two processes, and its learner can stop the next", async () => {
    const noa = await createSignedInUser(app.db, "learner", {
      name: "Noa",
      email: `noa-${randomUUID().slice(0, 6)}@example.org`,
    });
    const started = await post("/checkout", noa.cookie, { plan: "month" });
    expect(started.status).toBe(303);
    const paid = await fetch(started.headers.get("location")!, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    await cardcom.settled();
    const [bought] = await app.db.selectFrom("subscriptions").selectAll().where("user_id", "=", noa.user.id).execute();
    expect(bought).toBeDefined();
    const token = cardcom.state.deals.find((d) => d.token)!.token!;
    expect(shown(await (await get("/profile", noa.cookie)).text())).toContain("; renews automatically");

    // Time passes: the paid month now ends in two days (within the four days' lead).
    const endsAt = new Date(Date.now() + 2 * DAY);
    await app.db
      .updateTable("subscriptions")
      .set({ ends_at: endsAt.toISOString() })
      .where("id", "=", bought!.id)
      .execute();
    await renewedOnce(bought!.id);
    // More rounds of both processes: still one charge.
    await new Promise((ok) => setTimeout(ok, 600));
    const charges = cardcom.charges.filter((c) => c.token === token);
    expect(charges.map((c) => [c.outcome, c.amount, c.coinId])).toEqual([["charged", 49.9, 1]]);
    const payments = await app.db
      .selectFrom("payments")
      .select(["amount_cents", "provider_ref"])
      .where("user_id", "=", noa.user.id)
      .orderBy("created_at")
      .execute();
    expect(payments.map((p) => p.amount_cents)).toEqual([4990, 4990]);
    expect(payments[1]!.provider_ref).toBe(String(charges[0]!.transactionId));
    const renewed = await app.db
      .selectFrom("subscriptions")
      .select("ends_at")
      .where("id", "=", bought!.id)
      .executeTakeFirstOrThrow();
    expect(renewed.ends_at).toBe(periodEnd(endsAt, "month").toISOString());

    // /cancel lists the Cardcom plan's renewal; stopping it is done at once.
    const page = shown(await (await get("/cancel", noa.cookie)).text());
    expect(page).toContain("renews by itself");
    const stop = await post("/cancel", noa.cookie, { intent: "renewal", subscription: bought!.id });
    expect(stop.status).toBe(303);
    const confirmed = shown(await (await get(stop.headers.get("location")!, noa.cookie)).text());
    expect(confirmed).toContain("The renewal is stopped: nothing more will be charged.");
    expect(shown(await (await get("/profile", noa.cookie)).text())).toContain("Subscription, cancelled: ends on");
    expect(
      await app.db
        .selectFrom("subscriptions")
        .select("cancel_at_period_end")
        .where("id", "=", bought!.id)
        .executeTakeFirst(),
    ).toEqual({ cancel_at_period_end: 1 });
  });
  it("the admin refunds a renewal's charge: Cardcom refunds that transaction and the plan ends, with nothing more charged", async () => {
    const admin = await createSignedInUser(app.db, "admin");
    const tal = await createSignedInUser(app.db, "learner", {
      name: "Tal",
      email: `tal-${randomUUID().slice(0, 6)}@example.org`,
    });
    const started = await post("/checkout", tal.cookie, { plan: "month" });
    await fetch(started.headers.get("location")!, { method: "POST", redirect: "manual" });
    await cardcom.settled();
    const [bought] = await app.db.selectFrom("subscriptions").selectAll().where("user_id", "=", tal.user.id).execute();
    await endingSoon(bought!.id);
    await renewedOnce(bought!.id);
    const renewal = await app.db
      .selectFrom("plan_renewals")
      .innerJoin("payments", "payments.id", "plan_renewals.payment_id")
      .select(["payments.id", "payments.provider_payment_id"])
      .where("plan_renewals.subscription_id", "=", bought!.id)
      .executeTakeFirstOrThrow();

    const form = await (await get(`/admin/payments/${renewal.id}/refund`, admin.cookie)).text();
    const key = /name="key" value="([0-9a-f-]{36})"/.exec(form)?.[1];
    const refunded = await post(`/admin/payments/${renewal.id}/refund`, admin.cookie, {
      amount: "49.90",
      reason: "",
      confirm: "on",
      key: key!,
    });
    expect(refunded.status).toBe(200);
    expect(cardcom.refunds.map((r) => [r.transactionId, r.amountCents])).toContainEqual([
      Number(renewal.provider_payment_id),
      4990,
    ]);
    const ended = await app.db
      .selectFrom("subscriptions")
      .select(["revoked_at", "revoked_by"])
      .where("id", "=", bought!.id)
      .executeTakeFirstOrThrow();
    expect(ended.revoked_at).not.toBeNull();
    expect(ended.revoked_by).toBe(`refund:${renewal.provider_payment_id}`);
    // Its end near again (a renewal would be due): a refunded plan is not renewed.
    await endingSoon(bought!.id);
    const chargesBefore = cardcom.charges.length;
    await new Promise((ok) => setTimeout(ok, 600));
    expect(cardcom.charges.length).toBe(chargesBefore);
  });
});
