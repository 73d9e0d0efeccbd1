import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, DIALECTS, type TestDb } from "../../tests/setup/databases.ts";
import { createUser } from "../../tests/support/factories.ts";
import { housekeepingRound } from "./housekeeping.server";
import { createSession } from "./session.server";

const DAY = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)("housekeeping on %s", (dialect) => {
  let t: TestDb;
  let other: ReturnType<TestDb["reopen"]>;
  const now = new Date("2026-03-01T12:00:00.000Z");
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const later = (ms: number) => new Date(now.getTime() + ms).toISOString();

  beforeAll(async () => {
    t = await createTestDb(dialect);
    other = t.reopen();
  });
  afterAll(async () => {
    await other.close();
    await t.destroy();
  });

  async function seed() {
    const user = await createUser(t.db);
    await createSession(t.db, user.id, { now: new Date(now.getTime() - 8 * DAY) }); // idle for 8 days
    await createSession(t.db, user.id, { now: new Date(now.getTime() - DAY) }); // fresh
    await t.db
      .insertInto("captcha_used")
      .values([
        { challenge_id: `old-${Math.random()}`, expires_at: ago(1000) },
        { challenge_id: `new-${Math.random()}`, expires_at: later(DAY) },
      ])
      .execute();
    const payload = (id: string, expires_at: string) => ({
      model: "Session",
      id,
      payload: "{}",
      grant_id: null,
      user_code: null,
      uid: null,
      expires_at,
      consumed_at: null,
    });
    await t.db
      .insertInto("idp_payloads")
      .values([payload(`old-${Math.random()}`, ago(1000)), payload(`new-${Math.random()}`, later(DAY))])
      .execute();
    const attempt = (id: string, updated_at: string, finished_at: string | null) => ({
      id,
      user_id: null,
      quiz: "programming",
      question_count: 5,
      current_index: finished_at ? 5 : 1,
      score: 0,
      started_at: updated_at,
      updated_at,
      finished_at,
    });
    await t.db
      .insertInto("quiz_attempts")
      .values([
        attempt(`stale-${Math.random()}`, ago(2 * DAY), null),
        attempt(`fresh-${Math.random()}`, ago(1000), null),
        attempt(`done-${Math.random()}`, ago(30 * DAY), ago(30 * DAY)), // finished: history, kept
      ])
      .execute();
    await t.db
      .insertInto("rate_limits")
      .values([
        { key: `old-${Math.random()}`, count: 3, expires_at: ago(1000) },
        { key: `new-${Math.random()}`, count: 3, expires_at: later(DAY) },
      ])
      .execute();
    await t.db
      .insertInto("logout_tokens_seen")
      .values([
        { key: `old-${Math.random()}`, expires_at: ago(1000) },
        { key: `new-${Math.random()}`, expires_at: later(DAY) },
      ])
      .execute();
    await t.db
      .insertInto("payment_events")
      .values([
        { id: `evt_old_${Math.random()}`, provider: "stripe", type: "invoice.paid", received_at: ago(31 * DAY) },
        { id: `evt_new_${Math.random()}`, provider: "stripe", type: "invoice.paid", received_at: ago(29 * DAY) },
      ])
      .execute();
    // Orders at a read-back provider (Cardcom): one never paid for a month goes; a paid one is history.
    const order = (status: "open" | "paid", created_at: string) => ({
      id: `order-${Math.random()}`,
      provider: "cardcom",
      provider_ref: null,
      user_id: user.id,
      kind: "course" as const,
      course_id: null,
      plan_interval: null,
      amount_cents: 4900,
      currency: "ILS",
      status,
      created_at,
      paid_at: status === "paid" ? created_at : null,
      payment_id: null,
      subscription_id: null,
      card_token: null,
      card_expiry: null,
      token_expires_on: null,
    });
    await t.db
      .insertInto("payment_orders")
      .values([order("open", ago(31 * DAY)), order("open", ago(29 * DAY)), order("paid", ago(60 * DAY))])
      .execute();
  }

  async function counts() {
    const n = async (
      table:
        | "sessions"
        | "captcha_used"
        | "idp_payloads"
        | "quiz_attempts"
        | "rate_limits"
        | "logout_tokens_seen"
        | "payment_events"
        | "payment_orders",
    ) =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      sessions: await n("sessions"),
      captcha_used: await n("captcha_used"),
      idp_payloads: await n("idp_payloads"),
      quiz_attempts: await n("quiz_attempts"),
      rate_limits: await n("rate_limits"),
      logout_tokens_seen: await n("logout_tokens_seen"),
      payment_events: await n("payment_events"),
      payment_orders: await n("payment_orders"),
    };
  }

  it("removes rows past their time, keeps fresh ones, and says how many per table", async () => {
    await seed();
    const removed = await housekeepingRound(t.db, "p1", 60_000, now);
    expect(removed).toEqual({
      sessions: 1,
      captcha_used: 1,
      idp_payloads: 1,
      quiz_attempts: 1,
      rate_limits: 1,
      logout_tokens_seen: 1,
      account_tokens: 0,
      payment_events: 1,
      payment_orders: 1,
      unconfirmed_sign_ups: 0,
    });
    expect(await counts()).toEqual({
      sessions: 1,
      captcha_used: 1,
      idp_payloads: 1,
      quiz_attempts: 2,
      rate_limits: 1,
      logout_tokens_seen: 1,
      payment_events: 1,
      payment_orders: 2,
    });
  });

  it("two processes at once: one takes the lease and does the round; the next round once it expires", async () => {
    await seed();
    const at = new Date(now.getTime() + 120_000); // the first test's lease has run out
    const rounds = await Promise.all([
      housekeepingRound(t.db, "p1", 60_000, at),
      housekeepingRound(other.db, "p2", 60_000, at),
    ]);
    expect(rounds.filter((r) => r === null)).toHaveLength(1);
    expect(rounds.find((r) => r !== null)).toMatchObject({ captcha_used: 1, quiz_attempts: 1 });
    expect(await housekeepingRound(other.db, "p2", 60_000, new Date(at.getTime() + 30_000))).toBeNull(); // still held
    expect(await housekeepingRound(other.db, "p2", 60_000, new Date(at.getTime() + 60_000))).not.toBeNull();
  });
});
