import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../setup/databases.ts";
import { CookieJar, hop } from "../support/cookie-jar.ts";
import { createAccount, createSignedInUser, DEFAULT_ADMIN_EMAIL } from "../support/factories.ts";
import { storeSubmission } from "../../app/models/submission.server.ts";
import { createAccountToken } from "../../app/models/account-tokens.server.ts";
import { createIdpAccount, findIdpAccountByEmail } from "../../app/models/idp-account.server.ts";
import { clearOfWindowEnd, MINUTE } from "../support/rate-windows.ts";
import { startApp } from "./harness.ts";
import { startSmtp } from "../support/smtp.ts";

const linkIn = (text: string) => text.match(/http:\/\/[^\s]+\/account\/set-password\?token=[\w-]+/)![0];

describe.each(DIALECTS)("accounts of the embedded provider on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const adminJar = new CookieJar();
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await startApp(
      {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        CONTACT_TO: "office@lomda.test",
        // The limits per address: a test names its client's address (X-Forwarded-For from loopback).
        TRUST_PROXY: "loopback",
      },
      dialect,
    );
    adminJar.set("lomda_session", (await createSignedInUser(app.db, "admin")).sessionId);
  });
  afterAll(async () => {
    await app.stop();
    smtp.close();
  });

  const post = (path: string, fields: Record<string, string>, jar = new CookieJar()) =>
    hop(jar, `${app.url}${path.startsWith("http") ? path.slice(app.url.length) : path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: new URLSearchParams(fields).toString(),
    });

  async function request(email: string, name = "Tamar Golan") {
    return storeSubmission(
      app.db,
      "registration",
      { name, email, phone: "050-1234567", message: "" },
      { locale: "en", forward: false },
    );
  }

  /** Signs in at the embedded provider; the jar then holds a Lomda session, or not. */
  async function signIn(email: string, password: string) {
    const jar = new CookieJar();
    let res = await hop(jar, `${app.url}/signin?returnTo=%2Fprofile`);
    res = await hop(jar, res.headers.get("location")!);
    const login = new URL(res.headers.get("location")!, app.url).href;
    res = await post(login, { email, password }, jar);
    for (let i = 0; i < 6 && res.status >= 300 && res.status < 400; i++) {
      const next = new URL(res.headers.get("location")!, app.url).href;
      res = await hop(jar, next);
      if (next.includes("/auth/callback")) break;
    }
    return { jar, signedIn: jar.get("lomda_session") !== undefined, status: res.status };
  }

  /** Follows /signin with a browser's cookies: signed in again, or shown the provider's login page. */
  async function signInAgain(jar: CookieJar) {
    let res = await hop(jar, `${app.url}/signin?returnTo=%2Fprofile`);
    for (let i = 0; i < 8 && res.status >= 300 && res.status < 400; i++)
      res = await hop(jar, new URL(res.headers.get("location")!, app.url).href);
    const html = res.status === 200 ? await res.text() : "";
    return {
      signedIn: html.includes("tamar@example.org") && !html.includes('name="password"'),
      loginPage: html.includes('name="password"'),
    };
  }

  const mailTo = async (email: string, count: number) => {
    await expect.poll(() => smtp.mails.filter((m) => m.to === email).length, { timeout: 8000 }).toBe(count);
    return smtp.mails.filter((m) => m.to === email).at(-1)!;
  };

  it("request → approve → email → set password → sign in → subscriber", async () => {
    // The same person asked twice: approving one settles the other (D-L8).
    const duplicate = await request("tamar@example.org");
    const submission = await request("Tamar@Example.org");
    const approve = await post("/admin", { intent: "approve", id: submission.id }, adminJar);
    expect(approve.status).toBe(200);
    expect(await approve.text()).toContain("A link to set a password was emailed to tamar@example.org");
    expect(
      await app.db
        .selectFrom("registration_requests")
        .select("status")
        .where("id", "=", duplicate.id)
        .executeTakeFirst(),
    ).toEqual({ status: "handled" });
    const mail = await mailTo("tamar@example.org", 1);
    expect(mail.raw).toMatch(/^Subject: /m);
    expect(mail.text).toContain("ההרשמה שלכם ללומדה אושרה");
    const link = linkIn(mail.text);
    expect(link.startsWith(`${app.url}/account/set-password?token=`)).toBe(true);
    const account = await findIdpAccountByEmail(app.db, "tamar@example.org");
    expect(account?.password_hash).toBe("");
    // The token is stored hashed: the link's token is nowhere in the database.
    const token = new URL(link).searchParams.get("token")!;
    const tokens = await app.db.selectFrom("account_tokens").select("token_hash").execute();
    expect(JSON.stringify(tokens)).not.toContain(token);

    // No sign-in before the password is set.
    expect((await signIn("tamar@example.org", "")).signedIn).toBe(false);
    expect((await signIn("tamar@example.org", "anything at all 123")).signedIn).toBe(false);

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(await page.text()).toContain("tamar@example.org");

    // Weak passwords, in English and in Hebrew; nothing used up.
    const short = await post(link, { token, password: "short-pass", confirm: "short-pass" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("at least 12 characters");
    const common = await post(link, { token, password: "qwerty123456", confirm: "qwerty123456" });
    expect(common.status).toBe(400);
    expect(await common.text()).toContain("one of the most common ones");
    const hebrew = await post(`${link}&lng=he`, { token, password: "passwordpassword", confirm: "passwordpassword" });
    expect(hebrew.status).toBe(400);
    expect(await hebrew.text()).toContain("זו אחת הסיסמאות הנפוצות ביותר");
    const mismatch = await post(link, { token, password: "violet kettle harbour", confirm: "violet kettle harbor" });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("The two passwords differ");

    const set = await post(link, { token, password: "violet kettle harbour", confirm: "violet kettle harbour" });
    expect(set.status).toBe(303);
    expect(set.headers.get("location")).toBe("/account/set-password?done=1");
    expect(await (await fetch(`${app.url}/account/set-password?done=1`)).text()).toContain("Your password is set");
    // Single use.
    const again = await post(link, { token, password: "another good phrase", confirm: "another good phrase" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("expired or was already used");
    expect((await fetch(link)).status).toBe(400);

    const { jar, signedIn } = await signIn("tamar@example.org", "violet kettle harbour");
    expect(signedIn).toBe(true);
    const profile = await (await hop(jar, `${app.url}/profile`)).text();
    expect(profile).toContain("Tamar Golan");
    expect(profile).toContain("Active, no end date"); // the approval's subscription
    expect(profile).toContain("Change password");
  });

  it("forgot password: the same answer for an unknown email; a one-time reset link; expired and used links refused", async () => {
    await clearOfWindowEnd(60 * MINUTE);
    const known = await post("/account/forgot", { email: "tamar@example.org" });
    const unknown = await post("/account/forgot", { email: "nobody@example.org" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const message = (html: string) => html.match(/<p role="status"[^>]*>([^<]+)</)![1];
    expect(message(await known.text())).toBe(message(await unknown.text()));
    expect(app.logs.some((l) => l.msg.includes("without an (enabled) account"))).toBe(true);
    const mail = await mailTo("tamar@example.org", 2);
    const link = linkIn(mail.text);
    const token = new URL(link).searchParams.get("token")!;
    expect(smtp.mails.some((m) => m.to === "nobody@example.org")).toBe(false);

    // A browser signed in before the reset (perhaps the one the reset is meant to lock out).
    const before = await signIn("tamar@example.org", "violet kettle harbour");
    expect(before.signedIn).toBe(true);
    const reset = await post(link, { token, password: "new harbour phrase", confirm: "new harbour phrase" });
    expect(reset.status).toBe(303);
    expect((await hop(before.jar, `${app.url}/profile`)).status).toBe(302);
    expect(await signInAgain(before.jar)).toEqual({ signedIn: false, loginPage: true });
    expect((await post(link, { token, password: "new harbour phrase", confirm: "new harbour phrase" })).status).toBe(
      400,
    );
    expect((await signIn("tamar@example.org", "violet kettle harbour")).signedIn).toBe(false);
    expect((await signIn("tamar@example.org", "new harbour phrase")).signedIn).toBe(true);

    // A link past its hour is refused.
    const account = (await findIdpAccountByEmail(app.db, "tamar@example.org"))!;
    const old = await createAccountToken(app.db, account.id, "reset", new Date(Date.now() - 2 * 3600_000));
    const expired = await post(`/account/set-password?token=${old}`, {
      token: old,
      password: "yet another phrase",
      confirm: "yet another phrase",
    });
    expect(expired.status).toBe(400);
    expect((await fetch(`${app.url}/account/set-password?token=${old}`)).status).toBe(400);

    // Bad input: 400, and the per-email limit (3 an hour) answers 429.
    expect((await post("/account/forgot", { email: "not-an-email" })).status).toBe(400);
    await post("/account/forgot", { email: "limit@example.org" });
    await post("/account/forgot", { email: "limit@example.org" });
    await post("/account/forgot", { email: "limit@example.org" });
    const limited = await post("/account/forgot", { email: "limit@example.org" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("forgot password: a stranger can neither spend the learner's requests nor void the link they hold", async () => {
    await clearOfWindowEnd(60 * MINUTE);
    await clearOfWindowEnd(15 * MINUTE);
    const email = "reset-target@example.org";
    const account = await createAccount(app.db, { email });
    const forgot = (address: string, who = email, query = "") =>
      fetch(`${app.url}/account/forgot${query}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: app.url,
          "x-forwarded-for": address,
        },
        body: new URLSearchParams({ email: who }),
      });
    const links = () => smtp.mails.filter((m) => m.to === email).map((m) => linkIn(m.text));
    const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
    const unusedTokens = async () =>
      (
        await app.db
          .selectFrom("account_tokens")
          .select("token_hash")
          .where("account_id", "=", account.id)
          .where("used_at", "is", null)
          .execute()
      ).length;
    const LEARNER = "203.0.113.40";
    const STRANGER = "198.51.100.41";

    expect((await forgot(LEARNER)).status).toBe(200);
    await mailTo(email, 1);
    const held = links()[0]!;

    // A stranger asks for the learner's email from another address, as often as they may.
    const stranger: number[] = [];
    for (let i = 0; i < 4; i++) stranger.push((await forgot(STRANGER)).status);
    expect(stranger).toEqual([200, 200, 200, 429]);
    await mailTo(email, 4);
    // Nothing was made or voided by the refused request; the link the learner holds still works.
    expect(await unusedTokens()).toBe(4);
    expect((await fetch(held)).status).toBe(200);
    // The learner can still ask from their own address.
    expect((await forgot(LEARNER)).status).toBe(200);
    await mailTo(email, 5);
    expect(new Set(links()).size).toBe(5);

    // Using one link voids the others.
    const token = tokenOf(held);
    const set = await post(held, { token, password: "harbour lights at dusk", confirm: "harbour lights at dusk" });
    expect(set.status).toBe(303);
    for (const other of links().slice(1)) expect((await fetch(other)).status).toBe(400);
    expect(await unusedTokens()).toBe(0);

    // Past an email's limit, the answer is the same whether or not it has an account, in either language.
    const refusal = async (address: string, who: string, query = "") => {
      let res = await forgot(address, who, query);
      for (let i = 0; i < 3 && res.status === 200; i++) res = await forgot(address, who, query);
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
      return (await res.text()).match(/<p role="alert"[^>]*>([^<]+)</)![1];
    };
    const known = await refusal("198.51.100.42", email);
    expect(known).toBe(await refusal("198.51.100.43", "nobody-at-all@example.org"));
    expect(known).toContain("each link works for an hour");
    expect(await refusal("198.51.100.44", "someone-else@example.org", "?lng=he")).toContain("כל קישור תקף לשעה");
    expect(await unusedTokens()).toBe(3);
  });

  it("change password on the profile: the current one is checked, the rule applies, other sessions end", async () => {
    const first = await signIn("tamar@example.org", "new harbour phrase");
    const other = await signIn("tamar@example.org", "new harbour phrase");
    const wrong = await post(
      "/account/password",
      { current: "wrong wrong wrong", password: "changed harbour phrase", confirm: "changed harbour phrase" },
      first.jar,
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("The current password is incorrect");
    const weak = await post(
      "/account/password",
      { current: "new harbour phrase", password: "123456789012", confirm: "123456789012" },
      first.jar,
    );
    expect(weak.status).toBe(400);
    const ok = await post(
      "/account/password",
      { current: "new harbour phrase", password: "changed harbour phrase", confirm: "changed harbour phrase" },
      first.jar,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Your password is changed");
    expect((await hop(first.jar, `${app.url}/profile`)).status).toBe(200);
    expect((await hop(other.jar, `${app.url}/profile`)).status).toBe(302);
    // Nor does the other browser come back through the provider's remembered session: it is asked
    // for the (new) password.
    expect(await signInAgain(other.jar)).toEqual({ signedIn: false, loginPage: true });
    expect((await signIn("tamar@example.org", "new harbour phrase")).signedIn).toBe(false);
    expect((await signIn("tamar@example.org", "changed harbour phrase")).signedIn).toBe(true);
  });

  it("the person edits their own name, phone and address; bad input is refused and nothing changes", async () => {
    await createIdpAccount(app.db, {
      email: "details@example.org",
      password: "details harbour phrase",
      name: "Old Name",
    });
    const { jar } = await signIn("details@example.org", "details harbour phrase");
    const page = await hop(jar, `${app.url}/account/details`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('value="Old Name"');
    for (const [fields, message] of [
      [{ name: "x", phone: "", address: "" }, "Enter your full name"],
      [{ name: "New Name", phone: "call me", address: "" }, "7 to 20 digits"],
      [{ name: "New Name", phone: "", address: "a".repeat(201) }, "at most 200 characters"],
    ] as const) {
      const bad = await post("/account/details", fields, jar);
      expect(bad.status).toBe(400);
      expect((await bad.text()).toLowerCase()).toContain(message.toLowerCase());
    }
    expect((await findIdpAccountByEmail(app.db, "details@example.org"))!.name).toBe("Old Name");
    const ok = await post("/account/details", { name: "Noa Ben-David", phone: "+972 50-765-4321", address: "" }, jar);
    expect(ok.status).toBe(200);
    expect(await findIdpAccountByEmail(app.db, "details@example.org")).toMatchObject({
      name: "Noa Ben-David",
      phone: "+972 50-765-4321",
      address: null,
    });
    // The site's user too: the profile shows it at once.
    expect(await (await hop(jar, `${app.url}/profile`)).text()).toContain("Noa Ben-David");
    // Signed out, the page sends the visitor to sign in.
    expect((await hop(new CookieJar(), `${app.url}/account/details`)).status).toBe(302);
  });

  it("the admin disables an account (its sessions end, no sign-in) and enables it again", async () => {
    const person = await signIn("tamar@example.org", "changed harbour phrase");
    expect((await post("/admin", { intent: "disable-account", email: "tamar@example.org" }, adminJar)).status).toBe(
      200,
    );
    expect((await hop(person.jar, `${app.url}/profile`)).status).toBe(302);
    expect((await signIn("tamar@example.org", "changed harbour phrase")).signedIn).toBe(false);
    const page = await (await hop(adminJar, `${app.url}/admin`)).text();
    expect(page).toMatch(/tamar@example\.org.*Disabled/s);
    expect((await post("/admin", { intent: "enable-account", email: "tamar@example.org" }, adminJar)).status).toBe(200);
    expect((await signIn("tamar@example.org", "changed harbour phrase")).signedIn).toBe(true);
    expect((await post("/admin", { intent: "disable-account", email: "nobody@example.org" }, adminJar)).status).toBe(
      404,
    );
  });

  it("a browser whose account was disabled gets the sign-in page again, not an error", async () => {
    // The same browser keeps the provider's own session cookie: the provider must not trip on an
    // account it can no longer find.
    const person = await signIn("tamar@example.org", "changed harbour phrase");
    expect(person.signedIn).toBe(true);
    await post("/admin", { intent: "disable-account", email: "tamar@example.org" }, adminJar);
    let res = await hop(person.jar, `${app.url}/signin?returnTo=%2Fprofile`);
    for (let i = 0; i < 6 && res.status >= 300 && res.status < 400; i++)
      res = await hop(person.jar, new URL(res.headers.get("location")!, app.url).href);
    if (res.status === 500)
      console.log(
        JSON.stringify(
          app.logs.filter((l) => (l as { level: number }).level >= 50),
          null,
          1,
        ).slice(0, 4000),
      );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('name="password"');
    await post("/admin", { intent: "enable-account", email: "tamar@example.org" }, adminJar);
  });

  it("an admin cannot disable their own account (nobody could then reach the admin area)", async () => {
    for (const email of [DEFAULT_ADMIN_EMAIL, ` ${DEFAULT_ADMIN_EMAIL.toUpperCase()} `]) {
      const res = await post("/admin", { intent: "disable-account", email }, adminJar);
      expect(res.status).toBe(409);
      expect(await res.text()).toContain("You cannot disable your own account");
    }
    // The list offers no Disable on the admin's own row, and does on the others.
    const page = await (await hop(adminJar, `${app.url}/admin`)).text();
    expect(page).toMatch(/admin@lomda\.test<\/bdi><\/td>(?:(?!<\/tr>).)*<span[^>]*>Your account</s);
    expect(page).not.toContain(`aria-label="Disable ${DEFAULT_ADMIN_EMAIL}"`);
    expect(page).toContain('aria-label="Disable learner@lomda.test"');
    const hebrew = await post("/admin?lng=he", { intent: "disable-account", email: DEFAULT_ADMIN_EMAIL }, adminJar);
    expect(hebrew.status).toBe(409);
    expect(await hebrew.text()).toContain("אי אפשר להשבית את החשבון שלך");
    await hop(adminJar, `${app.url}/?lng=en`); // back to English for the tests after this one
  });

  it("when the email cannot be sent, the admin sees so and gets the link to copy", async () => {
    smtp.close();
    const submission = await request("offline@example.org", "Offline Person");
    const approve = await post("/admin", { intent: "approve", id: submission.id }, adminJar);
    expect(approve.status).toBe(200);
    const html = await approve.text();
    expect(html).toContain("could not be sent");
    const link = html.match(
      /data-testid="invite-link"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*data-testid="invite-link"/,
    )!;
    const url = (link[1] ?? link[2])!.replace(/&amp;/g, "&");
    expect(url).toContain("/account/set-password?token=");
    expect((await fetch(url)).status).toBe(200);
  });
});
