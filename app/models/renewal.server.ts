import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/lib/db.server";
import type { Config } from "~/lib/env.server";
import { takeLease } from "~/lib/lease.server";
import type { Logger } from "~/lib/logger.server";
import type { TokenCharge, TokenChargeOutcome } from "~/lib/payments/cardcom-token-charge.server";
import { getPlans, insertPayment, PAYMENT_GRANT, periodEnd } from "./billing.server";
import { mailRenewal, type RenewalMail } from "./renewal-mail.server";

/**
 * Renewals of the plans Lomda charges itself (issue 33, decision 0049). Cardcom keeps no subscription:
 * a plan's first payment kept the card's token (decision 0046), and Lomda's own scheduler charges it
 * when the paid period nears its end. Every process runs the scheduler; it is safe with any number:
 *
 * - a round takes the "renewals" lease, so one process looks per interval;
 * - a renewal is a row per subscription and period (unique), so a period is renewed by one row;
 * - a row is claimed (compare-and-set) before the provider is called, so one process charges it;
 * - every attempt sends its own id with the charge (Cardcom's ExternalUniqTranId), kept until the
 *   attempt's outcome is known: a retry after a lost answer names the same charge, which Cardcom
 *   refuses to make twice and reports as made (cardcom-token-charge.server.ts).
 *
 * A paid renewal is a payment (insertPayment, as every payment is recorded) and one more calendar
 * period from the subscription's end. A failed one is tried again on a schedule, the learner told each
 * time; after the last try it stops, and access ends where the paid period ends (`ends_at` only ever
 * moves when a renewal is paid). The price is the plan's price when the renewal begins.
 */

const DAY = 86_400_000;

export interface RenewalSchedule {
  /** How long before the paid period's end the first charge is made. */
  leadMs: number;
  /** After a failed attempt, how long until the next (one entry per retry). */
  retryDelaysMs: readonly number[];
  /** How long a process holds a row it is charging (longer than a call to the provider can take). */
  claimMs: number;
}

/**
 * Four days ahead, then again a day and three days after the first try: every try falls within the
 * period already paid, so a card that pays on a retry loses no day of access, and a learner told of a
 * failure has days to act before access ends.
 */
export const RENEWAL_SCHEDULE: RenewalSchedule = {
  leadMs: 4 * DAY,
  retryDelaysMs: [DAY, 2 * DAY],
  claimMs: 2 * 60_000,
};

/** What charges a kept card: Cardcom's token charge (CardcomTokenCharges), or a test's. */
export interface TokenCharger {
  charge(charge: TokenCharge): Promise<TokenChargeOutcome>;
}

export interface RenewalDeps {
  db: Kysely<Database>;
  log: Logger;
  config: Config;
  charger: TokenCharger;
  schedule?: RenewalSchedule;
}

/** The provider whose plans Lomda renews (the only one without its own subscriptions). */
export const RENEWING_PROVIDER = "cardcom";

const BATCH = 50;

export interface RoundCounts {
  started: number;
  paid: number;
  failed: number;
  stopped: number;
}

/** One round if this process gets the lease (held for `leaseMs`); null when another process has it. */
export async function renewalRound(
  deps: RenewalDeps,
  holder: string,
  leaseMs: number,
  now: Date = new Date(),
): Promise<RoundCounts | null> {
  if (!(await takeLease(deps.db, "renewals", holder, leaseMs, now))) return null;
  return renewDue(deps, holder, now);
}

