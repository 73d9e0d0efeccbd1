import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures.ts";

/**
 * Issue 34 (decisions 0053, 0058): a learner does the demo's exercises on their lessons' pages: the
 * code editor in place of the plain text area, Run in the browser (visible tests, not counted),
 * Submit to the server: a wrong answer shows which test failed and why, a right one passes and
 * completes the lesson; both languages, axe clean (editor included) at 1366 and 320 px, nothing
 * wider than a 320 px phone. Without JavaScript the same page is a text area that submits.
 */
const text = {
  en: {
    failed: "Some tests failed.",
    passed: "All tests passed. Well done!",
    position: "Lesson 1 of 3",
    timeout: "Your code ran too long and was stopped.",
    hidden: "1 hidden test runs only when you submit.",
    run: "Run",
  },
  he: {
    failed: "חלק מהבדיקות נכשלו.",
    passed: "כל הבדיקות עברו. כל הכבוד!",
    position: "שיעור 1 מתוך 3",
    timeout: "הקוד שלך רץ זמן רב מדי ונעצר.",
    hidden: "בדיקה נסתרת אחת רצה רק בהגשה.",
    run: "הרצה",
  },
} as const;

/** Replaces the editor's text, as a learner would: focus it, select all, type (inserted at once). */
async function write(page: Page, code: string) {
  const editor = page.getByTestId("exercise-editor");
  await editor.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.insertText(code);
  await expect(editor).toHaveText(code.split("\n").join(""));
}

async function submit(page: Page, code: string) {
  await write(page, code);
  await page.getByTestId("exercise-submit").click();
}

async function run(page: Page, code: string) {
  await write(page, code);
  await page.getByTestId("exercise-run").click();
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
    // The editor replaced the text area: left to right on both languages' pages, named as it was.
    const editor = page.getByTestId("exercise-editor");
    await expect(editor).toHaveAttribute("dir", "ltr");
    await expect(page.getByTestId("exercise-editor-host")).toHaveAttribute("dir", "ltr");
    await expect(editor).toHaveAttribute("aria-label", /\(JavaScript\)/);
    await expect(page.getByTestId("exercise-code")).toBeHidden();
    await expect(page.locator(".cm-lineNumbers")).toBeVisible();
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
    // What the learner did last shows: a Run hides the grade, and the next Submit the Run.
    await run(page, "function squareEvens(numbers) { return []; }");
    await expect(page.getByTestId("exercise-run-verdict")).toHaveAttribute("data-verdict", "failed");
    await expect(result).toHaveCount(0);
    await submit(
      page,
      "function squareEvens(numbers) {\n  return numbers.filter((n) => n % 2 === 0).map((n) => n * n);\n}",
    );
    await expect(result).toHaveAttribute("data-verdict", "passed");
    await expect(page.getByTestId("exercise-run-result")).toHaveCount(0);
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

for (const lng of ["en", "he"] as const) {
  test(`Run checks the visible tests in the browser, without a request, and stops an endless loop (${lng})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/lesson/practice/square-the-evens?lng=${lng}`);
    await waitForHydration(page);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") posts.push(request.url());
    });

    // A visitor may Run (Submit asks to sign in): a wrong answer names the failed test and why.
    await run(page, "console.log('seen', [1, 2].length);\nfunction squareEvens(numbers) { return numbers; }");
    const result = page.getByTestId("exercise-run-verdict");
    await expect(result).toHaveAttribute("data-verdict", "failed");
    await expect(result).toContainText("keeps the even numbers, squared");
    await expect(result).toContainText("expected [4, 16], got [1, 2, 3, 4]");
    await expect(result).toContainText("seen 2");
    await expect(page.getByTestId("exercise-run-result")).toContainText(text[lng].hidden);
    // Hidden tests never reach the page.
    await expect(result).not.toContainText("negative numbers");
    expect(await page.content()).not.toContain("negative numbers");
    await expectAccessible(page);

    await run(
      page,
      "function squareEvens(numbers) {\n  return numbers.filter((n) => n % 2 === 0).map((n) => n * n);\n}",
    );
    await expect(result).toHaveAttribute("data-verdict", "passed");
    await expect(result).toContainText(text[lng].passed);

    await run(page, "while (true) {}");
    await expect(page.getByTestId("exercise-run")).toBeDisabled();
    await expect(result).toHaveAttribute("data-verdict", "timeout", { timeout: 10_000 });
    await expect(result).toContainText(text[lng].timeout);
    await expect(page.getByTestId("exercise-run")).toBeEnabled();
    expect(posts).toEqual([]);
  });
}

test("Run terminates its worker on a SQL query that never ends, and the next Run works", async ({
  learnerPage: page,
}) => {
  await page.goto("/lesson/practice/books-per-author?lng=en");
  await waitForHydration(page);
  const workers: string[] = [];
  page.on("worker", (worker) => workers.push(worker.url()));
  // One row, never returned: SQLite cannot be interrupted between rows here; only terminating does.
  await run(page, "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c");
  const result = page.getByTestId("exercise-run-verdict");
  await expect(result).toHaveAttribute("data-verdict", "timeout", { timeout: 10_000 });
  await expect(result).toContainText("Stopped after 2000 ms");
  await run(
    page,
    "SELECT a.name, COUNT(b.id) FROM authors a JOIN books b ON a.id = b.author_id GROUP BY a.name ORDER BY 2 DESC, 1",
  );
  await expect(result).toHaveAttribute("data-verdict", "passed");
  await expect(result).toContainText("books per author, most first");
  // The stuck worker was replaced by a fresh one.
  expect(workers).toHaveLength(2);
});

test("the editor keeps the keyboard free: Tab indents, Escape then Tab moves on", async ({ page }) => {
  await page.goto("/lesson/practice/square-the-evens?lng=en");
  await waitForHydration(page);
  await write(page, "function f() {");
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("return 1;");
  await expect(page.getByTestId("exercise-editor")).toContainText("function f() {  return 1;");
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("exercise-editor")).toBeFocused();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("exercise-run")).toBeFocused();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the exercise is a text area that submits to the server", async ({ learnerPage: page }) => {
    await page.goto("/lesson/practice/fizzbuzz?lng=he");
    await expect(page.getByTestId("exercise-run")).toHaveCount(0);
    await page.getByTestId("exercise-code").fill("function fizzBuzz(n) { return []; }");
    await page.getByTestId("exercise-submit").click();
    const result = page.getByTestId("exercise-result");
    await expect(result).toHaveAttribute("data-verdict", "failed");
    await expect(result).toContainText("נכשל:");
  });
});
