import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { openDatabase, type DatabaseHandle } from "../../app/lib/db.server.ts";
import { createCourse, createLesson, createQuestion, createQuiz, createVideoList } from "../support/factories.ts";
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
  // The file is stored under a name of the store's making, and shown by its own; the length comes from the file (12 s).
  await expect(page.getByTestId("video-file-name")).toHaveText("lesson-sample.mp4");
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

test("a new catalogue is a draft: only the admin's preview shows it; an emptied catalogue says so (English, Hebrew)", async ({
  adminPage: page,
  browser,
  baseURL,
}, testInfo) => {
  // Three people, two languages, two widths and four accessibility checks.
  test.setTimeout(120_000);
  const slug = `e2e-draft-${suffix()}`;
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/admin/courses/new-catalogue?lng=he");
  await expect(page.getByLabel("מפורסם", { exact: true })).not.toBeChecked();
  await page.screenshot({ path: testInfo.outputPath("catalogue-new-he-1366.png"), fullPage: true });
  await page.goto("/admin/courses/new-catalogue?lng=en");
  await waitForHydration(page);
  // Drafts by default (issue 31, D-M8): the box is not ticked, and the form says why.
  await expect(page.getByLabel("Published", { exact: true })).not.toBeChecked();
  await expect(page.getByText("New items start unpublished")).toBeVisible();
  await page.getByLabel("Short name (in the address)").fill(slug);
  await page.getByLabel("Title (English)").fill("Testing");
  await page.getByLabel("Title (Hebrew)").fill("בדיקות");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByTestId("builder-status")).toHaveText("Created.");
  await page.screenshot({ path: testInfo.outputPath("catalogue-editor-en-1366.png"), fullPage: true });

  const visitor = await personPage(browser, baseURL);
  const learner = await personPage(browser, baseURL, "learner");
  for (const other of [visitor, learner]) {
    for (const path of [`/courses/${slug}`, `/courses/${slug}?preview=1`]) {
      const response = await other.goto(`${path}${path.includes("?") ? "&" : "?"}lng=en`);
      expect(response?.status(), path).toBe(404);
      await expect(other.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    }
  }

  // The admin previews it as a student: the page, marked as a preview, with its empty state.
  await page.getByTestId("preview-link").click();
  await expect(page).toHaveURL(new RegExp(`/courses/${slug}\\?preview=1$`));
  await expect(page.getByTestId("draft-preview")).toHaveText(
    "Preview as a student sees it. Only admins can open this page until it is published.",
  );
  await expect(page.getByTestId("catalogue-empty")).toContainText("No courses here yet");
  await expectAccessible(page);

  // Published with one card, then that card unpublished in the builder: the public page says it is empty.
  const catalogueId = (
    await database.db.selectFrom("catalogues").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()
  ).id;
  await database.db.updateTable("catalogues").set({ published: 1 }).where("id", "=", catalogueId).execute();
  const courseId = await createCourse(database.db, { catalogueId, titleEn: "Only card", titleHe: "הכרטיס היחיד" });
  // Each process looks for a new catalogue at most once a second (another test's page may just have).
  await expect
    .poll(async () => (await visitor.request.get(`/courses/${slug}?lng=he`)).text(), { timeout: 10_000 })
    .toContain("הכרטיס היחיד");
  await visitor.goto(`/courses/${slug}?lng=he`);
  await expect(visitor.getByTestId("course-grid")).toContainText("הכרטיס היחיד");
  await page.goto(`/admin/courses/course/${courseId}?lng=he`);
  await waitForHydration(page);
  await page.getByLabel("מפורסם", { exact: true }).uncheck();
  await page.getByRole("button", { name: "שמירה" }).click();
  await expect(page.getByTestId("builder-status")).toHaveText("נשמר.");
  await visitor.goto(`/courses/${slug}?lng=he`);
  await expect(visitor.getByTestId("course-grid")).toHaveCount(0);
  await expect(visitor.getByTestId("catalogue-empty")).toContainText("עדיין אין כאן קורסים");
  await expectAccessible(visitor);

  // The card's own preview, on a phone, in Hebrew.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(
    `/course/${
      (await database.db.selectFrom("courses").select("slug").where("id", "=", courseId).executeTakeFirstOrThrow()).slug
    }?preview=1&lng=he`,
  );
  await expect(page.getByTestId("draft-preview")).toHaveText(
    "תצוגה מקדימה כפי שתלמיד רואה. עד שהדף יפורסם, רק מנהלים יכולים לפתוח אותו.",
  );
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("course-preview-he-360.png"), fullPage: true });
  await page.goto(`/courses/${slug}?preview=1&lng=en`);
  await page.screenshot({ path: testInfo.outputPath("catalogue-preview-en-360.png"), fullPage: true });
  await visitor.context().close();
  await learner.context().close();
});

