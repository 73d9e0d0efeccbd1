import { expect, expectAccessible, test, waitForHydration } from "./fixtures.ts";

// Issue 15, point 7: the small things a demanding learner notices.

for (const lng of ["en", "he"] as const) {
  test(`each catalogue card on /courses has its own cover, not one of its courses' (${lng})`, async ({ page }) => {
    await page.goto(`/courses?lng=${lng}`);
    const cards = page.getByTestId("catalogue-list").getByRole("listitem");
    const covers: (string | null)[] = [];
    for (const href of ["/courses/mern", "/courses/fullstack", "/cources/programming"])
      covers.push(
        await cards
          .filter({ has: page.locator(`a[href="${href}"]`) })
          .locator("img")
          .getAttribute("src"),
      );
    expect(covers).toEqual([
      "/images/catalogues/mern.svg",
      "/images/catalogues/fullstack.svg",
      "/images/catalogues/programming.svg",
    ]);
    // Each cover is served and is an image.
    for (const src of covers) {
      const response = await page.request.get(src!);
      expect(response.status(), src!).toBe(200);
      expect(response.headers()["content-type"], src!).toContain("image/svg+xml");
    }
  });

  test(`printing shows the content without the site's frame (${lng})`, async ({ page }) => {
    await page.goto(`/course/mern-react?lng=${lng}`);
    await page.emulateMedia({ media: "print" });
    for (const frame of [
      page.locator("header#top"),
      page.locator("footer"),
      page.getByTestId("demo-banner"),
      page.locator(".back-to-top"),
    ])
      await expect(frame).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The page header's title prints dark (its dark background is not printed).
    const color = await page.getByRole("heading", { level: 1 }).evaluate((h) => getComputedStyle(h).color);
    expect(color).toBe("rgb(0, 0, 0)");
    await page.emulateMedia({ media: "screen" });
    await expect(page.locator("header#top")).toBeVisible();
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 360, height: 740 } });
    test(`the menu dims the page behind it, and a tap there or Escape closes it (${lng})`, async ({ page }) => {
      await page.goto(`/about?lng=${lng}`);
      await waitForHydration(page);
      const menu = page.getByTestId("site-menu");
      const button = menu.locator(":scope > summary");
      const backdrop = page.getByTestId("site-menu-backdrop");
      await expect(backdrop).toBeHidden();
      await button.click();
      await expect(menu).toHaveJSProperty("open", true);
      await expect(backdrop).toBeVisible();
      await expectAccessible(page);
      // A tap on the dimmed page below the menu's panel.
      await page.mouse.click(180, 720);
      await expect(menu).toHaveJSProperty("open", false);
      await expect(backdrop).toBeHidden();
      await button.click();
      await expect(menu).toHaveJSProperty("open", true);
      // Escape in the open Pages dropdown closes the dropdown only; the next one closes the menu.
      const pages = page.getByTestId("pages-dropdown");
      await pages.locator(":scope > summary").click();
      await expect(pages).toHaveJSProperty("open", true);
      await page.keyboard.press("Escape");
      await expect(pages).toHaveJSProperty("open", false);
      await expect(menu).toHaveJSProperty("open", true);
      await page.keyboard.press("Escape");
      await expect(menu).toHaveJSProperty("open", false);
      await expect(button).toBeFocused();
    });
  });
}
