import { DEMO_EMAILS, expect, expectAccessible, startSession, test, waitForHydration } from "./fixtures.ts";

test.describe("page chrome", () => {
  for (const locale of ["en", "he"] as const) {
    test(`home renders from the server in ${locale} with the right direction and passes axe`, async ({ page }) => {
      const response = await page.goto(`/?lng=${locale}`);
      expect(response?.status()).toBe(200);
      const html = page.locator("html");
      await expect(html).toHaveAttribute("lang", locale);
      await expect(html).toHaveAttribute("dir", locale === "he" ? "rtl" : "ltr");
      const nav = page.getByRole("navigation", { name: locale === "he" ? "ניווט ראשי" : "Main navigation" });
      await expect(nav.getByRole("link", { name: locale === "he" ? "דף הבית" : "Home" }).first()).toBeVisible();
      await expect(nav.getByRole("link", { name: locale === "he" ? "כניסה" : "Sign in" }).first()).toHaveAttribute(
        "href",
        "/register",
      );
      const footer = page.locator("footer");
      await expect(
        footer.getByRole("heading", { name: locale === "he" ? "קישורים מהירים" : "Quick Links" }),
      ).toBeVisible();
      // The quizzes and the library are a click away from every page (D-L16).
      await expect(footer.getByRole("link", { name: locale === "he" ? "מבחנים" : "Quizzes" })).toHaveAttribute(
        "href",
        "/test",
      );
      await expect(
        footer.getByRole("link", { name: locale === "he" ? "ספרייה דיגיטלית" : "e-Library" }),
      ).toHaveAttribute("href", "/library");
      await expect(footer.getByRole("img")).toHaveCount(6);
      await expect(footer.getByRole("textbox")).toHaveAttribute("type", "email");
      await expect(footer).toContainText(locale === "he" ? "כל הזכויות שמורות" : "All rights reserved");
      // The phone number stays left-to-right inside Hebrew text.
      await expect(footer.locator('a[href^="tel:"]')).toHaveAttribute("dir", "ltr");
      await expectAccessible(page);
    });
  }

  test("the language switch changes the language and the choice sticks", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("navigation").getByTestId("language-switch").first().click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page).toHaveURL(/lng=he/);
    await page.goto("/error");
    await expect(page.locator("html")).toHaveAttribute("lang", "he");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("הדף לא נמצא");
    await page.getByRole("navigation").getByTestId("language-switch").first().click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveURL(/\/error\?lng=en$/);
  });

  test("the Pages dropdown works from the keyboard", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const dropdown = page.getByTestId("pages-dropdown");
    const summary = dropdown.locator("summary");
    await summary.focus();
    await page.keyboard.press("Enter");
    const team = dropdown.getByRole("link", { name: "Our Team" });
    await expect(team).toBeVisible();
    await expect(dropdown.getByRole("link", { name: "Testimonial" })).toBeVisible();
    await expect(dropdown.getByRole("link", { name: "Feedback" })).toHaveAttribute("href", "/feedback");
    await page.keyboard.press("Tab");
    await expect(team).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(team).toBeHidden();
    await expect(summary).toBeFocused();
    await page.keyboard.press("Space");
    await expect(team).toBeVisible();
  });

  test("on a phone the menu opens from its button", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const menu = page.getByTestId("site-menu");
    await expect(menu.getByRole("link", { name: "About" })).toBeHidden();
    await menu.locator("> summary").click();
    await expect(menu.getByRole("link", { name: "About" })).toBeVisible();
    await expectAccessible(page);
  });

  test("the menu is drawn once: a row on a desktop, a panel behind a button on a phone", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    const button = page.getByTestId("site-menu").locator("> summary");
    // One link per page in the markup, for every width (not a desktop copy and a phone copy).
    for (const href of ["/about", "/courses", "/contact", "/team", "/testimonial", "/feedback", "/register"])
      await expect(nav.locator(`a[href="${href}"]`)).toHaveCount(1);
    await expect(nav.getByTestId("language-switch")).toHaveCount(1);
    // A desktop shows the links in the header's row, without the menu's button.
    await expect(button).toBeHidden();
    await expect(nav.getByRole("link", { name: "About" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(page.getByTestId("site-menu-backdrop")).toBeHidden();
    await page.keyboard.press("Tab"); // the skip link
    await page.keyboard.press("Tab"); // the logo
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Home" })).toBeFocused();
    // A phone shows the button, and the links only once it is opened.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(button).toBeVisible();
    await expect(nav.getByRole("link", { name: "About" })).toBeHidden();
  });

  test("the back-to-top button appears after scrolling and returns to the top", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 500 });
    await page.goto("/");
    await waitForHydration(page);
    const button = page.getByRole("link", { name: "Back to top" });
    await page.mouse.wheel(0, 2000);
    await expect(button).toHaveClass(/is-visible/);
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test("a pending navigation shows the loading overlay, then hides it", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const overlay = page.getByTestId("loading-overlay");
  await expect(overlay).not.toHaveClass(/is-busy/);
  await page.evaluate(() => {
    const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } })
      .__reactRouterDataRouter;
    void router.navigate("/__test/slow-page?ms=1500");
  });
  await expect(overlay).toHaveClass(/is-busy/);
  await expect(overlay.getByRole("status")).toHaveText("Loading…");
  await expect(page.getByRole("heading", { name: "Loaded after 1500 ms" })).toBeVisible();
  await expect(overlay).not.toHaveClass(/is-busy/);
});

