import { readdirSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { connect } from "node:net";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBooksUpstream, type BooksUpstream } from "../support/books-upstream.ts";
import { createFeedback, createSignedInUser } from "../support/factories.ts";
import { DIALECTS } from "../setup/databases.ts";
import { startStripeStandin, type StripeStandin } from "../support/stripe-standin.ts";
import { startApp } from "./harness.ts";

/**
 * A bounded, seeded fuzz over the built app: every route of the build's manifest (plus the
 * Express routes beside it) × every method, with garbage bodies of several content types, odd
 * query strings, malformed cookies and odd headers. Loopback only (the books upstream is the
 * local stand-in). Fails on any 5xx and on any error-level log line; prints what it sent.
 */

const REQUESTS = 3000;
const CONCURRENCY = 6;
const SEED = 12;

/** mulberry32: small, fast, deterministic. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}

type Rng = ReturnType<typeof random>;

/** The page routes of the build, with parameters filled in. */
async function routePaths(): Promise<string[]> {
  const dir = resolve(import.meta.dirname, "../../build/server/assets");
  const file = readdirSync(dir).find((f) => f.startsWith("server-build-") && f.endsWith(".js"));
  if (!file) throw new Error("no server build: run npm run build first");
  const build = (await import(join(dir, file))) as { routes: Record<string, { path?: string; index?: boolean }> };
  const paths = new Set<string>(["/"]);
  for (const route of Object.values(build.routes)) {
    // The test routes that throw or wait on purpose are not input handling.
    if (route.path === undefined || route.path === "__test/throw" || route.path.startsWith("__test/slow")) continue;
    paths.add(`/${route.path.replace(/:uid/g, "abc123").replace(/\*/g, "no/such/page")}`);
  }
  return [...paths];
}

const EXTRA_PATHS = [
  "/video/intro.mp4",
  "/video/..%2F..%2Fetc%2Fpasswd",
  "/video/0123456789abcdef0123456789abcdef.webm",
  "/media/covers/0123456789abcdef0123456789abcdef.png",
  "/media/covers/..%2F..%2Fetc%2Fpasswd",
  "/thumb/abc",
  "/thumb/%00",
  "/idp/auth",
  "/idp/token",
  "/idp/.well-known/openid-configuration",
  "/idp/jwks",
  "/idp/session/end",
  "/api/feedback",
  "/api/books",
  "/healthz",
  "/assets/nope.js",
  "/_root.data",
  "/favicon.ico",
  "/%",
  "/%E0%A4%A",
  "//evil.example",
];

const METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "FOO"] as const;

const FIELD_NAMES = [
  "name",
  "email",
  "phone",
  "message",
  "comment",
  "rating",
  "image",
  "intent",
  "id",
  "kind",
  "until",
  "returnTo",
  "answer",
  "step",
  "attempt",
  "password",
  "website",
  "altcha",
  "__proto__",
  "constructor",
];

function garbageString(rng: Rng, max = 40): string {
  const alphabets = [
    "abcdefghijklmnopqrstuvwxyz0123456789",
    "שלום עולם אבגדהוזחטיכלמנסעפצקרשת",
    "<>\"'&;%{}[]()\\/\u0000\r\n\t",
    "😀🚀ñé",
  ];
  const alphabet = [...rng.pick(alphabets)];
  let out = "";
  for (let i = rng.int(max); i > 0; i--) out += rng.pick(alphabet);
  return out;
}

const ODD_VALUES = (rng: Rng) => [
  "",
  "1e20",
  "-1",
  "NaN",
  "0",
  "9".repeat(rng.int(400) + 1),
  "__proto__",
  "00000000-0000-4000-8000-000000000000",
  "2001-01-01",
  "/.//evil.example",
  "//evil.example",
  garbageString(rng),
  "x".repeat(rng.int(5000)),
];

function queryString(rng: Rng): string {
  const choices = [
    "",
    "?page=1e20",
    "?page=-1",
    "?page=NaN",
    "?page=2",
    `?page=${"9".repeat(300)}`,
    "?page=1&page=2",
    "?page[]=1",
    "?q=" + encodeURIComponent(garbageString(rng)),
    "?returnTo=%2F.%2F%2Fevil.example",
    "?lng=he",
    "?lng=xx",
    "?attempt=nope",
    "?%",
    "?a=%E0%A4%A",
    "?_data=root",
    `?${"a=1&".repeat(500)}`,
  ];
  return rng.pick(choices);
}

const BOUNDARY = "----fuzzboundary";

