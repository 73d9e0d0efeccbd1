import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { withE2eDatabase } from "./catalogue-db.ts";
import { DEMO_EMAILS, expect, startSession, test, waitForHydration } from "./fixtures.ts";

/**
 * Issue 32 point 6 (decision 0044): the browser tests' server starts as `npm start` does, in demo
 * mode, so the JavaScript list's first lessons are the sample videos of content/demo-media/. The
 * first is a free preview: a visitor plays it (Chromium decodes the file), and the captions in the
 * page's language show the words being said.
 */
for (const [lng, said] of [
  ["en", "Welcome to JavaScript from Basics to Advanced."],
  ["he", "ברוכים הבאים לקורס JavaScript מהיסודות ועד רמה מתקדמת."],
] as const) {
  test(`a visitor plays the first demo lesson with its captions (${lng})`, async ({ page }) => {
    await page.goto(`/cources/programming/javascript?lng=${lng}`);
    await waitForHydration(page);
    const video = page.getByTestId("video-mp4").first();
    await video.evaluate(async (element) => {
      const media = element as HTMLVideoElement;
      media.muted = true;
      await media.play();
    });
    await expect.poll(() => video.evaluate((element) => (element as HTMLVideoElement).currentTime)).toBeGreaterThan(0);
    // The file's own length (42.1 s), which the lesson shows and watching is measured against.
    expect(await video.evaluate((element) => Math.round((element as HTMLVideoElement).duration))).toBe(42);
    await video.evaluate(async (element) => {
      const media = element as HTMLVideoElement;
      media.pause();
      const seeked = new Promise((done) => media.addEventListener("seeked", done, { once: true }));
      media.currentTime = 2;
      await seeked;
    });
    // The track in the page's language is showing, and its first caption is the first sentence said.
    const showing = () =>
      video.evaluate((element) => {
        const track = [...(element as HTMLVideoElement).textTracks].find((t) => t.mode === "showing");
        const cue = track?.activeCues?.[0] as VTTCue | undefined;
        return { language: track?.language, text: cue?.text.replace(/[\u200f\u2066\u2069]/g, "").replace(/\n/g, " ") };
      });
    await expect.poll(showing).toEqual({ language: lng, text: said });
  });
}

/**
 * Issue 32's done-when on a demo lesson's own page: a learner plays it, switches its captions off and
 * on, seeks from the transcript, downloads its file, keeps a note nobody else sees, and goes on to
 * the next lesson.
 */
test("a learner studies the first demo lesson on its page and goes on to the next", async ({
  learnerPage: page,
  browser,
}) => {
  await page.goto("/lesson/javascript/js-01-intro?lng=en");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Introduction to JavaScript and Setup");
  const video = page.getByTestId("video-mp4");
  const state = () =>
    video.evaluate((element) => {
      const media = element as HTMLVideoElement;
      return {
        time: media.currentTime,
        captions: [...media.textTracks].map((track) => `${track.language}:${track.mode}`),
      };
    });
  await video.evaluate(async (element) => {
    const media = element as HTMLVideoElement;
    media.muted = true;
    await media.play();
    media.pause();
  });

  // Captions: on in English from the start, off and on again by the button and by the key.
  const toggle = page.getByTestId("player-controls").getByRole("button", { name: "Captions" });
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  expect((await state()).captions).toEqual(["en:showing", "he:hidden"]);
  await toggle.click();
  expect((await state()).captions).toEqual(["en:hidden", "he:hidden"]);
  await video.focus();
  await page.keyboard.press("c");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  expect((await state()).captions).toEqual(["en:showing", "he:hidden"]);

  // The transcript: a line takes the video to its time.
  await page.getByRole("button", { name: "Show transcript" }).click();
  const lines = page.getByTestId("transcript").getByRole("button");
  await expect(lines.first()).toContainText("Welcome to JavaScript");
  await lines.nth(2).click();
  await expect(lines.nth(2)).toHaveAttribute("aria-current", "true");
  expect((await state()).time).toBeCloseTo(11.7, 1);

  // Its file, downloaded under its own name.
  const files = page.getByTestId("lesson-resources");
  const [download] = await Promise.all([page.waitForEvent("download"), files.getByRole("link").click()]);
  expect(download.suggestedFilename()).toBe("javascript-basics.js");
  expect(await readFile((await download.path())!, "utf8")).toContain("typeof");

  // A note at the video's position, seen by its writer only.
  const body = `Template literals use backticks (${randomUUID().slice(0, 8)})`;
  const notes = page.getByTestId("lesson-notes");
  await notes.getByTestId("notes-toggle").click();
  await notes.getByLabel("New note").fill(body);
  await notes.getByRole("button", { name: "Save note" }).click();
  await expect(notes.getByTestId("note").getByTestId("note-text")).toHaveText(body);
  await expect(notes.getByTestId("note").getByTestId("note-stamp")).toHaveText("0:11");
  const other = await browser.newPage();
  await startSession(other, DEMO_EMAILS.subscriber);
  await other.goto("/lesson/javascript/js-01-intro?lng=en");
  await expect(other.getByTestId("lesson-notes")).toHaveCount(1);
  await expect(other.getByText(body)).toHaveCount(0);
  await other.close();
  await withE2eDatabase((db) => db.deleteFrom("lesson_notes").where("body", "=", body).execute());

  // On to the next lesson.
  await page.getByTestId("next-lesson").click();
  await expect(page).toHaveURL(/\/lesson\/javascript\/js-02-variables$/);
  await expect(page.getByText("Lesson 2 of 32")).toBeVisible();
});
