import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar } from "../support/cookie-jar.ts";
import { startApp } from "./harness.ts";

/**
 * Behind a proxy PUBLIC_URL is not the address the process listens on. Every address the browser
 * is sent to must be on PUBLIC_URL; calls the server makes to its own provider may stay local.
 */
describe("sign-in when PUBLIC_URL is not the listening address", () => {
  const PUBLIC_URL = "https://lomda.example";
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp({ PUBLIC_URL, TRUST_PROXY: "loopback" });
  });
  afterAll(async () => app.stop());

  /**
   * A request as a TLS proxy forwards it (public Host, X-Forwarded-Proto), with the jar's cookies.
   * node:http, not fetch: fetch does not let a caller set Host.
   */
  function forward(
    jar: CookieJar,
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string },
  ) {
    const { port } = new URL(app.url);
    return new Promise<Response>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          path,
          method: init.method ?? "GET",
          headers: {
            host: "lomda.example",
            "x-forwarded-proto": "https",
            "x-forwarded-for": "203.0.113.7",
            ...(jar.header() ? { cookie: jar.header() } : {}),
            ...init.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const headers = new Headers();
            for (let i = 0; i < res.rawHeaders.length; i += 2)
              headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
            const status = res.statusCode!;
            const response = new Response([204, 304].includes(status) ? null : Buffer.concat(chunks), {
              status,
              headers,
            });
            jar.store(response);
            resolve(response);
          });
        },
      );
      req.on("error", reject);
      req.end(init.body);
    });
  }

  it("/signin sends the browser to the provider on PUBLIC_URL, and the whole round trip works", async () => {
    const jar = new CookieJar();
    // The browser's requests reach the process through the proxy: same path, public Host.
    const viaProxy = (url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) => {
      const target = new URL(url, PUBLIC_URL);
      expect(target.origin, `the browser was sent to ${url}`).toBe(PUBLIC_URL);
      return forward(jar, `${target.pathname}${target.search}`, init);
    };
    let res = await viaProxy("/signin?returnTo=/profile");
    expect(res.status).toBe(302);
    const authorize = res.headers.get("location")!;
    expect(authorize.startsWith(`${PUBLIC_URL}/idp/auth?`), authorize).toBe(true);
    res = await viaProxy(authorize);
    const login = new URL(res.headers.get("location")!, PUBLIC_URL).href;
    expect(login.startsWith(`${PUBLIC_URL}/idp/interaction/`), login).toBe(true);
    res = await viaProxy(login, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: PUBLIC_URL },
      body: new URLSearchParams({ email: "subscriber@lomda.test", password: "lomda-demo" }).toString(),
    });
    const seen: string[] = [];
    for (let i = 0; i < 8 && res.status >= 300 && res.status < 400; i++) {
      const next = new URL(res.headers.get("location")!, PUBLIC_URL).href;
      seen.push(next);
      if (next === `${PUBLIC_URL}/profile`) break;
      res = await viaProxy(next);
    }
    expect(
      seen.some((u) => u.startsWith(`${PUBLIC_URL}/auth/callback?code=`)),
      seen.join("\n"),
    ).toBe(true);
    expect(seen.at(-1)).toBe(`${PUBLIC_URL}/profile`);
    const profile = await viaProxy("/profile");
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain("subscriber@lomda.test");

    // Signing out goes to the provider's end-session endpoint, on PUBLIC_URL too.
    const out = await viaProxy("/logout", { method: "POST", headers: { origin: PUBLIC_URL } });
    expect(out.status).toBe(302);
    expect(
      out.headers.get("location")!.startsWith(`${PUBLIC_URL}/idp/session/end?`),
      out.headers.get("location")!,
    ).toBe(true);
  });
});
