import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../setup/databases.ts";
import { CookieJar, hop } from "../support/cookie-jar.ts";
import { createSignedInUser } from "../support/factories.ts";
import { solvedCaptcha } from "../support/altcha-solver.ts";
import { startSmtp } from "../support/smtp.ts";
import { findIdpAccountByEmail } from "../../app/models/idp-account.server.ts";
import { clearOfWindowEnd, MINUTE } from "../support/rate-windows.ts";
import { startApp, shown } from "./harness.ts";

/**
 * Self-service sign-up over HTTP, with mail (a local SMTP server) and without: the form, the
 * confirmation link, the password at the provider's login page, and landing back where the person
 * came from; the same answer for an address that has an account; limits; bad input; the admin's
 * confirmation, links and switch. The browser's side is tests/e2e/sign-up.spec.ts.
 */

const COURSE = "/course/mern-react";
const PASSWORD = "violet tram harbour 42";

describe.each(DIALECTS)("self-service sign-up on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const adminJar = new CookieJar();
  let address = 10;
  beforeAll(async () => {
    smtp = await startSmtp();
    // Each test names its client address (X-Forwarded-For from loopback): its own limits.
    app = await startApp(
      { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, CONTACT_TO: "office@lomda.test", TRUST_PROXY: "loopback" },
      dialect,
    );
    adminJar.set("lomda_session", (await createSignedInUser(app.db, "admin")).sessionId);
  });
  afterAll(async () => {
    await app.stop();
    smtp.close();
  });

  const post = (path: string, fields: Record<string, string>, jar = new CookieJar(), ip = "10.0.0.1") =>
    hop(jar, new URL(path, app.url).href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, "x-forwarded-for": ip },
      body: new URLSearchParams(fields).toString(),
    });

  async function signUpAs(email: string, fields: Record<string, string> = {}, ip = `10.1.0.${address++}`) {
    return post(
      "/account/signup",
      {
        name: "Yael Bar",
        email,
        password: PASSWORD,
        confirm: PASSWORD,
        terms: "on",
        returnTo: COURSE,
        altcha: await solvedCaptcha(app.url),
        ...fields,
      },
      new CookieJar(),
      ip,
    );
  }

  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to === email);
  const linkIn = (text: string) => text.match(/http:\/\/\S+\/account\/confirm\?token=[\w-]+(&returnTo=\S+)?/)?.[0];

  /** Follows a link, then /signin, to the provider's login page; posts the password there; follows on. */
  async function followAndSignIn(jar: CookieJar, start: string, email: string, password = PASSWORD) {
    let res = await hop(jar, start);
    for (let i = 0; i < 6 && res.status >= 300 && res.status < 400; i++)
      res = await hop(jar, new URL(res.headers.get("location")!, app.url).href);
    const loginPage = await res.text();
    const action = new URL(loginPage.match(/action="([^"]*\/idp\/interaction\/[^"]+)"/)?.[1] ?? "/", app.url).href;
    res = await post(action, { email, password }, jar, "10.9.9.9");
    const status = res.status;
    const answer = status === 200 || status >= 400 ? await res.text() : "";
    const visited: string[] = [];
    for (let i = 0; i < 8 && res.status >= 300 && res.status < 400; i++) {
      const next = new URL(res.headers.get("location")!, app.url).href;
      visited.push(next);
      res = await hop(jar, next);
    }
    return {
      loginPage,
      status,
      answer,
      landed: visited.at(-1) ?? "",
      signedIn: jar.get("lomda_session") !== undefined,
    };
  }

  it("signs up, confirms by the mailed link and the password, and lands back on the course", async () => {
    const page = await hop(new CookieJar(), `${app.url}/account/signup?returnTo=${encodeURIComponent(COURSE)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="terms"');
    const res = await signUpAs("Yael@Example.org");
    expect(res.status).toBe(200);
    expect(shown(await res.text())).toContain("We sent a link to yael@example.org.");
    const account = await findIdpAccountByEmail(app.db, "yael@example.org");
    expect(account).toMatchObject({
      name: "Yael Bar",
      email_verified_at: null,
      terms_version: expect.stringMatching(/^terms \d{4}-\d\d-\d\d, privacy \d{4}-\d\d-\d\d$/),
    });
    expect(account!.terms_accepted_at).not.toBeNull();
    await expect.poll(() => mailsTo("yael@example.org").length, { timeout: 8000 }).toBe(1);
    const mail = mailsTo("yael@example.org")[0]!;
    expect(mail.text).toContain("confirm your address");
    expect(mail.text).toContain("ברוכים הבאים ללומדה");
    const link = linkIn(mail.text)!;
    expect(new URL(link).searchParams.get("returnTo")).toBe(COURSE);

    // Before confirming, the right password does not sign in, and says why.
    const early = await followAndSignIn(
      new CookieJar(),
      `${app.url}/signin?returnTo=${encodeURIComponent(COURSE)}`,
      "yael@example.org",
    );
    expect(early.status).toBe(403);
    expect(shown(early.answer)).toContain("Your email address is not confirmed yet.");
    expect(early.signedIn).toBe(false);

    // The link, then the password: confirmed, signed in, back on the course page.
    const jar = new CookieJar();
    const done = await followAndSignIn(jar, link, "yael@example.org");
    expect(shown(done.loginPage)).toContain("One step left: sign in with the password you chose");
    expect(done.loginPage).toContain('value="yael@example.org"');
    expect(done.signedIn).toBe(true);
    expect(done.landed).toBe(`${app.url}${COURSE}`);
    expect((await findIdpAccountByEmail(app.db, "yael@example.org"))!.email_verified_at).not.toBeNull();
    // The link is used: again, it is refused with what to do.
    const again = await hop(new CookieJar(), link);
    expect(again.status).toBe(400);
    expect(shown(await again.text())).toContain("This link cannot be used");
  });

  it("opening the link is not confirming: a wrong password at the login page confirms nothing", async () => {
    await signUpAs("scanner@example.org");
    await expect.poll(() => mailsTo("scanner@example.org").length, { timeout: 8000 }).toBe(1);
    const link = linkIn(mailsTo("scanner@example.org")[0]!.text)!;
    // A mail scanner opens it: nothing changes.
    expect((await hop(new CookieJar(), link)).status).toBe(303);
    const wrong = await followAndSignIn(new CookieJar(), link, "scanner@example.org", "not the password at all");
    expect(wrong.status).toBe(401);
    expect((await findIdpAccountByEmail(app.db, "scanner@example.org"))!.email_verified_at).toBeNull();
  });

  it("answers the same for an address that has an account, changes nothing, and tells that inbox", async () => {
    const before = await findIdpAccountByEmail(app.db, "learner@lomda.test");
    const res = await signUpAs("learner@lomda.test", { name: "Someone Else" });
    expect(res.status).toBe(200);
    const text = shown(await res.text());
    expect(text).toContain("We sent a link to learner@lomda.test.");
    const after = await findIdpAccountByEmail(app.db, "learner@lomda.test");
    expect(after).toEqual(before);
    await expect.poll(() => mailsTo("learner@lomda.test").length, { timeout: 8000 }).toBe(1);
    expect(mailsTo("learner@lomda.test")[0]!.text).toContain("already has one");
    expect(linkIn(mailsTo("learner@lomda.test")[0]!.text)).toBeUndefined();
  });

  it("a second sign-up before confirming replaces the password, and the first link stops working", async () => {
    await signUpAs("twice@example.org");
    await expect.poll(() => mailsTo("twice@example.org").length, { timeout: 8000 }).toBe(1);
    const first = linkIn(mailsTo("twice@example.org")[0]!.text)!;
    await signUpAs("twice@example.org", { password: "second choice of words", confirm: "second choice of words" });
    await expect.poll(() => mailsTo("twice@example.org").length, { timeout: 8000 }).toBe(2);
    expect((await hop(new CookieJar(), first)).status).toBe(400);
    const second = linkIn(mailsTo("twice@example.org")[1]!.text)!;
    // The first password no longer confirms; the second does.
    expect((await followAndSignIn(new CookieJar(), second, "twice@example.org")).signedIn).toBe(false);
    const jar = new CookieJar();
    expect((await followAndSignIn(jar, second, "twice@example.org", "second choice of words")).signedIn).toBe(true);
  });

  it("refuses bad input with the field's message and a 4xx, storing nothing", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ name: "" }, "Enter your full name"],
      [{ name: "<script>x</script>" }, "Enter your full name"],
      [{ email: "not-an-email" }, "Enter a valid email address."],
      [{ password: "short", confirm: "short" }, "at least 12 characters"],
      [{ confirm: "something different" }, "The two passwords differ."],
      [{ password: "password1234", confirm: "password1234" }, "most common"],
      [{ terms: "" }, "agree to the terms of use and the privacy notice"],
      [{ altcha: "" }, "captcha"],
    ];
    for (const [fields, message] of cases) {
      const res = await signUpAs("bad-input@example.org", fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(shown(await res.text()).toLowerCase()).toContain(message.toLowerCase());
    }
    expect(await findIdpAccountByEmail(app.db, "bad-input@example.org")).toBeUndefined();
    const hebrew = await post("/account/signup?lng=he", { name: "", email: "x@example.org", terms: "on" });
    expect(hebrew.status).toBe(400);
    expect(shown(await hebrew.text())).toContain("נא להזין שם מלא");
  });

  it("limits sign-ups per address and per email, with the same answer whether or not an account exists", async () => {
    await clearOfWindowEnd(60 * MINUTE);
    const ip = "10.2.0.1";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await post("/account/signup", { name: "x" }, new CookieJar(), ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    for (let i = 0; i < 3; i++) expect((await signUpAs("busy@example.org")).status).toBe(200);
    const fourth = await signUpAs("busy@example.org");
    expect(fourth.status).toBe(429);
    expect(shown(await fourth.text())).toContain("used to sign up several times in the last hour");
  });

  it("the admin confirms an address by hand, shows or emails the links, sees progress, and closes sign-up", async () => {
    await signUpAs("by-hand@example.org");
    const admin = shown(await (await hop(adminJar, `${app.url}/admin`)).text());
    expect(admin).toContain("Signed up, email not confirmed");
    expect(admin).toContain("Self-service sign-up is open");

    // A confirmation link to copy: it works like the mailed one.
    const shownLink = await post(
      "/admin",
      { intent: "account-link", email: "by-hand@example.org", deliver: "show" },
      adminJar,
    );
    expect(shownLink.status).toBe(200);
    const html = await shownLink.text();
    const copied = html.match(/value="(http:\/\/[^"]+\/account\/confirm\?token=[\w-]+)"/)?.[1];
    expect(copied).toBeDefined();

    expect((await post("/admin", { intent: "confirm-account", email: "by-hand@example.org" }, adminJar)).status).toBe(
      200,
    );
    expect((await findIdpAccountByEmail(app.db, "by-hand@example.org"))!.email_verified_at).not.toBeNull();
    // Confirmed: the password signs in from the plain sign-in, back to returnTo.
    const jar = new CookieJar();
    const signIn = await followAndSignIn(
      jar,
      `${app.url}/signin?returnTo=${encodeURIComponent(COURSE)}`,
      "by-hand@example.org",
    );
    expect(signIn.signedIn).toBe(true);
    expect(signIn.landed).toBe(`${app.url}${COURSE}`);

    // A reset link, emailed; and one shown to copy, which sets a new password.
    const mailed = await post(
      "/admin",
      { intent: "account-link", email: "by-hand@example.org", deliver: "mail" },
      adminJar,
    );
    expect(shown(await mailed.text())).toContain("A link to choose a new password was emailed to by-hand@example.org.");
    const reset = await post(
      "/admin",
      { intent: "account-link", email: "by-hand@example.org", deliver: "show" },
      adminJar,
    );
    const resetLink = (await reset.text()).match(/value="(http:\/\/[^"]+\/account\/set-password\?token=[\w-]+)"/)?.[1];
    expect(resetLink).toBeDefined();
    const set = await post(resetLink!, {
      token: new URL(resetLink!).searchParams.get("token")!,
      password: "a brand new passphrase",
      confirm: "a brand new passphrase",
    });
    expect(set.status).toBe(303);

    // Their progress page, from the accounts list.
    const list = await (await hop(adminJar, `${app.url}/admin`)).text();
    const learner = list.match(/href="(\/admin\/learners\/[\w-]+)"/)?.[1];
    expect(learner).toBeDefined();
    const progress = await hop(adminJar, `${app.url}${learner}`);
    expect(progress.status).toBe(200);
    expect(shown(await progress.text())).toContain("by-hand@example.org");
    expect((await hop(adminJar, `${app.url}/admin/learners/nobody`)).status).toBe(404);

    // Closed: the form says so and refuses; the login page offers no sign-up; open again.
    expect((await post("/admin", { intent: "sign-up", open: "off" }, adminJar)).status).toBe(200);
    const closedPage = shown(await (await hop(new CookieJar(), `${app.url}/account/signup`)).text());
    expect(closedPage).toContain("New accounts are not open right now.");
    const closed = await signUpAs("closed@example.org");
    expect(closed.status).toBe(403);
    expect(await findIdpAccountByEmail(app.db, "closed@example.org")).toBeUndefined();
    expect((await post("/admin", { intent: "sign-up", open: "on" }, adminJar)).status).toBe(200);
    expect(app.logs.some((l) => l.msg === "admin: self-service sign-up turned on or off")).toBe(true);
  });

  it("forgot password, without mail, says so and points to staff", async () => {
    const noMail = await startApp({}, dialect);
    try {
      const res = await hop(new CookieJar(), `${noMail.url}/account/forgot`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: noMail.url },
        body: "email=learner%40lomda.test",
      });
      expect(res.status).toBe(200);
      expect(shown(await res.text())).toContain("This school does not send email yet");
    } finally {
      await noMail.stop();
    }
  });
});
