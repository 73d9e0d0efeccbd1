import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { openDatabase, type DatabaseHandle } from "../../app/lib/db.server.ts";
import { createLesson, createQuiz, createVideoList } from "../support/factories.ts";
import { BUNDLED_MP4 } from "../support/media-fixtures.ts";
import { DEMO_EMAILS, expect, expectAccessible, startSession, test, waitForHydration } from "./fixtures.ts";

/**
 * Issue 14's "done when", end to end: what the admin does in the course builder reaches the public
 * pages — a YouTube link replacing a placeholder, an uploaded video played in ranges by a
 * subscriber and locked for a visitor, a new quiz question, a reordered list. The admin works in
 * this test's page; the subscriber and the visitor are other browser contexts.
 */

test.use({ reducedMotion: "reduce" });

let database: DatabaseHandle;
test.beforeAll(() => {
  database = openDatabase(process.env.E2E_DATABASE_URL ?? "file:./tests/.tmp/e2e/lomda.db");
});
test.afterAll(async () => {
  await database.close();
});

const suffix = () => randomBytes(3).toString("hex");

/** Another person in another browser context: a visitor, or signed in as a demo account. */
async function personPage(browser: Browser, baseURL: string | undefined, who?: keyof typeof DEMO_EMAILS) {
  const context = await browser.newContext({ baseURL, reducedMotion: "reduce" });
  const page = await context.newPage();
  if (who) await startSession(page, DEMO_EMAILS[who]);
  return page;
}

/** The lesson rows of a public list page, by title. */
const titles = (page: Page) => page.getByTestId("video-list").getByRole("heading", { level: 3 }).allTextContents();

test("the admin replaces a placeholder with a YouTube link; the subscriber's lesson then plays that video (English)", async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  // The CSS list's first lesson: the seed keeps no id for it (a placeholder), so it is "coming soon"
  // (the seed shows its lists' lessons without a video so, issue 31).
  const lesson = await database.db
    .selectFrom("lessons")
    .innerJoin("video_lists", "video_lists.id", "lessons.list_id")
    .select(["lessons.id", "lessons.title_en", "lessons.youtube_id"])
    .where("video_lists.slug", "=", "css")
    .where("lessons.position", "=", 0)
    .executeTakeFirstOrThrow();
  expect(lesson.youtube_id).toBeNull();
  const subscriber = await personPage(browser, baseURL, "subscriber");
  await subscriber.goto("/courses/fullstack/css?lng=en");
  const first = subscriber.getByTestId("video-list").getByRole("listitem").first();
  await expect(first).toHaveAttribute("data-state", "soon");
  await expect(first).toContainText("Coming soon");

  const id = `e2eCss${suffix()}`.slice(0, 11).padEnd(11, "x");
  await page.goto(`/admin/courses/lesson/${lesson.id}?lng=en`);
  await waitForHydration(page);
  await page.getByLabel("YouTube link or id").fill(`https://youtu.be/${id}?t=30`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("builder-status")).toHaveText("Saved.");
  await expect(page.getByLabel("YouTube link or id")).toHaveValue(id);

  await subscriber.route("https://www.youtube-nocookie.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<p>player</p>" }),
  );
  await subscriber.goto("/courses/fullstack/css?lng=en");
  await waitForHydration(subscriber);
  await expect(first).toHaveAttribute("data-state", "playable");
  await first.getByTestId("video-facade").click();
  await expect(subscriber.locator(`iframe[src^="https://www.youtube-nocookie.com/embed/${id}"]`)).toHaveCount(1);
  await subscriber.context().close();
});

