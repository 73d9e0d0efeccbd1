import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures.ts";

// Issue 16, decision 0026: a page's modules are asked for only after its first frame is drawn, so
// the stylesheet, the font and the first picture have a slow connection to themselves; the page
// then hydrates as before — from the page cache (scripts allowed by hash) and signed in (by nonce).

/**
 * Records, in the first frame's animation callback (just before that frame is drawn; the page's own
 * starter asks for its callback later), which of the page's modules had been asked for by then.
 */
async function watchFirstFrame(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { firstFrame?: { preloadLinks: number; moduleRequests: string[] } };
    requestAnimationFrame(() => {
      w.firstFrame = {
        preloadLinks: document.querySelectorAll('link[rel="modulepreload"]').length,
        moduleRequests: performance
          .getEntriesByType("resource")
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.startsWith("/assets/") && path.endsWith(".js")),
      };
    });
  });
}

async function firstFrameAndModules(page: Page) {
  return page.evaluate(() => ({
    firstFrame: (window as unknown as { firstFrame?: unknown }).firstFrame,
    modulesLoaded: performance
      .getEntriesByType("resource")
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname)).length,
  }));
}

for (const path of ["/", "/course/mern-react?lng=he"]) {
  test(`a visitor's ${path} draws before asking for its modules, then hydrates`, async ({ page }) => {
    await watchFirstFrame(page);
    // The second visit is the page cache's copy (the first may be the render that stored it).
    for (let visit = 0; visit < 2; visit++) {
      const response = await page.goto(path);
      expect(response?.headers()["content-security-policy"]).toContain("'sha256-");
      await waitForHydration(page);
      const seen = await firstFrameAndModules(page);
      expect(seen.firstFrame).toEqual({ preloadLinks: 0, moduleRequests: [] });
      expect(seen.modulesLoaded).toBeGreaterThan(3);
      // The frame drawn had content (the browser reports the paint a moment after drawing it).
      await expect
        .poll(() => page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length))
        .toBe(1);
    }
    // Hydrated for real: a client-side link works (the page stays, the URL changes).
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page
      .getByRole("link", { name: /^(About|אודות)$/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/about/);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });
}

test("a signed-in page (scripts by nonce) draws first, then hydrates", async ({ learnerPage: page }) => {
  await watchFirstFrame(page);
  const response = await page.goto("/profile");
  expect(response?.headers()["content-security-policy"]).toContain("'strict-dynamic'");
  await waitForHydration(page);
  const seen = await firstFrameAndModules(page);
  expect(seen.firstFrame).toEqual({ preloadLinks: 0, moduleRequests: [] });
  expect(seen.modulesLoaded).toBeGreaterThan(3);
});

test("a page opened out of sight (no frames drawn) starts its modules at once", async ({ page }) => {
  // A background tab: hidden, and the browser draws no frames for it.
  await page.addInitScript(() => {
    Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
    window.requestAnimationFrame = () => 0;
  });
  await page.goto("/about");
  await waitForHydration(page);
});
