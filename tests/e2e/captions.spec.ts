import { randomUUID } from "node:crypto";
import { createLesson, createVideoList, setLessonVideo } from "../support/factories.ts";
import { withE2eDatabase } from "./catalogue-db.ts";
import { DEMO_EMAILS, expect, expectAccessible, startSession, test, waitForHydration } from "./fixtures.ts";

/**
 * Issue 32 (IS 5568, WCAG 1.2.2): an admin gives a self-hosted lesson captions in the course builder;
 * a broken file is refused with its line, in the admin's language, and stores nothing; the player
 * offers the captions, those in the page's language on from the start; only those who may watch the
 * lesson get the file.
 */
const CAPTIONS =
  "WEBVTT\n\n00:00.000 --> 00:03.000\nArrays keep their values in order.\n\n00:03.000 --> 00:06.000\nA `for` loop visits each one.\n\n00:06.000 --> 00:12.000\nThat is all for today.\n";
const BROKEN = "WEBVTT\n\n00:00.000 --> 00:01.000\nOne\n\n00:02.500 -> 00:04.000\nTwo\n";
const file = (name: string, text: string) => ({ name, mimeType: "text/vtt", buffer: Buffer.from(text) });

test("an admin adds English captions to a lesson; the player shows them, and a broken file is refused by its line", async ({
  adminPage: page,
  browser,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 400 \(Bad Request\)/);
  const slug = `e2e-captions-${randomUUID().slice(0, 8)}`;
  const lessonId = await withE2eDatabase(async (db) => {
    const listId = await createVideoList(db, { slug, titleEn: "Captioned arrays", allFree: "on" });
    const id = await createLesson(db, listId, {
      slug: "arrays",
      titleEn: "Arrays",
      youtube: "e2eCaption1",
      duration: "0:12",
    });
    await setLessonVideo(db, slug, 0, { videoFile: "lesson-sample.mp4" });
    return id;
  });

  // In Hebrew, a file with a mistyped arrow on line 6: refused beside its form, nothing kept.
  await page.goto(`/admin/courses/lesson/${lessonId}?lng=he`);
  await waitForHydration(page);
  // What the lesson lacks is said before anything else on its page.
  await expect(page.getByTestId("lesson-readiness").getByRole("listitem")).toHaveText([
    "לסרטון שהועלה אין כתוביות באנגלית (ת״י 5568 מחייב אותן): העלו אותן למטה.",
    "לסרטון שהועלה אין כתוביות בעברית (ת״י 5568 מחייב אותן): העלו אותן למטה.",
  ]);
  const hebrew = page.getByTestId("captions-he-form");
  await hebrew.getByLabel("קובץ כתוביות בעברית").setInputFiles(file("arrays-he.vtt", BROKEN));
  await hebrew.getByRole("button", { name: "העלאת כתוביות" }).click();
  await expect(hebrew.getByRole("alert")).toHaveText(
    "שורה 6: אי אפשר לקרוא את הזמנים. כתבו אותם כך: \u206600:01:02.500 --> 00:01:04.000\u2069.",
  );
  await expect(page.getByTestId("captions-he-current")).toHaveText("עדיין אין כתוביות בשפה הזאת.");
  await expectAccessible(page);

  // In English, a good file: kept, counted, named.
  await page.goto(`/admin/courses/lesson/${lessonId}?lng=en`);
  await waitForHydration(page);
  const english = page.getByTestId("captions-en-form");
  await english.getByLabel("Captions file in English").setInputFiles(file("arrays.vtt", CAPTIONS));
  await english.getByRole("button", { name: "Upload captions" }).click();
  await expect(page.getByTestId("builder-status")).toHaveText("Captions saved.");
  await expect(page.getByTestId("captions-en-current")).toHaveText("3 captions · arrays.vtt");
  await expect(page.getByTestId("lesson-readiness").getByRole("listitem")).toHaveText([
    "Its uploaded video has no Hebrew captions (IS 5568 asks for them): upload them below.",
  ]);
  expect(
    await withE2eDatabase((db) =>
      db.selectFrom("lesson_captions").select("language").where("lesson_id", "=", lessonId).execute(),
    ),
  ).toEqual([{ language: "en" }]);

  // A learner of this free list, on the lesson's page: the player has the English captions, on in
  // English, offered in Hebrew.
  const learner = await browser.newPage();
  await startSession(learner, DEMO_EMAILS.learner);
  const track = learner.locator('[data-testid="video-mp4"] track');
  await expect(async () => {
    await learner.goto(`/lesson/${slug}/arrays?lng=en`);
    await expect(track).toHaveCount(1, { timeout: 500 });
  }).toPass();
  await expect(track).toHaveAttribute("kind", "captions");
  await expect(track).toHaveAttribute("srclang", "en");
  await expect(track).toHaveAttribute("label", "English");
  await expect(track).toHaveAttribute("default", "");
  const src = (await track.getAttribute("src"))!;
  const served = await learner.request.get(src);
  expect(served.status()).toBe(200);
  expect(await served.text()).toMatch(
    /^WEBVTT\n\n00:00:00\.000 --> 00:00:03\.000\nArrays keep their values in order\.\n\n/,
  );

  // The transcript under the player: the lines as text; a line takes the video there and is marked;
  // a search narrows them.
  await waitForHydration(learner);
  await learner.getByRole("button", { name: "Show transcript" }).click();
  const lines = learner.getByTestId("transcript").getByRole("button");
  await expect(lines).toHaveText([
    "0:00Arrays keep their values in order.",
    "0:03A for loop visits each one.",
    "0:06That is all for today.",
  ]);
  await expect(lines.nth(1).locator("code")).toHaveText("for");
  await lines.nth(1).click();
  await expect(lines.nth(1)).toHaveAttribute("aria-current", "true");
  expect(await learner.getByTestId("video-mp4").evaluate((video) => (video as HTMLVideoElement).currentTime)).toBe(3);
  await learner.getByLabel("Search the transcript").fill("TODAY");
  await expect(lines).toHaveText(["0:06That is all for today."]);
  await expect(learner.getByTestId("transcript-count")).toHaveText("1 line found");
  await expectAccessible(learner);

  // The player's own controls: its speed, captions on and off, and keys on the focused video.
  const video = learner.getByTestId("video-mp4");
  const state = () =>
    video.evaluate((element) => {
      const media = element as HTMLVideoElement;
      return {
        rate: media.playbackRate,
        time: media.currentTime,
        paused: media.paused,
        captions: [...media.textTracks].map((track) => `${track.language}:${track.mode}`),
      };
    });
  const controls = learner.getByTestId("player-controls");
  await controls.getByLabel("Speed").selectOption("1.5");
  expect((await state()).rate).toBe(1.5);
  const toggle = controls.getByRole("button", { name: "Captions" });
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  expect((await state()).captions).toEqual(["en:showing"]);
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  expect((await state()).captions).toEqual(["en:hidden"]);
  await video.focus();
  await learner.keyboard.press("c");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  expect((await state()).captions).toEqual(["en:showing"]);
  const before = (await state()).time;
  await learner.keyboard.press("l");
  expect((await state()).time).toBe(before + 10);
  await learner.keyboard.press("j");
  expect((await state()).time).toBe(before);
  await video.evaluate((element) => ((element as HTMLVideoElement).muted = true));
  await learner.keyboard.press("k");
  await expect.poll(async () => (await state()).paused).toBe(false);
  await learner.keyboard.press("k");
  await expect.poll(async () => (await state()).paused).toBe(true);
  await learner.goto(`/lesson/${slug}/arrays?lng=he`);
  await expect(track).toHaveAttribute("label", "אנגלית");
  await expect(track).not.toHaveAttribute("default");

  // A visitor may not watch this list: no player, and the file's address answers as an unknown one.
  const visitor = await browser.newContext();
  expect((await visitor.request.get(src)).status()).toBe(404);
  await visitor.close();
  await learner.close();

  // Removed: gone from the editor and the player.
  await page.getByTestId("captions-en-remove").getByRole("button", { name: "Remove captions" }).click();
  await expect(page.getByTestId("builder-status")).toHaveText("Captions removed.");
  await expect(page.getByTestId("captions-en-current")).toHaveText("No captions in this language yet.");
});