function body(rng: Rng): { type?: string; data: Buffer } {
  const fields = () => {
    const params = new URLSearchParams();
    for (let i = rng.int(6); i > 0; i--) params.append(rng.pick(FIELD_NAMES), rng.pick(ODD_VALUES(rng)));
    return params;
  };
  switch (rng.int(10)) {
    case 0:
    case 1:
    case 2:
      return { type: "application/x-www-form-urlencoded", data: Buffer.from(fields().toString()) };
    case 3:
      return {
        type: "application/json",
        data: Buffer.from(rng.next() < 0.5 ? JSON.stringify(Object.fromEntries(fields())) : "{not json"),
      };
    case 4:
      return { type: "text/plain", data: Buffer.from(garbageString(rng, 200)) };
    case 5:
      return { type: "application/xml", data: Buffer.from(`<?xml version="1.0"?><a>${garbageString(rng)}</a>`) };
    case 6: {
      const parts = [...fields()].map(
        ([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      );
      const complete = `${parts.join("")}--${BOUNDARY}--\r\n`;
      // Sometimes whole, sometimes cut short, sometimes with the wrong boundary declared.
      const data = rng.next() < 0.4 ? complete : complete.slice(0, rng.int(complete.length));
      const boundary = rng.next() < 0.3 ? "other" : BOUNDARY;
      return {
        type: rng.pick([`multipart/form-data; boundary=${boundary}`, "multipart/form-data"]),
        data: Buffer.from(data),
      };
    }
    case 7:
      return {
        type: rng.pick(["application/octet-stream", "image/png", "x/y", ";;;", "text/html; charset=nope"]),
        data: Buffer.from(garbageString(rng, 100)),
      };
    case 8:
      return { data: Buffer.from(fields().toString()) }; // no content type at all
    default:
      return {
        type: "application/x-www-form-urlencoded",
        data: Buffer.from(`message=${"%D7%A9".repeat(rng.int(40_000))}`),
      };
  }
}

function headers(rng: Rng, origin: string, sessionCookie: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (rng.next() < 0.8) out.origin = origin;
  else if (rng.next() < 0.5) out.origin = rng.pick(["null", "https://evil.example", "%%%"]);
  const cookies = [
    sessionCookie,
    "lomda_session=%E0%A4%A",
    "lomda_session=" + "a".repeat(rng.int(3000)),
    "=;;; ;=;",
    "lng=xx",
    "lng=he",
    "lomda_flash=garbage.garbage",
    "lomda_feedback=%",
    "__Host-lomda_session=x; lomda_session=y; lomda_session=z",
    "lomda_tx=" + garbageString(rng),
  ];
  if (rng.next() < 0.6) out.cookie = rng.pick(cookies);
  if (rng.next() < 0.3) out["accept-language"] = rng.pick(["he", "he-IL,he;q=0.9", "*", ";q=x", garbageString(rng)]);
  if (rng.next() < 0.2) out.range = rng.pick(["bytes=0-10", "bytes=abc", "bytes=999999999-", "bytes=5-1", "bytes=-"]);
  if (rng.next() < 0.2) out.accept = rng.pick(["application/json", "*/*", "text/x-component", garbageString(rng)]);
  if (rng.next() < 0.1) out["x-forwarded-for"] = garbageString(rng);
  if (rng.next() < 0.1) out["x-request-id"] = garbageString(rng);
  if (rng.next() < 0.1) out["sec-fetch-site"] = rng.pick(["cross-site", "same-origin", "nonsense"]);
  if (rng.next() < 0.05) out["x-odd"] = "v".repeat(rng.int(6000));
  // Node refuses header values with control or non-Latin-1 characters before sending.
  for (const [k, v] of Object.entries(out)) out[k] = v.replace(/[^\u0020-\u007e]/g, "?");
  return out;
}

/** One raw request over a socket (for what an HTTP client will not send); resolves with the status. */
function raw(port: number, text: string): Promise<number> {
  return new Promise((ok, fail) => {
    const socket = connect(port, "127.0.0.1", () => socket.end(text));
    let answer = "";
    socket.on("data", (c: Buffer) => (answer += c.toString("latin1")));
    socket.on("error", fail);
    socket.on("close", () => ok(Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0)));
  });
}

describe.each(DIALECTS)("fuzzing every route and method on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let upstream: BooksUpstream;
  let admin: string;
  beforeAll(async () => {
    upstream = await startBooksUpstream();
    app = await startApp({ BOOKS_API_URL: upstream.url, BOOKS_TIMEOUT_MS: "500" }, dialect);
    admin = `lomda_session=${(await createSignedInUser(app.db, "admin")).sessionId}`;
    for (let i = 0; i < 3; i++) await createFeedback(app.db, { name: `Fuzz ${i}` });
  });
  afterAll(async () => {
    await app?.stop();
    upstream?.close();
  });

  it(`answers ${REQUESTS} garbage requests without a 5xx or an error log line`, { timeout: 60_000 }, async () => {
    const rng = random(SEED);
    const paths = [...(await routePaths()), ...EXTRA_PATHS];
    const port = Number(new URL(app.url).port);
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const counts: Record<string, number> = {};
    const failures: string[] = [];
    const record = (status: number, what: string) => {
      const key = status === 0 ? "no answer" : `${Math.floor(status / 100)}xx`;
      counts[key] = (counts[key] ?? 0) + 1;
      if (status >= 500 || status === 0) failures.push(`${status} ${what}`);
    };

    const plan = Array.from({ length: REQUESTS }, () => {
      const base = rng.pick(paths);
      const path = `${rng.next() < 0.15 ? `${base === "/" ? "/_root" : base}.data` : base}${queryString(rng)}`;
      const method = rng.pick(METHODS);
      const hasBody = method !== "GET" && method !== "HEAD" && rng.next() < 0.9;
      return { path, method, body: hasBody ? body(rng) : undefined, headers: headers(rng, app.url, admin) };
    });

    const send = (item: (typeof plan)[number]) =>
      new Promise<void>((resolve) => {
        let settled = false;
        // An early answer (413, 415) can be followed by a reset of the unread upload: count once.
        const done = () => {
          settled = true;
          resolve();
        };
        const what = `${item.method} ${item.path.slice(0, 120)} ${item.body?.type ?? ""}`;
        const req = httpRequest(
          {
            host: "127.0.0.1",
            port,
            path: item.path,
            method: item.method,
            agent,
            headers: {
              ...item.headers,
              ...(item.body
                ? {
                    ...(item.body.type ? { "content-type": item.body.type } : {}),
                    "content-length": item.body.data.length,
                  }
                : {}),
            },
          },
          (res) => {
            res.resume();
            res.on("end", () => {
              if (settled) return;
              record(res.statusCode ?? 0, what);
              done();
            });
          },
        );
        req.on("error", () => {
          if (settled) return;
          // Node's parser refuses some requests outright (an unknown method): 400 and a closed socket.
          record(400, what);
          done();
        });
        req.setTimeout(10_000, () => req.destroy(new Error("timeout")));
        req.end(item.body?.data);
      });

    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < plan.length) await send(plan[next++]!);
      }),
    );
    agent.destroy();

    // What no HTTP client sends: HTTP/1.0 without Host, absurd Host and header lines.
    const rawRequests = [
      "GET / HTTP/1.0\r\n\r\n",
      "POST /contact HTTP/1.0\r\nContent-Length: 3\r\n\r\na=b",
      "GET /feedback HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n",
      "GET /feedback HTTP/1.1\r\nHost: a b c\r\nConnection: close\r\n\r\n",
      "GET /about HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n",
      "GET /about HTTP/1.1\r\nHost: 127.0.0.1:99999999\r\nConnection: close\r\n\r\n",
      `GET /about HTTP/1.1\r\nHost: ${"h".repeat(5000)}\r\nConnection: close\r\n\r\n`,
      "TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
      "GET /%zz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
      "GET * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
      "GET http://evil.example/about HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    ];
    for (const text of rawRequests) record(await raw(port, text), JSON.stringify(text.slice(0, 60)));
    const seconds = (Date.now() - started) / 1000;

    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    console.info(
      `fuzz (${dialect}, seed ${SEED}): ${total} requests in ${seconds.toFixed(1)} s: ${JSON.stringify(counts)}`,
    );
    const errorLines = app.logs.filter((l) => l.level >= 50).map((l) => `${l.msg} ${String(l.path ?? "")}`);
    expect(failures.slice(0, 20), `${failures.length} requests got a 5xx or no answer`).toEqual([]);
    expect(errorLines.slice(0, 20), `${errorLines.length} error-level log lines`).toEqual([]);
    expect(total).toBe(REQUESTS + rawRequests.length);
  });
});

