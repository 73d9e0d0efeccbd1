import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, DIALECTS, type TestDb } from "../../tests/setup/databases.ts";
import { consumeAll, deleteExpiredRateLimits, RateLimiter } from "./rate-limit.server";

describe.each(DIALECTS)("rate limiter on %s", (dialect) => {
  let t: TestDb;
  let other: ReturnType<TestDb["reopen"]>;
  const t0 = 1_800_000_000_000; // a window boundary of a 60 s window

  beforeAll(async () => {
    t = await createTestDb(dialect);
    other = t.reopen(); // a second process's connection to the same database
  });
  afterAll(async () => {
    await other.close();
    await t.destroy();
  });

  it("allows the limit per window, then refuses with the seconds left, and starts a new window", async () => {
    const limiter = new RateLimiter(t.db, "a", 3, 60_000);
    const results = [];
    for (let i = 0; i < 3; i++) results.push((await limiter.consume("k", t0)).ok);
    expect(results).toEqual([true, true, true]);
    expect(await limiter.consume("k", t0 + 15_000)).toEqual({ ok: false, retryAfter: 45 });
    expect((await limiter.consume("other", t0)).ok).toBe(true); // other keys count apart
    expect((await new RateLimiter(t.db, "b", 3, 60_000).consume("k", t0)).ok).toBe(true); // other limiters too
    expect((await limiter.consume("k", t0 + 60_000)).ok).toBe(true); // a new window
  });

  it("refunds and resets", async () => {
    const limiter = new RateLimiter(t.db, "refund", 2, 60_000);
    await limiter.consume("k", t0);
    await limiter.consume("k", t0);
    await limiter.refund("k", t0);
    expect((await limiter.consume("k", t0)).ok).toBe(true);
    expect((await limiter.consume("k", t0)).ok).toBe(false);
    await limiter.reset("k", t0);
    expect((await limiter.consume("k", t0)).ok).toBe(true);
  });

  it("consumeAll counts each key in turn and stops at the first that refuses, spending none after it", async () => {
    const person = new RateLimiter(t.db, "all-person", 2, 60_000);
    const address = new RateLimiter(t.db, "all-address", 3, 60_000);
    const both = (who: string) =>
      consumeAll(
        [
          [person, who],
          [address, "10.0.0.9"],
        ],
        t0,
      );
    expect(await both("ann")).toBeUndefined();
    expect(await both("ann")).toBeUndefined();
    // Ann is over her own limit: the address's count is not touched, so Ben still gets the last one.
    expect(await both("ann")).toEqual({ ok: false, retryAfter: 60, limiter: "all-person" });
    expect(await both("ben")).toBeUndefined();
    expect(await both("ben")).toEqual({ ok: false, retryAfter: 60, limiter: "all-address" });
  });

  it("counts concurrent uses exactly, across two connections (two processes) to one database", async () => {
    const here = new RateLimiter(t.db, "shared", 10, 60_000);
    const there = new RateLimiter(other.db, "shared", 10, 60_000);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? here : there).consume("10.0.0.1", t0 + 1000)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
  });

  it("housekeeping removes ended windows and keeps current ones", async () => {
    const limiter = new RateLimiter(t.db, "old", 5, 60_000);
    await limiter.consume("k", t0);
    await limiter.consume("k", t0 + 120_000);
    const before = await t.db.selectFrom("rate_limits").select("key").where("key", "like", "old:%").execute();
    expect(before).toHaveLength(2);
    expect(await deleteExpiredRateLimits(t.db, new Date(t0 + 120_000))).toBeGreaterThanOrEqual(1);
    const after = await t.db.selectFrom("rate_limits").select("key").where("key", "like", "old:%").execute();
    expect(after).toHaveLength(1);
  });
});