/** Begins the renewals now due, then charges those whose attempt is due (also without the lease: rows are claimed). */
export async function renewDue(deps: RenewalDeps, holder: string, now: Date = new Date()): Promise<RoundCounts> {
  const counts: RoundCounts = { started: 0, paid: 0, failed: 0, stopped: 0 };
  counts.started = await beginDueRenewals(deps, now);
  const due = await deps.db
    .selectFrom("plan_renewals")
    .select("id")
    .where((eb) =>
      eb.or([
        eb.and([eb("state", "in", ["due", "retry"]), eb("next_attempt_at", "<=", now.toISOString())]),
        // A process that stopped mid-charge (its claim ran out): the attempt is taken up, with its id.
        eb.and([eb("state", "=", "charging"), eb("claimed_until", "<=", now.toISOString())]),
      ]),
    )
    .orderBy("next_attempt_at")
    .limit(BATCH)
    .execute();
  for (const { id } of due) {
    const outcome = await attempt(deps, id, holder, now);
    if (outcome === "paid") counts.paid++;
    else if (outcome === "retry") counts.failed++;
    else if (outcome === "stopped") counts.stopped++;
  }
  return counts;
}

/** Whether the card is past its use: the token's end (YYYY-MM-DD) or the card's month (MMYY) has gone by. */
export function cardExpired(card: { expiry: string | null; tokenExpiresOn: string | null }, now: Date): boolean {
  const today = now.toISOString().slice(0, 10);
  if (card.tokenExpiresOn && card.tokenExpiresOn < today) return true;
  const mmyy = /^(\d{2})(\d{2})$/.exec(card.expiry ?? "");
  if (!mmyy) return true;
  // A card is good through the last day of its month.
  const firstAfter = new Date(Date.UTC(2000 + Number(mmyy[2]), Number(mmyy[1]), 1));
  return now >= firstAfter;
}

/**
 * A row for each Cardcom plan whose paid period ends within the lead time: renewing (not stopped by
 * the learner, not revoked), the last paid period its learner has (a plan bought again after it
 * renews instead, with its own card), not renewed for this period yet. The price is the plan's now.
 */
async function beginDueRenewals(deps: RenewalDeps, now: Date): Promise<number> {
  const { db } = deps;
  const schedule = deps.schedule ?? RENEWAL_SCHEDULE;
  const at = now.toISOString();
  const candidates = await db
    .selectFrom("subscriptions as s")
    .innerJoin("payment_orders as o", "o.subscription_id", "s.id")
    .leftJoin("users as u", "u.id", "s.user_id")
    .select([
      "s.id",
      "s.ends_at",
      "o.id as order_id",
      "o.plan_interval",
      "o.card_expiry",
      "o.token_expires_on",
      "u.email",
    ])
    .where("o.provider", "=", RENEWING_PROVIDER)
    .where("o.kind", "=", "subscription")
    .where("o.status", "=", "paid")
    .where("o.card_token", "is not", null)
    .where("s.granted_by", "=", PAYMENT_GRANT)
    .where("s.provider_subscription_id", "is", null)
    .where("s.revoked_at", "is", null)
    .where((eb) => eb.or([eb("s.cancel_at_period_end", "is", null), eb("s.cancel_at_period_end", "<>", 1)]))
    .where("s.ends_at", ">", at)
    .where("s.ends_at", "<=", new Date(now.getTime() + schedule.leadMs).toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("plan_renewals as r")
            .select("r.id")
            .whereRef("r.subscription_id", "=", "s.id")
            .whereRef("r.period_start", "=", "s.ends_at"),
        ),
      ),
    )
    // A paid period of the same learner's that starts where this one ends (a plan bought again).
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("subscriptions as later")
            .select("later.id")
            .whereRef("later.user_id", "=", "s.user_id")
            .whereRef("later.id", "<>", "s.id")
            .where("later.granted_by", "=", PAYMENT_GRANT)
            .where("later.revoked_at", "is", null)
            .whereRef("later.starts_at", ">=", "s.ends_at"),
        ),
      ),
    )
    .limit(BATCH)
    .execute();
  if (candidates.length === 0) return 0;
  const plans = await getPlans(db);
  let started = 0;
  for (const c of candidates) {
    const interval = c.plan_interval ?? "month";
    const plan = plans.find((p) => p.interval === interval);
    const stop: "withdrawn" | "expired" | null =
      !plan || !plan.active
        ? "withdrawn"
        : cardExpired({ expiry: c.card_expiry, tokenExpiresOn: c.token_expires_on }, now)
          ? "expired"
          : null;
    const inserted = await db
      .insertInto("plan_renewals")
      .values({
        id: randomUUID(),
        subscription_id: c.id,
        period_start: c.ends_at!,
        order_id: c.order_id,
        plan_interval: interval,
        amount_cents: plan?.amountCents ?? 0,
        currency: plan?.currency ?? "ILS",
        state: stop ? "stopped" : "due",
        attempts: 0,
        next_attempt_at: stop ? null : at,
        claimed_by: null,
        claimed_until: null,
        charge_ref: null,
        transaction_id: null,
        payment_id: null,
        stop_reason: stop,
        last_error: null,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.columns(["subscription_id", "period_start"]).doNothing())
      .executeTakeFirst();
    // Another process began it first: it is that one's to tell.
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) continue;
    started++;
    if (stop) {
      deps.log.info({ subscription: c.id, reason: stop }, "renewal: not charged, the subscription ends");
      await tell(deps, c.email, { kind: "ended", reason: stop, endsAt: new Date(c.ends_at!) }, c.id);
    }
  }
  return started;
}

