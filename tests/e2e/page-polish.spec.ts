import type { Locator, Page } from "@playwright/test";
import { createCatalogue, createCourse, createVideoList } from "../support/factories.ts";
import { withE2eDatabase } from "./catalogue-db.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Layout details measured in the browser (findings D-L4, D-L6, D-L7): where a text sits in its
 * column, what a default cover shows, the home page's cards and carousel.
 */

/** Where the text inside an element starts and ends on the screen (not the element's box). */
async function textBox(locator: Locator) {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const text = range.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return { left: text.left, right: text.right, boxLeft: box.left, boxRight: box.right };
  });
}

/** Waits until the server (another process) has seen a catalogue change made by the test. */
async function waitForPage(page: Page, path: string) {
  await expect.poll(async () => (await page.request.get(path)).status(), { timeout: 5000 }).toBe(200);
}

for (const width of [360, 1366]) {
  test(`an English-only description on a Hebrew page starts at the column's right edge, marked English (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const description = "Learn testing with short videos.";
    const slug = await withE2eDatabase(async (db) => {
      const id = await createVideoList(db, { descriptionEn: description });
      const row = await db.selectFrom("video_lists").select("slug").where("id", "=", id).executeTakeFirstOrThrow();
      return row.slug;
    });
    await waitForPage(page, `/courses/${slug}?lng=he`);
    await page.goto(`/courses/${slug}?lng=he`);
    const text = page.getByText(description, { exact: true });
    await expect(text).toHaveAttribute("dir", "ltr");
    await expect(text).toHaveAttribute("lang", "en");
    const box = await textBox(text);
    // The reading start of a Hebrew column is its right edge: the English line ends there.
    expect(Math.abs(box.right - box.boxRight)).toBeLessThanOrEqual(2);
    expect(box.left - box.boxLeft).toBeGreaterThan(20);
  });
}

for (const width of [360, 1366]) {
  test(`home: instructor cards in a row are equally tall, and the testimonial sits centred with no neighbour showing (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ reducedMotion: "reduce" });
    for (const lng of ["en", "he"]) {
      await page.goto(`/?lng=${lng}`);
      const cards = page.getByRole("list", { name: /^(Expert Instructors|מרצים מומחים)$/ }).locator("article");
      await expect(cards).toHaveCount(4);
      const boxes = await Promise.all((await cards.all()).map(async (card) => (await card.boundingBox())!));
      // Cards that share a row (the same top) have the same height.
      for (const box of boxes)
        for (const other of boxes)
          if (Math.abs(box.y - other.y) < 1) expect(Math.abs(box.height - other.height)).toBeLessThan(1);

      const track = page.getByTestId("carousel-track");
      await track.scrollIntoViewIfNeeded();
      const trackBox = (await track.boundingBox())!;
      const slide = (await track.locator("figure").first().boundingBox())!;
      const before = slide.x - trackBox.x;
      const after = trackBox.x + trackBox.width - (slide.x + slide.width);
      expect(Math.abs(before - after), `${lng}: the slide is centred`).toBeLessThanOrEqual(1);
      // The next slide, with its shadow (24 px of blur), starts beyond the track's visible edge.
      const next = (await track.locator("figure").nth(1).boundingBox())!;
      const gap = lng === "he" ? trackBox.x - (next.x + next.width) : next.x - (trackBox.x + trackBox.width);
      expect(gap, `${lng}: nothing of the next slide shows`).toBeGreaterThanOrEqual(24);
    }
  });
}

test("a course without a cover of its own shows its initials on the brand pattern, not a play button, wherever its cover is", async ({
  page,
}) => {
  const { slug, catalogueSlug } = await withE2eDatabase(async (db) => {
    const catalogueId = await createCatalogue(db, { titleEn: "Night School", titleHe: "בית ספר לילי" });
    const catalogue = await db
      .selectFrom("catalogues")
      .select("slug")
      .where("id", "=", catalogueId)
      .executeTakeFirstOrThrow();
    const id = await createCourse(db, { catalogueId, titleEn: "Testing Basics", titleHe: "יסודות הבדיקות" });
    const row = await db.selectFrom("courses").select("slug").where("id", "=", id).executeTakeFirstOrThrow();
    return { slug: row.slug, catalogueSlug: catalogue.slug };
  });
  await waitForPage(page, `/course/${slug}`);
  // The picture itself draws no play button: no triangle among its shapes.
  const svg = await (await page.request.get("/images/courses/plain.svg")).text();
  expect(svg).not.toMatch(/<path[^>]*d="M[\d.\s,]+[vVhHlL][^"]*[lL][\d.\s,-]+z"/);
  for (const [lng, initials, catalogueInitials] of [
    ["en", "TB", "NS"],
    ["he", "יה", "בל"],
  ] as const) {
    for (const path of [`/course/${slug}`, `/order?course=${slug}`]) {
      await page.goto(`${path}${path.includes("?") ? "&" : "?"}lng=${lng}`);
      const cover = page.getByTestId("default-cover").first();
      await expect(cover).toHaveText(initials);
      await expect(cover.locator("img")).toHaveAttribute("alt", "");
      await expect(page.getByRole("button", { name: /play|הפעלה/i })).toHaveCount(0);
    }
    await page.goto(`/courses?lng=${lng}`);
    const card = page
      .getByTestId("catalogue-list")
      .locator("li")
      .filter({ has: page.locator(`a[href^="/courses/${catalogueSlug}"]`) });
    await expect(card.getByTestId("default-cover")).toHaveText(catalogueInitials);
  }
});
