import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.server";

describe("rate limiter", () => {
  it("allows the limit per window, then refuses with the seconds left, and resets", () => {
    const limiter = new RateLimiter(3, 60_000);
    const t0 = 1_000_000;
    expect([1, 2, 3].map(() => limiter.consume("a", t0).ok)).toEqual([true, true, true]);
    const refused = limiter.consume("a", t0 + 15_000);
    expect(refused).toEqual({ ok: false, retryAfter: 45 });
    expect(limiter.consume("b", t0).ok).toBe(true); // other keys count apart
    expect(limiter.consume("a", t0 + 60_000).ok).toBe(true); // a new window
    limiter.consume("c", t0);
    expect(limiter.check("c", t0)).toEqual({ ok: true, retryAfter: 60 });
    limiter.consume("c", t0);
    limiter.consume("c", t0);
    expect(limiter.check("c", t0).ok).toBe(false); // looking does not count
    expect(limiter.check("c", t0).ok).toBe(false);
    limiter.reset("c");
    expect([1, 2, 3].map(() => limiter.consume("c", t0).ok)).toEqual([true, true, true]);
  });
});
