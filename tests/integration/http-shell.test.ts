import { readdirSync, statSync } from "node:fs";
import { get as httpGet } from "node:http";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_BODY_LIMIT } from "../../server/body-limit.ts";
import { startApp } from "./harness.ts";

const ASSETS_DIR = resolve(import.meta.dirname, "../../build/client/assets");
const ASSET = readdirSync(ASSETS_DIR).find((f) => f.endsWith(".js"));
/** The largest script: the one precompression matters most for. */
const BIG_ASSET = readdirSync(ASSETS_DIR)
  .filter((f) => f.endsWith(".js"))
  .sort((a, b) => statSync(resolve(ASSETS_DIR, b)).size - statSync(resolve(ASSETS_DIR, a)).size)[0]!;

describe("the HTTP shell (built app on a real SQLite)", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => app.stop());

  const get = (path: string, init?: RequestInit) => fetch(`${app.url}${path}`, { redirect: "manual", ...init });

  it("sends the security headers on every kind of response: the page set on pages, a short set elsewhere", async () => {
    const responses = {
      page: await get("/"),
      notFound: await get("/no/such/page"),
      asset: await get(`/assets/${ASSET}`),
      health: await get("/healthz"),
      failure: await get("/__test/throw"),
      tooLarge: await get("/", {
        method: "POST",
        body: "x".repeat(FORM_BODY_LIMIT + 1),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    };
    expect(responses.page.status).toBe(200);
    expect(responses.notFound.status).toBe(404);
    expect(responses.asset.status).toBe(200);
    expect(responses.health.status).toBe(200);
    expect(responses.failure.status).toBe(500);
    expect(responses.tooLarge.status).toBe(413);
    const notPages = new Set(["asset", "health"]);
    for (const [kind, res] of Object.entries(responses)) {
      const csp = res.headers.get("content-security-policy") ?? "";
      if (notPages.has(kind)) {
        // Nothing runs in an asset or a JSON answer: default-src 'none', unframeable, no page extras.
        expect(csp, kind).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
      } else {
        // A visitor's page: its inline scripts by hash (it may be shared: page-cache.test.ts); others by nonce.
        expect(csp, kind).toMatch(
          /script-src ('nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'|'self'( 'sha256-[A-Za-z0-9+/=]{44}')+);/,
        );
        expect(csp, kind).toContain("frame-ancestors 'none'");
        expect(res.headers.get("x-frame-options"), kind).toBe("DENY");
      }
      expect(res.headers.get("x-content-type-options"), kind).toBe("nosniff");
      expect(res.headers.get("cross-origin-resource-policy"), kind).toBe("same-origin");
      // Every response, pages and the rest alike (issue 29: JSON, files and the health check had none).
      expect(res.headers.get("referrer-policy"), kind).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("cross-origin-opener-policy"), kind).toBe("same-origin");
      expect(res.headers.get("permissions-policy"), kind).toContain("camera=()");
      expect(res.headers.get("x-request-id"), kind).toMatch(/^[\w-]{8,}$/);
      expect(res.headers.get("access-control-allow-origin"), kind).toBeNull();
      expect(res.headers.get("x-powered-by"), kind).toBeNull();
      // Served over plain http here: no HSTS (it is sent when PUBLIC_URL is https).
      expect(res.headers.get("strict-transport-security"), kind).toBeNull();
    }
  });

  it("uses a fresh nonce per response, the same one in the header and on every script", async () => {
    // A query parameter makes the page one the cache leaves alone (a visitor's plain page has no nonce).
    const a = await get("/?from=test");
    const b = await get("/?from=test");
    const nonceA = /'nonce-([^']+)'/.exec(a.headers.get("content-security-policy")!)![1]!;
    const nonceB = /'nonce-([^']+)'/.exec(b.headers.get("content-security-policy")!)![1]!;
    expect(nonceA).not.toBe(nonceB);
    const html = await a.text();
    // Data blocks (the strings dictionary, JSON-LD) never run, so the policy does not apply to them.
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)]
      .map((m) => m[0])
      .filter((tag) => !/type="application\/(ld\+)?json"/.test(tag));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonceA}"`);
  });

  it("sends built assets compressed at build time, as the client accepts them", async () => {
    const raw = (encoding: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((ok, fail) => {
        httpGet(`${app.url}/assets/${BIG_ASSET}`, { headers: { "accept-encoding": encoding } }, (reply) => {
          const chunks: Buffer[] = [];
          reply.on("data", (c: Buffer) => chunks.push(c));
          reply.on("end", () => ok({ headers: reply.headers, body: Buffer.concat(chunks) }));
        }).on("error", fail);
      });
    const plain = await raw("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const br = await raw("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gzip = await raw("br;q=0, gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    for (const reply of [plain, br, gzip]) {
      expect(reply.headers["content-type"]).toMatch(/javascript/);
      expect(reply.headers["cache-control"]).toContain("immutable");
      expect(reply.headers["vary"]).toMatch(/Accept-Encoding/i);
    }
    // The variants exist on disk: nothing is compressed per request.
    expect(readdirSync(ASSETS_DIR)).toContain(`${BIG_ASSET}.br`);
  });

  it("serves the exercise's Run worker under a policy of its own (WebAssembly from our assets, nothing else) and its engines compressed", async () => {
    const worker = readdirSync(ASSETS_DIR).find((f) => /^browser-run\.worker-.*\.js$/.test(f));
    expect(worker, "the Run worker is built as an asset of its own").toBeDefined();
    const response = await get(`/assets/${worker}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toBe(
      "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; base-uri 'none'",
    );
    // Any other asset keeps the policy that allows nothing.
    expect((await get(`/assets/${ASSET}`)).headers.get("content-security-policy")).not.toContain("wasm");
    const engines = readdirSync(ASSETS_DIR).filter((f) => f.endsWith(".wasm"));
    expect(engines).toHaveLength(2);
    for (const engine of engines) {
      const wasm = await get(`/assets/${engine}`, { headers: { "accept-encoding": "br" } });
      expect(wasm.headers.get("content-type")).toBe("application/wasm");
      expect(wasm.headers.get("content-encoding")).toBe("br");
    }
  });

  it("caches built assets for a year and pages not at all", async () => {
    const asset = await get(`/assets/${ASSET}`);
    expect(asset.headers.get("cache-control")).toContain("max-age=31536000");
    expect(asset.headers.get("cache-control")).toContain("immutable");
    const health = await get("/healthz");
    expect(health.headers.get("cache-control")).toBe("no-store");
  });

  it("compresses pages, and a streamed page about as well as the same page in one go (no flush per React chunk)", async () => {
    const res = await get("/", { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    // The compressed bytes as sent (fetch would decompress them).
    const sent = await new Promise<Buffer>((ok, fail) => {
      httpGet(`${app.url}/`, { headers: { "accept-encoding": "gzip" } }, (reply) => {
        const chunks: Buffer[] = [];
        reply.on("data", (c: Buffer) => chunks.push(c));
        reply.on("end", () => ok(Buffer.concat(chunks)));
      }).on("error", fail);
    });
    const html = gunzipSync(sent);
    expect(html.toString()).toContain("</html>");
    expect(sent.length / gzipSync(html).length).toBeLessThan(1.1);
  });

  it("answers /healthz with a tiny JSON body, 503 when the database stops answering", async () => {
    const ok = await get("/healthz");
    expect(ok.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await ok.json()).toEqual({ status: "ok" });
    const other = await startApp();
    await other.database.close();
    const down = await fetch(`${other.url}/healthz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: "unavailable" });
    await other.stop();
  });

  it("renders the 404 page for unknown paths, in the right language and direction", async () => {
    const en = await get("/definitely-missing");
    expect(en.status).toBe(404);
    const html = await en.text();
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain("Page Not Found");
    expect(html).toContain("Go Back To Home");
    const he = await get("/definitely-missing?lng=he");
    expect(he.status).toBe(404);
    const heHtml = await he.text();
    expect(heHtml).toContain('<html lang="he" dir="rtl">');
    expect(heHtml).toContain("הדף לא נמצא");
  });

  it("shows the same error page at /error", async () => {
    const res = await get("/error");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Page Not Found");
    expect(html).toContain("noindex");
  });

  it("shows 'Unexpected Application Error!' without a stack trace and logs the failure", async () => {
    const res = await get("/__test/throw");
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("Status 500");
    expect(html).not.toContain("Deliberate failure");
    expect(html).not.toMatch(/at .*\.js:\d+/);
    const requestId = res.headers.get("x-request-id");
    const logged = app.logs.find((l) => l.msg === "request failed" && l.reqId === requestId);
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain("Deliberate failure");
  });

  it("remembers a language chosen with ?lng= in a cookie", async () => {
    const res = await get("/?lng=he");
    expect(res.headers.get("set-cookie")).toMatch(/^lng=he; Max-Age=\d+; Path=\/; SameSite=Lax$/);
    const next = await get("/", { headers: { cookie: "lng=he" } });
    expect(await next.text()).toContain('<html lang="he" dir="rtl">');
    const byHeader = await get("/", { headers: { "accept-language": "he-IL,he;q=0.9" } });
    expect(await byHeader.text()).toContain('lang="he"');
  });

  it("never lets a malformed cookie break a page: a bad language is ignored, a bad session is a visitor", async () => {
    for (const cookie of [
      "lng=%E0%A4%A",
      "lomda_session=%E0%A4%A",
      "lng=%E0%A4%A; lomda_session=%ZZ; lomda_flash=%E0; lomda_feedback=%",
      "lng",
      "=he; ;;",
    ]) {
      for (const path of ["/", "/feedback", "/courses"]) {
        const res = await get(path, { headers: { cookie } });
        expect(res.status, `${path} with ${cookie}`).toBe(200);
        const html = await res.text();
        expect(html, `${path} with ${cookie}`).toContain('<html lang="en" dir="ltr">');
      }
    }
    const he = await get("/", { headers: { cookie: "lomda_session=%E0%A4%A; lng=he" } });
    expect(await he.text()).toContain('<html lang="he" dir="rtl">');
  });

  it("refuses oversized bodies and bodies without a length", async () => {
    const json = await get("/", {
      method: "POST",
      body: JSON.stringify({ a: "x".repeat(70_000) }),
      headers: { "content-type": "application/json" },
    });
    expect(json.status).toBe(413);
    const chunked = await get("/", {
      method: "POST",
      body: new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode("a=1")), c.close()) }),
      // @ts-expect-error: Node's fetch needs this for a streamed body
      duplex: "half",
    });
    expect(chunked.status).toBe(411);
  });

  it("logs one JSON line per request with its id, path and status, without the query string", async () => {
    const res = await get("/no-such?email=secret@example.com");
    await res.text();
    const id = res.headers.get("x-request-id");
    // The line is written when the response ends, which may be just after the client has the body.
    await expect
      .poll(() => app.logs.find((l) => l.msg === "request" && l.reqId === id))
      .toMatchObject({ method: "GET", path: "/no-such", status: 404 });
    expect(JSON.stringify(app.logs)).not.toContain("secret@example.com");
  });

  it("names each request itself: a client's own X-Request-Id is not taken without a trusted proxy", async () => {
    for (const path of ["/healthz", "/about", "/no-such"])
      for (const chosen of ["abc12345-proxy", "0123456789abcdef0123456789abcdef", "bad id with spaces"]) {
        const res = await get(path, { headers: { "x-request-id": chosen } });
        expect(res.headers.get("x-request-id"), `${path} ${chosen}`).toMatch(
          /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
        );
      }
  });

  it("needs no other host: the page references only its own origin", async () => {
    const html = await (await get("/")).text();
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    const external = urls.filter((u) => /^(https?:)?\/\//.test(u) && !u.startsWith(app.url));
    expect(external).toEqual([]);
  });
});
