import { withE2eDatabase } from "./catalogue-db.ts";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures.ts";

/**
 * Issue 34, point 4: the course builder's exercise page, in both languages and axe clean: "Check"
 * grades the teacher's solution and starter code and says the exercise may be published; a solution
 * that fails is refused with a translated message.
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