type AttemptOutcome = "paid" | "retry" | "stopped" | "skipped";

/** Claims a due row and charges it once; the row records what came of it. */
async function attempt(deps: RenewalDeps, id: string, holder: string, now: Date): Promise<AttemptOutcome> {
  const { db, log } = deps;
  const schedule = deps.schedule ?? RENEWAL_SCHEDULE;
  const at = now.toISOString();
  const row = await db.selectFrom("plan_renewals").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return "skipped";
  // Still due as read now (another process may have claimed or finished it since the look).
  const due =
    ((row.state === "due" || row.state === "retry") && row.next_attempt_at !== null && row.next_attempt_at <= at) ||
    (row.state === "charging" && row.claimed_until !== null && row.claimed_until <= at);
  if (!due) return "skipped";
  // A charge whose process stopped is the same attempt, with the same id; any other is a new attempt.
  const resumed = row.state === "charging";
  const attempts = resumed ? Number(row.attempts) : Number(row.attempts) + 1;
  const chargeRef = row.charge_ref ?? `${row.id}-${attempts}`;
  const claimed = await db
    .updateTable("plan_renewals")
    .set({
      state: "charging",
      attempts,
      charge_ref: chargeRef,
      claimed_by: holder,
      claimed_until: new Date(now.getTime() + schedule.claimMs).toISOString(),
      updated_at: at,
    })
    .where("id", "=", id)
    .where("state", "=", row.state)
    .where("attempts", "=", row.attempts)
    .where((eb) =>
      row.claimed_until === null ? eb("claimed_until", "is", null) : eb("claimed_until", "=", row.claimed_until),
    )
    .executeTakeFirst();
  // Another process claimed it between the look and the claim.
  if (Number(claimed.numUpdatedRows) === 0) return "skipped";

  const found = await db
    .selectFrom("plan_renewals as r")
    .innerJoin("subscriptions as s", "s.id", "r.subscription_id")
    .innerJoin("payment_orders as o", "o.id", "r.order_id")
    .leftJoin("users as u", "u.id", "s.user_id")
    .select([
      "s.ends_at",
      "s.user_id",
      "s.revoked_at",
      "s.cancel_at_period_end",
      "o.card_token",
      "o.card_expiry",
      "o.token_expires_on",
      "u.email",
    ])
    .where("r.id", "=", id)
    .executeTakeFirst();
  const finish = (set: Partial<Database["plan_renewals"]>) =>
    db
      .updateTable("plan_renewals")
      .set({ ...set, claimed_by: null, claimed_until: null, updated_at: at })
      .where("id", "=", id)
      .where("state", "=", "charging")
      .where("claimed_by", "=", holder)
      .executeTakeFirst();
  const endsAt = new Date(row.period_start);

  // Stopped since it began (the learner stopped it, an admin revoked it, a plan bought after it): not charged.
  const later = found?.user_id
    ? await db
        .selectFrom("subscriptions")
        .select("id")
        .where("user_id", "=", found.user_id)
        .where("id", "<>", row.subscription_id)
        .where("granted_by", "=", PAYMENT_GRANT)
        .where("revoked_at", "is", null)
        .where("starts_at", ">=", row.period_start)
        .executeTakeFirst()
    : undefined;
  if (
    !found ||
    found.revoked_at !== null ||
    Number(found.cancel_at_period_end ?? 0) === 1 ||
    found.ends_at !== row.period_start ||
    later
  ) {
    await finish({ state: "stopped", stop_reason: "cancelled", next_attempt_at: null });
    log.info({ renewal: id, subscription: row.subscription_id }, "renewal: stopped before charging (cancelled)");
    return "stopped";
  }
  const card = { expiry: found.card_expiry, tokenExpiresOn: found.token_expires_on };
  // A new attempt after the paid period ended is not made: access ended there (a resumed one is finished).
  const ended = !resumed && now >= endsAt;
  if (!found.card_token || cardExpired(card, now) || ended) {
    const reason = ended ? (row.last_error?.startsWith("unknown") ? "unreachable" : "declined") : "expired";
    await finish({ state: "stopped", stop_reason: reason, next_attempt_at: null });
    log.info({ renewal: id, subscription: row.subscription_id, reason }, "renewal: not charged, the subscription ends");
    await tell(deps, found.email, { kind: "ended", reason, endsAt }, row.subscription_id);
    return "stopped";
  }

  const outcome = await deps.charger.charge({
    token: found.card_token,
    expiry: found.card_expiry!,
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    chargeRef,
  });

  if (outcome.outcome === "paid") {
    const recorded = await db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable("plan_renewals")
        .set({
          state: "paid",
          transaction_id: outcome.transactionId,
          next_attempt_at: null,
          claimed_by: null,
          claimed_until: null,
          last_error: null,
          updated_at: at,
        })
        .where("id", "=", id)
        .where("state", "=", "charging")
        .where("claimed_by", "=", holder)
        .executeTakeFirst();
      // Our claim ran out and another process took the attempt up: it records it (the same transaction).
      if (Number(done.numUpdatedRows) === 0) return false;
      const paymentId = await insertPayment(trx, {
        userId: found.user_id,
        kind: "subscription",
        planInterval: row.plan_interval,
        amountCents: Number(row.amount_cents),
        currency: row.currency,
        provider: RENEWING_PROVIDER,
        ref: outcome.transactionId,
        paymentId: outcome.transactionId,
        subscriptionId: null,
        now,
      });
      // One calendar period from the end paid for: the renewed period follows it without a gap.
      await trx
        .updateTable("subscriptions")
        .set({ ends_at: periodEnd(endsAt, row.plan_interval).toISOString() })
        .where("id", "=", row.subscription_id)
        .where("ends_at", "=", row.period_start)
        .execute();
      await trx.updateTable("plan_renewals").set({ payment_id: paymentId }).where("id", "=", id).execute();
      return true;
    });
    if (recorded)
      log.info(
        { renewal: id, subscription: row.subscription_id, transaction: outcome.transactionId },
        "renewal: charged and the subscription extended",
      );
    return recorded ? "paid" : "skipped";
  }

  // Declined: the next attempt is a new charge (a new id). Unknown: it may have gone through, so the
  // next attempt names the same charge, and Cardcom makes it at most once.
  const unknown = outcome.outcome === "unknown";
  const delay = schedule.retryDelaysMs[attempts - 1];
  const lastError = `${outcome.outcome}: ${outcome.problem}`.slice(0, 500);
  const reason = unknown ? "unreachable" : "declined";
  if (delay === undefined) {
    await finish({
      state: "stopped",
      stop_reason: reason,
      next_attempt_at: null,
      last_error: lastError,
      charge_ref: unknown ? chargeRef : null,
    });
    (unknown ? log.warn.bind(log) : log.info.bind(log))(
      { renewal: id, subscription: row.subscription_id, attempts, chargeRef, problem: outcome.problem },
      unknown
        ? "renewal: the last attempt's outcome is unknown; stopped (look up its ExternalUniqTranId at Cardcom)"
        : "renewal: the last attempt failed; stopped",
    );
    await tell(deps, found.email, { kind: "ended", reason, endsAt }, row.subscription_id);
    return "stopped";
  }
  const retryOn = new Date(now.getTime() + delay);
  await finish({
    state: "retry",
    next_attempt_at: retryOn.toISOString(),
    last_error: lastError,
    charge_ref: unknown ? chargeRef : null,
  });
  log.info(
    {
      renewal: id,
      subscription: row.subscription_id,
      attempts,
      retryOn: retryOn.toISOString(),
      problem: outcome.problem,
    },
    "renewal: the charge failed; tried again later",
  );
  await tell(
    deps,
    found.email,
    { kind: "failed", reason, retryOn, endsAt, amountCents: Number(row.amount_cents), currency: row.currency },
    row.subscription_id,
  );
  return "retry";
}

