import { randomUUID } from "node:crypto";
import { bumpCatalogueVersion } from "../../app/models/catalogue-version.server.ts";
import { withE2eDatabase } from "./catalogue-db.ts";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures.ts";

// Issue 32, point 5: the accessibility statement, reached from every page's footer in both languages,
// and its coordinator and date of review kept by the admin.
const TEXT = {
  en: { dir: "ltr", link: "Accessibility", title: "Accessibility statement", reviewed: "Last reviewed:" },
  he: { dir: "rtl", link: "נגישות", title: "הצהרת נגישות", reviewed: "נבדק לאחרונה:" },
} as const;

for (const lng of ["en", "he"] as const) {
  const text = TEXT[lng];
  test(`the statement is reached from the footer and reads in order (${lng})`, async ({ page }) => {
    await page.goto(`/courses?lng=${lng}`);
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: text.link, exact: true }).click();
    await expect(page).toHaveURL(/\/accessibility$/);
    await expect(page.locator("html")).toHaveAttribute("lang", lng);
    await expect(page.locator("html")).toHaveAttribute("dir", text.dir);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.title);
    await expect(page.getByTestId("legal-updated")).toContainText(text.reviewed);
    // A statement has no consent version to show.
    await expect(page.getByTestId("legal-version")).toHaveCount(0);
    const coordinator = page.getByTestId("accessibility-coordinator");
    await expect(coordinator.locator("a[href^='mailto:']")).toHaveAttribute("dir", "ltr");
    // Each section is reached from the table of contents.
    const last = page
      .getByRole("navigation", { name: lng === "he" ? "בעמוד זה" : "On this page" })
      .getByRole("link")
      .last();
    await last.click();
    await expect(page).toHaveURL(/\/accessibility#coordinator$/);
    await expect(coordinator).toBeInViewport();
    await expectAccessible(page);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 360, height: 740 } });
    test(`the statement fits 360 px (${lng})`, async ({ page }) => {
      await page.goto(`/accessibility?lng=${lng}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.title);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectAccessible(page);
    });
  });
}

test.describe("the admin's details", () => {
  test.afterAll(async () => {
    // Back to the defaults for the next run, and visitors' cached pages told so.
    await withE2eDatabase(async (db) => {
      await db.deleteFrom("site_settings").where("key", "=", "accessibility_statement").execute();
      await bumpCatalogueVersion(db);
    });
  });

  test("the admin edits the coordinator's email and the date of review, and visitors see them", async ({
    adminPage: page,
    browser,
    baseURL,
    allowConsoleErrors,
  }) => {
    // The refused save below is answered 400, which the browser logs.
    allowConsoleErrors(/status of 400 \(Bad Request\) .*\/admin\/accessibility\.data/);
    // A visitor who saw the statement before the edit: their page is the cached one.
    const visitor = await (await browser.newContext({ baseURL })).newPage();
    await visitor.goto("/accessibility");
    await expect(visitor.getByTestId("legal-updated")).toBeVisible();
    const email = `a11y-${randomUUID().slice(0, 8)}@school.example`;
    await expect(visitor.getByTestId("accessibility-coordinator")).not.toContainText(email);

    await page.goto("/admin?lng=he");
    await waitForHydration(page);
    await page.getByTestId("admin-nav").getByRole("link", { name: "נגישות" }).click();
    await expect(page).toHaveURL(/\/admin\/accessibility$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("הצהרת נגישות");
    await expectAccessible(page);

    await page.getByLabel("שם", { exact: true }).fill("נועה פרץ");
    await page.getByLabel("אימייל").fill(email);
    await page.getByLabel("תאריך הבדיקה האחרונה").fill("2026-11-20");
    // A phone number that is not one: refused beside its field, in Hebrew, what was typed kept.
    await page.getByLabel("טלפון").fill("call me");
    await page.getByRole("button", { name: "שמירה" }).click();
    await expect(page.getByTestId("coordinatorPhone-error")).toHaveText(
      "כתבו מספר טלפון (ספרות, רווחים, מקפים, סוגריים ו־+ בהתחלה), או השאירו את השדה ריק.",
    );
    await expect(page.getByLabel("טלפון")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("אימייל")).toHaveValue(email);
    await expectAccessible(page);

    await page.getByLabel("טלפון").fill("03-555-0100");
    await page.getByRole("button", { name: "שמירה" }).click();
    await expect(page.getByTestId("accessibility-saved")).toHaveText("נשמר. ההצהרה מציגה את הפרטים החדשים.");
    await expect(page.getByTestId("coordinatorPhone-error")).toHaveCount(0);

    await page.getByRole("contentinfo").getByRole("link", { name: "נגישות", exact: true }).click();
    await expect(page).toHaveURL(/\/accessibility$/);
    await expect(page.getByTestId("legal-updated")).toHaveText("נבדק לאחרונה: 20 בנוב׳ 2026");
    await expect(page.getByTestId("accessibility-coordinator")).toContainText("נועה פרץ");

    // The visitor, in English, now sees them too.
    await visitor.goto("/accessibility");
    await expect(visitor.getByTestId("legal-updated")).toHaveText("Last reviewed: Nov 20, 2026");
    const mail = visitor.getByTestId("accessibility-coordinator").getByRole("link", { name: email });
    await expect(mail).toHaveAttribute("href", `mailto:${email}`);
    await expect(
      visitor.getByTestId("accessibility-coordinator").getByRole("link", { name: "03-555-0100" }),
    ).toBeVisible();
    await visitor.context().close();
  });
});

// The back-to-top button is fixed at the bottom end of the window: at the page's end it sat on the
// footer's last link ("Accessibility" at 360 px), hiding part of it and of its focus ring.
for (const width of [360, 1366])
  test(`at the page's end the back-to-top button covers no footer link (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 });
    for (const lng of ["en", "he"] as const) {
      await page.goto(`/accessibility?lng=${lng}`);
      await waitForHydration(page);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const button = page.locator(".back-to-top.is-visible");
      await expect(button).toBeVisible();
      const box = (await button.boundingBox())!;
      for (const link of await page.getByRole("contentinfo").getByRole("link").all()) {
        const other = await link.boundingBox();
        if (!other) continue;
        const overlaps =
          box.x < other.x + other.width &&
          other.x < box.x + box.width &&
          box.y < other.y + other.height &&
          other.y < box.y + box.height;
        expect(overlaps, `${lng}: ${await link.textContent()}`).toBe(false);
      }
    }
  });
