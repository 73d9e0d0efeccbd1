import type { Page } from "@playwright/test";
import { DEMO_EMAILS, expect, expectAccessible, startSession, test, waitForHydration } from "./fixtures.ts";

// A stranger signs up from a course page, the school (which sends no mail here) confirms the
// address in the admin area, and the person signs in and lands back on the course — in both
// languages, through the real login page, the real captcha widget and a second browser for the admin.
// The mailed link's way is tests/integration/sign-up.test.ts.
test.use({ reducedMotion: "reduce" });
// One after the other: the last test closes sign-up for a moment.
test.describe.configure({ mode: "default" });

const PASSWORD = "violet tram harbour 42";
const TEXT = {
  en: {
    reviews: "Sign in",
    login: "Login",
    create: "Create an account",
    name: "Full name (as it will appear on certificates)",
    email: "Email",
    password: "Password",
    again: "Password again",
    button: "Create account",
    sent: "is almost ready",
    unconfirmed: "Your email address is not confirmed yet.",
    signIn: "Sign in",
    termsError: "To create an account, agree to the terms of use and the privacy notice.",
    confirm: "Confirm email",
  },
  he: {
    reviews: "כניסה",
    login: "התחברות",
    create: "יצירת חשבון",
    name: "שם מלא (כפי שיופיע בתעודות)",
    email: "אימייל",
    password: "סיסמה",
    again: "הסיסמה שוב",
    button: "יצירת חשבון",
    sent: "כמעט מוכן",
    unconfirmed: "כתובת האימייל שלכם עדיין לא אומתה.",
    signIn: "כניסה",
    termsError: "כדי ליצור חשבון, יש להסכים לתנאי השימוש ולמדיניות הפרטיות.",
    confirm: "אימות האימייל",
  },
} as const;

async function signInHere(page: Page, email: string) {
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.locator("#idp-email").fill(email);
  await page.locator("#idp-password").fill(PASSWORD);
  await page.getByRole("button", { name: /^(Sign in|כניסה)$/ }).click();
}

for (const lng of ["en", "he"] as const) {
  const text = TEXT[lng];

  test(`a visitor signs up from a course page, the admin confirms, and sign-in lands back on the course (${lng})`, async ({
    page,
    browser,
    allowConsoleErrors,
  }) => {
    test.setTimeout(90_000);
    // The login page's answer to a password before the address is confirmed: a 403 document.
    allowConsoleErrors(/status of 403/);
    const email = `sign-up-${lng}-${Date.now()}@example.org`;
    await page.goto(`/course/mern-react?lng=${lng}`);
    await waitForHydration(page);
    await page.locator("#reviews-section").getByRole("link", { name: text.reviews, exact: true }).click();
    await page.getByTestId("login-button").click();
    // The login page offers sign-up, coming back to the same course.
    const create = page.getByTestId("sign-up-link");
    await expect(create).toHaveText(text.create);
    await expect(create).toHaveAttribute("href", "/account/signup?returnTo=%2Fcourse%2Fmern-react");
    await create.click();
    await expect(page.locator("html")).toHaveAttribute("dir", lng === "he" ? "rtl" : "ltr");
    await waitForHydration(page);
    await expectAccessible(page);

    const form = page.getByTestId("sign-up-form");
    await form.getByLabel(text.name).fill("Yael Bar");
    await form.getByLabel(text.email, { exact: true }).fill(email);
    await form.getByLabel(text.password, { exact: true }).fill(PASSWORD);
    await form.getByLabel(text.again).fill(PASSWORD);
    // Without the terms ticked, the browser's check stops it and says why, at the box.
    await form.getByRole("button", { name: text.button }).click();
    await expect(page.locator("#account-terms-error")).toHaveText(text.termsError);
    await expect(page.locator("#account-terms")).toBeFocused();
    await page.locator("#account-terms").check();
    await expect(form.getByTestId("captcha")).toHaveAttribute("data-ready", "true");
    await form.locator("altcha-widget").locator("label").first().click();
    await expect(form.locator('input[name="altcha"]')).toHaveValue(/.{40,}/, { timeout: 20_000 });
    await form.getByRole("button", { name: text.button }).click();
    const sent = page.getByTestId("sign-up-sent");
    await expect(sent).toContainText(text.sent);
    await expect(sent).toContainText(email);
    await expectAccessible(page);

    // Not confirmed yet: the right password is refused, with why.
    const signInLink = sent.getByRole("link", { name: text.signIn });
    await expect(signInLink).toHaveAttribute("href", "/signin?returnTo=%2Fcourse%2Fmern-react");
    await signInLink.click();
    await signInHere(page, email);
    await expect(page.getByRole("alert")).toContainText(text.unconfirmed);

    // The admin, in another browser, confirms the address.
    const adminContext = await browser.newContext();
    try {
      const admin = await adminContext.newPage();
      await startSession(admin, DEMO_EMAILS.admin);
      await admin.goto(`/admin?lng=${lng}`);
      await admin.getByRole("button", { name: `${text.confirm} ${email}` }).click();
      await expect(admin.getByTestId("admin-status")).toBeVisible();
      await expect(admin.getByRole("button", { name: `${text.confirm} ${email}` })).toHaveCount(0);
    } finally {
      await adminContext.close();
    }

    // Now the password signs in, and the person is back on the course, in their language.
    await page.goto("/signin?returnTo=%2Fcourse%2Fmern-react");
    await signInHere(page, email);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/course\/mern-react$/);
    await expect(page.getByTestId("profile-link").first()).toBeAttached();
    await expect(page.locator("html")).toHaveAttribute("lang", lng);
  });
}

test("the register page offers sign-up next to the request, and the admin can close it", async ({ page, browser }) => {
  await page.goto("/register?returnTo=%2Fcourse%2Fmern-react");
  const offer = page.getByTestId("sign-up-offer");
  await expect(offer.getByRole("link", { name: "Create an account" })).toHaveAttribute(
    "href",
    "/account/signup?returnTo=%2Fcourse%2Fmern-react",
  );
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await startSession(admin, DEMO_EMAILS.admin);
    await admin.goto("/admin");
    await admin.getByTestId("sign-up-switch").getByRole("button", { name: "Close sign-up" }).click();
    await expect(admin.getByTestId("sign-up-switch")).toContainText("Self-service sign-up is closed");
    await page.reload();
    await expect(page.getByTestId("sign-up-offer")).toHaveCount(0);
    await page.goto("/account/signup");
    await expect(page.getByTestId("sign-up-closed")).toBeVisible();
    await expect(page.getByRole("link", { name: "Send a registration request" })).toHaveAttribute("href", "/register");
  } finally {
    await admin.getByTestId("sign-up-switch").getByRole("button", { name: "Open sign-up" }).click();
    await expect(admin.getByTestId("sign-up-switch")).toContainText("Self-service sign-up is open");
    await adminContext.close();
  }
});
