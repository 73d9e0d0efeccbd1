import type { Kysely } from "kysely";
import { deleteExpiredCaptchas } from "~/lib/captcha.server";
import type { Database } from "~/lib/db.server";
import { deleteExpiredIdpPayloads } from "~/lib/idp/adapter.server";
import { takeLease } from "~/lib/lease.server";
import { deleteExpiredRateLimits } from "~/lib/rate-limit.server";
import { deleteExpiredAccountTokens } from "./account-tokens.server";
import { deleteOldPaymentEvents, deleteStaleOrders } from "./billing.server";
import { deleteExpiredLogoutTokens, deleteExpiredSessions } from "./session.server";
import { deleteStaleAttempts } from "./quiz.server";
import { deleteUnconfirmedSignUps } from "./sign-up.server";

/**
 * Housekeeping: rows past their time. Every process schedules it; a round first takes the
 * "housekeeping" lease, so one process runs a round per interval (docs/decisions/0010).
 */
export interface HousekeepingCounts {
  sessions: number;
  captcha_used: number;
  idp_payloads: number;
  quiz_attempts: number;
  rate_limits: number;
  logout_tokens_seen: number;
  account_tokens: number;
  payment_events: number;
  payment_orders: number;
  unconfirmed_sign_ups: number;
}

export async function removeExpiredRows(db: Kysely<Database>, now: Date = new Date()): Promise<HousekeepingCounts> {
  return {
    sessions: await deleteExpiredSessions(db, now),
    captcha_used: await deleteExpiredCaptchas(db, now),
    idp_payloads: await deleteExpiredIdpPayloads(db, now),
    quiz_attempts: await deleteStaleAttempts(db, now),
    rate_limits: await deleteExpiredRateLimits(db, now),
    logout_tokens_seen: await deleteExpiredLogoutTokens(db, now),
    account_tokens: await deleteExpiredAccountTokens(db, now),
    payment_events: await deleteOldPaymentEvents(db, now),
    payment_orders: await deleteStaleOrders(db, now),
    unconfirmed_sign_ups: await deleteUnconfirmedSignUps(db, now),
  };
}

/** One round if this process gets the lease (held for `leaseMs`); null when another process has it. */
export async function housekeepingRound(
  db: Kysely<Database>,
  holder: string,
  leaseMs: number,
  now: Date = new Date(),
): Promise<HousekeepingCounts | null> {
  if (!(await takeLease(db, "housekeeping", holder, leaseMs, now))) return null;
  return removeExpiredRows(db, now);
}