test.describe("errors", () => {
  test("an unknown path answers 404 with the 404 page in both languages", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 404/);
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(page.getByText(/does not exist/)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Go Back To Home" }).click();
    await expect(page).toHaveURL(/\/$/);

    const he = await page.goto("/missing?lng=he");
    expect(he?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "הדף לא נמצא" })).toBeVisible();
    await expect(page.getByRole("link", { name: "חזרה לדף הבית" })).toHaveAttribute("href", "/");
    await expectAccessible(page);
  });

  test("/error shows the same page", async ({ page }) => {
    const response = await page.goto("/error");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go Back To Home" })).toBeVisible();
  });

  test("a loader failure shows 'Unexpected Application Error!' with its status", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 500/);
    const response = await page.goto("/__test/throw");
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
    await expect(page.getByTestId("error-status")).toHaveText("Status 500");
    await expect(page.locator("body")).not.toContainText("Deliberate failure");
    await expectAccessible(page);
  });
});

test.describe("the shell", () => {
  test("pages carry the security headers", async ({ page }) => {
    const response = await page.goto("/");
    const headers = response!.headers();
    // A visitor's page is shared (decision 0017): its own inline scripts by hash, never 'unsafe-inline'.
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-[^;]+; style-src 'self';/);
    expect(headers["content-security-policy"]).not.toContain("unsafe-inline");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    await waitForHydration(page); // the scripts ran: none was refused (a refusal is a console error)
    // A signed-in person's page: this response's nonce and 'strict-dynamic'.
    await startSession(page, DEMO_EMAILS.learner);
    const personal = await page.goto("/");
    expect(personal!.headers()["content-security-policy"]).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic';/);
    await waitForHydration(page);
  });

  test("/healthz answers 200 with a tiny JSON body", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  test("no request leaves this origin", async ({ page, baseURL }) => {
    const foreign: string[] = [];
    page.on("request", (r) => {
      if (!r.url().startsWith(baseURL!) && !r.url().startsWith("data:")) foreign.push(r.url());
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await page.goto("/?lng=he");
    await page.waitForLoadState("networkidle");
    expect(foreign).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page and the Pages dropdown still work", async ({ page }) => {
    await page.goto("/?lng=he");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const dropdown = page.getByTestId("pages-dropdown");
    await dropdown.locator("summary").click();
    await expect(dropdown.getByRole("link", { name: "הצוות שלנו" })).toBeVisible();
  });
});