test("the admin uploads a video to a new list; a subscriber plays it in ranges, a visitor finds it locked (Hebrew)", async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const slug = `e2e-upload-${suffix()}`;
  const listId = await createVideoList(database.db, { slug, titleEn: "Uploads", titleHe: "העלאות", freeSamples: "0" });
  const lessonId = await createLesson(database.db, listId, { titleEn: "Recorded", titleHe: "הוקלט", youtube: "" });

  await page.goto(`/admin/courses/lesson/${lessonId}?lng=he`);
  await waitForHydration(page);
  await expect(page.getByTestId("video-file-current")).toHaveText("לא הועלה קובץ וידאו.");
  await expectAccessible(page);
  await page.getByLabel("בחירת קובץ").setInputFiles(BUNDLED_MP4.lesson.path);
  await page.getByRole("button", { name: "העלאת וידאו" }).click();
  await expect(page.getByTestId("builder-status")).toHaveText("קובץ הווידאו הועלה.");
  // The file gets a name of the store's making; the length comes from the file (12 s).
  await expect(page.getByTestId("video-file-current")).toContainText(/[0-9a-f]{32}\.mp4/);
  await expect(page.getByTestId("video-file-current")).toContainText(
    `0:${String(BUNDLED_MP4.lesson.seconds).padStart(2, "0")}`,
  );
  const row = await database.db
    .selectFrom("lessons")
    .select(["video_file", "duration"])
    .where("id", "=", lessonId)
    .executeTakeFirstOrThrow();
  expect(row.duration).toBe(`0:${String(BUNDLED_MP4.lesson.seconds).padStart(2, "0")}`);
  const file = row.video_file!;

  const subscriber = await personPage(browser, baseURL, "subscriber");
  const ranges: { status: number; range: string | null }[] = [];
  subscriber.on("response", (response) => {
    if (response.url().includes(`/video/${file}`))
      ranges.push({ status: response.status(), range: response.request().headers()["range"] ?? null });
  });
  await subscriber.goto(`/courses/${slug}?lng=he`);
  await expect(subscriber.locator("html")).toHaveAttribute("dir", "rtl");
  const video = subscriber.getByTestId("video-mp4");
  await expect(video).toHaveCount(1);
  await video.evaluate(async (element) => {
    const el = element as HTMLVideoElement;
    el.muted = true;
    await el.play();
  });
  await expect.poll(() => video.evaluate((element) => (element as HTMLVideoElement).currentTime)).toBeGreaterThan(0);
  expect(ranges.some((r) => r.status === 206 && r.range?.startsWith("bytes="))).toBe(true);
  await subscriber.context().close();

  const visitor = await personPage(browser, baseURL);
  await visitor.goto(`/courses/${slug}?lng=he`);
  await expect(visitor.getByTestId("video-locked")).toHaveCount(1);
  await expect(visitor.getByTestId("video-mp4")).toHaveCount(0);
  expect((await visitor.request.get(`/video/${file}`, { headers: { range: "bytes=0-99" } })).status()).toBe(401);
  await visitor.context().close();
});

test("a question the admin adds appears in the quiz (English)", async ({ adminPage: page, browser, baseURL }) => {
  const slug = `e2e-quiz-${suffix()}`;
  const quizId = await createQuiz(database.db, { slug, titleEn: "Fresh quiz" });
  await page.goto(`/admin/courses/quiz/${quizId}?lng=en`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Add question" }).click();
  await page.getByLabel("Question", { exact: true }).fill("Which keyword declares a constant?");
  await page.getByRole("textbox", { name: "Option 1", exact: true }).fill("var");
  await page.getByRole("textbox", { name: "Option 2", exact: true }).fill("let");
  await page.getByRole("textbox", { name: "Option 3", exact: true }).fill("const");
  await page.getByRole("textbox", { name: "Option 4", exact: true }).fill("static");
  await page.getByRole("group", { name: "The right answer" }).getByLabel("Option 3").check();
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByTestId("builder-status")).toHaveText("Created.");

  const learner = await personPage(browser, baseURL);
  await learner.goto("/test?lng=en");
  await expect(learner.getByRole("heading", { name: "Fresh quiz" })).toBeVisible();
  await learner.goto(`/test/${slug}?lng=en`);
  await expect(learner.getByTestId("question-text")).toHaveText("Which keyword declares a constant?");
  await expect(learner.getByRole("radio")).toHaveCount(4);
  await expect(learner.getByTestId("question-progress")).toHaveText("Question 1 of 1");
  await learner.context().close();
});

test("a lesson the admin moves up shows in its new place on the public list (Hebrew admin, English list)", async ({
  adminPage: page,
}) => {
  const slug = `e2e-order-${suffix()}`;
  const listId = await createVideoList(database.db, { slug, titleEn: "Order" });
  for (const title of ["Alpha", "Beta", "Gamma"]) await createLesson(database.db, listId, { titleEn: title });
  await expect.poll(async () => (await page.request.get(`/courses/${slug}?lng=en`)).status()).toBe(200);
  await page.goto(`/courses/${slug}?lng=en`);
  expect(await titles(page)).toEqual(["Alpha", "Beta", "Gamma"]);

  await page.goto(`/admin/courses/list/${listId}?lng=he`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "העברה למעלה: „Gamma”" }).click();
  await expect(page.getByTestId("builder-status")).toContainText("Gamma");

  await page.goto(`/courses/${slug}?lng=en`);
  expect(await titles(page)).toEqual(["Alpha", "Gamma", "Beta"]);
});
