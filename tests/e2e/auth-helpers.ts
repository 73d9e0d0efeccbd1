import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "lomda-demo";

/** Signs in through the embedded provider's login page, starting at /signin (optionally with returnTo). */
export async function signIn(page: Page, email: string, returnTo?: string) {
  await page.goto(returnTo ? `/signin?returnTo=${encodeURIComponent(returnTo)}` : "/signin");
  await signInOnLoginPage(page, email);
}

/** Fills in and sends the embedded provider's login page, once the browser is on it. */
export async function signInOnLoginPage(page: Page, email: string) {
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.locator("#idp-email").fill(email);
  await page.locator("#idp-password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: /^(Sign in|כניסה)$/ }).click();
  await expect(page.getByTestId("profile-link").first()).toBeAttached();
}

export async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === "lomda_session");
}

/** Signs out with the navbar's button and waits until the provider has sent the browser home. */
export async function signOut(page: Page) {
  await page.getByTestId("logout-button").click();
  await expect(
    page
      .getByRole("navigation", { name: /^(Main navigation|ניווט ראשי)$/ })
      .getByRole("link", { name: /^(Sign in|כניסה)$/ }),
  ).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
}
