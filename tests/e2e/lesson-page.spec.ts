import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { createLesson, createVideoList, setLessonVideo } from "../support/factories.ts";
import { withE2eDatabase } from "./catalogue-db.ts";
import { DEMO_EMAILS, expect, expectAccessible, startSession, test, waitForHydration } from "./fixtures.ts";

/**
 * Issue 32, point 1: a lesson's own page. A learner opens it from the list, finds where it is in the
 * curriculum, plays it to the end and is offered the next lesson (nothing plays by itself), goes on
 * and back; a visitor gets a locked lesson's page with the way in, in both languages.
 */
async function threeLessonList(title: string, freeSamples?: string) {
  const slug = `e2e-lessons-${randomUUID().slice(0, 8)}`;
  await withE2eDatabase(async (db) => {
    const listId = await createVideoList(db, {
      slug,
      titleEn: title,
      titleHe: `${title} (עברית)`,
      ...(freeSamples === undefined ? { allFree: "on" } : { freeSamples }),
    });
    for (const [lesson, titleEn] of [
      ["first", "Variables"],
      ["second", "Functions"],
      ["third", "Closures"],
    ])
      await createLesson(db, listId, { slug: lesson, titleEn, youtube: "e2eLessons1", duration: "0:12" });
    for (const position of [0, 1, 2]) await setLessonVideo(db, slug, position, { videoFile: "lesson-sample.mp4" });
  });
  return slug;
}

/** Plays a video's last moment (muted), so that it ends. */
async function playLastMoment(video: Locator) {
  await video.evaluate(async (element) => {
    const media = element as HTMLVideoElement;
    media.muted = true;
    await new Promise((resolve) => {
      media.addEventListener("loadedmetadata", resolve, { once: true });
      media.load();
    });
    media.currentTime = media.duration - 0.3;
    await media.play();
  });
}

