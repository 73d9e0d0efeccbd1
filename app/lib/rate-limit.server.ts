/**
 * Fixed-window rate limits kept in this process's memory. Enough for one process; several
 * processes behind a balancer each count their own share (recorded in docs/decisions).
 */
export interface RateLimitResult {
  ok: boolean;
  /** Seconds until the window resets (for Retry-After). */
  retryAfter: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  readonly limit: number;
  readonly windowMs: number;

  constructor(limit: number, windowMs: number) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  consume(key: string, now: number = Date.now()): RateLimitResult {
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { ok: window.count <= this.limit, retryAfter: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
  }

  /** Whether the key has used up its window, without counting this look. */
  check(key: string, now: number = Date.now()): RateLimitResult {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) return { ok: true, retryAfter: 0 };
    return { ok: window.count < this.limit, retryAfter: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** Every limiter of one app instance (kept per instance, so two apps in one process count apart). */
export function createRateLimits() {
  return {
    /** Starting a sign-in: 30 a minute per address. */
    signin: new RateLimiter(30, 60_000),
    /** The embedded provider's password form: failed attempts, 20 per 15 minutes per address and 10 per email. */
    loginByAddress: new RateLimiter(20, 15 * 60_000),
    loginByEmail: new RateLimiter(10, 15 * 60_000),
    /** New quiz attempts (each a database row): 30 a minute per address. */
    quizStart: new RateLimiter(30, 60_000),
    /** Library searches (page and API): 30 a minute per address. */
    librarySearch: new RateLimiter(30, 60_000),
    /** Feedback posts (page and API), valid or not: 30 per 10 minutes per address. */
    feedbackPost: new RateLimiter(30, 10 * 60_000),
    /** Captcha challenges: 60 a minute per address. */
    captcha: new RateLimiter(60, 60_000),
    /** Contact, registration and newsletter forms: 20 per 10 minutes per address. */
    forms: new RateLimiter(20, 10 * 60_000),
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
