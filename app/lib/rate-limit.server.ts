import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "./db.server";

/**
 * Fixed-window rate limits kept in the database, so every process on one database counts the same
 * windows (docs/decisions/0010). Each use is one atomic upsert (`insert … on conflict … do update
 * set count = count + 1 … returning count`), so concurrent requests cannot slip past the limit.
 */
export interface RateLimitResult {
  ok: boolean;
  /** Seconds until the window resets (for Retry-After). */
  retryAfter: number;
}

export class RateLimiter {
  readonly name: string;
  readonly limit: number;
  readonly windowMs: number;
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>, name: string, limit: number, windowMs: number) {
    this.db = db;
    this.name = name;
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** The row of this key's current window, and when that window ends. */
  private window(key: string, now: number) {
    const index = Math.floor(now / this.windowMs);
    const hashed = createHash("sha256").update(key).digest("base64url").slice(0, 32);
    const resetAt = (index + 1) * this.windowMs;
    return {
      rowKey: `${this.name}:${hashed}:${index}`,
      resetAt,
      retryAfter: Math.max(1, Math.ceil((resetAt - now) / 1000)),
    };
  }

  /** Counts one use and says whether it is within the limit. */
  async consume(key: string, now: number = Date.now()): Promise<RateLimitResult> {
    const { rowKey, resetAt, retryAfter } = this.window(key, now);
    const row = await this.db
      .insertInto("rate_limits")
      .values({ key: rowKey, count: 1, expires_at: new Date(resetAt).toISOString() })
      .onConflict((oc) => oc.column("key").doUpdateSet({ count: sql<number>`rate_limits.count + 1` }))
      .returning("count")
      .executeTakeFirstOrThrow();
    return { ok: Number(row.count) <= this.limit, retryAfter };
  }

  /** Gives one use back (a sign-in that turned out right does not count against the address). */
  async refund(key: string, now: number = Date.now()): Promise<void> {
    const { rowKey } = this.window(key, now);
    await this.db
      .updateTable("rate_limits")
      .set({ count: sql<number>`count - 1` })
      .where("key", "=", rowKey)
      .where("count", ">", 0)
      .execute();
  }

  /** Forgets this key's current window. */
  async reset(key: string, now: number = Date.now()): Promise<void> {
    await this.db.deleteFrom("rate_limits").where("key", "=", this.window(key, now).rowKey).execute();
  }
}

