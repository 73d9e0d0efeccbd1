import { randomBytes } from "node:crypto";
import { E2E_EXTERNAL_PORT } from "../../playwright.config.ts";
import { DEMO_PASSWORD, sessionCookie, signIn, signOut } from "./auth-helpers.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";

const DEMO = [
  {
    email: "learner@lomda.test",
    name: "Dana Levi",
    subscription: "No active subscription",
    phone: "Not provided",
    address: "Not provided",
  },
  {
    email: "subscriber@lomda.test",
    name: "Noa Cohen",
    subscription: "Active, no end date",
    phone: "+972 50-123-4567",
    address: "12 Herzl St, Haifa, Israel",
  },
  {
    email: "admin@lomda.test",
    name: "Avi Mizrahi",
    subscription: "No active subscription",
    phone: "+972 3-555-0142",
    address: "Not provided",
  },
];

test.describe("sign-in through the embedded provider", () => {
  for (const account of DEMO) {
    test(`${account.email} signs in, sees a real profile, and signs out`, async ({ page }) => {
      await page.goto("/register");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in / Register");
      await expect(page.getByTestId("demo-accounts")).toContainText(account.email);
      // These two pages are the same for every account: one axe scan each (the Hebrew login page has its own below).
      if (account === DEMO[0]) await expectAccessible(page);
      await page.getByTestId("login-button").click();
      await expect(page).toHaveURL(/\/idp\/interaction\//);
      await expect(page.getByRole("heading", { name: "Sign in to Lomda" })).toBeVisible();
      if (account === DEMO[0]) await expectAccessible(page);
      await page.getByLabel("Email", { exact: true }).fill(account.email);
      await page.getByLabel("Password").fill("lomda-demo");
      await page.getByRole("button", { name: "Sign in" }).click();

      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
      const profileLink = page.getByTestId("profile-link");
      await expect(profileLink).toContainText(account.name);
      await expect(
        page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Sign in" }),
      ).toHaveCount(0);

      const profile = await page.goto("/profile");
      expect(profile?.headers()["cache-control"]).toBe("private, no-store");
      const rows = page.getByTestId("profile-rows");
      await expect(page.getByRole("heading", { name: account.name })).toBeVisible();
      await expect(rows).toContainText(account.email);
      await expect(rows.locator("div", { hasText: "Phone" }).locator("dd")).toHaveText(account.phone);
      await expect(rows.locator("div", { hasText: "Address" }).locator("dd")).toHaveText(account.address);
      await expect(rows).toContainText(account.subscription);
      await expect(rows.locator("dd").first()).toHaveText(/^[0-9a-f-]{36}$/); // User Id: the provider's subject
      await expectAccessible(page);

      await signOut(page);
      expect(await sessionCookie(page)).toBeUndefined();
      // Signed out at the provider too: a new sign-in asks for the password again.
      await page.goto("/signin");
      await expect(page.getByLabel("Password")).toBeVisible();
    });
  }

  test("the login page is in Hebrew too, and a wrong password gets the same message as an unknown email", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 401/);
    await page.goto("/register?lng=he");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("כניסה / הרשמה");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByTestId("login-button").click();
    await expect(page.getByRole("heading", { name: "כניסה ללומדה" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("אימייל", { exact: true }).fill("learner@lomda.test");
    await page.getByLabel("סיסמה").fill("wrong-password");
    await page.getByRole("button", { name: "כניסה" }).click();
    await expect(page.getByRole("alert")).toHaveText("האימייל או הסיסמה שגויים.");
    await expect(page.getByLabel("אימייל", { exact: true })).toHaveValue("learner@lomda.test");
    await page.getByLabel("אימייל", { exact: true }).fill("nobody@lomda.test");
    await page.getByLabel("סיסמה").fill("wrong-password");
    await page.getByRole("button", { name: "כניסה" }).click();
    await expect(page.getByRole("alert")).toHaveText("האימייל או הסיסמה שגויים.");
  });

  test("the profile reads right in Hebrew, with Latin values kept left-to-right", async ({ subscriberPage: page }) => {
    await page.goto("/profile?lng=he");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("פרופיל");
    const rows = page.getByTestId("profile-rows");
    await expect(rows).toContainText("מזהה משתמש");
    await expect(rows).toContainText("פעיל, ללא תאריך סיום");
    await expect(rows.locator("bdi", { hasText: "subscriber@lomda.test" })).toHaveAttribute("dir", "ltr");
    await expect(rows.locator("bdi", { hasText: "12 Herzl St" })).toBeVisible();
    await expectAccessible(page);
  });

  test("the profile is for signed-in people only, and sign-in comes back to it", async ({ page }) => {
    await page.goto("/profile?view=all");
    await expect(page).toHaveURL(/\/register\?returnTo=%2Fprofile%3Fview%3Dall$/);
    await page.getByTestId("login-button").click();
    await expect(page).toHaveURL(/\/idp\/interaction\//);
    await page.locator("#idp-email").fill("learner@lomda.test");
    await page.locator("#idp-password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/profile\?view=all$/);
    await expect(page.getByTestId("profile-rows")).toContainText("learner@lomda.test");
  });

  test("returnTo brings you back to a same-origin page, and never to another site", async ({ page, browser }) => {
    await signIn(page, "learner@lomda.test", "/profile");
    await expect(page).toHaveURL(/\/profile$/);
    // An unsafe returnTo, from a fresh browser (signed out here and at the provider) rather than after
    // signing out. Each kind of unsafe value is refused over HTTP in tests/integration/auth-flow.test.ts.
    const context = await browser.newContext();
    try {
      const fresh = await context.newPage();
      await signIn(fresh, "learner@lomda.test", "//evil.example/x");
      expect(new URL(fresh.url()).host).toMatch(/^127\.0\.0\.1:\d+$/);
      expect(new URL(fresh.url()).pathname).toBe("/");
    } finally {
      await context.close();
    }
  });

  test("a session cookie no longer works after logout", async ({ page, request }) => {
    await signIn(page, "learner@lomda.test");
    const cookie = (await sessionCookie(page))!;
    await signOut(page);
    const reused = await request.get("/profile", {
      headers: { cookie: `lomda_session=${cookie.value}` },
      maxRedirects: 0,
    });
    expect(reused.status()).toBe(302);
    expect(reused.headers().location).toBe("/register?returnTo=%2Fprofile");
  });

  test("a cookie planted before sign-in is replaced and stays anonymous (no fixation)", async ({
    page,
    request,
    baseURL,
  }) => {
    const planted = randomBytes(32).toString("base64url");
    await page.context().addCookies([{ name: "lomda_session", value: planted, url: baseURL! }]);
    await signIn(page, "learner@lomda.test");
    const after = (await sessionCookie(page))!;
    expect(after.value).not.toBe(planted);
    expect(after.httpOnly).toBe(true);
    expect(after.sameSite).toBe("Lax");
    const old = await request.get("/profile", { headers: { cookie: `lomda_session=${planted}` }, maxRedirects: 0 });
    expect(old.status()).toBe(302);
    const current = await request.get("/profile", {
      headers: { cookie: `lomda_session=${after.value}` },
      maxRedirects: 0,
    });
    expect(current.status()).toBe(200);
  });

  test("a tampered state and a replayed callback are refused as 'Invalid state'", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 400/);
    // Start a sign-in (the transaction cookie is set), then come back with a forged state.
    await page.goto("/signin");
    await expect(page).toHaveURL(/\/idp\/interaction\//);
    const tampered = await page.goto("/auth/callback?code=forged-code&state=tampered");
    expect(tampered?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "Invalid state" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/signin");
    await expectAccessible(page);

    // A real callback, then the same callback URL again.
    let callbackUrl = "";
    page.on("request", (r) => {
      if (r.url().includes("/auth/callback?code=")) callbackUrl = r.url();
    });
    await signIn(page, "learner@lomda.test");
    expect(callbackUrl).not.toBe("");
    const replay = await page.goto(callbackUrl);
    expect(replay?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "Invalid state" })).toBeVisible();
  });

  test("an error from the provider is shown translated with 'Try again'", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 403/);
    // The provider's answer counts only with this sign-in's own state (checked before anything is shown).
    const authorize = page.waitForRequest(/\/idp\/auth\?/);
    await page.goto("/signin");
    await expect(page).toHaveURL(/\/idp\/interaction\//);
    const state = new URL((await authorize).url()).searchParams.get("state");
    expect(state).toBeTruthy();
    await page.goto(
      `/auth/callback?error=access_denied&error_description=${encodeURIComponent("<b>user said no</b>")}&state=${state!}&lng=he`,
    );
    await expect(page.getByRole("heading", { name: "הגישה נדחתה" })).toBeVisible();
    await expect(page.getByText("הודעת הספק: <b>user said no</b>")).toBeVisible();
    await expect(page.getByRole("link", { name: "לנסות שוב" })).toBeVisible();
  });
});

test.describe("an external provider, by configuration alone", () => {
  test.use({ baseURL: `http://127.0.0.1:${E2E_EXTERNAL_PORT}` });

  test("signs in and out through the other provider, whose name and email come from UserInfo only", async ({
    page,
  }) => {
    // This instance uses the hCaptcha option; its script host is stood in for at the network edge.
    await page.route("https://js.hcaptcha.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "application/javascript", body: "window.hcaptcha = { render() {} };" }),
    );
    await page.goto("/register");
    await expect(page.getByTestId("demo-accounts")).toHaveCount(0); // no demo accounts with a real provider
    await page.getByTestId("login-button").click();
    await expect(page.getByRole("heading", { name: "External IdP" })).toBeVisible();
    await page.getByLabel("Email").fill("ext.admin@example.org");
    await page.getByLabel("Password").fill("external-pass");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByTestId("profile-link")).toContainText("Maya External");
    await page.goto("/profile");
    await expect(page.getByTestId("profile-rows")).toContainText("ext.admin@example.org");
    await expect(page.getByText("Administrator")).toBeVisible();
    await page.getByTestId("logout-button").click();
    await page.getByRole("button", { name: "Sign out of External IdP" }).click();
    await expect(page).toHaveURL(new RegExp(`127\\.0\\.0\\.1:${E2E_EXTERNAL_PORT}/$`));
    await expect(
      page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Sign in" }),
    ).toBeVisible();
  });
});