/**
 * Values that name what every plain object inherits: a look-up keyed by one of them in an object
 * literal finds a prototype's function or the prototype itself instead of "nothing" (issue 29).
 */
const PROTOTYPE_NAMES = [
  "constructor",
  "toString",
  "__proto__",
  "hasOwnProperty",
  "valueOf",
  "isPrototypeOf",
  "propertyIsEnumerable",
  "toLocaleString",
  "__defineGetter__",
  "__lookupGetter__",
  "prototype",
];

/** The pages of buying, the profile, certificates and courses, with the query parameters each reads. */
const QUERY_PARAMETERS: Record<string, readonly string[]> = {
  "/order": ["course", "checkout", "lng"],
  "/checkout": ["lng", "course", "plan"],
  "/checkout/success": ["session_id", "lng", "checkout"],
  "/checkout/cancel": ["course", "lng"],
  "/Payments": ["checkout", "lng"],
  "/profile": ["billing", "lng", "checkout"],
  "/billing/portal": ["lng", "billing"],
  "/certificates/AAAAAAAAAAAAAAAAAAAAAA": ["lng"],
  "/course/mern-react": ["reviewed", "lng", "checkout"],
};
/** What those pages take as a form (POST). */
const FORM_FIELDS: Record<string, readonly string[]> = {
  "/checkout": ["plan", "course"],
  "/billing/portal": ["intent"],
  "/course/mern-react": ["intent", "rating", "comment"],
};
/** Their path parameters. */
const PATH_TEMPLATES = ["/certificates/", "/course/", "/order/", "/checkout/"];

