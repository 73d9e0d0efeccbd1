import { createVideoList } from "../support/factories.ts";
import { withE2eDatabase } from "./catalogue-db.ts";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures.ts";

/**
 * Issue 34, point 4: the course builder's exercise page, in both languages and axe clean: "Check"
 * grades the teacher's solution and starter code and says the exercise may be published; a solution
 * that fails is refused with a translated message. "Add exercise" on a list's page makes the lesson
 * and leads straight on to writing its exercise.
 */
async function lessonId(slug: string): Promise<string> {
  return withE2eDatabase(async (db) => {
    const row = await db
      .selectFrom("lessons")
      .innerJoin("video_lists", "video_lists.id", "lessons.list_id")
      .select("lessons.id")
      .where("video_lists.slug", "=", "practice")
      .where("lessons.slug", "=", slug)
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

const text = {
  en: { ok: "The check passed", refused: "The teacher's solution fails a test." },
  he: { ok: "הבדיקה עברה", refused: "הפתרון של המורה נכשל בבדיקה." },
} as const;

for (const lng of ["en", "he"] as const) {
  test(`an admin checks an exercise in the course builder (${lng})`, async ({
    adminPage: page,
    allowConsoleErrors,
  }) => {
    // A refused check answers 422 (the browser logs the status of the form's fetch).
    allowConsoleErrors(/status of 422 \(Unprocessable Entity\) .*\/exercise\.data/);
    await page.goto(`/admin/courses/lesson/${await lessonId("fizzbuzz")}/exercise?lng=${lng}`);
    await waitForHydration(page);
    await expect(page.getByTestId("exercise-stats")).toBeVisible();
    await expectAccessible(page);
    await page.getByTestId("exercise-check-button").click();
    await expect(page.getByTestId("exercise-check")).toHaveAttribute("data-ok", "true");
    await expect(page.getByTestId("exercise-check")).toContainText(text[lng].ok);
    // A solution that fails its tests is refused.
    await page.locator("#solution").fill("function fizzBuzz(n) { return []; }");
    await page.getByTestId("exercise-check-button").click();
    await expect(page.getByTestId("exercise-check")).toHaveAttribute("data-ok", "false");
    await expect(page.getByTestId("check-solutionFails")).toHaveText(text[lng].refused);
    await expectAccessible(page);
  });
}

test("'Add exercise' on a list's page makes the lesson and opens its exercise, which is public once checked (he)", async ({
  adminPage: page,
}) => {
  const listId = await withE2eDatabase((db) => createVideoList(db, { titleEn: "Exercises", titleHe: "תרגילים" }));
  await page.goto(`/admin/courses/list/${listId}?lng=he`);
  await waitForHydration(page);
  await page.getByTestId("add-also").click();
  await expect(page.getByRole("heading", { level: 1, name: "תרגיל חדש" })).toBeVisible();
  await expect(page.getByTestId("new-exercise-note")).toBeVisible();
  // An exercise has no video: its fields are not asked for.
  await expect(page.getByLabel("קישור או מזהה ביוטיוב")).toHaveCount(0);
  await expectAccessible(page);
  await page.getByLabel("שם קצר (בכתובת)").fill("sum-two");
  await page.getByLabel("כותרת (אנגלית)").fill("Exercise: add two numbers");
  await page.getByRole("button", { name: "יצירה" }).click();

  await expect(page).toHaveURL(/\/admin\/courses\/lesson\/[^/]+\/exercise/);
  await expect(page.getByTestId("exercise-flash")).toContainText("השיעור נוצר");
  await expect(page.getByTestId("exercise-status")).toContainText("טרם נבדק");
  await page.locator("#instructions_en").fill("Write `add(a, b)`: it returns their sum.");
  await page.locator("#starter").fill("function add(a, b) {\n}");
  await page.locator("#solution").fill("function add(a, b) { return a + b; }");
  await page.locator("#test_name_0").fill("adds");
  await page.locator("#test_code_0").fill("assert.equal(add(2, 3), 5);");
  await page.getByTestId("exercise-save-button").click();
  await expect(page.getByTestId("exercise-check")).toHaveAttribute("data-ok", "true");
  await expect(page.getByTestId("exercise-flash")).toHaveCount(0);
  const saved = await withE2eDatabase((db) =>
    db
      .selectFrom("lessons")
      .innerJoin("lesson_exercises", "lesson_exercises.lesson_id", "lessons.id")
      .select(["lessons.slug", "lessons.youtube_id", "lesson_exercises.checked_at"])
      .where("lessons.list_id", "=", listId)
      .execute(),
  );
  expect(saved).toEqual([{ slug: "sum-two", youtube_id: null, checked_at: expect.any(String) }]);
});
