import { createHash } from "node:crypto";
import { createServer, get as httpGet, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, hop } from "../support/cookie-jar.ts";
import { createSignedInUser, setPublished, uniqueId } from "../support/factories.ts";
import { DIALECTS } from "../setup/databases.ts";
import { startApp } from "./harness.ts";

const SHAREABLE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/** The raw bytes of an answer as sent (fetch would decompress them). */
function raw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (ok, fail) => {
      httpGet(url, { headers }, (reply) => {
        const chunks: Buffer[] = [];
        reply.on("data", (c: Buffer) => chunks.push(c));
        reply.on("end", () => ok({ status: reply.statusCode!, headers: reply.headers, body: Buffer.concat(chunks) }));
      }).on("error", fail);
    },
  );
}

describe.each(DIALECTS)("visitors' pages from the cache on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp({}, dialect);
  });
  afterAll(async () => app.stop());

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${path}`, { redirect: "manual", headers });

  it("serves a visitor's page with an ETag a CDN and the browser can use, and 304 to a repeat visit", async () => {
    const first = await get("/about");
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe(SHAREABLE);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[\w-]{20,}"$/);
    expect(first.headers.get("vary")).toMatch(/Accept-Encoding.*Cookie.*Accept-Language/);
    const html = await first.text();
    const second = await get("/about");
    expect(second.headers.get("etag")).toBe(etag);
    expect(await second.text()).toBe(html);
    const repeat = await get("/about", { "if-none-match": etag });
    expect(repeat.status).toBe(304);
    expect(await repeat.text()).toBe("");
    expect(repeat.headers.get("etag")).toBe(etag);
    expect((await get("/about", { "if-none-match": 'W/"other"' })).status).toBe(200);
    // HEAD: the same headers, no body.
    const head = await fetch(`${app.url}/about`, { method: "HEAD" });
    expect(head.headers.get("etag")).toBe(etag);
  });

  it("compresses once: brotli and gzip give back the very page, identity too", async () => {
    await get("/team");
    const plain = await raw(`${app.url}/team`, { "accept-encoding": "identity" });
    const br = await raw(`${app.url}/team`, { "accept-encoding": "gzip, br" });
    const gz = await raw(`${app.url}/team`, { "accept-encoding": "gzip" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
  });

  it("allows exactly the page's inline scripts, by hash, and renders no nonce", async () => {
    const res = await get("/courses");
    const csp = res.headers.get("content-security-policy")!;
    const html = await res.text();
    expect(csp).not.toMatch(/nonce-|strict-dynamic|unsafe-inline/);
    expect(html).not.toMatch(/nonce="[^"]/);
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      // Data blocks (the strings dictionary, JSON-LD) never run: they need no hash.
      (m) => !/src=|type="application\/(ld\+)?json"/.test(m[1]!),
    );
    expect(inline.length).toBeGreaterThan(1);
    const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!.split(" ");
    const hashes = new Set(
      inline.map((m) => `'sha256-${createHash("sha256").update(m[2]!, "utf8").digest("base64")}'`),
    );
    expect(scriptSrc).toEqual(["'self'", ...hashes]);
  });

  it("varies by language: the cookie, ?lng= and Accept-Language each get their own page", async () => {
    const english = await (await get("/courses")).text();
    const hebrew = await get("/courses", { "accept-language": "he-IL,he;q=0.9" });
    expect(hebrew.headers.get("cache-control")).toBe(SHAREABLE);
    expect(await hebrew.text()).toContain('<html lang="he" dir="rtl"');
    expect(english).toContain('<html lang="en" dir="ltr"');
    expect(await (await get("/courses", { cookie: "lng=he" })).text()).toContain('lang="he"');
    expect(await (await get("/courses", { cookie: "lng=en", "accept-language": "he" })).text()).toContain('lang="en"');
    // ?lng= without the cookie: the Hebrew page, and the cookie that remembers it (not for a shared cache).
    const chosen = await get("/courses?lng=he");
    expect(await chosen.text()).toContain('lang="he"');
    expect(chosen.headers.getSetCookie().join()).toMatch(/^lng=he;/);
    expect(chosen.headers.get("cache-control")).toBe("private, max-age=0");
    const remembered = await get("/courses?lng=he", { cookie: "lng=he" });
    expect(remembered.headers.getSetCookie()).toEqual([]);
    expect(remembered.headers.get("cache-control")).toBe(SHAREABLE);
  });

  it("never gives a signed-in page to a visitor, nor a visitor's page to a signed-in person", async () => {
    const name = uniqueId("Cached Person");
    const { cookie } = await createSignedInUser(app.db, "learner", { name });
    await get("/"); // a visitor's page is stored
    const personal = await get("/", { cookie });
    expect(personal.headers.get("cache-control")).toBe("private, no-store");
    expect(personal.headers.get("etag")).toBeNull();
    expect(personal.headers.get("content-security-policy")).toMatch(/'nonce-[^']+' 'strict-dynamic'/);
    expect(await personal.text()).toContain(name);
    for (let i = 0; i < 3; i++) {
      const visitor = await get("/");
      expect(visitor.headers.get("cache-control")).toBe(SHAREABLE);
      expect(await visitor.text()).not.toContain(name);
    }
    // The language cookie beside the session: still personal.
    expect((await get("/", { cookie: `lng=en; ${cookie}` })).headers.get("cache-control")).toBe("private, no-store");
  });

  it("leaves out requests that may be personal: other cookies, other query parameters, non-pages", async () => {
    for (const [path, headers] of [
      ["/about", { cookie: "lomda_flash=x" }],
      ["/about", { cookie: "something=else; lng=en" }],
      ["/about?ref=newsletter", {}],
      ["/about?lng=xx", {}],
      ["/about?lng=he&lng=en", {}],
      ["/about", { authorization: "Bearer abc" }],
    ] as [string, Record<string, string>][]) {
      const res = await get(path, headers);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("etag"), `${path} ${JSON.stringify(headers)}`).toBeNull();
      expect(res.headers.get("content-security-policy"), path).toMatch(/'nonce-[^']+' 'strict-dynamic'/);
    }
    // Pages that are not 200 are never stored (a 404 is sent as rendered, its scripts allowed by hash).
    const missing = await get("/no/such/page");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("etag")).toBeNull();
    expect(missing.headers.get("cache-control") ?? "").not.toContain("public");
    expect(missing.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-/);
    // A redirect stays a redirect.
    expect((await get("/profile")).status).toBe(302);
  });

  it("shows posted feedback at once, and a catalogue change within a second", async () => {
    const before = await (await get("/feedback")).text();
    const comment = uniqueId("Cached comment");
    const jar = new CookieJar();
    const posted = await hop(jar, `${app.url}/feedback/new`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: new URLSearchParams({ name: "Noa", comment, image: "", rating: "5" }).toString(),
    });
    expect(posted.status).toBe(303);
    expect(before).not.toContain(comment);
    // A visitor without the poster's cookies: the stored page is stale and rendered again.
    expect(await (await get("/feedback")).text()).toContain(comment);

    const listed = await (await get("/courses/mern")).text();
    expect(listed).toContain('href="/courses/mern/nodejs"');
    await setPublished(app.db, "video_lists", "nodejs", false); // as another process would
    try {
      await expect
        .poll(async () => (await (await get("/courses/mern")).text()).includes('href="/courses/mern/nodejs"'), {
          timeout: 5_000,
        })
        .toBe(false);
    } finally {
      await setPublished(app.db, "video_lists", "nodejs", true);
    }
  });
});

/** An answer as it came: status, headers in their order and spelling, body (never decompressed). */
function exchange(url: string, method: string, headers: Record<string, string>) {
  return new Promise<{ status: number; rawHeaders: string[]; body: Buffer }>((ok, fail) => {
    httpRequest(url, { method, headers }, (reply) => {
      const chunks: Buffer[] = [];
      reply.on("data", (c: Buffer) => chunks.push(c));
      reply.on("end", () =>
        ok({ status: reply.statusCode!, rawHeaders: reply.rawHeaders, body: Buffer.concat(chunks) }),
      );
    })
      .on("error", fail)
      .end();
  });
}

describe.each(DIALECTS)("cached pages answered before the stack (decision 0059) on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  /** The same app, every request through Express: the path a hit took before the fast lane had it. */
  let stack: Server;
  let stackUrl: string;
  beforeAll(async () => {
    app = await startApp({ METRICS_ALLOW: "127.0.0.1,::1" }, dialect);
    stack = createServer(app.handler.stack);
    await new Promise<void>((ok) => stack.listen(0, "127.0.0.1", ok));
    stackUrl = `http://127.0.0.1:${(stack.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((ok) => stack.close(ok));
    await app.stop();
  });
  const laneHits = () => app.handler.pageCache!.laneHits();
  /** Headers as sent, but for the two that differ by nature: the date and the request id. */
  const comparable = (rawHeaders: string[]) =>
    rawHeaders.map((value, i) => (i % 2 === 1 && /^(date|x-request-id)$/i.test(rawHeaders[i - 1]!) ? "…" : value));

  it("answers a hit with the very bytes the stack sends: both languages, every encoding, 304, HEAD", async () => {
    // Stored through the stack (a render), then the same request at both doors.
    const requests: [string, string, Record<string, string>][] = [
      ["/", "GET", {}],
      ["/", "GET", { "accept-encoding": "gzip" }],
      ["/", "GET", { "accept-encoding": "gzip, deflate, br" }],
      ["/", "GET", { "accept-encoding": "br;q=0, gzip" }],
      ["/", "HEAD", { "accept-encoding": "br" }],
      ["/", "GET", { "accept-language": "he-IL,he;q=0.9", "accept-encoding": "gzip" }],
      ["/", "GET", { cookie: "lng=he", "accept-encoding": "br" }],
      ["/about?lng=he", "GET", { "accept-encoding": "gzip" }],
      ["/about?lng=he", "HEAD", {}],
      ["/about?lng=en", "GET", { cookie: "lng=he" }],
      ["/courses", "GET", { "accept-language": "he" }],
    ];
    for (const [path, method, headers] of requests) {
      const what = `${method} ${path} ${JSON.stringify(headers)}`;
      await exchange(`${stackUrl}${path}`, "GET", headers); // stored, if it was not yet
      const before = laneHits();
      const viaStack = await exchange(`${stackUrl}${path}`, method, headers);
      expect(laneHits(), what).toBe(before);
      const viaLane = await exchange(`${app.url}${path}`, method, headers);
      expect(laneHits(), what).toBe(before + 1);
      expect(viaLane.status, what).toBe(200);
      expect(comparable(viaLane.rawHeaders), what).toEqual(comparable(viaStack.rawHeaders));
      expect(viaLane.body.equals(viaStack.body), what).toBe(true);
      if (method === "HEAD") expect(viaLane.body.length, what).toBe(0);
      const etag = viaLane.rawHeaders[viaLane.rawHeaders.findIndex((h) => h.toLowerCase() === "etag") + 1]!;
      expect(etag, what).toMatch(/^W\/"/);
      // The repeat visit: 304 at both doors, the same headers, no body.
      const repeat = { ...headers, "if-none-match": etag };
      const notModifiedStack = await exchange(`${stackUrl}${path}`, method, repeat);
      const notModifiedLane = await exchange(`${app.url}${path}`, method, repeat);
      expect(laneHits(), what).toBe(before + 2);
      expect([notModifiedLane.status, notModifiedStack.status], what).toEqual([304, 304]);
      expect(comparable(notModifiedLane.rawHeaders), what).toEqual(comparable(notModifiedStack.rawHeaders));
      expect(notModifiedLane.body.length, what).toBe(0);
    }
    // The languages really are two pages.
    const hebrew = await exchange(`${app.url}/`, "GET", { cookie: "lng=he" });
    const english = await exchange(`${app.url}/`, "GET", { cookie: "lng=en" });
    expect(hebrew.body.toString()).toContain('<html lang="he" dir="rtl"');
    expect(english.body.toString()).toContain('<html lang="en" dir="ltr"');
  });

  it("logs each hit and counts it under its page's route, as the stack did", async () => {
    const counted = async () => {
      const text = await (await fetch(`${app.url}/metrics`)).text();
      const line = text
        .split("\n")
        .find((l) =>
          l.startsWith('lomda_http_request_duration_seconds_count{route="/team",method="GET",status="200"}'),
        );
      return Number(line?.split(" ")[1] ?? 0);
    };
    await fetch(`${app.url}/team`);
    const before = laneHits();
    const countedBefore = await counted();
    const hit = await fetch(`${app.url}/team?lng=en`, { headers: { "x-request-id": "not-a-proxy" } });
    expect(hit.status).toBe(200);
    expect(laneHits()).toBe(before + 1);
    expect(await counted()).toBe(countedBefore + 1);
    const requestId = hit.headers.get("x-request-id")!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(app.logs).toContainEqual(
      expect.objectContaining({ msg: "request", reqId: requestId, method: "GET", path: "/team", status: 200 }),
    );
    expect(JSON.stringify(app.logs)).not.toContain("lng=en");
  });

  it("leaves to the stack what it would refuse or treat otherwise: a bad Host, other cookies, a body, another spelling", async () => {
    await fetch(`${app.url}/about`);
    const before = laneHits();
    const badHost = await new Promise<number>((ok, fail) => {
      httpGet(`${app.url}/about`, { headers: { host: "bad host!" } }, (reply) => {
        reply.resume();
        ok(reply.statusCode!);
      }).on("error", fail);
    });
    expect(badHost).toBe(400);
    for (const headers of [{ cookie: "lomda_flash=x" }, { authorization: "Bearer abc" }] as Record<string, string>[])
      expect((await fetch(`${app.url}/about`, { headers })).headers.get("etag")).toBeNull();
    expect((await fetch(`${app.url}/about?ref=x`)).headers.get("etag")).toBeNull();
    // A GET with a body: the stack's (its body timeout), though it answers from the cache too.
    const withBody = await new Promise<{ status: number; etag: unknown }>((ok, fail) => {
      const req = httpRequest(`${app.url}/about`, { headers: { "content-length": "2" } }, (reply) => {
        reply.resume();
        ok({ status: reply.statusCode!, etag: reply.headers.etag });
      });
      req.on("error", fail);
      req.end("{}");
    });
    expect(withBody.status).toBe(200);
    expect(withBody.etag).toMatch(/^W\//);
    // Another spelling: the stack's redirect to the one address.
    expect((await fetch(`${app.url}/About`, { redirect: "manual" })).status).toBe(301);
    expect(laneHits()).toBe(before);
  });
});

describe("visitors' pages across two processes on one database", () => {
  let first: Awaited<ReturnType<typeof startApp>>;
  let second: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    first = await startApp();
    second = await startApp({}, "sqlite", { sharing: { database: first.database } });
  });
  afterAll(async () => {
    await second.stop();
    await first.stop();
  });

  it("a comment posted through one process reaches the other's cached page and JSON list within a second", async () => {
    const page = () => fetch(`${second.url}/feedback`).then((r) => r.text());
    const api = () => fetch(`${second.url}/api/feedback`).then((r) => r.text());
    const comment = uniqueId("Shared comment");
    expect(await page()).not.toContain(comment);
    expect(await api()).not.toContain(comment);
    const posted = await fetch(`${first.url}/feedback/new`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: first.url },
      body: new URLSearchParams({ name: "Omer", comment, image: "", rating: "4" }).toString(),
    });
    expect(posted.status).toBe(303);
    await expect.poll(async () => (await page()).includes(comment), { timeout: 5_000 }).toBe(true);
    await expect.poll(async () => (await api()).includes(comment), { timeout: 5_000 }).toBe(true);
  });
});
