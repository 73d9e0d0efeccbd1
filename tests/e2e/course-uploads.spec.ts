import { readFileSync } from "node:fs";
import { openDatabase, type DatabaseHandle } from "../../app/lib/db.server.ts";
import { createCatalogue, createCourse, createLesson, createVideoList } from "../support/factories.ts";
import { BUNDLED_MP4, tinyPng } from "../support/media-fixtures.ts";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures.ts";

/**
 * A lesson's video upload in the course builder (finding D-L9): how far it has got while it is sent,
 * and the file's own name kept and shown instead of the store's random one. With JavaScript the page
 * sends the file itself (XMLHttpRequest, for its progress events); without, the form is posted.
 * And a catalogue's own cover (finding D-L6), uploaded or chosen as a course's is, on its card at /courses.
 */

test.use({ reducedMotion: "reduce" });

let database: DatabaseHandle;
test.beforeAll(() => {
  database = openDatabase(process.env.E2E_DATABASE_URL ?? "file:./tests/.tmp/e2e/lomda.db");
});
test.afterAll(async () => {
  await database.close();
});

const videoRow = (id: string) =>
  database.db
    .selectFrom("lessons")
    .select(["video_file", "video_file_name", "duration"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

const lessonVideo = (name: string) => ({ name, mimeType: "video/mp4", buffer: readFileSync(BUNDLED_MP4.lesson.path) });

test("an upload shows its progress while it is sent and keeps the file's own name (English)", async ({
  adminPage: page,
}) => {
  const listId = await createVideoList(database.db, { titleEn: "Uploads", titleHe: "העלאות" });
  const lessonId = await createLesson(database.db, listId, { titleEn: "Recorded", titleHe: "הוקלט", youtube: "" });
  // The upload is held at the network until the test lets it go, so what the page shows meanwhile can be read.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/admin/courses/lesson/${lessonId}/video`, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto(`/admin/courses/lesson/${lessonId}?lng=en`);
  await waitForHydration(page);
  await page.getByLabel("Choose a file").setInputFiles(lessonVideo("Week 1 — intro.mp4"));
  await page.getByRole("button", { name: "Upload video" }).click();
  const progress = page.getByTestId("video-file-progress");
  await expect(progress).toBeVisible();
  const bar = page.getByRole("progressbar", { name: "Uploading Week 1 — intro.mp4" });
  await expect(bar).toHaveAttribute("max", "100");
  await expect(page.getByTestId("video-file-progress-text")).toHaveText(/^\d{1,3}%$/);
  await expect(page.getByRole("status").filter({ hasText: /Week 1 — intro\.mp4|% uploaded/ })).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Uploading…" })).toBeDisabled();
  await expectAccessible(page);

  release();
  await expect(page.getByTestId("builder-status")).toHaveText("The video file was uploaded.");
  await expect(progress).toBeHidden();
  await expect(page.getByTestId("video-file-name")).toHaveText("Week 1 — intro.mp4");
  const row = await videoRow(lessonId);
  expect(row).toMatchObject({ video_file_name: "Week 1 — intro.mp4", duration: "0:12" });
  expect(row.video_file).toMatch(/^[0-9a-f]{32}\.mp4$/);
});

test("a cancelled upload keeps nothing, and a refused one says why in Hebrew", async ({
  adminPage: page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 400 \(Bad Request\)/);
  const listId = await createVideoList(database.db, { titleEn: "Uploads", titleHe: "העלאות" });
  const lessonId = await createLesson(database.db, listId, { titleEn: "Recorded", titleHe: "הוקלט", youtube: "" });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const isHeld = new Promise<void>((resolve) => (reached = resolve));
  let cutOff!: () => void;
  const isCutOff = new Promise<void>((resolve) => (cutOff = resolve));
  // Held until the page has cancelled, then cut off, as a cancelled upload's body is. (Continuing it
  // instead let Playwright send the whole body on when it had not yet seen the page's abort, and the
  // server rightly kept a complete file: a flake in CI. So did taking the route away before the cut
  // had reached the browser: with no route left Chromium lets a held request go on. A body cut short
  // keeps nothing on the server: app/lib/uploads.server.test.ts, "cut off in the file".)
  await page.route(`**/admin/courses/lesson/${lessonId}/video`, async (route) => {
    reached();
    await held;
    await route.abort("aborted").catch(() => {}); // already gone with the page's cancel
    cutOff();
  });
  await page.goto(`/admin/courses/lesson/${lessonId}?lng=he`);
  await waitForHydration(page);
  await page.getByLabel("בחירת קובץ").setInputFiles(lessonVideo("שיעור ראשון.mp4"));
  await page.getByRole("button", { name: "העלאת וידאו" }).click();
  await expect(page.getByRole("progressbar", { name: "מעלה את שיעור ראשון.mp4" })).toBeVisible();
  await isHeld; // cancelled while it is on its way, not before it left
  await page.getByRole("button", { name: "ביטול ההעלאה" }).click();
  await expect(page.getByTestId("video-file-form").getByRole("alert")).toHaveText("ההעלאה בוטלה, ושום דבר לא נשמר.");
  await expect(page.getByTestId("video-file-progress")).toBeHidden();
  release();
  await isCutOff;
  await page.unroute(`**/admin/courses/lesson/${lessonId}/video`);

  // Not a video: the server reads the bytes and refuses it, and the page says so in its language.
  await page
    .getByLabel("בחירת קובץ")
    .setInputFiles({ name: "notes.mp4", mimeType: "video/mp4", buffer: Buffer.from("plain text") });
  await page.getByRole("button", { name: "העלאת וידאו" }).click();
  await expect(page.getByTestId("video-file-form").getByRole("alert")).toHaveText(/^הקובץ אינו סרטון/);
  await expect(page.getByLabel("בחירת קובץ")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
  expect(await videoRow(lessonId)).toEqual({ video_file: null, video_file_name: null, duration: null });
});

test("an admin uploads a catalogue's own cover and its card on /courses wears it; a file that is no picture is refused", async ({
  adminPage: page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 400 \(Bad Request\)/);
  const title = `Covered ${Date.now()}`;
  const catalogueId = await createCatalogue(database.db, { titleEn: title, titleHe: "קטלוג עם כריכה" });
  await createCourse(database.db, { catalogueId, cover: "/images/courses/react.svg" });
  const cover = () =>
    database.db.selectFrom("catalogues").select("cover").where("id", "=", catalogueId).executeTakeFirstOrThrow();
  const card = (name: string) =>
    page.getByTestId("catalogue-list").getByRole("listitem").filter({ hasText: name }).locator("img");

  // Not a picture, in Hebrew: the same message as a course's cover gets, and nothing kept.
  await page.goto(`/admin/courses/catalogue/${catalogueId}?lng=he`);
  await waitForHydration(page);
  await page
    .getByTestId("cover-file-form")
    .getByLabel("בחירת קובץ")
    .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: Buffer.from("plain text") });
  await page.getByRole("button", { name: "העלאת תמונת שער" }).click();
  await expect(page.getByTestId("cover-file-form").getByRole("alert")).toHaveText(/^הקובץ אינו תמונה/);
  expect(await cover()).toEqual({ cover: "/images/courses/plain.svg" });

  await page.goto(`/admin/courses/catalogue/${catalogueId}?lng=en`);
  await waitForHydration(page);
  await page
    .getByTestId("cover-file-form")
    .getByLabel("Choose a file")
    .setInputFiles({ name: "catalogue.png", mimeType: "image/png", buffer: tinyPng(64, 40) });
  await page.getByRole("button", { name: "Upload cover" }).click();
  await expect(page.getByTestId("builder-status")).toHaveText("The cover was uploaded.");
  const uploaded = (await cover()).cover;
  expect(uploaded).toMatch(/^\/media\/covers\/[0-9a-f]{32}\.png$/);
  await expect(page.getByTestId("cover-file-current").locator("img")).toHaveAttribute("src", uploaded);
  await expectAccessible(page);

  await page.goto("/courses?lng=en");
  await expect(card(title)).toHaveAttribute("src", uploaded);
  expect((await page.request.get(uploaded)).headers()["content-type"]).toBe("image/png");

  // A bundled picture chosen instead, and saved: the card wears that.
  await page.goto(`/admin/courses/catalogue/${catalogueId}?lng=en`);
  await page.getByRole("combobox", { name: "Cover image" }).selectOption("/images/catalogues/fullstack.svg");
  await page.getByTestId("catalogue-form").getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("builder-status")).toHaveText(/saved/i);
  await page.goto("/courses?lng=he");
  await expect(card("קטלוג עם כריכה")).toHaveAttribute("src", "/images/catalogues/fullstack.svg");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the upload form is posted as it is and the file's own name is shown (Hebrew)", async ({ adminPage: page }) => {
    const listId = await createVideoList(database.db, { titleEn: "Uploads", titleHe: "העלאות" });
    const lessonId = await createLesson(database.db, listId, { titleEn: "Recorded", titleHe: "הוקלט", youtube: "" });
    await page.goto(`/admin/courses/lesson/${lessonId}?lng=he`);
    await page.getByLabel("בחירת קובץ").setInputFiles(lessonVideo("שיעור ראשון.mp4"));
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "העלאת וידאו" }).click();
    expect(new URL((await answer).url()).pathname).toBe(`/admin/courses/lesson/${lessonId}`);
    await expect(page.getByTestId("builder-status")).toHaveText("קובץ הווידאו הועלה.");
    await expect(page.getByTestId("video-file-name")).toHaveText("שיעור ראשון.mp4");
    expect(await videoRow(lessonId)).toMatchObject({ video_file_name: "שיעור ראשון.mp4" });
  });
});
