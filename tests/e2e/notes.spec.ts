import { readFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { createLesson, createVideoList, setLessonVideo } from "../support/factories.ts";
import { withE2eDatabase } from "./catalogue-db.ts";
import { DEMO_EMAILS, expect, expectAccessible, startSession, test, waitForHydration } from "./fixtures.ts";

/**
 * Issue 32, point 4: a learner keeps a private note on a self-hosted lesson at the video's position,
 * plays from it, edits it, finds it on the profile, exports it as Markdown and deletes it; another
 * learner is refused it.
 */
test("a learner keeps a note at the video's position, plays from it, edits, exports and deletes it", async ({
  learnerPage: page,
  browser,
  allowConsoleErrors,
}) => {
  // The new list answers 404 until the server's catalogue has caught up (a moment).
  allowConsoleErrors(/status of 404 \(Not Found\) .*\/lesson\/e2e-notes-/);
  const slug = `e2e-notes-${randomUUID().slice(0, 8)}`;
  const body = `Arrays start at zero ${slug}`;
  await withE2eDatabase(async (db) => {
    const listId = await createVideoList(db, { slug, titleEn: "Noted arrays", allFree: "on" });
    await createLesson(db, listId, {
      slug: "arrays",
      titleEn: "Arrays with notes",
      youtube: "e2eNotes001",
      duration: "0:12",
    });
    await setLessonVideo(db, slug, 0, { videoFile: "lesson-sample.mp4" });
  });
  const video = page.getByTestId("video-mp4");
  await expect(async () => {
    await page.goto(`/lesson/${slug}/arrays?lng=en`);
    await expect(video).toHaveCount(1, { timeout: 500 });
  }).toPass();
  await waitForHydration(page);
  const time = () => video.evaluate((element) => (element as HTMLVideoElement).currentTime);

  // Played, then paused at 0:05.
  await video.evaluate(async (element) => {
    const media = element as HTMLVideoElement;
    media.muted = true;
    await media.play();
    media.pause();
    media.currentTime = 5;
    await new Promise((resolve) => media.addEventListener("seeked", resolve, { once: true }));
  });
  const notes = page.getByTestId("lesson-notes");
  await notes.getByText("Your notes (0 notes)").click();
  await expect(notes.getByText("Only you can see your notes.")).toBeVisible();
  await notes.getByLabel("New note").fill(body);
  await notes.getByRole("button", { name: "Save note" }).click();
  const note = notes.getByTestId("note");
  await expect(note.getByTestId("note-text")).toHaveText(body);
  await expect(notes.getByTestId("notes-toggle")).toHaveText("Your notes (1 note)");
  // The form is empty again, for the next note.
  await expect(notes.getByLabel("New note")).toHaveValue("");

  // Back at the start, the note's stamp plays from 0:05.
  await video.evaluate((element) => ((element as HTMLVideoElement).currentTime = 0));
  await note.getByRole("button", { name: "Play from 0:05" }).click();
  await expect.poll(time).toBeGreaterThanOrEqual(5);
  expect(await time()).toBeLessThan(8);
  await video.evaluate((element) => (element as HTMLVideoElement).pause());

  // Edited in place.
  await note.getByTestId("note-edit").click();
  await note.getByLabel("Edit the note").fill(`${body}, edited`);
  await note.getByRole("button", { name: "Save" }).click();
  await expect(note.getByTestId("note-text")).toHaveText(`${body}, edited`);
  await expect(note.getByTestId("note-stamp")).toHaveText("0:05");
  await expectAccessible(page);

  // Nobody else reads or changes it.
  const noteId = await withE2eDatabase(
    async (db) =>
      (await db.selectFrom("lesson_notes").select("id").where("body", "=", `${body}, edited`).executeTakeFirstOrThrow())
        .id,
  );
  const other = await browser.newPage();
  await startSession(other, DEMO_EMAILS.subscriber);
  const refused = await other.request.post("/notes", {
    form: { intent: "update", note: noteId, body: "taken over" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(404);
  await other.goto(`/lesson/${slug}/arrays?lng=en`);
  await expect(other.getByTestId("lesson-notes")).toHaveCount(1);
  await expect(other.getByText(body)).toHaveCount(0);
  await other.goto("/profile?lng=en");
  await expect(other.getByText(body)).toHaveCount(0);
  await other.close();

  // On the profile: by list and lesson, with a link back to the lesson.
  await page.goto("/profile?lng=en");
  await waitForHydration(page);
  const mine = page.getByTestId("profile-notes").locator("li", { hasText: "Arrays with notes" }).first();
  await expect(mine.getByRole("link", { name: "Arrays with notes" })).toHaveAttribute("href", `/lesson/${slug}/arrays`);
  await expect(mine.getByTestId("note-stamp")).toHaveText("0:05");
  await expect(mine.getByTestId("note-text")).toHaveText(`${body}, edited`);
  await expectAccessible(page);

  // Exported as Markdown.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("notes-export").click()]);
  expect(download.suggestedFilename()).toBe("lomda-notes.md");
  const markdown = await readFile((await download.path())!, "utf8");
  expect(markdown).toContain(`## Noted arrays\n\n### Arrays with notes\n\n- [0:05] ${body}, edited\n`);

  // In Hebrew, the same section.
  await page.goto("/profile?lng=he");
  await expect(page.getByRole("heading", { name: "ההערות שלי" })).toBeVisible();
  await page.goto("/profile?lng=en");
  await waitForHydration(page);

  // Deleted.
  await page
    .getByTestId("profile-notes")
    .getByRole("button", { name: `Delete the note: ${body}, edited`.slice(0, 40) })
    .click();
  await expect(page.getByText(`${body}, edited`)).toHaveCount(0);
  expect(
    await withE2eDatabase((db) => db.selectFrom("lesson_notes").select("id").where("id", "=", noteId).execute()),
  ).toEqual([]);
});

test("a note on a YouTube lesson is stamped with the player's position, and its stamp plays from there", async ({
  learnerPage: page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 404 \(Not Found\) .*\/lesson\/e2e-yt-notes-/);
  const slug = `e2e-yt-notes-${randomUUID().slice(0, 8)}`;
  await withE2eDatabase(async (db) =>
    createLesson(db, await createVideoList(db, { slug, titleEn: "Noted on YouTube", allFree: "on" }), {
      slug: "on-youtube",
      titleEn: "A YouTube lesson",
      youtube: "e2eYtNote01",
      duration: "5:00",
    }),
  );
  await expect.poll(async () => (await page.request.get(`/lesson/${slug}/on-youtube`)).status()).toBe(200);
  await page.goto(`/lesson/${slug}/on-youtube?lng=en`);
  await waitForHydration(page);
  await page.getByTestId("video-facade").click();
  const frame = page.locator('iframe[data-stand-in="youtube"]');
  await expect(frame).toHaveAttribute("title", /^A YouTube lesson/);
  // The stand-in player (tests/support/youtube-iframe-api.js), paused at 1:05.
  const standIn = (what: "pauseAt" | "seekTo" | "position", at = 0) =>
    page.evaluate(
      ([action, seconds]) => {
        type StandIn = { seekTo(s: number): void; pauseVideo(): void; getCurrentTime(): number };
        const player = (window as unknown as { __youtubeStandIn: { players: StandIn[] } }).__youtubeStandIn.players[0]!;
        if (action === "position") return player.getCurrentTime();
        player.seekTo(seconds);
        if (action === "pauseAt") player.pauseVideo();
        return player.getCurrentTime();
      },
      [what, at] as const,
    );
  await standIn("pauseAt", 65);
  const notes = page.getByTestId("lesson-notes");
  await notes.getByTestId("notes-toggle").click();
  await notes.getByLabel("New note").fill("Said at a minute in");
  await notes.getByRole("button", { name: "Save note" }).click();
  const note = notes.getByTestId("note");
  await expect(note.getByTestId("note-stamp")).toHaveText("1:05");
  // The player kept playing its lesson meanwhile: moved elsewhere, the stamp takes it back.
  await standIn("seekTo", 10);
  await note.getByRole("button", { name: "Play from 1:05" }).click();
  expect(await standIn("position")).toBe(65);

  // Before the player has started, the stamp starts it there.
  await page.reload();
  await waitForHydration(page);
  await page.getByTestId("lesson-notes").getByRole("button", { name: "Play from 1:05" }).click();
  await expect(frame).toHaveAttribute("src", /[?&]start=65(&|$)/);
  await withE2eDatabase((db) => db.deleteFrom("lesson_notes").where("body", "=", "Said at a minute in").execute());
});
