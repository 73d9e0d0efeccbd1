import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../setup/databases.ts";
import { CookieJar, hop } from "../support/cookie-jar.ts";
import { freePort, startLemonLdap, type LemonLdap } from "../support/lemonldap.ts";
import { hashSessionId } from "../../app/models/session.server.ts";
import { startApp } from "./harness.ts";

/** A secret with characters LemonLDAP::NG 2.16 cannot read from a Basic header (nor from its base64). */
const SECRET = "s3cr+t/with=reserved~chars";

/**
 * Issue 35, part 5, against LemonLDAP::NG 2.16 itself (Debian's package, its default configuration
 * plus one relying party; tests/support/lemonldap.ts): Lomda signs in with no OIDC_TOKEN_AUTH_METHOD,
 * and the front-channel logout URL LemonLDAP::NG builds on its logout page ends the Lomda session
 * when the browser brings Lomda's logout cookie from that page. The browser part (a cross-site
 * frame, which cookie goes along) is tests/e2e/frontchannel-logout.spec.ts.
 */
describe.each(DIALECTS)("LemonLDAP::NG 2.16 as the provider, on %s", (dialect) => {
  let lemon: LemonLdap;
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    const port = await freePort();
    app = await startApp(
      {
        OIDC_ISSUER: `http://localhost:${port}/`,
        OIDC_CLIENT_ID: "lomda",
        OIDC_CLIENT_SECRET: SECRET,
        SESSION_SECRET: "lemonldap-session-secret-0123456789abcdef",
        LOMDA_DEMO: "0",
      },
      dialect,
    );
    lemon = await startLemonLdap({ port, rpUrl: app.url, clientId: "lomda", clientSecret: SECRET });
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await lemon?.stop();
  });

  it("signs in with its defaults and no setting, and its logout page's frame ends the Lomda session", async () => {
    const jar = new CookieJar();
    let res = await hop(jar, `${app.url}/signin`);
    const authorize = res.headers.get("location")!;
    expect(authorize.startsWith(lemon.issuer)).toBe(true);
    // LemonLDAP::NG's login form (demo account dwho), posted back to the authorization URL.
    const form = await (await hop(jar, authorize)).text();
    const fields = new URLSearchParams();
    for (const [, name, value] of form.matchAll(/<input[^>]*type="hidden" name="(\w+)"(?: value="([^"]*)")?/g))
      fields.set(name!, value ?? "");
    fields.set("user", "dwho");
    fields.set("password", "dwho");
    res = await hop(jar, authorize, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: fields.toString(),
    });
    let location = new URL(res.headers.get("location")!, authorize).href;
    for (let i = 0; i < 6 && !location.startsWith(`${app.url}/auth/callback`); i++) {
      res = await hop(jar, location);
      location = new URL(res.headers.get("location")!, location).href;
    }
    res = await hop(jar, location);
    expect(res.status, lemon.log()).toBe(302);
    const session = jar.get("lomda_session")!;
    const logoutCookie = jar.get("lomda_logout")!;
    expect(session).toBeDefined();
    expect(logoutCookie).toBe(hashSessionId(session));
    const said = app.logs.filter((l) => /using client_secret_post from now on/.test(String(l.msg)));
    expect(said).toHaveLength(1);
    const signedIn = async () =>
      (await fetch(`${app.url}/profile`, { headers: { cookie: `lomda_session=${session}` }, redirect: "manual" }))
        .status === 200;
    expect(await signedIn()).toBe(true);
    // Its ID token has no sid.
    const row = await app.db
      .selectFrom("sessions")
      .select("provider_sid")
      .where("id_hash", "=", hashSessionId(session))
      .executeTakeFirstOrThrow();
    expect(row.provider_sid).toBeNull();

    // Signing out at LemonLDAP::NG: its page frames Lomda's URL with iss and, as sid, the subject.
    const page = await (await hop(jar, `${lemon.issuer}?logout=1`)).text();
    const src = /<iframe src="([^"]+)"/.exec(page)?.[1]?.replace(/&amp;/g, "&");
    expect(src, page.slice(0, 2000)).toBeDefined();
    const frame = new URL(src!);
    expect(frame.origin + frame.pathname).toBe(`${app.url}/auth/frontchannel-logout`);
    expect(frame.searchParams.get("iss")).toBe(lemon.issuer);
    expect(frame.searchParams.get("sid")).toBe("dwho");
    // What a browser sends for that frame: no Lax session cookie (another site), the logout cookie,
    // and the provider's origin as Referer.
    const ended = await fetch(frame, {
      headers: { cookie: `lomda_logout=${logoutCookie}`, referer: lemon.issuer },
      redirect: "manual",
    });
    expect(ended.status).toBe(200);
    expect(await signedIn()).toBe(false);
  });
});
