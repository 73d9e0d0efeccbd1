import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createLesson, createVideoList } from "../support/factories.ts";
import { withE2eDatabase } from "./catalogue-db.ts";
import { DEMO_EMAILS, expect, expectAccessible, startSession, test, waitForHydration } from "./fixtures.ts";

/**
 * Issue 32: a teacher attaches files to a lesson in the course builder (a picture is refused, in the
 * admin's language); a learner who may watch the lesson downloads them under their own names.
 */
const SOURCE = "// מיון\nconst values = [3, 1, 2];\nconsole.log(values.sort());\n";

test("an admin attaches a source file to a lesson and a learner downloads it; a picture is refused (Hebrew)", async ({
  adminPage: page,
  browser,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 400 \(Bad Request\)/);
  const slug = `e2e-files-${randomUUID().slice(0, 8)}`;
  const lessonId = await withE2eDatabase(async (db) =>
    createLesson(db, await createVideoList(db, { slug, titleEn: "Sorting, with files", allFree: "on" }), {
      slug: "sorting",
      titleEn: "Sorting",
      youtube: "e2eFiles001",
      duration: "3:00",
    }),
  );

  await page.goto(`/admin/courses/lesson/${lessonId}?lng=he`);
  await waitForHydration(page);
  const form = page.getByTestId("resources-form");
  await expect(page.getByTestId("resources-current")).toHaveText("עדיין לא צורפו קבצים.");
  await form.getByLabel("קובץ לצירוף").setInputFiles({
    name: "diagram.png",
    mimeType: "image/png",
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
  });
  await form.getByRole("button", { name: "צירוף הקובץ" }).click();
  await expect(form.getByRole("alert")).toHaveText(
    "הקובץ אינו מסוג שלומדה מקבלת כחומר עזר. נא לבחור קובץ PDF‏, ארכיון ZIP או קובץ טקסט (סיכום, קוד מקור).",
  );
  await form.getByLabel("קובץ לצירוף").setInputFiles({
    name: "sort.js",
    mimeType: "text/javascript",
    buffer: Buffer.from(SOURCE),
  });
  await form.getByRole("button", { name: "צירוף הקובץ" }).click();
  await expect(page.getByTestId("builder-status")).toHaveText("הקובץ צורף.");
  await expect(page.getByTestId("resources-list")).toContainText("sort.js");
  await expectAccessible(page);

  // The learner (the list is free for signed-in learners) finds it on the lesson's page and downloads it;
  // the list page says the lesson has a file there.
  const learner = await browser.newPage();
  await startSession(learner, DEMO_EMAILS.learner);
  const files = learner.getByTestId("lesson-resources");
  await expect(async () => {
    await learner.goto(`/courses/${slug}?lng=en`);
    await expect(learner.getByTestId("lesson-files-count")).toHaveText("1 file on the lesson's page", { timeout: 500 });
  }).toPass();
  await learner.getByTestId("lesson-page-link").click();
  await expect(learner).toHaveURL(new RegExp(`/lesson/${slug}/sorting$`));
  await expect(files.getByRole("heading")).toHaveText("Lesson files");
  await expect(files.getByRole("listitem")).toHaveText(`sort.js (text, ${Buffer.byteLength(SOURCE)} bytes)`);
  const [download] = await Promise.all([learner.waitForEvent("download"), files.getByRole("link").click()]);
  expect(download.suggestedFilename()).toBe("sort.js");
  expect(await readFile((await download.path())!, "utf8")).toBe(SOURCE);
  await learner.close();

  // Removed: gone from the lesson.
  await page.getByRole("button", { name: /^הסרת „.?sort\.js.?”$/ }).click();
  await expect(page.getByTestId("builder-status")).toHaveText("הקובץ הוסר.");
  await expect(page.getByTestId("resources-current")).toHaveText("עדיין לא צורפו קבצים.");
});
