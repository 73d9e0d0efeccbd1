import { expect, expectAccessible, test, waitForHydration } from "./fixtures.ts";

// Issue 31: the way into what someone may already use. An admin finds the admin area from the header
// and the profile; someone with every lesson open is led to the lessons, not to "join".
const TEXT = {
  en: {
    admin: "Admin",
    adminLink: "Open the admin area",
    adminAccess: "As an admin, you may watch every course and lesson.",
    accessNone: "No subscription and no course bought yet.",
    join: "Join now",
    continue: "Continue learning",
    joinCourse: "Join Now",
    goToCourse: "Go to course",
  },
  he: {
    admin: "ניהול",
    adminLink: "לאזור הניהול",
    adminAccess: "כמנהלי מערכת, כל הקורסים והשיעורים פתוחים בפניכם.",
    accessNone: "עדיין אין לכם מנוי או קורס שנקנה.",
    join: "הצטרפו עכשיו",
    continue: "המשיכו ללמוד",
    joinCourse: "הצטרפות",
    goToCourse: "מעבר לקורס",
  },
} as const;

for (const lng of ["en", "he"] as const) {
  const text = TEXT[lng];

  test(`an admin reaches the admin area from the header and the profile, which lacks nothing (${lng})`, async ({
    adminPage: page,
  }) => {
    await page.goto(`/?lng=${lng}`);
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: text.admin, exact: true })).toBeVisible();
    await waitForHydration(page);
    await header.getByRole("link", { name: text.admin, exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);

    await page.goto(`/profile?lng=${lng}`);
    const access = page.locator("section", { has: page.locator("#access") });
    await expect(access.getByTestId("access-admin")).toHaveText(text.adminAccess);
    await expect(access).not.toContainText(text.accessNone);
    // No "How to subscribe" or "See the plans".
    await expect(access.locator('a[href="/Payments"]')).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole("link", { name: text.adminLink }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 360, height: 740 } });
    test(`an admin finds "Admin" in the menu's panel (${lng})`, async ({ adminPage: page }) => {
      await page.goto(`/courses?lng=${lng}`);
      await waitForHydration(page);
      const adminLink = page.getByRole("banner").getByRole("link", { name: text.admin, exact: true });
      await expect(adminLink).toBeHidden();
      await page.getByTestId("site-menu").locator(":scope > summary").click();
      await expect(adminLink).toBeVisible();
      await expectAccessible(page);
      await adminLink.click();
      await expect(page).toHaveURL(/\/admin$/);
    });
  });

  test(`a learner has no "Admin" link, and is still offered a subscription on the profile (${lng})`, async ({
    learnerPage: page,
  }) => {
    await page.goto(`/profile?lng=${lng}`);
    await expect(page.getByRole("heading", { level: 2, name: "Dana Levi" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: text.admin, exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: text.adminLink })).toHaveCount(0);
    const access = page.locator("section", { has: page.locator("#access") });
    await expect(access).toContainText(text.accessNone);
    await expect(access.locator('a[href="/Payments"]')).toBeVisible();
  });

  test(`a subscriber is led to the lessons, not to join (${lng})`, async ({ subscriberPage: page }) => {
    await page.goto(`/?lng=${lng}`);
    await expect(page.getByTestId("admin-link")).toHaveCount(0);
    const hero = page.locator("section", { has: page.locator("#hero-title") });
    await expect(hero.getByRole("link", { name: text.join })).toHaveCount(0);
    // To the courses, or straight to the next lesson when there is one.
    await expect(hero.getByRole("link", { name: text.continue })).toHaveAttribute("href", /^\/courses(\/|$)/);

    await page.goto(`/course/mern-express?lng=${lng}`);
    await expect(page.getByRole("link", { name: text.joinCourse, exact: true })).toHaveCount(0);
    await expectAccessible(page);
    await waitForHydration(page);
    await page.getByRole("link", { name: text.goToCourse }).click();
    await expect(page).toHaveURL(/\/courses\/mern\/express$/);
    await expect(page.getByTestId("subscribed-banner")).toBeVisible();
  });

  test(`a visitor is still offered to join, on the home page and the course page (${lng})`, async ({ page }) => {
    await page.goto(`/?lng=${lng}`);
    const hero = page.locator("section", { has: page.locator("#hero-title") });
    await expect(hero.getByRole("link", { name: text.join })).toHaveAttribute("href", "/register");
    await expect(hero.getByRole("link", { name: text.continue })).toHaveCount(0);
    await page.goto(`/course/mern-express?lng=${lng}`);
    await expect(page.getByTestId("course-join")).toHaveText(text.joinCourse);
    await expect(page.getByRole("link", { name: text.goToCourse })).toHaveCount(0);
  });

  test(`a signed-in learner without access joins by subscribing, not by registering again (${lng})`, async ({
    learnerPage: page,
  }) => {
    await page.goto(`/?lng=${lng}`);
    const hero = page.locator("section", { has: page.locator("#hero-title") });
    await expect(hero.getByRole("link", { name: text.join })).toHaveAttribute("href", "/Payments");
  });
}
