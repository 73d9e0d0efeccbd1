import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../setup/databases.ts";
import { CookieJar, hop } from "../support/cookie-jar.ts";
import { hashSessionId } from "../../app/models/session.server.ts";
import { shown, startApp } from "./harness.ts";

/** The whole sign-in over HTTP against the built app and its embedded provider, on a real database. */
describe.each(DIALECTS)("sign-in over HTTP (embedded provider) on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp({}, dialect);
  });
  afterAll(async () => app.stop());

  /** Follows /signin to the provider's login page; returns the jar and the login page URL. */
  async function openLoginPage(returnTo?: string) {
    const jar = new CookieJar();
    let res = await hop(jar, `${app.url}/signin${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ""}`);
    expect(res.status).toBe(302);
    const authorize = new URL(res.headers.get("location")!);
    expect(authorize.pathname).toBe("/idp/auth");
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("state")).toMatch(/^[\w-]{20,}$/);
    expect(authorize.searchParams.get("nonce")).toMatch(/^[\w-]{20,}$/);
    res = await hop(jar, authorize.href);
    const login = new URL(res.headers.get("location")!, app.url).href;
    expect(login).toContain("/idp/interaction/");
    return { jar, login };
  }

  async function postLogin(jar: CookieJar, login: string, email: string, password: string) {
    return hop(jar, login, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: new URLSearchParams({ email, password }).toString(),
    });
  }

  /** From a successful login post, follows the provider's redirects to our callback and home. */
  async function finish(jar: CookieJar, response: Response) {
    let res = response;
    let callbackUrl = "";
    for (let i = 0; i < 6 && res.status >= 300 && res.status < 400; i++) {
      const next = new URL(res.headers.get("location")!, app.url).href;
      if (next.includes("/auth/callback")) callbackUrl = next;
      res = await hop(jar, next);
      if (callbackUrl) break;
    }
    return { res, callbackUrl };
  }

  it("signs in a demo account: new session cookie, returnTo honoured, profile readable", async () => {
    const { jar, login } = await openLoginPage("/profile");
    const { res, callbackUrl } = await finish(jar, await postLogin(jar, login, "subscriber@lomda.test", "lomda-demo"));
    expect(callbackUrl).toContain("code=");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/profile");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("lomda_session="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/); // plain http here; https adds Secure and the __Host- prefix
    const profile = await hop(jar, `${app.url}/profile`);
    expect(profile.status).toBe(200);
    expect(profile.headers.get("cache-control")).toBe("private, no-store");
    const html = await profile.text();
    expect(html).toContain("subscriber@lomda.test");
    expect(html).toContain("Active, no end date");
    // Tokens never reach the browser.
    expect(html).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+/);
    expect(app.logs.some((l) => l.msg === "signed in" && typeof l.userId === "string")).toBe(true);
    // The demo password appears only in the start-up notice that says demo sign-in is on.
    const others = app.logs.filter((l) => !String(l.msg).startsWith("DEMO SIGN-IN IS ON"));
    expect(JSON.stringify(others)).not.toContain("lomda-demo");
  });

  it("after sign-in, returns only to a same-origin path, whatever returnTo says", async () => {
    for (const [returnTo, expected] of [
      ["/courses?x=1#top", "/courses?x=1#top"],
      ["https://evil.example/", "/"],
      ["//evil.example/x", "/"],
      ["/\\evil.example", "/"],
      ["javascript:alert(1)", "/"],
    ]) {
      const { jar, login } = await openLoginPage(returnTo);
      const { res } = await finish(jar, await postLogin(jar, login, "learner@lomda.test", "lomda-demo"));
      expect(res.status, returnTo).toBe(302);
      expect(res.headers.get("location"), returnTo).toBe(expected);
      await hop(jar, `${app.url}/logout`, { method: "POST", headers: { origin: app.url } }); // leaves no session behind
    }
  });

  it("a visitor sent to sign in by a page for signed-in people comes back to it, query and all", async () => {
    const page = "/profile?view=all&x=%C3%A9";
    const visitor = new CookieJar();
    const sent = await hop(visitor, `${app.url}${page}`);
    expect(sent.status).toBe(302);
    const register = sent.headers.get("location")!;
    expect(register).toBe(`/register?returnTo=${encodeURIComponent(page)}`);
    // Also when React Router asks for the page's data (a client navigation): the page, not its data.
    const data = await hop(visitor, `${app.url}/profile.data?view=all&_routes=routes%2Fprofile`);
    expect(await data.text()).toContain(
      JSON.stringify(`/register?returnTo=${encodeURIComponent("/profile?view=all")}`),
    );
    const html = await (await hop(visitor, `${app.url}${register}`)).text();
    const button = /<a href="([^"]+)"[^>]*data-testid="login-button"/.exec(html)![1]!.replaceAll("&amp;", "&");
    expect(button).toBe(`/signin?returnTo=${encodeURIComponent(page)}`);
    const { jar, login } = await openLoginPage(page);
    const { res } = await finish(jar, await postLogin(jar, login, "learner@lomda.test", "lomda-demo"));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(page);
    expect((await hop(jar, `${app.url}${page}`)).status).toBe(200);
    // An address elsewhere is not a way back: /register offers a plain sign-in.
    const elsewhere = await (await hop(visitor, `${app.url}/register?returnTo=%2F%2Fevil.example%2Fx`)).text();
    expect(/<a href="([^"]+)"[^>]*data-testid="login-button"/.exec(elsewhere)![1]).toBe("/signin");
  });

  it("the test-only /__test/session signs in as the very user a real sign-in makes, for the right password only", async () => {
    const { jar, login } = await openLoginPage();
    await finish(jar, await postLogin(jar, login, "admin@lomda.test", "lomda-demo"));
    const real = jar.get("lomda_session")!;
    const userOf = async (sessionId: string) =>
      (
        await app.db
          .selectFrom("sessions")
          .select("user_id")
          .where("id_hash", "=", hashSessionId(sessionId))
          .executeTakeFirstOrThrow()
      ).user_id;
    const before = await app.db.selectFrom("users").selectAll().where("email", "=", "admin@lomda.test").execute();
    expect(before).toHaveLength(1);

    const post = (fields: Record<string, string>) =>
      fetch(`${app.url}/__test/session`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
        body: new URLSearchParams(fields).toString(),
      });
    const res = await post({ email: "admin@lomda.test" });
    expect(res.status).toBe(204);
    const testJar = new CookieJar();
    testJar.store(res);
    const test = testJar.get("lomda_session")!;
    expect(test).not.toBe(real);
    expect(await userOf(test)).toBe(await userOf(real));
    const after = await app.db.selectFrom("users").selectAll().where("email", "=", "admin@lomda.test").execute();
    expect(after).toEqual([{ ...before[0], last_login_at: after[0]!.last_login_at }]); // the same row, the same profile
    expect((await hop(testJar, `${app.url}/admin`)).status).toBe(200); // admin rights resolve as after a real sign-in

    expect((await post({ email: "admin@lomda.test", password: "wrong" })).status).toBe(401);
    expect((await post({ email: "someone@example.org" })).status).toBe(400);
    expect((await fetch(`${app.url}/__test/session`)).status).toBe(404);
    for (const session of [jar, testJar])
      await hop(session, `${app.url}/logout`, { method: "POST", headers: { origin: app.url } }); // leaves no session behind
  });

  it("logs a loud warning that demo sign-in is on", () => {
    expect(app.logs.some((l) => l.level === 40 && String(l.msg).startsWith("DEMO SIGN-IN IS ON"))).toBe(true);
  });

  it("refuses a wrong password and an unknown email with the same answer", async () => {
    const { jar, login } = await openLoginPage();
    const wrong = await postLogin(jar, login, "learner@lomda.test", "nope");
    const unknown = await postLogin(jar, login, "ghost@lomda.test", "nope");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await wrong.text(), await unknown.text()];
    expect(a).toContain("The email or password is incorrect.");
    expect(b).toContain("The email or password is incorrect.");
  });

  it("rate-limits password guessing on one email (429 with Retry-After)", async () => {
    const { jar, login } = await openLoginPage();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await postLogin(jar, login, "admin@lomda.test", `guess-${i}`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const last = await postLogin(jar, login, "admin@lomda.test", "lomda-demo");
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await last.text()).toContain("Too many attempts");
  });

  it("refuses bad login input with 400 and no crash", async () => {
    const { jar, login } = await openLoginPage();
    for (const body of [
      "",
      "email=&password=",
      `email=${"a".repeat(300)}@x.org&password=x`,
      "email=a@b.c&password=" + "p".repeat(300),
      "__proto__[x]=1",
    ]) {
      const res = await hop(jar, login, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
        body,
      });
      expect(res.status, body.slice(0, 20)).toBe(400);
    }
  });

  it("POST /logout deletes the session; GET /logout changes nothing; a cross-site POST is refused", async () => {
    const { jar, login } = await openLoginPage();
    await finish(jar, await postLogin(jar, login, "learner@lomda.test", "lomda-demo"));
    const sessionValue = jar.get("lomda_session")!;
    expect(sessionValue).toBeDefined();

    const get = await hop(jar, `${app.url}/logout`);
    expect(get.status).toBe(302);
    expect((await hop(jar, `${app.url}/profile`)).status).toBe(200);

    const crossSite = await hop(jar, `${app.url}/logout`, {
      method: "POST",
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    const crossSiteFetch = await hop(jar, `${app.url}/logout`, {
      method: "POST",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(crossSiteFetch.status).toBe(403);
    expect((await hop(jar, `${app.url}/profile`)).status).toBe(200);

    const out = await hop(jar, `${app.url}/logout`, { method: "POST", headers: { origin: app.url } });
    expect(out.status).toBe(302);
    const endSession = new URL(out.headers.get("location")!);
    expect(endSession.pathname).toBe("/idp/session/end");
    // The client is named, never the person's ID token: a URL is kept in histories and access logs.
    expect(endSession.searchParams.has("id_token_hint")).toBe(false);
    expect(out.headers.get("location")).not.toMatch(/eyJ[\w-]+\./);
    expect(endSession.searchParams.get("client_id")).toBeTruthy();
    expect(endSession.searchParams.get("post_logout_redirect_uri")).toBe(`${app.url}/`);
    // The provider's sign-out page (which submits itself) ends its session and comes back to the site.
    const confirm = await hop(jar, endSession.href);
    expect(confirm.status).toBe(200);
    const form = await confirm.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(form)![1]!.replaceAll("&amp;", "&");
    const fields = Object.fromEntries(
      [...form.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    const done = await hop(jar, new URL(action, app.url).href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: new URLSearchParams(fields).toString(),
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`${app.url}/`);
    const reused = await fetch(`${app.url}/profile`, {
      headers: { cookie: `lomda_session=${sessionValue}` },
      redirect: "manual",
    });
    expect(reused.status).toBe(302);
    expect(reused.headers.get("location")).toBe("/register?returnTo=%2Fprofile");
    const row = await app.db
      .selectFrom("sessions")
      .select("id_hash")
      .where("id_hash", "=", hashSessionId(sessionValue))
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("login_required from the provider signs the person out here too", async () => {
    const { jar, login } = await openLoginPage();
    await finish(jar, await postLogin(jar, login, "learner@lomda.test", "lomda-demo"));
    expect((await hop(jar, `${app.url}/profile`)).status).toBe(200);
    // A sign-in transaction as /signin would have made (signed with the app's cookie secret).
    const tx = createCookie("lomda_signin", { secrets: app.cookieSecrets, path: "/", httpOnly: true, sameSite: "lax" });
    const value = await tx.serialize({ state: "s-123", nonce: "n-123", codeVerifier: "v".repeat(43), returnTo: "/" });
    jar.set("lomda_signin", value.split(";")[0]!.split("=").slice(1).join("="));
    const res = await hop(jar, `${app.url}/auth/callback?error=login_required&state=s-123`);
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("Please sign in again");
    expect((await hop(jar, `${app.url}/profile`)).status).toBe(302);
  });

  it("checks the state before showing anything from an error callback: a crafted link's text is never echoed", async () => {
    const jar = new CookieJar();
    const tx = createCookie("lomda_signin", { secrets: app.cookieSecrets, path: "/", httpOnly: true, sameSite: "lax" });
    const value = await tx.serialize({ state: "s-456", nonce: "n-456", codeVerifier: "v".repeat(43), returnTo: "/" });
    jar.set("lomda_signin", value.split(";")[0]!.split("=").slice(1).join("="));
    const crafted = "error=server_error&error_description=Call+0800-SCAM+to+restore+your+account";
    const res = await hop(jar, `${app.url}/auth/callback?${crafted}&state=not-yours`);
    expect(res.status).toBe(400);
    // Shown text only: the language switcher's links keep the current address, query and all.
    const html = (await res.text()).replace(/href="[^"]*"/g, "");
    expect(html).toContain("Invalid state");
    expect(html).not.toContain("0800-SCAM");
    expect(shown(html)).not.toContain("The provider said");
    // Without any transaction at all: the same generic answer.
    const bare = await fetch(`${app.url}/auth/callback?${crafted}`, { redirect: "manual" });
    expect(bare.status).toBe(400);
    expect((await bare.text()).replace(/href="[^"]*"/g, "")).not.toContain("0800-SCAM");
  });
});

/** Issue 29: a start at the embedded provider stores a row for whoever asks, so it is limited by itself too. */
describe("starts at the embedded provider, asked for directly", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp({});
  });
  afterAll(async () => app.stop());

  const providerRows = async () =>
    Number(
      (
        await app.db
          .selectFrom("idp_payloads")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("answers 429 past 30 a minute per address and stores no row for those", async () => {
    const authorize = (await hop(new CookieJar(), `${app.url}/signin`)).headers.get("location")!;
    expect(new URL(authorize).pathname).toBe("/idp/auth");
    const before = await providerRows();
    const statuses: number[] = [];
    for (let i = 0; i < 45; i++) statuses.push((await fetch(authorize, { redirect: "manual" })).status);
    expect(statuses.filter((s) => s === 303).length).toBeLessThanOrEqual(30);
    expect(statuses.slice(-10)).toEqual(Array(10).fill(429));
    const stored = (await providerRows()) - before;
    expect(stored).toBeLessThanOrEqual(30);
    const refused = await fetch(authorize, { redirect: "manual", headers: { accept: "text/html" } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await providerRows()).toBe(before + stored);
    expect(app.logs.some((l) => l.msg === "rate limit hit" && l.route === "idp/auth")).toBe(true);
  });
});
