import express from "express";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../app/lib/logger.server.ts";
import { clientKey, renderBudget, TokenBuckets } from "./render-budget.ts";

describe("TokenBuckets", () => {
  it("gives a burst, then one token per 1/perSecond seconds, and says when the next one comes", () => {
    let now = 0;
    const buckets = new TokenBuckets({ burst: 3, perSecond: 2 }, () => now);
    expect([buckets.take("a"), buckets.take("a"), buckets.take("a")].every((r) => r.ok)).toBe(true);
    expect(buckets.take("a")).toEqual({ ok: false, retryAfter: 1 });
    // Another key has its own bucket.
    expect(buckets.take("b").ok).toBe(true);
    now = 499;
    expect(buckets.take("a").ok).toBe(false);
    // 1.1 s after it ran dry: 2.2 tokens.
    now = 1_100;
    expect([1, 2, 3].map(() => buckets.take("a").ok)).toEqual([true, true, false]);
    // Refilled, never past the burst.
    now = 60_000;
    expect([1, 2, 3].map(() => buckets.take("a").ok)).toEqual([true, true, true]);
    expect(buckets.take("a").ok).toBe(false);
  });
});

describe("clientKey", () => {
  it("is the IPv4 address, or the /64 an IPv6 address is in", () => {
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("2001:db8:aa:1::5")).toBe("2001:db8:aa:1::/64");
    expect(clientKey("2001:0db8:00aa:0001:ffff:1:2:3")).toBe("2001:db8:aa:1::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
  });
});

describe("the budget of renders per client (issue 29)", () => {
  let server: Server | undefined;
  afterEach(async () => {
    if (server) await new Promise((ok) => server!.close(ok));
    server = undefined;
  });

  const lines: { msg: string; retryAfter?: number }[] = [];
  const log = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) });

  /** An app behind the budget (3 renders, one a second), on a fake clock; the session is a cookie here. */
  async function site() {
    let now = 1_000_000;
    let renders = 0;
    const app = express();
    app.set("trust proxy", true);
    app.use(
      renderBudget({
        sessionOf: async (req) => (/session=(valid-\w+)/.exec(req.get("cookie") ?? "") ?? [])[1],
        log,
        strangers: { burst: 3, perSecond: 1 },
        people: { burst: 6, perSecond: 2 },
        now: () => now,
      }),
    );
    app.use((_req, res) => {
      renders++;
      res.type("text/plain").send("rendered");
    });
    server = createServer(app);
    await new Promise<void>((ok) => server!.listen(0, "127.0.0.1", ok));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      get: (path: string, from: string, headers: Record<string, string> = {}) =>
        fetch(base + path, { headers: { "x-forwarded-for": from, accept: "text/html", ...headers } }),
      renders: () => renders,
      tick: (ms: number) => (now += ms),
    };
  }

  it("renders a client's burst, then answers 429 with Retry-After, in its language, until the bucket refills", async () => {
    const s = await site();
    for (let i = 0; i < 3; i++) expect((await s.get(`/about?x=${i}`, "203.0.113.7")).status).toBe(200);
    const refused = await s.get("/about?lng=he", "203.0.113.7");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    const html = await refused.text();
    expect(html).toContain('<html lang="he" dir="rtl">');
    expect(html).toContain("רק רגע, בבקשה");
    expect(s.renders()).toBe(3);
    // Another client is not held to it.
    expect((await s.get("/about", "198.51.100.2")).status).toBe(200);
    s.tick(1000);
    expect((await s.get("/about", "203.0.113.7")).status).toBe(200);
    expect((await s.get("/about", "203.0.113.7")).status).toBe(429);
    // Logged once for the client, however many refusals follow.
    for (let i = 0; i < 10; i++) await s.get("/about", "203.0.113.7");
    expect(lines.filter((l) => l.msg === "render budget spent: 429")).toHaveLength(1);
  });

  it("holds a signed-in person to a budget of their own, not their address's; a made-up session gets none", async () => {
    const s = await site();
    for (let i = 0; i < 3; i++) await s.get("/", "192.0.2.50");
    expect((await s.get("/", "192.0.2.50")).status).toBe(429);
    // A classroom behind the same address: each signed-in learner still gets pages.
    for (const learner of ["valid-ana", "valid-ben"])
      for (let i = 0; i < 6; i++)
        expect((await s.get("/profile", "192.0.2.50", { cookie: `session=${learner}` })).status).toBe(200);
    expect((await s.get("/profile", "192.0.2.50", { cookie: "session=valid-ana" })).status).toBe(429);
    expect((await s.get("/", "192.0.2.50", { cookie: "session=made-up" })).status).toBe(429);
  });

  it("groups an IPv6 client by its /64", async () => {
    const s = await site();
    for (let i = 1; i <= 3; i++) expect((await s.get("/", `2001:db8:1:2::${i}`)).status).toBe(200);
    expect((await s.get("/", "2001:db8:1:2:ffff::9")).status).toBe(429);
    expect((await s.get("/", "2001:db8:1:3::1")).status).toBe(200);
  });
});
