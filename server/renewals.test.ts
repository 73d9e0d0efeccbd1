import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { AppServices } from "../app/context.server.ts";
import type { Database } from "../app/lib/db.server.ts";
import { loadConfig, type Config } from "../app/lib/env.server.ts";
import { createLogger } from "../app/lib/logger.server.ts";
import { CardcomTokenCharges } from "../app/lib/payments/cardcom-token-charge.server.ts";
import { periodEnd, savePlan } from "../app/models/billing.server.ts";
import { renewalsOf, requestRenewalStop } from "../app/models/cancellation.server.ts";
import { cardExpired, lomdaRenewalOf, renewDue, renewalRound, type RenewalDeps } from "../app/models/renewal.server.ts";
import { activeSubscriptionFor } from "../app/models/subscription.server.ts";
import { createTestDb, DIALECTS, type TestDb } from "../tests/setup/databases.ts";
import {
  startCardcomStandin,
  TEST_API_NAME,
  TEST_TERMINAL,
  type CardcomStandin,
} from "../tests/support/cardcom-standin.ts";
import { createUser } from "../tests/support/factories.ts";
import { startSmtp } from "../tests/support/smtp.ts";
import { startBackgroundJobs } from "./background.ts";

/**
 * Issue 33, point 1 (decision 0049): Lomda renews Cardcom plans itself, charging the kept token with
 * Transactions/Transaction — once per period whatever the number of processes, never twice for one
 * attempt (ExternalUniqTranId), retried on a schedule with the learner told, and access ending where
 * the paid period ends. Cardcom and SMTP are local stand-ins; the databases are real.
 */
const DAY = 86_400_000;