describe.each(DIALECTS)("hostile query parameters on the buying pages on %s", (dialect) => {
  const SECRET = "whsec_fuzz_0123456789";
  let app: Awaited<ReturnType<typeof startApp>>;
  let stripe: StripeStandin;
  let learner: string;
  beforeAll(async () => {
    stripe = await startStripeStandin({ webhookSecret: SECRET });
    app = await startApp(
      { STRIPE_SECRET_KEY: "sk_test_fuzz", STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: stripe.url },
      dialect,
    );
    stripe.setWebhook(`${app.url}/webhooks/stripe`, SECRET);
    learner = (await createSignedInUser(app.db, "learner")).cookie;
  });
  afterAll(async () => {
    await app?.stop();
    await stripe?.close();
  });

  it(
    "answers every parameter set to a prototype's name (and the other odd values) without a 5xx",
    { timeout: 120_000 },
    async () => {
      const rng = random(SEED);
      const values = [...PROTOTYPE_NAMES, ...ODD_VALUES(rng).filter((v) => v.length < 2000)];
      const requests: { method: "GET" | "POST"; path: string; form?: URLSearchParams; cookie?: string }[] = [];
      for (const cookie of [undefined, learner]) {
        for (const [path, names] of Object.entries(QUERY_PARAMETERS)) {
          for (const name of names)
            for (const value of values) {
              const query = `?${new URLSearchParams({ [name]: value })}`;
              requests.push({ method: "GET", path: `${path}${query}`, cookie });
              requests.push({ method: "GET", path: `${path}.data${query}`, cookie });
            }
        }
        for (const [path, names] of Object.entries(FORM_FIELDS))
          for (const name of names)
            for (const value of values)
              requests.push({ method: "POST", path, form: new URLSearchParams({ [name]: value }), cookie });
        for (const base of PATH_TEMPLATES)
          for (const value of PROTOTYPE_NAMES) requests.push({ method: "GET", path: `${base}${value}`, cookie });
      }

      const failures: string[] = [];
      const counts: Record<string, number> = {};
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < requests.length) {
            const item = requests[next++]!;
            const response = await fetch(`${app.url}${item.path}`, {
              method: item.method,
              redirect: "manual",
              headers: {
                origin: app.url,
                ...(item.cookie ? { cookie: item.cookie } : {}),
                ...(item.form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
              },
              body: item.form,
            });
            await response.arrayBuffer();
            const key = `${Math.floor(response.status / 100)}xx`;
            counts[key] = (counts[key] ?? 0) + 1;
            if (response.status >= 500)
              failures.push(`${response.status} ${item.method} ${item.path.slice(0, 120)} ${item.form ?? ""}`);
          }
        }),
      );
      console.info(`prototype names (${dialect}): ${requests.length} requests: ${JSON.stringify(counts)}`);
      const errorLines = app.logs.filter((l) => l.level >= 50).map((l) => `${l.msg} ${String(l.path ?? "")}`);
      expect(failures.slice(0, 20), `${failures.length} requests got a 5xx`).toEqual([]);
      expect(errorLines.slice(0, 20), `${errorLines.length} error-level log lines`).toEqual([]);
    },
  );
});