test("a learner goes from the list to a lesson's page, plays it to the end, is offered the next and goes on", async ({
  learnerPage: page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 404 \(Not Found\) .*\/courses\/e2e-lessons-/);
  const slug = await threeLessonList("Lesson by lesson");
  await expect(async () => {
    await page.goto(`/courses/${slug}?lng=en`);
    // Its three lessons with their files (written one after the other: the server may show a part).
    await expect(page.getByTestId("video-mp4")).toHaveCount(3, { timeout: 500 });
  }).toPass();
  await waitForHydration(page);
  await page.getByTestId("lesson-page-link").first().click();
  await expect(page).toHaveURL(new RegExp(`/lesson/${slug}/first$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Variables");
  await expect(page.getByText("Lesson 1 of 3")).toBeVisible();

  // The list beside the player, this lesson marked as the current page; no previous, a next.
  const lessons = page.getByTestId("lesson-curriculum");
  await expect(lessons.getByRole("heading", { name: "Lessons in this list" })).toBeVisible();
  await expect(lessons.getByRole("link", { name: /^1\.\s*Variables/ })).toHaveAttribute("aria-current", "page");
  await expect(lessons.getByRole("listitem")).toHaveCount(3);
  await expect(page.getByTestId("previous-lesson")).toHaveCount(0);
  await expect(page.getByTestId("next-lesson")).toContainText("Functions");

  // Nothing plays on arrival; played to its end, the page offers the next lesson and waits.
  const video = page.getByTestId("video-mp4");
  expect(await video.evaluate((element) => (element as HTMLVideoElement).paused)).toBe(true);
  await expect(page.getByTestId("next-lesson-offer")).toHaveCount(0);
  await playLastMoment(video);
  const offer = page.getByTestId("next-lesson-offer");
  await expect(offer).toContainText("You reached the end of this lesson.");
  await expect(offer).toContainText("Up next: Functions");
  await expect(offer).toHaveAttribute("role", "status");
  await expectAccessible(page);
  await offer.getByRole("link", { name: "Go to the next lesson" }).click();
  await expect(page).toHaveURL(new RegExp(`/lesson/${slug}/second$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Functions");
  await expect(page.getByTestId("next-lesson-offer")).toHaveCount(0);
  expect(await page.getByTestId("video-mp4").evaluate((element) => (element as HTMLVideoElement).paused)).toBe(true);
  await expect(lessons.getByRole("link", { name: /^2\.\s*Functions/ })).toHaveAttribute("aria-current", "page");

  // Back, and on by the keyboard.
  await page.getByTestId("previous-lesson").click();
  await expect(page).toHaveURL(new RegExp(`/lesson/${slug}/first$`));
  // The first lesson's page is drawn (the address changes a moment before it is): its own link next.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Variables");
  await page.getByTestId("next-lesson").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/lesson/${slug}/second$`));
  await page.getByTestId("next-lesson").click();
  await expect(page).toHaveURL(new RegExp(`/lesson/${slug}/third$`));
  await expect(page.getByTestId("next-lesson")).toHaveCount(0);

  // The last lesson's end says so and leads back to the list.
  await playLastMoment(page.getByTestId("video-mp4"));
  await expect(page.getByTestId("next-lesson-offer")).toContainText("That was the last lesson of Lesson by lesson.");
  await page.getByTestId("next-lesson-offer").getByRole("button", { name: "Stay here" }).click();
  await expect(page.getByTestId("next-lesson-offer")).toHaveCount(0);
});

for (const lng of ["en", "he"] as const) {
  test(`a visitor gets a locked lesson's page: its title and length, no video, and the way in (${lng})`, async ({
    page,
    browser,
  }) => {
    const slug = await threeLessonList("Locked lessons", "1");
    // Its first lesson with its file (the lessons and files are written one after the other).
    await expect
      .poll(async () => (await (await page.request.get(`/lesson/${slug}/first`)).text()).includes("/video/"))
      .toBe(true);
    const response = await page.goto(`/lesson/${slug}/third?lng=${lng}`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveAttribute("dir", lng === "he" ? "rtl" : "ltr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Closures");
    await expect(page.getByText(lng === "he" ? "שיעור 3 מתוך 3" : "Lesson 3 of 3")).toBeVisible();
    await expect(page.getByTestId("video-mp4")).toHaveCount(0);
    await expect(page.getByTestId("video-locked")).toBeVisible();
    const notice = page.getByTestId("lesson-locked-notice");
    await expect(notice.getByRole("heading")).toHaveText(lng === "he" ? "השיעור הזה נעול" : "This lesson is locked");
    await expect(
      notice.getByRole("link", { name: lng === "he" ? "כניסה או הרשמה" : "Sign in or register" }),
    ).toHaveAttribute("href", new RegExp(`returnTo=%2Flesson%2F${slug}%2Fthird`));
    // The curriculum shows the free first lesson as playable and the others locked.
    const rows = page.getByTestId("lesson-curriculum").getByRole("listitem");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toHaveAttribute("data-state", "playable");
    await expect(rows.nth(2)).toHaveAttribute("data-state", "locked");
    await expectAccessible(page);

    // A subscriber gets the player on the same page.
    const subscriber = await browser.newPage();
    await startSession(subscriber, DEMO_EMAILS.subscriber);
    await expect(async () => {
      await subscriber.goto(`/lesson/${slug}/third?lng=${lng}`);
      await expect(subscriber.getByTestId("video-mp4")).toHaveCount(1, { timeout: 500 });
    }).toPass();
    await expect(subscriber.getByTestId("lesson-locked-notice")).toHaveCount(0);
    await subscriber.close();
  });
}

/** Whether the current lesson's row is inside the curriculum's scrolling list, in view. */
async function currentRowInView(page: Page): Promise<boolean> {
  return page.getByTestId("lesson-curriculum").evaluate((curriculum) => {
    const list = curriculum.querySelector("ol")!;
    const row = list.querySelector("[data-current]")!;
    const box = list.getBoundingClientRect();
    const rect = row.getBoundingClientRect();
    return box.height > 0 && rect.top >= box.top && rect.bottom <= box.bottom;
  });
}

test("a long list opens at the current lesson, beside the player and on a phone when unfolded", async ({ page }) => {
  const slug = `e2e-long-${randomUUID().slice(0, 8)}`;
  await withE2eDatabase(async (db) => {
    const listId = await createVideoList(db, { slug, titleEn: "A long list", titleHe: "רשימה ארוכה", allFree: "on" });
    for (let n = 1; n <= 24; n++)
      await createLesson(db, listId, { slug: `part-${n}`, titleEn: `Part ${n}`, youtube: "e2eLessons1" });
  });
  await expect
    .poll(async () => (await page.request.get(`/lesson/${slug}/part-20`)).status(), { timeout: 5000 })
    .toBe(200);

  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto(`/lesson/${slug}/part-20?lng=en`);
  await waitForHydration(page);
  await expect.poll(() => currentRowInView(page)).toBe(true);
  // The page itself stays at its top.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // Another lesson chosen in the list, scrolled back to its top: the list (it stays on the page)
  // goes to the new current lesson. Clicked by script, so that the click itself scrolls nothing.
  const curriculum = page.getByTestId("lesson-curriculum");
  await curriculum.locator("ol").evaluate((list) => list.scrollTo({ top: 0 }));
  await curriculum.getByRole("link", { name: /Part 23\b/ }).evaluate((link: HTMLElement) => link.click());
  await expect(page).toHaveURL(new RegExp(`/lesson/${slug}/part-23\\b`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Part 23");
  await expect.poll(() => currentRowInView(page)).toBe(true);

  // On a phone the list is folded under the lesson: unfolded, it is at the current lesson too.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/lesson/${slug}/part-20?lng=he`);
  await waitForHydration(page);
  await page.getByTestId("lesson-curriculum-toggle").click();
  await expect(page.getByTestId("lesson-curriculum").getByRole("list")).toBeVisible();
  await expect.poll(() => currentRowInView(page)).toBe(true);
});
