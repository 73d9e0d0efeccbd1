import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../app/lib/logger.server.ts";
import { fastLane } from "./fast-lane.ts";
import { nonPageHeaders } from "./security-headers.ts";

// The fast lane answers its few paths itself and hands everything else, untouched, to the app
// behind it (Express in production; here a stand-in that says it was reached).

const lines: Record<string, unknown>[] = [];
const log = createLogger("debug", { write: (line: string) => void lines.push(JSON.parse(line)) });

let server: Server;
let base: string;
beforeAll(async () => {
  const lane = fastLane(
    {
      "/healthz": async () => ({
        status: 200,
        headers: [["Content-Type", "application/json"]],
        body: Buffer.from('{"status":"ok"}'),
      }),
      "/api/feedback": async (req) => {
        if (req.url?.includes("fail")) throw new Error("the list broke");
        return { status: 200, headers: [["Content-Type", "application/json"]], body: Buffer.from("[]") };
      },
    },
    { log, headers: nonPageHeaders({ https: true }), trustProxy: false },
  );
  server = createServer((req, res) => {
    if (!lane(req, res)) res.writeHead(299, { "X-Reached": "app" }).end();
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

describe("the fast lane", () => {
  it("answers its paths with a request id, a log line and the non-page security headers", async () => {
    lines.length = 0;
    const res = await fetch(`${base}/api/feedback?page=2`, { headers: { "x-request-id": "proxy-id-1234" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("[]");
    expect(res.headers.get("content-length")).toBe("2");
    expect(res.headers.get("x-reached")).toBeNull();
    // Not behind a proxy: a client's own id is not taken (it would name its request in the log).
    const requestId = res.headers.get("x-request-id")!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
    // The path is logged, never the query.
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: "request", reqId: requestId, path: "/api/feedback", status: 200 }),
    );
    expect(JSON.stringify(lines)).not.toContain("page=2");

    const head = await fetch(`${base}/healthz`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(head.headers.get("content-length")).toBe("15");
    expect(await head.text()).toBe("");
  });

  it("takes a request id only from a trusted proxy, and only one a proxy makes (nginx's, a UUID)", async () => {
    const lane = fastLane(
      { "/healthz": async () => ({ status: 200, headers: [], body: Buffer.from("ok") }) },
      { log, headers: [], trustProxy: true },
    );
    const proxied = createServer((req, res) => void lane(req, res));
    await new Promise<void>((ok) => proxied.listen(0, "127.0.0.1", ok));
    const url = `http://127.0.0.1:${(proxied.address() as AddressInfo).port}/healthz`;
    try {
      const idOf = async (id: string) =>
        (await fetch(url, { headers: { "x-request-id": id } })).headers.get("x-request-id");
      expect(await idOf("0123456789abcdef0123456789ABCDEF")).toBe("0123456789abcdef0123456789ABCDEF");
      expect(await idOf("3f2b8c1e-9d4a-4b7e-8f6a-1c2d3e4f5a6b")).toBe("3f2b8c1e-9d4a-4b7e-8f6a-1c2d3e4f5a6b");
      for (const chosen of ["proxy-id-1234", "admin-request", "0123456789abcdef", "x".repeat(64), "a b c d e f g h"])
        expect(await idOf(chosen), chosen).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    } finally {
      await new Promise((ok) => proxied.close(ok));
    }
  });

  it("leaves every other request to the app: other methods, other spellings, other paths", async () => {
    for (const [path, method] of [
      ["/healthz", "POST"],
      ["/api/feedback", "POST"],
      ["/api/feedback", "OPTIONS"],
      ["/HEALTHZ", "GET"],
      ["/healthz/", "GET"],
      ["/api/feedback/", "GET"],
      ["/api%2Ffeedback", "GET"],
      ["/", "GET"],
      ["/api/books", "GET"],
    ] as const) {
      const res = await fetch(`${base}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(299);
      expect(res.headers.get("x-request-id"), `${method} ${path}`).toBeNull();
    }
  });

  it("leaves a request with a malformed Host to the app's guard, but for the health check", async () => {
    const statusOf = (path: string) =>
      new Promise<number>((ok, fail) => {
        const req = request(`${base}${path}`, { headers: { host: "bad host!" } }, (res) => {
          res.resume();
          ok(res.statusCode ?? 0);
        });
        req.on("error", fail);
        req.end();
      });
    expect(await statusOf("/api/feedback")).toBe(299);
    expect(await statusOf("/healthz")).toBe(200);
  });

  it("answers paths under a prefix it takes, and hands the ones its handler declines to the app untouched", async () => {
    const lane = fastLane(
      {},
      {
        log,
        headers: [["X-Common", "yes"]],
        trustProxy: false,
        prefixes: [
          {
            prefix: "/video/",
            accepts: (rest) => /^[a-z]+\.mp4$/.test(rest),
            handler: async (_req, rest) =>
              rest === "known.mp4"
                ? { status: 200, headers: [["X-Accel-Redirect", `/internal/${rest}`]], body: Buffer.alloc(0) }
                : undefined,
          },
        ],
        passOn: (_req, res) => void res.writeHead(299, { "X-Reached": "app" }).end(),
      },
    );
    const prefixed = createServer((req, res) => {
      if (!lane(req, res)) res.writeHead(298, { "X-Reached": "app, not the lane" }).end();
    });
    await new Promise<void>((ok) => prefixed.listen(0, "127.0.0.1", ok));
    const url = `http://127.0.0.1:${(prefixed.address() as AddressInfo).port}`;
    try {
      const known = await fetch(`${url}/video/known.mp4?t=1`);
      expect(known.status).toBe(200);
      expect(known.headers.get("x-accel-redirect")).toBe("/internal/known.mp4");
      expect(known.headers.get("x-common")).toBe("yes");
      expect(known.headers.get("content-length")).toBe("0");
      expect(known.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      // Declined by the handler: the app, with nothing of the lane's.
      const declined = await fetch(`${url}/video/unknown.mp4`);
      expect(declined.status).toBe(299);
      expect(declined.headers.get("x-common")).toBeNull();
      expect(declined.headers.get("x-request-id")).toBeNull();
      // Not accepted by the prefix, or not under it: never the lane's.
      for (const path of ["/video/Known.mp4", "/video/known.mp4/", "/video/", "/video", "/videos/known.mp4"]) {
        const res = await fetch(`${url}${path}`);
        expect(res.status, path).toBe(298);
      }
      expect((await fetch(`${url}/video/known.mp4`, { method: "POST" })).status).toBe(298);
    } finally {
      await new Promise((ok) => prefixed.close(ok));
    }
  });

  it("answers a cached page the cache gives it, and hands a stale or missing one to the app untouched", async () => {
    lines.length = 0;
    const asked: string[] = [];
    const lane = fastLane(
      {},
      {
        log,
        headers: [["X-Non-Page", "yes"]],
        trustProxy: false,
        passOn: (_req, res) => void res.writeHead(299, { "X-Reached": "app" }).end(),
        pages: (_req, path, url) => {
          asked.push(url);
          if (path === "/missing") return undefined;
          if (path === "/stale") return Promise.resolve(undefined);
          return Promise.resolve({
            status: 200,
            route: "/about",
            headers: ["Content-Type", "text/html; charset=utf-8", "Content-Length", "5"],
            body: Buffer.from("hello"),
          });
        },
      },
    );
    const pages = createServer((req, res) => {
      if (!lane(req, res)) res.writeHead(298, { "X-Reached": "app, not the lane" }).end();
    });
    await new Promise<void>((ok) => pages.listen(0, "127.0.0.1", ok));
    const url = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
    try {
      const hit = await fetch(`${url}/about?lng=he`);
      expect(hit.status).toBe(200);
      expect(await hit.text()).toBe("hello");
      // The page's own headers only: the non-page set is not a page's.
      expect(hit.headers.get("x-non-page")).toBeNull();
      const requestId = hit.headers.get("x-request-id")!;
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines).toContainEqual(
        expect.objectContaining({ msg: "request", reqId: requestId, path: "/about", status: 200 }),
      );
      expect(JSON.stringify(lines)).not.toContain("lng=he");
      expect(asked).toEqual(["/about?lng=he"]);
      // Stale (found, then not): the app, with nothing of the lane's.
      const stale = await fetch(`${url}/stale`);
      expect(stale.status).toBe(299);
      expect(stale.headers.get("x-request-id")).toBeNull();
      // Not held at all: declined at once, to whatever is behind the lane.
      expect((await fetch(`${url}/missing`)).status).toBe(298);
      // Never asked: another method, a bad Host.
      asked.length = 0;
      expect((await fetch(`${url}/about`, { method: "POST" })).status).toBe(298);
      const badHost = await new Promise<number>((ok, fail) => {
        const req = request(`${url}/about`, { headers: { host: "bad host!" } }, (res) => {
          res.resume();
          ok(res.statusCode ?? 0);
        });
        req.on("error", fail);
        req.end();
      });
      expect(badHost).toBe(298);
      expect(asked).toEqual([]);
    } finally {
      await new Promise((ok) => pages.close(ok));
    }
  });

  it("answers 500, plain and logged, when a handler fails", async () => {
    lines.length = 0;
    const res = await fetch(`${base}/api/feedback?fail=1`);
    expect(res.status).toBe(500);
    expect(await res.text()).toBe("Internal Server Error");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(lines).toContainEqual(expect.objectContaining({ level: 50, msg: "unhandled error" }));
  });
});
