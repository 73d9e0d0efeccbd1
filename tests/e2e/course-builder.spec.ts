import { randomBytes } from "node:crypto";
import { openDatabase, type DatabaseHandle } from "../../app/lib/db.server.ts";
import { createCourse, createLesson, createQuiz, createVideoList } from "../support/factories.ts";
import { DEMO_EMAILS, expect, expectAccessible, test, waitForHydration } from "./fixtures.ts";

/**
 * The course builder (/admin/courses) in the browser, in English and Hebrew: what the admin does
 * there and what it leaves in the database (the public pages' side is tested with the catalogue's
 * read path). The database is the one the test server uses; rows a test needs beforehand are made
 * with the builder's own model functions (tests/support/factories.ts).
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
const YOUTUBE_ID = "dQw4w9WgXcQ";

test("the admin makes a video list and a lesson from a YouTube watch link, stored as its id (English)", async ({
  adminPage: page,
}) => {
  const slug = `e2e-list-${suffix()}`;
  await page.goto("/admin?lng=en");
  await page.getByRole("link", { name: "Open the course builder" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Course builder" })).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page);

  await page.getByRole("link", { name: "New video list" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New video list" })).toBeVisible();
  await expect(page.getByLabel("Free sample lessons")).toHaveValue("3");
  // A new list is a draft until it is published (issue 31, D-M8).
  await expect(page.getByLabel("Published", { exact: true })).not.toBeChecked();
  await page.getByLabel("Short name (in the address)").fill(slug);
  await page.getByLabel("Title (English)").fill("Testing with Playwright");
  await page.getByLabel("Description (English)").fill("Browser tests, start to finish.");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByTestId("builder-status")).toHaveText("Created.");
  await expect(page.getByRole("heading", { level: 1, name: "Testing with Playwright" })).toBeVisible();
  await expect(page.getByTestId("public-urls")).toHaveText(`/courses/${slug}`);
  await expect(page.getByText("(falls back to English)").first()).toBeVisible();
  await expectAccessible(page);

  const list = await database.db
    .selectFrom("video_lists")
    .selectAll()
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();
  expect(list).toMatchObject({ title_en: "Testing with Playwright", title_he: null, free_samples: 3, published: 0 });
  expect(
    await database.db.selectFrom("catalogue_paths").selectAll().where("target_id", "=", list.id).execute(),
  ).toEqual([{ path: `/courses/${slug}`, kind: "list", target_id: list.id, in_sitemap: 1 }]);

  await page.getByRole("link", { name: "Add lesson" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New lesson" })).toBeVisible();
  await page.getByLabel("Short name (in the address)").fill("first-test");
  await page.getByLabel("Title (English)").fill("Your first test");
  await page.getByLabel("Length").fill("12:34");
  await page.getByLabel("YouTube link or id").fill(`https://www.youtube.com/watch?v=${YOUTUBE_ID}&t=42s`);
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByTestId("builder-status")).toHaveText("Created.");
  // What is kept is the id, and the form shows it.
  await expect(page.getByLabel("YouTube link or id")).toHaveValue(YOUTUBE_ID);
  await expectAccessible(page);
  expect(
    await database.db
      .selectFrom("lessons")
      .select(["slug", "title_en", "duration", "youtube_id", "video_file", "position", "published"])
      .where("list_id", "=", list.id)
      .execute(),
  ).toEqual([
    {
      slug: "first-test",
      title_en: "Your first test",
      duration: "12:34",
      youtube_id: YOUTUBE_ID,
      video_file: null,
      position: 0,
      published: 1,
    },
  ]);

  await page
    .getByRole("navigation", { name: "Where you are in the course builder" })
    .getByRole("link", { name: "Testing with Playwright" })
    .click();
  await expect(page.getByTestId("lesson-row")).toHaveCount(1);
  await expect(page.getByTestId("lesson-row")).toContainText(`YouTube ${YOUTUBE_ID}`);
  // One lesson and three free samples: the form says what learners will really get, as the admin types.
  const warning = page.getByTestId("free-samples-warning");
  await expect(warning).toHaveText(/^This list has a single published lesson, so learners get no free sample of it\./);
  await waitForHydration(page);
  const freeSamples = page.getByLabel("Free sample lessons");
  await freeSamples.fill("0");
  await expect(warning).toBeHidden();
  await freeSamples.fill("2");
  await expect(warning).toBeVisible();
  await page.getByLabel("Every lesson of this list is free for signed-in learners").check();
  await expect(warning).toBeHidden();
  await page.getByLabel("Published", { exact: true }).check();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("builder-status")).toHaveText("Saved.");
  expect(
    await database.db
      .selectFrom("video_lists")
      .select(["free_samples", "all_free", "published"])
      .where("id", "=", list.id)
      .execute(),
  ).toEqual([{ free_samples: 2, all_free: 1, published: 1 }]);
  await page.goto("/admin/courses");
  const row = page.getByTestId("list-row").filter({ hasText: "Testing with Playwright" });
  await expect(row.getByRole("cell")).toHaveText([
    "Testing with Playwright",
    `/courses/${slug}`,
    "1",
    "0",
    "0",
    "Published",
    "Add lesson",
  ]);
});

test("a bad field is refused in the browser and by the server (400, nothing stored), in Hebrew", async ({
  adminPage: page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 400 \(Bad Request\)/);
  const listId = await createVideoList(database.db, { titleEn: "Validation", titleHe: "בדיקות קלט" });
  await createLesson(database.db, listId, { slug: "taken", titleEn: "Taken" });
  await page.goto(`/admin/courses/list/${listId}/new-lesson?lng=he`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "שיעור חדש" })).toBeVisible();
  await waitForHydration(page);

  // The shared schema answers in the browser: nothing is sent.
  await page.getByLabel("שם קצר (בכתובת)").fill("Not A Slug");
  await page.getByLabel("קישור או מזהה ביוטיוב").fill("https://vimeo.com/1234");
  await page.getByRole("button", { name: "יצירה" }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("יש בעיות ב-3 שדות:");
  await expect(
    summary.getByRole("link", { name: "קישור או מזהה ביוטיוב: זה לא קישור ליוטיוב ולא מזהה של סרטון." }),
  ).toBeVisible();
  await expect(page.getByLabel("קישור או מזהה ביוטיוב")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
  await summary.getByRole("link", { name: /^כותרת \(אנגלית\)/ }).click();
  await expect(page.getByLabel("כותרת (אנגלית)")).toBeFocused();

  // A YouTube lesson needs its length (learners' watching is measured against it), said in the browser.
  await page.getByLabel("שם קצר (בכתובת)").fill("taken");
  await page.getByLabel("כותרת (אנגלית)").fill("Another lesson");
  await page.getByLabel("קישור או מזהה ביוטיוב").fill(`youtu.be/${YOUTUBE_ID}`);
  await page.getByRole("button", { name: "יצירה" }).click();
  await expect(summary).toContainText("לשיעור עם סרטון צריך משך, כמו 12:34: הצפייה בו נמדדת לפיו.");
  await expect(page.getByLabel("משך")).toHaveAttribute("aria-invalid", "true");

  // What only the server knows: the short name is taken in this list. 400, and the form keeps what was typed.
  await page.getByLabel("משך").fill("12:34");
  const answer = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "יצירה" }).click();
  expect((await answer).status()).toBe(400);
  await expect(page.getByTestId("slug-error")).toHaveText("השם הקצר הזה כבר תפוס: בחרו שם אחר.");
  await expect(page.getByLabel("כותרת (אנגלית)")).toHaveValue("Another lesson");
  await expectAccessible(page);
  expect(await database.db.selectFrom("lessons").select("slug").where("list_id", "=", listId).execute()).toEqual([
    { slug: "taken" },
  ]);
});

test("a quiz is made and a question added, with its code, options and right answer (Hebrew, then English)", async ({
  adminPage: page,
}) => {
  const slug = `e2e-quiz-${suffix()}`;
  await page.goto("/admin/courses?lng=he");
  await waitForHydration(page);
  await page.getByRole("link", { name: "מבחן חדש" }).click();
  await page.getByLabel("שם קצר (בכתובת)").fill(slug);
  await page.getByLabel("כותרת (אנגלית)").fill("Playwright basics");
  await page.getByLabel("כותרת (עברית)").fill("יסודות Playwright");
  await page.getByRole("button", { name: "יצירה" }).click();
  await expect(page.getByTestId("builder-status")).toHaveText("נוצר.");
  await expect(page.getByTestId("public-urls")).toHaveText(`/test/${slug}`);
  await expectAccessible(page);

  await page.getByRole("link", { name: "הוספת שאלה" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "שאלה חדשה" })).toBeVisible();
  await page.getByLabel("שאלה", { exact: true }).fill("What does this print?");
  await page.getByLabel("קוד שמוצג עם השאלה").fill("console.log(typeof null);");
  await page.getByRole("textbox", { name: "תשובה 1", exact: true }).fill('"null"');
  await page.getByRole("textbox", { name: "תשובה 2", exact: true }).fill('"object"');
  await page.getByRole("textbox", { name: "תשובה 3", exact: true }).fill('"undefined"');
  await page.getByRole("textbox", { name: "תשובה 4", exact: true }).fill("It throws");
  await page.getByRole("group", { name: "התשובה הנכונה" }).getByLabel("תשובה 2").check();
  // In Hebrew too (optional): the question, one option (the others fall back), and why.
  await page.getByLabel("שאלה (עברית)").fill("מה מדפיס הקוד?");
  await expect(page.getByLabel("שאלה (עברית)")).toHaveAttribute("dir", "rtl");
  await page.getByRole("textbox", { name: "תשובה 4 (עברית)" }).fill("נזרקת חריגה");
  await page.getByLabel("למה התשובה הזאת נכונה (אנגלית, מוצג אחרי המבחן)").fill("A historic quirk of `typeof`.");
  await page.getByLabel("למה התשובה הזאת נכונה (עברית)").fill("תקלה היסטורית של `typeof`.");
  await page.getByRole("button", { name: "יצירה" }).click();
  await expect(page.getByTestId("builder-status")).toHaveText("נוצר.");
  await expectAccessible(page);

  const quiz = await database.db.selectFrom("quizzes").selectAll().where("slug", "=", slug).executeTakeFirstOrThrow();
  expect(quiz).toMatchObject({ title_he: "יסודות Playwright", follow_up: "/courses", published: 1 });
  expect(
    await database.db
      .selectFrom("quiz_questions")
      .select([
        "question",
        "code",
        "option_1",
        "option_2",
        "option_3",
        "option_4",
        "answer",
        "position",
        "question_he",
        "option_1_he",
        "option_4_he",
        "explanation_en",
        "explanation_he",
      ])
      .where("quiz_id", "=", quiz.id)
      .execute(),
  ).toEqual([
    {
      question: "What does this print?",
      code: "console.log(typeof null);",
      option_1: '"null"',
      option_2: '"object"',
      option_3: '"undefined"',
      option_4: "It throws",
      answer: 2,
      position: 0,
      question_he: "מה מדפיס הקוד?",
      option_1_he: null,
      option_4_he: "נזרקת חריגה",
      explanation_en: "A historic quirk of `typeof`.",
      explanation_he: "תקלה היסטורית של `typeof`.",
    },
  ]);

  await page.goto(`/admin/courses/quiz/${quiz.id}?lng=en`);
  await expect(page.getByTestId("question-row")).toHaveCount(1);
  await expect(page.getByTestId("question-row").getByRole("cell")).toHaveText([
    "1",
    "What does this print?",
    '"object"',
    "Move upMove down",
  ]);
  await page.goto("/admin/courses");
  await expect(page.getByTestId("quiz-row").filter({ hasText: "Playwright basics" })).toContainText(`/test/${slug}1`);
});

test("a true-or-false question has two options: the form says which answer is missing, and the quiz shows just two (D-M10)", async ({
  adminPage: page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 400 \(Bad Request\)/);
  const slug = `e2e-tf-${suffix()}`;
  const quizId = await createQuiz(database.db, { slug, titleEn: "True or false" });
  await page.goto(`/admin/courses/quiz/${quizId}/new-question?lng=en`);
  await waitForHydration(page);
  await expect(page.getByRole("textbox", { name: /^Option \d$/ })).toHaveCount(6);
  await page.getByLabel("Question", { exact: true }).fill("`typeof null` is `'null'`.");
  await page.getByRole("textbox", { name: "Option 1", exact: true }).fill("True");
  await page.getByRole("textbox", { name: "Option 2", exact: true }).fill("False");
  // The answer names an option left empty: refused, with what was typed kept.
  await page.getByRole("group", { name: "The right answer" }).getByLabel("Option 3").check();
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByTestId("error-summary")).toContainText(
    "The right answer must be one of the options you filled in.",
  );
  await expect(page.getByRole("textbox", { name: "Option 2", exact: true })).toHaveValue("False");
  await page.getByRole("group", { name: "The right answer" }).getByLabel("Option 2").check();
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByTestId("builder-status")).toHaveText("Created.");
  expect(
    await database.db
      .selectFrom("quiz_questions")
      .select(["option_1", "option_2", "option_3", "option_6", "answer"])
      .where("quiz_id", "=", quizId)
      .execute(),
  ).toEqual([{ option_1: "True", option_2: "False", option_3: null, option_6: null, answer: 2 }]);

  // The public quiz (its process sees the new question within a second) offers the two options.
  await expect(async () => {
    await page.goto(`/test/${slug}?lng=en`);
    await expect(page.getByRole("radio")).toHaveCount(2, { timeout: 500 });
  }).toPass();
  await waitForHydration(page);
  await expect(page.getByRole("radio", { name: "True" })).toBeVisible();
  await page.getByRole("radio", { name: "False" }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("result-score")).toHaveText("1");
  await expect(page.getByTestId("result-total")).toHaveText("1");
});

test("lessons are reordered by keyboard, the moved item keeping the focus, and a lesson is deleted after confirming", async ({
  adminPage: page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 400 \(Bad Request\)/);
  const listId = await createVideoList(database.db, { titleEn: "Keyboard" });
  for (const slug of ["alpha", "beta", "gamma"]) await createLesson(database.db, listId, { slug, titleEn: slug });
  await page.goto(`/admin/courses/list/${listId}?lng=en`);
  await waitForHydration(page);
  const titles = page.getByTestId("lesson-row").getByRole("link");
  await expect(titles).toHaveText(["alpha", "beta", "gamma"]);
  await expect(page.getByRole("button", { name: "Move up: “alpha”" })).toBeDisabled();

  await page.getByRole("button", { name: "Move down: “alpha”" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("builder-status")).toHaveText("Moved “alpha” down: now 2 of 3.");
  await expect(titles).toHaveText(["beta", "alpha", "gamma"]);
  await expect(page.getByRole("button", { name: "Move down: “alpha”" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(titles).toHaveText(["beta", "gamma", "alpha"]);
  // At the bottom now, "Move down" is disabled: the focus goes to its "Move up".
  await expect(page.getByRole("button", { name: "Move up: “alpha”" })).toBeFocused();
  await expectAccessible(page);

  await titles.filter({ hasText: "gamma" }).click();
  await page.getByRole("button", { name: "Delete lesson" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Tick the box to confirm the deletion." })).toBeVisible();
  await expect(page.getByTestId("lesson-form")).toBeVisible();
  await page.getByLabel("Yes, delete the lesson “gamma”.").check();
  await page.getByRole("button", { name: "Delete lesson" }).click();
  await expect(page.getByTestId("builder-status")).toHaveText("Deleted.");
  await expect(titles).toHaveText(["beta", "alpha"]);
  expect(
    (
      await database.db.selectFrom("lessons").select("slug").where("list_id", "=", listId).orderBy("position").execute()
    ).map((l) => l.slug),
  ).toEqual(["beta", "alpha"]);
});

test("two tabs: a save from the older form is refused with what was typed kept, and one after a delete says so", async ({
  adminPage: page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 409 \(Conflict\)/);
  allowConsoleErrors(/status of 404 \(Not Found\)/);
  const listId = await createVideoList(database.db, { titleEn: "Two tabs" });
  const lessonId = await createLesson(database.db, listId, { slug: "tabbed", titleEn: "Lesson one" });
  const row = () =>
    database.db
      .selectFrom("lessons")
      .select(["title_en", "description_en"])
      .where("id", "=", lessonId)
      .executeTakeFirst();
  const other = await page.context().newPage();
  for (const tab of [page, other]) {
    await tab.goto(`/admin/courses/lesson/${lessonId}?lng=en`);
    await waitForHydration(tab);
  }
  await page.getByLabel("Title (English)").fill("Title from tab A");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("builder-status")).toHaveText("Saved.");

  await other.getByLabel("Description (English)").fill("Text from tab B");
  await other.getByRole("button", { name: "Save" }).click();
  await expect(other.getByTestId("error-summary")).toContainText(
    "Not saved:This was changed elsewhere (in another tab, or by another admin) after you opened it.",
  );
  await expect(other.getByLabel("Description (English)")).toHaveValue("Text from tab B");
  // Shown where the admin looks, not above the fold the Save button left them at; said once.
  await expect(other.getByTestId("error-summary")).toBeInViewport();
  await expect(other.getByText("This was changed elsewhere", { exact: false })).toHaveCount(1);
  await expectAccessible(other);
  expect(await row()).toMatchObject({ title_en: "Title from tab A" });
  // Saving again is the choice to replace tab A's change.
  await other.getByRole("button", { name: "Save" }).click();
  await expect(other.getByTestId("builder-status")).toHaveText("Saved.");
  expect(await row()).toMatchObject({ title_en: "Lesson one", description_en: "Text from tab B" });

  // Deleted in one tab, saved in the other: the text stays on the page, to copy.
  await page.reload();
  await waitForHydration(page);
  await page.getByLabel("Yes, delete the lesson “Lesson one”.").check();
  await page.getByRole("button", { name: "Delete lesson" }).click();
  await expect(page.getByTestId("builder-status")).toHaveText("Deleted.");
  await other.getByLabel("Description (English)").fill("Written after the delete");
  await other.getByRole("button", { name: "Save" }).click();
  await expect(other.getByTestId("error-summary")).toContainText("This was deleted elsewhere");
  await expect(other.getByLabel("Description (English)")).toHaveValue("Written after the delete");
  expect(await row()).toBeUndefined();
  await other.close();
});

test("saving a lesson with a link to the video it already has shows the stored id again", async ({
  adminPage: page,
}) => {
  const listId = await createVideoList(database.db, { titleEn: "Same video" });
  const lessonId = await createLesson(database.db, listId, { youtube: YOUTUBE_ID });
  await page.goto(`/admin/courses/lesson/${lessonId}?lng=en`);
  await waitForHydration(page);
  const field = page.getByLabel("YouTube link or id");
  await expect(field).toHaveValue(YOUTUBE_ID);
  await field.fill(`https://www.youtube.com/watch?v=${YOUTUBE_ID}&t=42s`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("builder-status")).toHaveText("Saved.");
  // The same values as before the save: the form still starts again from what was stored.
  await expect(field).toHaveValue(YOUTUBE_ID);
});

test("on a phone the builder's row actions stay on screen while the table scrolls (Hebrew)", async ({
  adminPage: page,
}) => {
  const listId = await createVideoList(database.db, { titleEn: "Narrow", titleHe: "צר" });
  for (const slug of ["one", "two"])
    await createLesson(database.db, listId, {
      slug,
      titleEn: `A lesson title long enough to make the table wider than a phone: ${slug}`,
    });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/admin/courses/list/${listId}?lng=he`);
  await waitForHydration(page);
  const moveDown = page
    .getByTestId("lesson-row")
    .first()
    .getByRole("button", { name: /העברה למטה/ });
  // Scrolled to by the page only: the table's own box is left where a reader finds it.
  await moveDown.evaluate((button) => window.scrollTo(0, button.getBoundingClientRect().top + window.scrollY - 200));
  const box = (await moveDown.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
});

test("a course's summary keeps the admin's line breaks on its page", async ({ page }) => {
  const slug = `e2e-lines-${suffix()}`;
  await createCourse(database.db, { slug, summaryEn: "First paragraph.\n\nSecond paragraph." });
  // Another process's change reaches this server's catalogue within about a second.
  // Asked without the page, so the 404s before then are not the page's console errors.
  await expect
    .poll(async () => (await page.request.get(`/course/${slug}?lng=en`)).status(), { timeout: 5000 })
    .toBe(200);
  await page.goto(`/course/${slug}?lng=en`);
  expect(await page.getByTestId("course-summary").innerText()).toBe("First paragraph.\n\nSecond paragraph.");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("lessons move up and down by plain form posts, announced, in Hebrew", async ({ adminPage: page }) => {
    const listId = await createVideoList(database.db, { titleEn: "Order", titleHe: "סדר" });
    for (const [slug, he] of [
      ["one", "ראשון"],
      ["two", "שני"],
      ["three", "שלישי"],
    ])
      await createLesson(database.db, listId, { slug, titleEn: slug, titleHe: he });
    await page.goto(`/admin/courses/list/${listId}?lng=he`);
    const titles = page.getByTestId("lesson-row").getByRole("link");
    await expect(titles).toHaveText(["ראשון", "שני", "שלישי"]);

    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "העברה למעלה: „שלישי”" }).click();
    expect((await answer).status()).toBe(200);
    await expect(page.getByTestId("builder-status")).toHaveText("„שלישי” הועבר למעלה: עכשיו 2 מתוך 3.");
    await expect(titles).toHaveText(["ראשון", "שלישי", "שני"]);
    await page.getByRole("button", { name: "העברה למטה: „ראשון”" }).click();
    await expect(titles).toHaveText(["שלישי", "ראשון", "שני"]);
    expect(
      (
        await database.db
          .selectFrom("lessons")
          .select("slug")
          .where("list_id", "=", listId)
          .orderBy("position")
          .execute()
      ).map((l) => l.slug),
    ).toEqual(["three", "one", "two"]);
  });

  test("a bad price comes back as a 400 page with the error linked to its field, nothing stored (English)", async ({
    adminPage: page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 400 \(Bad Request\)/);
    await page.goto("/admin/courses/new-catalogue?lng=en");
    const catalogueSlug = `e2e-cat-${suffix()}`;
    await page.getByLabel("Short name (in the address)").fill(catalogueSlug);
    await page.getByLabel("Title (English)").fill("No-script catalogue");
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByTestId("builder-status")).toHaveText("Created.");
    await page.getByRole("link", { name: "New course card" }).click();
    const courseSlug = `e2e-course-${suffix()}`;
    await page.getByLabel("Short name (in the address)").fill(courseSlug);
    await page.getByLabel("Title (English)").fill("Priced badly");
    await page.getByLabel("Teacher (English)").fill("Dana Levi");
    await page.getByLabel("Summary (English)").fill("A course with a price that is not one.");
    await page.getByLabel("Duration (hours)").fill("9.50");
    await page.getByLabel("Price", { exact: true }).fill("49.999");
    await page.getByLabel("“Read More” leads to").fill("//evil.example");
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Create" }).click();
    expect((await answer).status()).toBe(400);
    const summary = page.getByTestId("error-summary");
    await expect(summary.getByRole("link")).toHaveText([
      "Price: Enter a price like 49.99.",
      "“Read More” leads to: Enter a path of this site starting with a single “/” (like /courses/react), or leave it empty.",
    ]);
    await expect(summary.getByRole("link").first()).toHaveAttribute("href", "#f-price");
    await expect(page.getByLabel("Price", { exact: true })).toHaveValue("49.999");
    expect(await database.db.selectFrom("courses").select("id").where("slug", "=", courseSlug).execute()).toEqual([]);
  });
});

test("the course builder is for admins only: a visitor is sent to sign in, a learner gets 403 and changes nothing", async ({
  page,
  signInAs,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 403/);
  await page.goto("/admin/courses");
  await expect(page).toHaveURL(/\/register\?returnTo=%2Fadmin%2Fcourses$/);
  await signInAs(DEMO_EMAILS.learner);
  for (const path of ["/admin/courses", "/admin/courses/new-list", "/admin/courses/list/anything"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
  }
  const slug = `e2e-refused-${suffix()}`;
  const post = await page.request.post("/admin/courses/new-list", {
    form: { intent: "save", slug, titleEn: "Not allowed", freeSamples: "3" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(post.status()).toBe(403);
  expect(await database.db.selectFrom("video_lists").select("id").where("slug", "=", slug).execute()).toEqual([]);
});
