import { signInOnLoginPage } from "./auth-helpers.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

// Every way to sign in from a page leads through /register and the login page back to that page.
const TEXT = {
  en: { notice: "Sign in or register", reviews: "Sign in", header: "Sign in", login: "Login" },
  he: { notice: "כניסה או הרשמה", reviews: "כניסה", header: "כניסה", login: "התחברות" },
} as const;

for (const lng of ["en", "he"] as const) {
  const text = TEXT[lng];

  test(`signing in from a locked list comes back to the list (${lng})`, async ({ page }) => {
    await page.goto(`/courses/mern/react?lng=${lng}`);
    await waitForHydration(page);
    await page.getByTestId("visitor-notice").getByRole("link", { name: text.notice }).click();
    await expect(page).toHaveURL(/\/register\?returnTo=%2Fcourses%2Fmern%2Freact$/);
    await expect(page.getByTestId("login-button")).toHaveText(text.login);
    await page.getByTestId("login-button").click();
    await signInOnLoginPage(page, "learner@lomda.test");
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/courses\/mern\/react$/);
    await expect(page.locator("html")).toHaveAttribute("lang", lng);
    await expect(page.getByTestId("learner-notice")).toBeVisible();
  });

  test(`signing in from a course page's reviews comes back to the course page (${lng})`, async ({ page }) => {
    await page.goto(`/course/mern-react?lng=${lng}`);
    // Its other ways in carry the page too: the access note's link and the header's button.
    const back = "/register?returnTo=%2Fcourse%2Fmern-react";
    await expect(page.getByTestId("course-access-note").getByRole("link")).toHaveAttribute("href", back);
    await expect(page.getByRole("banner").getByRole("link", { name: text.header, exact: true })).toHaveAttribute(
      "href",
      back,
    );
    await waitForHydration(page);
    await page.locator("#reviews-section").getByRole("link", { name: text.reviews, exact: true }).click();
    await expect(page).toHaveURL(/\/register\?returnTo=%2Fcourse%2Fmern-react$/);
    await page.getByTestId("login-button").click();
    await signInOnLoginPage(page, "learner@lomda.test");
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/course\/mern-react$/);
    await expect(page.locator("html")).toHaveAttribute("lang", lng);
  });
}
