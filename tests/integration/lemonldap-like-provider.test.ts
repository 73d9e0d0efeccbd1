import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../setup/databases.ts";
import { CookieJar, hop } from "../support/cookie-jar.ts";
import {
  LEMON_CLIENT_ID,
  LEMON_CLIENT_SECRET,
  startLemonLikeOp,
  type LemonLikeOp,
} from "../support/lemonldap-like-op.ts";
import { hashSessionId } from "../../app/models/session.server.ts";
import { startApp } from "./harness.ts";

/**
 * Issue 35, part 5: a provider with LemonLDAP::NG 2.16's defaults (a real oidc-provider set up as
 * it behaves, tests/support/lemonldap-like-op.ts; LemonLDAP::NG itself was tried by hand,
 * docs/decisions/0057). Sign-in works with no setting: the Basic header is refused with
 * invalid_client, Lomda retries once with client_secret_post and keeps to it. Its front-channel
 * logout (iss, and the subject as sid; no sid in the ID token) ends the session the browser's own
 * cookie names, and only from the provider's page.
 */
describe.each(DIALECTS)("a provider that refuses Basic and sends no sid (LemonLDAP::NG 2.16) on %s", (dialect) => {
  let op: LemonLikeOp;
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    op = await startLemonLikeOp();
    app = await startApp(
      {
        OIDC_ISSUER: op.issuer,
        OIDC_CLIENT_ID: LEMON_CLIENT_ID,
        OIDC_CLIENT_SECRET: LEMON_CLIENT_SECRET,
        SESSION_SECRET: "lemon-like-session-secret-0123456789abcdef",
        LOMDA_DEMO: "0",
      },
      dialect,
    );
    op.configure(app.url);
  });
  afterAll(async () => {
    await app.stop();
    await op.close();
  });

  /** A whole sign-in as the account `sub`; the jar ends with Lomda's cookies (and the provider's). */
  async function signIn(sub: string) {
    const jar = new CookieJar();
    let res = await hop(jar, `${app.url}/signin`);
    let location = res.headers.get("location")!;
    const start = new URL(location);
    start.searchParams.set("login_hint", sub);
    location = start.href;
    for (let i = 0; i < 8; i++) {
      res = await hop(jar, location);
      if (location.startsWith(`${app.url}/auth/callback`)) break;
      expect(res.status, `${location}: ${res.status}`).toBeGreaterThanOrEqual(300);
      location = new URL(res.headers.get("location")!, location).href;
    }
    expect(res.status).toBe(302);
    const session = jar.get("lomda_session");
    expect(session, "signed in").toBeDefined();
    return { jar, session: session!, logout: jar.get("lomda_logout") };
  }

  const signedIn = async (session: string) =>
    (await fetch(`${app.url}/profile`, { headers: { cookie: `lomda_session=${session}` }, redirect: "manual" }))
      .status === 200;

  const frontChannel = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/auth/frontchannel-logout?${new URLSearchParams(query).toString()}`, {
      headers,
      redirect: "manual",
    });

  it("signs in without any setting: Basic refused once, then client_secret_post, remembered and said once", async () => {
    const first = await signIn("dwho");
    expect(op.tokenAuth).toEqual(["client_secret_basic", "client_secret_post"]);
    expect(await signedIn(first.session)).toBe(true);
    await signIn("rtyler");
    // Remembered by this process: the next sign-in goes straight to post.
    expect(op.tokenAuth).toEqual(["client_secret_basic", "client_secret_post", "client_secret_post"]);
    const said = app.logs.filter((l) => /using client_secret_post from now on/.test(String(l.msg)));
    expect(said).toHaveLength(1);
    expect(said[0]!.level).toBe(40);
    expect(app.logs.some((l) => l.msg === "sign-in failed")).toBe(false);
  });

  it("keeps no sid from the ID token; gives the browser a logout cookie, cleared with the session cookie on sign-out", async () => {
    const { session, logout } = await signIn("dwho");
    const row = await app.db
      .selectFrom("sessions")
      .select("provider_sid")
      .where("id_hash", "=", hashSessionId(session))
      .executeTakeFirstOrThrow();
    expect(row.provider_sid).toBeNull();
    expect(logout).toBe(hashSessionId(session));
    // Signing out here clears it with the session cookie.
    const jar = new CookieJar();
    jar.set("lomda_session", session);
    jar.set("lomda_logout", logout!);
    const out = await hop(jar, `${app.url}/logout`, { method: "POST", headers: { origin: app.url } });
    expect(out.status).toBe(302);
    expect(jar.get("lomda_logout")).toBeUndefined();
    expect(jar.get("lomda_session")).toBeUndefined();
  });

  it("the provider's logout frame (iss, subject as sid, the logout cookie, from its page) ends that session only", async () => {
    const mine = await signIn("dwho");
    const mineElsewhere = await signIn("dwho");
    const someoneElse = await signIn("rtyler");
    const fromProvider = { referer: op.issuer };
    const cookie = (logout: string | undefined) => ({ cookie: `lomda_logout=${logout}` });

    // What LemonLDAP::NG sends, before this change ended nothing: no cookie in a cross-site frame.
    expect((await frontChannel({ iss: op.issuer, sid: "dwho" }, fromProvider)).status).toBe(200);
    expect(await signedIn(mine.session)).toBe(true);
    // The cookie, but not from the provider's page (a stranger's page knows iss and the subject too).
    const strangers: Record<string, string>[] = [
      {},
      { referer: "https://evil.example/page" },
      { referer: "not a url" },
    ];
    for (const headers of strangers) {
      const res = await frontChannel({ iss: op.issuer, sid: "dwho" }, { ...cookie(mine.logout), ...headers });
      expect(res.status).toBe(200);
      expect(await signedIn(mine.session)).toBe(true);
    }
    // From the provider's page with the cookie, but without iss, another issuer, or another subject.
    expect((await frontChannel({ sid: "dwho" }, { ...cookie(mine.logout), ...fromProvider })).status).toBe(200);
    expect(
      (await frontChannel({ iss: "https://evil.example/", sid: "dwho" }, { ...cookie(mine.logout), ...fromProvider }))
        .status,
    ).toBe(400);
    expect(
      (await frontChannel({ iss: op.issuer, sid: "rtyler" }, { ...cookie(mine.logout), ...fromProvider })).status,
    ).toBe(200);
    expect(await signedIn(mine.session)).toBe(true);
    expect(app.logs.some((l) => l.msg === "front-channel logout: sessions ended" && l.ended === 1)).toBe(false);

    // All of it: that session ends; the person's other session and someone else's stay.
    const res = await frontChannel({ iss: op.issuer, sid: "dwho" }, { ...cookie(mine.logout), ...fromProvider });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await signedIn(mine.session)).toBe(false);
    expect(await signedIn(mineElsewhere.session)).toBe(true);
    expect(await signedIn(someoneElse.session)).toBe(true);
    expect(app.logs.some((l) => l.msg === "front-channel logout: sessions ended" && l.by === "cookie")).toBe(true);

    // A provider on the same site gets the session cookie itself into the frame: that works too.
    const sameSite = await frontChannel(
      { iss: op.issuer, sid: "rtyler" },
      { cookie: `lomda_session=${someoneElse.session}`, ...fromProvider },
    );
    expect(sameSite.status).toBe(200);
    expect(await signedIn(someoneElse.session)).toBe(false);
    expect(await signedIn(mineElsewhere.session)).toBe(true);
  });
});