test("a quiz attached to a list in the editor asks for its own pass mark (Hebrew editor, English quiz)", async ({
  adminPage: page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const listSlug = `e2e-quizlist-${suffix()}`;
  const listId = await createVideoList(database.db, { slug: listSlug, titleEn: "Quiz list", titleHe: "רשימת מבחן" });
  const slug = `e2e-mark-${suffix()}`;
  await page.goto("/admin/courses/new-quiz?lng=he");
  await waitForHydration(page);
  await expect(page.getByLabel("ציון עובר (%)")).toHaveValue("70");
  await page.getByLabel("שם קצר (בכתובת)").fill(slug);
  await page.getByLabel("כותרת (אנגלית)").fill("Strict quiz");
  await page.getByLabel("שיוך לרשימה").selectOption({ label: "רשימת מבחן" });
  await page.getByLabel("ציון עובר (%)").fill("101");
  await page.getByRole("button", { name: "יצירה" }).click();
  // Refused in the browser or by the server, with the reason at the field; nothing stored.
  await expect(page.getByText("כתבו מספר שלם מ-50 עד 100.").first()).toBeVisible();
  expect(await database.db.selectFrom("quizzes").select("id").where("slug", "=", slug).execute()).toEqual([]);
  await page.getByLabel("ציון עובר (%)").fill("100");
  await page.getByRole("button", { name: "יצירה" }).click();
  await expect(page.getByTestId("builder-status")).toHaveText("נוצר.");
  await expect(page.getByTestId("quiz-certificate-note")).toHaveText(
    "התעודה של „רשימת מבחן” דורשת לעבור את המבחן הזה בציון 100% לפחות.",
  );
  await expect(page.getByLabel("שיוך לרשימה")).toHaveValue(listId);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: testInfo.outputPath("quiz-editor-he-1366.png"), fullPage: true });
  await page.goto(`${new URL(page.url()).pathname}?lng=en`);
  await expect(page.getByTestId("quiz-certificate-note")).toHaveText(
    "The certificate of “Quiz list” requires passing this quiz with at least 100 %.",
  );
  await page.screenshot({ path: testInfo.outputPath("quiz-editor-en-1366.png"), fullPage: true });
  const quiz = await database.db
    .selectFrom("quizzes")
    .select(["id", "list_id", "pass_percent", "follow_up"])
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();
  expect(quiz).toMatchObject({ list_id: listId, pass_percent: 100, follow_up: `/courses/${listSlug}` });

  // Two questions: one right of two is 50 %, below this quiz's mark of 100 %.
  await createQuestion(database.db, quiz.id, { question: "Which is two?", answer: "2" });
  await createQuestion(database.db, quiz.id, { question: "Which is three?", answer: "3" });
  const learner = await personPage(browser, baseURL);
  // The questions just stored reach the page once the process has looked for a new catalogue.
  await expect
    .poll(async () => (await learner.request.get(`/test/${slug}?lng=en`)).text(), { timeout: 10_000 })
    .toContain("Question 1 of 2");
  await learner.goto(`/test/${slug}?lng=en`);
  await waitForHydration(learner);
  for (let i = 0; i < 2; i++) {
    await expect(learner.getByTestId("question-progress")).toHaveText(`Question ${i + 1} of 2`);
    await learner.getByRole("radio", { name: "Two", exact: true }).check();
    await learner.getByRole("button", { name: "Next" }).click();
  }
  await expect(learner.getByTestId("result-percentage")).toHaveText("50%");
  await expect(learner.getByTestId("result-verdict")).toHaveText("Not passed yet: the pass mark is 100 %.");
  await learner.context().close();
});
