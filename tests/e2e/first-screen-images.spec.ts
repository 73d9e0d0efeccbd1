import { PUBLIC_ROUTES as PUBLIC_PAGES } from "../../bench/public-pages.mjs";
import { createFeedback, uniqueId } from "../support/factories.ts";
import { withE2eDatabase } from "./catalogue-db.ts";
import { expect, test } from "./fixtures.ts";

// Issue 16: a picture in the first screen must not wait for lazy loading (it is often the page's
// largest contentful paint: /about's picture, a course's cover, the first row of cards).

// Lighthouse's phone (a Moto G Power) and a common laptop screen.
const SCREENS = { phone: { width: 412, height: 823 }, laptop: { width: 1366, height: 768 } };

// The newest feedback, with a picture, opens /feedback's list (its host never answers: the reserved
// domain the other feedback tests use; the picture's attributes are what is checked).
test.beforeAll(async () => {
  const name = uniqueId("First screen");
  await withE2eDatabase((db) => createFeedback(db, { name, image: "https://pictures.example/first-screen.png" }));
});

for (const [screen, viewport] of Object.entries(SCREENS))
  for (const lng of ["en", "he"] as const)
    test.describe(`on a ${screen} (${lng})`, () => {
      // The server's HTML as laid out, before any script could change an image's attributes.
      test.use({ viewport, javaScriptEnabled: false });
      test("no picture in the first screen is loaded lazily", async ({ page }) => {
        const firstScreen: Record<string, { src: string; loading: string | null }[]> = {};
        for (const path of PUBLIC_PAGES) {
          await page.goto(`${path}?lng=${lng}`);
          firstScreen[path] = await page.evaluate(() =>
            [...document.images]
              .filter((img) => {
                const box = img.getBoundingClientRect();
                // In the viewport both ways: the carousel's other slides lie beside the first.
                return (
                  box.width > 0 &&
                  box.height > 0 &&
                  box.top < innerHeight &&
                  box.bottom > 0 &&
                  box.left < innerWidth &&
                  box.right > 0
                );
              })
              .map((img) => ({ src: img.getAttribute("src") ?? "", loading: img.getAttribute("loading") })),
          );
        }
        const lazy = Object.entries(firstScreen).flatMap(([path, images]) =>
          images.filter((img) => img.loading === "lazy").map((img) => `${path}: ${img.src}`),
        );
        expect(lazy).toEqual([]);
        // The check looked at real pictures: /about's is in its first screen, and asked for first.
        expect(firstScreen["/about"]!.map((img) => img.src)).toContain("/images/about.svg");
        // On a laptop /feedback's list starts in the first screen (on a phone the form comes first).
        if (screen === "laptop")
          expect(firstScreen["/feedback"]!.map((img) => img.src)).toContain(
            "https://pictures.example/first-screen.png",
          );
        await page.goto(`/about?lng=${lng}`);
        await expect(page.locator('img[src="/images/about.svg"]')).toHaveAttribute("fetchpriority", "high");
      });
    });

test("pictures further down still load lazily", async ({ page }) => {
  await page.setViewportSize(SCREENS.phone);
  await page.goto("/");
  // Home's about picture lies below the hero and the service tiles.
  await expect(page.locator('img[src="/images/about.svg"]')).toHaveAttribute("loading", "lazy");
  // The team's later sections, and the carousel's other slides.
  await page.goto("/team");
  await expect(page.locator("main img").last()).toHaveAttribute("loading", "lazy");
  await page.goto("/testimonial");
  await expect(page.getByTestId("carousel-track").locator("img").last()).toHaveAttribute("loading", "lazy");
});

// Issue 35, decision 0065: a browser builds a document of its own for each SVG picture, on the
// page's main thread (on a cold load of a lesson's page, the gallery's six and the poster took
// 35–37 ms). The gallery every page shows is WebP, decoded off the main thread.
test("the footer's gallery pictures are not SVG documents", async ({ page }) => {
  await page.setViewportSize(SCREENS.phone);
  for (const path of ["/", "/lesson/javascript/js-01-intro?lng=he"]) {
    await page.goto(path);
    await page.locator("#footer-gallery").scrollIntoViewIfNeeded();
    const gallery = page.locator("footer img");
    await expect(gallery).toHaveCount(6);
    for (const img of await gallery.all()) {
      await expect(img).toHaveJSProperty("complete", true);
      expect(
        await img.evaluate((el: HTMLImageElement) => [el.naturalWidth > 0, new URL(el.currentSrc).pathname]),
      ).toEqual([true, expect.stringMatching(/^\/images\/gallery-\d\.webp$/)]);
    }
  }
});
