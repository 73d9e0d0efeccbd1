import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures.ts";

/**
 * Issue 34 (decision 0053): a learner does the demo's exercises on their lessons' pages with
 * JavaScript on, through the same plain form that works without it: a wrong answer shows which
 * test failed and why, a right one passes and completes the lesson; both languages, axe clean at
 * 1366 and 320 px, nothing wider than a 320 px phone.
 */
const text = {
  en: { failed: "Some tests failed.", passed: "All tests passed. Well done!", position: "Lesson 1 of 3" },
  he: { failed: "חלק מהבדיקות נכשלו.", passed: "כל הבדיקות עברו. כל הכבוד!", position: "שיעור 1 מתוך 3" },
} as const;

async function submit(page: Page, code: string) {
  await page.getByTestId("exercise-code").fill(code);
  await page.getByTestId("exercise-submit").click();
}

async function fitsWidth(page: Page, width: number) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide).toBeLessThanOrEqual(width);
}

for (const lng of ["en", "he"] as const) {
  test(`a learner solves a JavaScript exercise after a wrong answer, at 1366 px (${lng})`, async ({
    learnerPage: page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/lesson/practice/square-the-evens?lng=${lng}`);
    await waitForHydration(page);
    await expect(page.getByText(text[lng].position)).toBeVisible();
    await expect(page.getByTestId("exercise-code")).toHaveAttribute("dir", "ltr");
    await expectAccessible(page);

    await submit(page, "function squareEvens(numbers) { return numbers; }");
    const result = page.getByTestId("exercise-result");
    await expect(result).toHaveAttribute("data-verdict", "failed");
    await expect(result).toContainText(text[lng].failed);
    await expect(result).toContainText("keeps the even numbers, squared");
    await expect(result).toContainText("expected [4, 16], got [1, 2, 3, 4]");
    await expect(result).not.toContainText("negative numbers");
    await expectAccessible(page);

    await submit(
      page,
      "function squareEvens(numbers) {\n  return numbers.filter((n) => n % 2 === 0).map((n) => n * n);\n}",
    );
    await expect(result).toHaveAttribute("data-verdict", "passed");
    await expect(result).toContainText(text[lng].passed);
    await expect(page.getByTestId("exercise-passed")).toBeVisible();
    await expect(page.getByTestId("exercise-solution").locator("summary")).toBeVisible();
    await expectAccessible(page);
  });

  test(`a learner submits an SQL exercise on a 320 px phone (${lng})`, async ({ learnerPage: page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`/lesson/practice/books-per-author?lng=${lng}`);
    await waitForHydration(page);
    // Hints one by one: the second shows only once the first is open.
    const hints = page.getByTestId("exercise-hint");
    await expect(hints.nth(1)).toBeHidden();
    await hints.first().locator(":scope > summary").click();
    await expect(hints.nth(1).locator(":scope > summary")).toBeVisible();
    await submit(page, "SELECT name, 1 AS books FROM authors ORDER BY name;");
    const result = page.getByTestId("exercise-result");
    await expect(result).toHaveAttribute("data-verdict", "failed");
    await expect(result).toContainText("books per author, most first");
    await fitsWidth(page, 320);
    await expectAccessible(page);
    await submit(
      page,
      "SELECT a.name, COUNT(*) AS books FROM authors a JOIN books b ON b.author_id = a.id GROUP BY a.id, a.name ORDER BY books DESC, a.name;",
    );
    await expect(result).toHaveAttribute("data-verdict", "passed");
    await fitsWidth(page, 320);
    await expectAccessible(page);
  });
}