async function tell(deps: RenewalDeps, email: string | null, mail: RenewalMail, subscriptionId: string) {
  const result = await mailRenewal(deps.config, email, mail).catch((error: unknown) => ({
    ok: false as const,
    reason: "failed" as const,
    error: String(error),
  }));
  if (!result.ok && result.reason === "failed")
    deps.log.warn({ subscription: subscriptionId, mail: mail.kind, error: result.error }, "renewal email not sent");
}

/* ---------- what the learner sees ---------- */

/**
 * Whether Lomda renews a learner's subscription (a Cardcom plan's), and if not why: "renews", "stopped"
 * by the learner, "ends" (a renewal gave up, the card expired, the plan was withdrawn); null when Lomda
 * does not renew it (another provider's, or one an admin granted).
 */
export async function lomdaRenewalOf(
  db: Kysely<Database>,
  subscriptionId: string,
): Promise<"renews" | "stopped" | "ends" | null> {
  const row = await db
    .selectFrom("subscriptions as s")
    .innerJoin("payment_orders as o", "o.subscription_id", "s.id")
    .leftJoin("plan_renewals as r", (join) =>
      join.onRef("r.subscription_id", "=", "s.id").onRef("r.period_start", "=", "s.ends_at"),
    )
    .select(["s.cancel_at_period_end", "r.state"])
    .where("s.id", "=", subscriptionId)
    .where("s.provider_subscription_id", "is", null)
    .where("o.provider", "=", RENEWING_PROVIDER)
    .where("o.card_token", "is not", null)
    .executeTakeFirst();
  if (!row) return null;
  if (Number(row.cancel_at_period_end ?? 0) === 1) return "stopped";
  return row.state === "stopped" ? "ends" : "renews";
}

/** The same, for a learner's subscription that ends at `endsAt` (the profile shows the longest one). */
export async function lomdaRenewalOfUser(
  db: Kysely<Database>,
  userId: string,
  endsAt: string,
): Promise<"renews" | "stopped" | "ends" | null> {
  const row = await db
    .selectFrom("subscriptions")
    .select("id")
    .where("user_id", "=", userId)
    .where("ends_at", "=", endsAt)
    .where("revoked_at", "is", null)
    .where("provider_subscription_id", "is", null)
    .executeTakeFirst();
  return row ? lomdaRenewalOf(db, row.id) : null;
}
