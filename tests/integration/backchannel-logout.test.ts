import { createPrivateKey, generateKeyPairSync, randomUUID } from "node:crypto";
import { SignJWT, type JWTPayload } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../setup/databases.ts";
import { CookieJar, hop } from "../support/cookie-jar.ts";
import { hashSessionId } from "../../app/models/session.server.ts";
import { startApp } from "./harness.ts";

const EVENT = "http://schemas.openid.net/event/backchannel-logout";

/**
 * Provider-initiated logout (OpenID Connect Back-Channel Logout 1.0): signing out at the embedded
 * provider ends the Lomda session; a forged, misaddressed or replayed logout token ends nothing.
 */
describe.each(DIALECTS)("back-channel logout on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp({}, dialect);
  });
  afterAll(async () => app.stop());

  /** Signs in at the embedded provider; the jar holds both the Lomda and the provider's cookies. */
  async function signIn(email: string) {
    const jar = new CookieJar();
    let res = await hop(jar, `${app.url}/signin`);
    res = await hop(jar, res.headers.get("location")!);
    const login = new URL(res.headers.get("location")!, app.url).href;
    res = await hop(jar, login, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: new URLSearchParams({ email, password: "lomda-demo" }).toString(),
    });
    for (let i = 0; i < 6 && res.status >= 300 && res.status < 400; i++) {
      const next = new URL(res.headers.get("location")!, app.url).href;
      res = await hop(jar, next);
      if (next.includes("/auth/callback")) break;
    }
    const session = jar.get("lomda_session")!;
    expect(session).toBeDefined();
    return { jar, session };
  }

  const signedIn = async (session: string) =>
    (await fetch(`${app.url}/profile`, { headers: { cookie: `lomda_session=${session}` }, redirect: "manual" }))
      .status === 200;

  const post = (token: string) =>
    fetch(`${app.url}/auth/backchannel-logout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ logout_token: token }).toString(),
    });

  /** The provider's signing key (kept in the database), to make logout tokens as it would. */
  async function providerKey() {
    const row = await app.db
      .selectFrom("key_store")
      .select("value")
      .where("name", "=", "idp-jwks")
      .executeTakeFirstOrThrow();
    const jwk = (JSON.parse(row.value) as { keys: Array<Record<string, string>> }).keys[0]!;
    return { key: createPrivateKey({ key: jwk, format: "jwk" }), kid: jwk.kid! };
  }

  async function logoutToken(
    claims: JWTPayload,
    options: { foreign?: boolean; drop?: string[] } = {},
  ): Promise<string> {
    const { key, kid } = await providerKey();
    const signingKey = options.foreign ? generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey : key;
    const payload: JWTPayload = {
      iss: `${app.url}/idp`,
      aud: "lomda",
      iat: Math.floor(Date.now() / 1000),
      jti: randomUUID(),
      events: { [EVENT]: {} },
      ...claims,
    };
    for (const name of options.drop ?? []) delete payload[name];
    return new SignJWT(payload).setProtectedHeader({ alg: "RS256", kid, typ: "logout+jwt" }).sign(signingKey);
  }

  async function subjectOf(session: string) {
    const row = await app.db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select(["users.subject", "sessions.provider_sid"])
      .where("sessions.id_hash", "=", hashSessionId(session))
      .executeTakeFirstOrThrow();
    return { sub: row.subject, sid: row.provider_sid };
  }

  it("signing out at the embedded provider ends the Lomda session (the old cookie is anonymous)", async () => {
    const { jar, session } = await signIn("learner@lomda.test");
    expect(await signedIn(session)).toBe(true);
    expect((await subjectOf(session)).sid).toMatch(/^[\w-]{10,}$/); // the ID token's sid, kept at sign-in
    // The provider's own sign-out page (as when someone signs out there, not through Lomda).
    const page = await hop(jar, `${app.url}/idp/session/end?client_id=lomda`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)![1]!;
    const xsrf = html.match(/name="xsrf" value="([^"]+)"/)![1]!;
    const confirm = await hop(jar, new URL(action.replace(/&amp;/g, "&"), app.url).href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: new URLSearchParams({ xsrf, logout: "yes" }).toString(),
    });
    expect(confirm.status).toBeLessThan(400);
    expect(await signedIn(session)).toBe(false);
    const row = await app.db
      .selectFrom("sessions")
      .select("id_hash")
      .where("id_hash", "=", hashSessionId(session))
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect(app.logs.some((l) => l.msg === "back-channel logout: sessions ended" && l.ended === 1)).toBe(true);
  });

  it("refuses a logout token with a bad signature, wrong audience or issuer, no event, a nonce, or neither sub nor sid (400, session kept)", async () => {
    const { session } = await signIn("subscriber@lomda.test");
    const { sub, sid } = await subjectOf(session);
    const bad = [
      await logoutToken({ sub, sid }, { foreign: true }),
      await logoutToken({ sub, sid, aud: "someone-else" }),
      await logoutToken({ sub, sid, iss: "https://evil.example" }),
      await logoutToken({ sub, sid, events: { "http://example.org/other": {} } }),
      await logoutToken({ sub, sid, nonce: "n-1" }),
      await logoutToken({}, { drop: [] }),
      await logoutToken({ sub, sid, iat: Math.floor(Date.now() / 1000) - 3600 }),
      await logoutToken({ sub, sid }, { drop: ["jti"] }),
      "not-a-jwt",
    ];
    for (const token of bad) {
      const res = await post(token);
      expect(res.status, token.slice(0, 40)).toBe(400);
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    expect((await post("")).status).toBe(400);
    expect(await signedIn(session)).toBe(true);
  });

  it("a valid token by subject ends every session of that person; the same token again is refused (replay)", async () => {
    const first = await signIn("admin@lomda.test");
    const second = await signIn("admin@lomda.test");
    const { sub } = await subjectOf(first.session);
    const token = await logoutToken({ sub });
    const ok = await post(token);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("no-store");
    expect(await signedIn(first.session)).toBe(false);
    expect(await signedIn(second.session)).toBe(false);

    const again = await signIn("admin@lomda.test");
    const replay = await post(token);
    expect(replay.status).toBe(400);
    expect(await signedIn(again.session)).toBe(true);
    const seen = await app.db.selectFrom("logout_tokens_seen").select(["key", "expires_at"]).execute();
    expect(seen.length).toBeGreaterThan(0);
  });

  it("front-channel logout (iss and sid, as a provider's logout iframe sends them) ends that session only; frameable by the provider alone", async () => {
    const mine = await signIn("learner@lomda.test");
    const other = await signIn("learner@lomda.test");
    const entra = await signIn("learner@lomda.test");
    const { sid } = await subjectOf(mine.session);
    const get = (query: Record<string, string>) =>
      fetch(`${app.url}/auth/frontchannel-logout?${new URLSearchParams(query).toString()}`, { redirect: "manual" });
    const issuer = `${app.url}/idp`;

    const bad: Record<string, string>[] = [
      { iss: issuer },
      { iss: issuer, sid: "" },
      { iss: "https://evil.example", sid: sid! },
    ];
    for (const query of bad) {
      const res = await get(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
    expect(await signedIn(mine.session)).toBe(true);

    const res = await get({ iss: issuer, sid: sid! });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    // The provider's page frames this one: its origin may (here the site's own), no one else.
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(res.headers.get("x-frame-options")).toBeNull();
    expect(await signedIn(mine.session)).toBe(false);
    expect(await signedIn(other.session)).toBe(true);
    // Microsoft Entra ID sends the sid alone: matched among this provider's sessions.
    expect((await get({ sid: (await subjectOf(entra.session)).sid! })).status).toBe(200);
    expect(await signedIn(entra.session)).toBe(false);
    expect(await signedIn(other.session)).toBe(true);
    // Every other page stays unframeable.
    const home = await fetch(`${app.url}/`);
    expect(home.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(home.headers.get("x-frame-options")).toBe("DENY");
  });

  it("is rate-limited per address (429 with Retry-After)", async () => {
    // 60 per fixed one-minute window: within two windows' worth, one window overflows even if the
    // loop straddles a window boundary on a slow machine.
    let last: Response | undefined;
    for (let i = 0; i < 122 && last?.status !== 429; i++) last = await post("x");
    expect(last!.status).toBe(429);
    expect(last!.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