/** Housekeeping: windows that have ended. */
export async function deleteExpiredRateLimits(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const result = await db.deleteFrom("rate_limits").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Counts one use against each limiter in turn, stopping at the first that refuses: a request one
 * key refuses spends nothing of the keys after it (a learner over their own limit does not use up
 * their address's, nor an address over its limit an email's). Undefined when every one allowed it.
 */
export async function consumeAll(
  checks: ReadonlyArray<readonly [RateLimiter, string]>,
  now: number = Date.now(),
): Promise<(RateLimitResult & { limiter: string }) | undefined> {
  for (const [limiter, key] of checks) {
    const result = await limiter.consume(key, now);
    if (!result.ok) return { ...result, limiter: limiter.name };
  }
  return undefined;
}

/** Every limiter, counted in the given database (shared by every process that uses it). */
export function createRateLimits(db: Kysely<Database>) {
  return {
    /** Starting a sign-in: 30 a minute per address. */
    signin: new RateLimiter(db, "signin", 30, 60_000),
    /**
     * The embedded provider's own start (/idp/auth) and sign-out (/idp/session/end): each stores a
     * provider row for whoever asks, with no session needed, so it gets /signin's limit (30 a
     * minute per address) even when asked for directly.
     */
    providerStart: new RateLimiter(db, "provider-start", 30, 60_000),
    /**
     * The embedded provider's password form, counted before the password is checked (a right one
     * is refunded): 20 per 15 minutes per address, and 10 per 15 minutes per account and address —
     * never per account alone, so nobody can lock an account out from elsewhere.
     */
    loginByAddress: new RateLimiter(db, "login-address", 20, 15 * 60_000),
    loginByAccountAndAddress: new RateLimiter(db, "login-account-address", 10, 15 * 60_000),
    /** Back-channel logout calls (server to server): 60 a minute per address. */
    backchannelLogout: new RateLimiter(db, "backchannel-logout", 60, 60_000),
    /**
     * "Forgot password" requests, counted in this order and each only when the one before let the
     * request through: 10 per 15 minutes per address; 3 an hour per email from one address (a
     * stranger elsewhere cannot spend the learner's own); 10 an hour per email from anywhere (what
     * one inbox can be sent).
     */
    passwordResetByAddress: new RateLimiter(db, "password-reset-address", 10, 15 * 60_000),
    passwordResetByEmailAndAddress: new RateLimiter(db, "password-reset-email-address", 3, 60 * 60_000),
    passwordResetByEmail: new RateLimiter(db, "password-reset-email", 10, 60 * 60_000),
    /**
     * Sign-ups (each hashes a password, may store an account and sends a mail), valid or not: 10
     * an hour per address; then 3 an hour per email from anywhere (what one inbox can be sent).
     */
    signUpByAddress: new RateLimiter(db, "sign-up-address", 10, 60 * 60_000),
    signUpByEmail: new RateLimiter(db, "sign-up-email", 3, 60 * 60_000),
    /** New quiz attempts (each a database row): 30 a minute per address. */
    quizStart: new RateLimiter(db, "quiz-start", 30, 60_000),
    /** Library searches (page and API): 30 a minute per address. */
    librarySearch: new RateLimiter(db, "library-search", 30, 60_000),
    /** Feedback posts (page and API), valid or not: 30 per 10 minutes per address. */
    feedbackPost: new RateLimiter(db, "feedback-post", 30, 10 * 60_000),
    /** Captcha challenges: 60 a minute per address. */
    captcha: new RateLimiter(db, "captcha", 60, 60_000),
    /**
     * Progress reports and "Mark as complete", per learner: 120 a minute (a playing video reports
     * every 10 s; several tabs, seeks and pauses stay well inside).
     */
    progress: new RateLimiter(db, "progress", 120, 60_000),
    /** A learner's notes written, edited or deleted (issue 32): 60 a minute, far above anyone's typing. */
    notes: new RateLimiter(db, "notes", 60, 60_000),
    // Exercise submissions, per learner (issue 34): each one is graded in the sandbox pool.
    exerciseSubmit: new RateLimiter(db, "exercise-submit", 20, 60_000),
    /**
     * Calls to the payment provider a learner's requests cause (each spends the school's own rate
     * limit there, which its checkouts and events need): per learner, and per address for learners
     * behind one. Starting an online checkout: 20 per 10 minutes per learner, 60 per address.
     */
    checkout: new RateLimiter(db, "checkout", 20, 10 * 60_000),
    checkoutByAddress: new RateLimiter(db, "checkout-address", 60, 10 * 60_000),
    /**
     * Reading a checkout at the provider for the thank-you page, when the database does not know
     * it yet (a read answered from the short cache is not counted): 10 per 10 minutes per learner,
     * 30 per address.
     */
    checkoutRead: new RateLimiter(db, "checkout-read", 10, 10 * 60_000),
    checkoutReadByAddress: new RateLimiter(db, "checkout-read-address", 30, 10 * 60_000),
    /**
     * Reading a deal back at a read-back provider (Cardcom) on its notification, per order: a
     * stranger who knows a deal's id cannot make Lomda ask about it more than 20 times an hour
     * (Cardcom notifies a deal at most 8 times). A notification of an order already paid reads nothing.
     */
    dealReadBack: new RateLimiter(db, "deal-read-back", 20, 60 * 60_000),
    /**
     * Coupon codes tried on the order pages (decision 0051), valid or not: 20 per 10 minutes per
     * learner and 60 per address, so codes cannot be guessed by trying many.
     */
    coupon: new RateLimiter(db, "coupon", 20, 10 * 60_000),
    couponByAddress: new RateLimiter(db, "coupon-address", 60, 10 * 60_000),
    /** Opening the provider's customer portal: 5 per 10 minutes per learner, 20 per address. */
    billingPortal: new RateLimiter(db, "billing-portal", 5, 10 * 60_000),
    billingPortalByAddress: new RateLimiter(db, "billing-portal-address", 20, 10 * 60_000),
    /**
     * A buyer's cancellation requests on /cancel (each may store a row and send two emails), valid or
     * not: 10 per 10 minutes per learner, far above anyone's honest use.
     */
    cancellation: new RateLimiter(db, "cancellation", 10, 10 * 60_000),
    /** Contact, registration and newsletter forms: 20 per 10 minutes per address. */
    forms: new RateLimiter(db, "forms", 20, 10 * 60_000),
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