describe.each(DIALECTS)("renewing Cardcom plans on %s", (dialect) => {
  let t: TestDb;
  let cardcom: CardcomStandin;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let config: Config;
  const logs: { msg: string; level: number }[] = [];
  const log = createLogger(
    "info",
    new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) logs.push(JSON.parse(line));
        done();
      },
    }),
  );

  beforeAll(async () => {
    t = await createTestDb(dialect);
    cardcom = await startCardcomStandin();
    smtp = await startSmtp();
    config = loadConfig({
      NODE_ENV: "production",
      PUBLIC_URL: "http://lomda.test",
      DATA_DIR: "/tmp",
      PAYMENT_PROVIDER: "cardcom",
      CARDCOM_TERMINAL: String(TEST_TERMINAL),
      CARDCOM_API_NAME: TEST_API_NAME,
      CARDCOM_API_URL: cardcom.url,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      CONTACT_TO: "school@example.org",
    });
    // The monthly plan costs ₪49.90: 4990 agorot (VAT included).
    await savePlan(t.db, { interval: "month", amountCents: 4990, currency: "ILS", active: true });
    await savePlan(t.db, { interval: "year", amountCents: 39000, currency: "ILS", active: true });
  });
  afterAll(async () => {
    await t?.destroy();
    await cardcom?.close();
    smtp?.close();
  });
  beforeEach(() => cardcom.reset());
  // Each test's plans end with it: the next test's rounds see only its own.
  afterEach(async () => {
    await t.db
      .updateTable("subscriptions")
      .set({ revoked_at: "2026-01-01T00:00:00.000Z", revoked_by: "test" })
      .where("revoked_at", "is", null)
      .execute();
  });

  const charger = () =>
    new CardcomTokenCharges({
      terminal: TEST_TERMINAL,
      apiName: TEST_API_NAME,
      apiPassword: null,
      apiUrl: cardcom.url,
    });
  const deps = (db: Kysely<Database> = t.db): RenewalDeps => ({ db, log, config, charger: charger() });

  /** A learner with a Cardcom monthly plan paid until `endsAt`, as a confirmed first payment leaves it. */
  async function cardcomPlan(endsAt: Date, card: { expiry?: string; tokenExpiresOn?: string } = {}) {
    const user = await createUser(t.db, { email: `renew-${randomUUID().slice(0, 8)}@example.org` });
    const subscriptionId = randomUUID();
    const token = randomUUID();
    const startsAt = new Date(endsAt.getTime() - 30 * DAY);
    await t.db
      .insertInto("subscriptions")
      .values({
        id: subscriptionId,
        user_id: user.id,
        email: null,
        starts_at: startsAt.toISOString(),
        ends_at: endsAt.toISOString(),
        granted_by: "payment",
        revoked_at: null,
        revoked_by: null,
        note: null,
        created_at: startsAt.toISOString(),
        provider_subscription_id: null,
        cancel_at_period_end: null,
      })
      .execute();
    await t.db
      .insertInto("payment_orders")
      .values({
        id: randomUUID(),
        provider: "cardcom",
        provider_ref: randomUUID(),
        user_id: user.id,
        kind: "subscription",
        course_id: null,
        plan_interval: "month",
        amount_cents: 4990,
        currency: "ILS",
        status: "paid",
        created_at: startsAt.toISOString(),
        paid_at: startsAt.toISOString(),
        payment_id: null,
        subscription_id: subscriptionId,
        card_token: token,
        card_expiry: card.expiry ?? "1230",
        token_expires_on: card.tokenExpiresOn ?? "2030-12-31",
      })
      .execute();
    return { user, subscriptionId, token, endsAt };
  }
  const subscription = (id: string) =>
    t.db.selectFrom("subscriptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const renewals = (subscriptionId: string) =>
    t.db.selectFrom("plan_renewals").selectAll().where("subscription_id", "=", subscriptionId).execute();
  const paymentsOf = (userId: string) =>
    t.db.selectFrom("payments").selectAll().where("user_id", "=", userId).execute();
  const chargesOf = (token: string) => cardcom.charges.filter((c) => c.token === token);
  const mailsTo = (email: string | null) => smtp.mails.filter((m) => m.to === email);

  it("two background schedulers on one database charge a due renewal exactly once, in agorot", async () => {
    const plan = await cardcomPlan(new Date(Date.now() + 2 * DAY));
    // Two processes' jobs: each its own holder and its own connection to the same database.
    const second = t.reopen();
    const services = (db: Kysely<Database>) => ({ db, log, config }) as unknown as AppServices;
    const options = { housekeepingFirstMs: 3_600_000, renewalFirstMs: 0, renewalEveryMs: 200 };
    const jobs = [startBackgroundJobs(services(t.db), options), startBackgroundJobs(services(second.db), options)];
    try {
      await expect.poll(async () => (await renewals(plan.subscriptionId))[0]?.state, { timeout: 10_000 }).toBe("paid");
      // Several more rounds of both: nothing more is charged for this period.
      await new Promise((ok) => setTimeout(ok, 800));
    } finally {
      await Promise.all(jobs.map((j) => j.stop()));
      await second.close();
    }
    const charges = chargesOf(plan.token);
    expect(charges.map((c) => c.outcome)).toEqual(["charged"]);
    // ₪49.90 is sent as Cardcom's decimal 49.9 in shekels (ISOCoinId 1), with Lomda's id for the charge.
    expect(charges[0]).toMatchObject({ amount: 49.9, coinId: 1, expiry: "1230" });
    const [renewal] = await renewals(plan.subscriptionId);
    expect(charges[0]!.externalId).toBe(`${renewal!.id}-1`);
    // The token charge as TransactionReq has it: the token and expiry, no card, and no ApiPassword.
    const sent = cardcom.state.requests.find((r) => r.path === "/api/v11/Transactions/Transaction")!.body;
    expect(Object.keys(sent as object).sort()).toEqual(
      [
        "Amount",
        "ApiName",
        "CardExpirationMMYY",
        "ExternalUniqTranId",
        "ExternalUniqUniqTranIdResponse",
        "ISOCoinId",
        "TerminalNumber",
        "Token",
      ].sort(),
    );
    // One payment, in agorot, known by Cardcom's transaction; the plan runs one calendar month more.
    const payments = await paymentsOf(plan.user.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      kind: "subscription",
      plan_interval: "month",
      amount_cents: 4990,
      currency: "ILS",
      provider: "cardcom",
      provider_ref: String(charges[0]!.transactionId),
      status: "paid",
    });
    expect((await subscription(plan.subscriptionId)).ends_at).toBe(periodEnd(plan.endsAt, "month").toISOString());
    expect(renewal).toMatchObject({ state: "paid", attempts: 1, transaction_id: String(charges[0]!.transactionId) });
    expect(await lomdaRenewalOf(t.db, plan.subscriptionId)).toBe("renews");
  });

  it("two processes charging at once, without the lease, still charge once (the row is claimed)", async () => {
    const now = new Date("2027-03-10T08:00:00Z");
    const plan = await cardcomPlan(new Date("2027-03-12T08:00:00Z"));
    const second = t.reopen();
    try {
      await Promise.all([renewDue(deps(), "process-a", now), renewDue(deps(second.db), "process-b", now)]);
    } finally {
      await second.close();
    }
    expect(chargesOf(plan.token).map((c) => c.outcome)).toEqual(["charged"]);
    expect(await paymentsOf(plan.user.id)).toHaveLength(1);
    // And a round under the lease a moment later finds nothing to do.
    expect(await renewalRound(deps(), "process-c", 60_000, new Date(now.getTime() + 1000))).toEqual({
      started: 0,
      paid: 0,
      failed: 0,
      stopped: 0,
    });
  });

  it("a retry after the answer was lost names the same charge, and Cardcom does not charge twice", async () => {
    const now = new Date("2027-04-10T08:00:00Z");
    const plan = await cardcomPlan(new Date("2027-04-13T08:00:00Z"));
    cardcom.cutNextCharge();
    expect(await renewDue(deps(), "a", now)).toMatchObject({ started: 1, failed: 1, paid: 0 });
    // Charged at Cardcom, but Lomda heard nothing: no payment, no extension, tried again later.
    expect(chargesOf(plan.token).map((c) => c.outcome)).toEqual(["charged"]);
    expect(await paymentsOf(plan.user.id)).toEqual([]);
    const [waiting] = await renewals(plan.subscriptionId);
    expect(waiting).toMatchObject({ state: "retry", attempts: 1, charge_ref: `${waiting!.id}-1` });
    expect(waiting!.next_attempt_at).toBe(new Date(now.getTime() + DAY).toISOString());
    // The learner is told the charge is not confirmed, and that they are never charged twice.
    await expect.poll(() => mailsTo(plan.user.email).length).toBe(1);
    expect(mailsTo(plan.user.email)[0]!.text).toContain("could not reach the card company");

    expect(await renewDue(deps(), "b", new Date(now.getTime() + DAY))).toMatchObject({ paid: 1 });
    const charges = chargesOf(plan.token);
    // The same ExternalUniqTranId again: Cardcom answers 608, and the read-back finds the first charge.
    expect(charges.map((c) => [c.outcome, c.externalId])).toEqual([
      ["charged", `${waiting!.id}-1`],
      ["duplicate", `${waiting!.id}-1`],
    ]);
    expect(
      cardcom.state.requests.filter((r) => r.path === "/api/v11/Transactions/GetTransactionByExternalUniqTran"),
    ).toHaveLength(1);
    const payments = await paymentsOf(plan.user.id);
    expect(payments.map((p) => [p.provider_ref, p.amount_cents])).toEqual([[String(charges[0]!.transactionId), 4990]]);
    expect((await subscription(plan.subscriptionId)).ends_at).toBe(periodEnd(plan.endsAt, "month").toISOString());
  });

  it("reads a repeated charge's original answer too (ExternalUniqUniqTranIdResponse)", async () => {
    const now = new Date("2027-05-10T08:00:00Z");
    const plan = await cardcomPlan(new Date("2027-05-12T08:00:00Z"));
    cardcom.setDuplicateAnswer("original");
    cardcom.cutNextCharge();
    await renewDue(deps(), "a", now);
    expect(await renewDue(deps(), "a", new Date(now.getTime() + DAY))).toMatchObject({ paid: 1 });
    expect(chargesOf(plan.token).map((c) => c.outcome)).toEqual(["charged", "duplicate"]);
    expect(await paymentsOf(plan.user.id)).toHaveLength(1);
  });

  it("a declined renewal is retried after one and three days, the learner told each time, then stops; access ends with the paid period", async () => {
    const now = new Date("2027-06-10T08:00:00Z");
    const plan = await cardcomPlan(new Date("2027-06-14T08:00:00Z"));
    cardcom.declineToken(plan.token, 3);
    const inbox = () => mailsTo(plan.user.email);

    expect(await renewDue(deps(), "a", now)).toMatchObject({ started: 1, failed: 1 });
    await expect.poll(() => inbox().length).toBe(1);
    expect(inbox()[0]!.text).toContain("the card company declined the charge");
    expect(inbox()[0]!.text).toContain("We will try again on");
    // Both languages in one message.
    expect(inbox()[0]!.text).toContain("חברת האשראי סירבה לחיוב");

    // Not before its time.
    expect(await renewDue(deps(), "a", new Date(now.getTime() + 12 * 3_600_000))).toMatchObject({ failed: 0 });
    expect(chargesOf(plan.token)).toHaveLength(1);

    expect(await renewDue(deps(), "b", new Date(now.getTime() + DAY))).toMatchObject({ failed: 1 });
    await expect.poll(() => inbox().length).toBe(2);
    expect(await renewDue(deps(), "a", new Date(now.getTime() + 3 * DAY))).toMatchObject({ stopped: 1 });
    await expect.poll(() => inbox().length).toBe(3);
    expect(inbox()[2]!.text).toContain("we stopped trying and nothing more will be charged");

    // Three charges, each a new attempt with its own id; all declined; nothing recorded as paid.
    const charges = chargesOf(plan.token);
    const [renewal] = await renewals(plan.subscriptionId);
    expect(charges.map((c) => [c.outcome, c.externalId])).toEqual([
      ["declined", `${renewal!.id}-1`],
      ["declined", `${renewal!.id}-2`],
      ["declined", `${renewal!.id}-3`],
    ]);
    expect(renewal).toMatchObject({ state: "stopped", stop_reason: "declined", attempts: 3 });
    expect(await paymentsOf(plan.user.id)).toEqual([]);
    expect(await lomdaRenewalOf(t.db, plan.subscriptionId)).toBe("ends");

    // No more tries, and access ends exactly where the paid period ends.
    await renewDue(deps(), "a", new Date(now.getTime() + 10 * DAY));
    expect(chargesOf(plan.token)).toHaveLength(3);
    expect((await subscription(plan.subscriptionId)).ends_at).toBe(plan.endsAt.toISOString());
    const user = { id: plan.user.id, email: plan.user.email, email_verified: 1 };
    expect(await activeSubscriptionFor(t.db, user, new Date(plan.endsAt.getTime() - 1))).toBeDefined();
    expect(await activeSubscriptionFor(t.db, user, plan.endsAt)).toBeUndefined();
  });

  it("a renewal the learner stopped on the cancellation page is not charged", async () => {
    const now = new Date("2027-07-10T08:00:00Z");
    const plan = await cardcomPlan(new Date("2027-07-12T08:00:00Z"));
    // Listed on /cancel as a renewal, though Cardcom has no subscription of its own.
    const listed = await renewalsOf(t.db, plan.user.id, now);
    expect(listed).toEqual([expect.objectContaining({ subscriptionId: plan.subscriptionId, renews: true })]);
    const stopped = await requestRenewalStop(t.db, {
      userId: plan.user.id,
      email: plan.user.email,
      locale: "en",
      subscriptionId: plan.subscriptionId,
      now,
    });
    // Lomda charges it, so Lomda stops it at once: nothing for the school to do at the provider.
    expect(stopped).toMatchObject({ ok: true, request: { kind: "renewal", status: "approved" } });
    expect((await subscription(plan.subscriptionId)).cancel_at_period_end).toBe(1);
    expect(await lomdaRenewalOf(t.db, plan.subscriptionId)).toBe("stopped");

    await renewDue(deps(), "a", now);
    await renewDue(deps(), "a", new Date(now.getTime() + DAY));
    expect(chargesOf(plan.token)).toEqual([]);
    expect(await renewals(plan.subscriptionId)).toEqual([]);
  });

  it("a renewal stopped between its failed try and the retry is not charged again", async () => {
    const now = new Date("2027-08-10T08:00:00Z");
    const plan = await cardcomPlan(new Date("2027-08-13T08:00:00Z"));
    cardcom.declineToken(plan.token, 1);
    await renewDue(deps(), "a", now);
    await requestRenewalStop(t.db, {
      userId: plan.user.id,
      email: plan.user.email,
      locale: "he",
      subscriptionId: plan.subscriptionId,
      now,
    });
    await renewDue(deps(), "a", new Date(now.getTime() + DAY));
    expect(chargesOf(plan.token)).toHaveLength(1);
    expect((await renewals(plan.subscriptionId))[0]).toMatchObject({ state: "stopped", stop_reason: "cancelled" });
  });

  it("an expired card is not charged: the learner is told to buy again", async () => {
    const now = new Date("2027-09-10T08:00:00Z");
    const plan = await cardcomPlan(new Date("2027-09-12T08:00:00Z"), { tokenExpiresOn: "2027-09-01" });
    expect(await renewDue(deps(), "a", now)).toMatchObject({ started: 1, paid: 0 });
    expect(chargesOf(plan.token)).toEqual([]);
    expect((await renewals(plan.subscriptionId))[0]).toMatchObject({ state: "stopped", stop_reason: "expired" });
    await expect.poll(() => mailsTo(plan.user.email).length).toBe(1);
    expect(mailsTo(plan.user.email)[0]!.text).toContain(
      "buy the plan again with a current card at http://lomda.test/Payments",
    );
  });

  it("charges the plan's price of the day the renewal begins", async () => {
    const now = new Date("2027-10-10T08:00:00Z");
    const plan = await cardcomPlan(new Date("2027-10-12T08:00:00Z"));
    await savePlan(t.db, { interval: "month", amountCents: 5490, currency: "ILS", active: true });
    try {
      await renewDue(deps(), "a", now);
    } finally {
      await savePlan(t.db, { interval: "month", amountCents: 4990, currency: "ILS", active: true });
    }
    expect(chargesOf(plan.token).map((c) => c.amount)).toEqual([54.9]);
    expect((await paymentsOf(plan.user.id)).map((p) => p.amount_cents)).toEqual([5490]);
  });

  it("begins nothing before the lead time, or for a plan not paid through Cardcom", async () => {
    const now = new Date("2027-11-01T08:00:00Z");
    const plan = await cardcomPlan(new Date("2027-11-20T08:00:00Z"));
    expect(await renewDue(deps(), "a", now)).toMatchObject({ started: 0 });
    expect(chargesOf(plan.token)).toEqual([]);
  });
});

describe("a kept card past its use", () => {
  it("is good through the last day of its month, and not past the token's end", () => {
    const card = { expiry: "0327", tokenExpiresOn: "2027-04-30" };
    expect(cardExpired(card, new Date("2027-03-31T23:59:59Z"))).toBe(false);
    expect(cardExpired(card, new Date("2027-04-01T00:00:00Z"))).toBe(true);
    expect(cardExpired({ expiry: "1230", tokenExpiresOn: "2027-04-30" }, new Date("2027-04-30T12:00:00Z"))).toBe(false);
    expect(cardExpired({ expiry: "1230", tokenExpiresOn: "2027-04-30" }, new Date("2027-05-01T00:00:00Z"))).toBe(true);
    // No expiry to send with the charge: it cannot be charged.
    expect(cardExpired({ expiry: null, tokenExpiresOn: null }, new Date("2027-01-01T00:00:00Z"))).toBe(true);
  });
});
