import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { createIdpAccount } from "../../app/models/idp-account.server.ts";
import { grantSubscription } from "../../app/models/subscription.server.ts";
import { DEMO_PASSWORD } from "./auth-helpers.ts";
import { withE2eDatabase } from "./catalogue-db.ts";
import { expect, expectAccessible, startSession, test, waitForHydration } from "./fixtures.ts";

/**
 * Issue 17: a subscriber plays the self-hosted lesson (the DSA list's 5th, 12 seconds long), leaves,
 * comes back and resumes; watches to the end and sees it completed; marks it not complete by hand.
 * A subscriber of its own: the demo subscriber's progress is shared with other tests.
 */
async function newSubscriber(page: Page): Promise<string> {
  const email = `progress-${randomUUID().slice(0, 8)}@lomda.test`;
  await withE2eDatabase(async (db) => {
    await createIdpAccount(db, { email, password: DEMO_PASSWORD, name: "Progress Tester" });
    await grantSubscription(db, { email, grantedBy: "e2e", note: "progress test" });
  });
  await startSession(page, email);
  return email;
}

/** The learner's stored position in the self-hosted lesson, as the server keeps it. */
async function storedPosition(email: string): Promise<number | undefined> {
  return withE2eDatabase(async (db) => {
    const row = await db
      .selectFrom("lesson_progress")
      .innerJoin("users", "users.id", "lesson_progress.user_id")
      .innerJoin("lessons", "lessons.id", "lesson_progress.lesson_id")
      .select("lesson_progress.position_seconds")
      .where("users.email", "=", email)
      .where("lessons.video_file", "=", "lesson-sample.mp4")
      .executeTakeFirst();
    return row ? Number(row.position_seconds) : undefined;
  });
}

const currentTime = (video: Locator) => video.evaluate((element) => (element as HTMLVideoElement).currentTime);

async function playFrom(video: Locator, seconds: number) {
  await video.evaluate(async (element, at) => {
    const media = element as HTMLVideoElement;
    media.muted = true;
    await media.play();
    media.currentTime = at;
  }, seconds);
}

test("a subscriber leaves a self-hosted lesson part-way, comes back, and resumes or starts over", async ({ page }) => {
  const email = await newSubscriber(page);
  await page.goto("/courses/dsa");
  await waitForHydration(page);
  await expect(page.getByTestId("progress-tally").first()).toContainText("0 of 35 lessons completed");
  const card = page.locator("li", { has: page.getByTestId("video-mp4") });
  const video = card.getByTestId("video-mp4");
  await expect(card).toHaveAttribute("data-completed", "false");

  // Part-way, then away through the site's own navigation: what was watched is reported on the way out.
  await playFrom(video, 6);
  await expect.poll(() => currentTime(video)).toBeGreaterThanOrEqual(7);
  await video.evaluate((element) => (element as HTMLVideoElement).pause());
  await expect.poll(() => storedPosition(email)).toBeGreaterThanOrEqual(7);
  const leftAt = (await storedPosition(email))!;

  await page.goto("/courses/dsa");
  await waitForHydration(page);
  const resumeBar = card.getByTestId("resume-bar");
  await expect(resumeBar).toContainText(`You left off at 0:0${leftAt}.`);
  await expect(card.locator("source")).toHaveAttribute("src", `/video/lesson-sample.mp4#t=${leftAt}`);
  await expectAccessible(page);
  await resumeBar.getByRole("button", { name: `Resume from 0:0${leftAt}` }).click();
  await expect(resumeBar).toHaveCount(0);
  await expect.poll(() => currentTime(video)).toBeGreaterThanOrEqual(leftAt);
  await video.evaluate((element) => (element as HTMLVideoElement).pause());

  // "Start over" from the beginning.
  await page.reload();
  await waitForHydration(page);
  await card.getByTestId("resume-bar").getByRole("button", { name: "Start over" }).click();
  await video.evaluate((element) => {
    (element as HTMLVideoElement).muted = true;
  });
  await expect.poll(() => currentTime(video)).toBeLessThan(3);
});

test("a subscriber watches a self-hosted lesson to the end: completed, counted, and unmarked by hand", async ({
  page,
}) => {
  await newSubscriber(page);
  await page.goto("/courses/dsa");
  await waitForHydration(page);
  const card = page.locator("li", { has: page.getByTestId("video-mp4") });
  const video = card.getByTestId("video-mp4");

  // To the end: the lesson is complete, and the page says so without a reload.
  await playFrom(video, 10);
  await expect(card.getByTestId("lesson-completed")).toHaveText("Completed");
  await expect(card).toHaveAttribute("data-completed", "true");
  await expect(page.getByTestId("progress-tally").first()).toContainText("1 of 35 lessons completed");

  // On the profile, and in Hebrew, with the bar filling from the right.
  await page.goto("/profile?lng=he");
  await expect(page.getByTestId("progress-lists")).toContainText("הושלמו 1 מתוך 35 שיעורים");
  await expectAccessible(page);
  await page.goto("/courses/dsa?lng=he");
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(card.getByTestId("lesson-completed")).toHaveText("הושלם");
  await expectAccessible(page);

  // Unmarked by hand (a plain form): not complete again.
  await card.getByRole("button", { name: "ביטול הסימון כהושלם" }).click();
  await expect(card).toHaveAttribute("data-completed", "false");
  await expect(page.getByTestId("progress-tally").first()).toContainText("הושלמו 0 מתוך 35 שיעורים");
});

test("leaving the page while a lesson plays keeps the position (sent as the page goes)", async ({ page }) => {
  const email = await newSubscriber(page);
  await page.goto("/courses/dsa");
  await waitForHydration(page);
  const video = page.getByTestId("video-mp4");
  await playFrom(video, 5);
  await expect.poll(() => currentTime(video)).toBeGreaterThanOrEqual(6);
  // A link of the site, while the video still plays: no pause event, only the way out.
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "About" }).first().click();
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(() => storedPosition(email)).toBeGreaterThanOrEqual(6);
});
