import type { Page } from "@playwright/test";
import { quizzes } from "../../content/quizzes.ts";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures.ts";

// The site scrolls smoothly (html { scroll-behavior: smooth }), so every scroll into view (focus moving
// to a new question, Playwright scrolling to an option before it clicks) animates and each click waits
// for the page to settle: a second a question on a busy machine. Motion is not what these tests are
// about (public-site.spec.ts tests the reduced-motion behaviour itself), so they run with it reduced.
test.use({ reducedMotion: "reduce" });

const FOLLOW_UP: Record<string, string> = {
  java: "/courses/java",
  fullstack: "/courses/fullstack",
  javascript: "/cources/programming/javascript",
  react: "/courses/mern/react",
};

/**
 * Plays a quiz from question 1. "right": checks each question's text and its four unselected options,
 * then picks the right option (read from the server's content). "skip": goes through with Next only,
 * waiting for each question by its progress line (the questions themselves are checked by "right").
 */
async function play(page: Page, key: string, mode: "right" | "skip", labels = { of: "of", next: "Next" }, from = 0) {
  const quiz = quizzes.find((q) => q.key === key)!;
  for (const [i, question] of quiz.questions.entries()) {
    if (i < from) continue;
    await expect(page.getByTestId("question-progress")).toHaveText(
      `${labels.of === "of" ? "Question" : "שאלה"} ${i + 1} ${labels.of} ${quiz.questions.length}`,
    );
    if (mode === "right") {
      await expect(page.getByTestId("question-text")).toHaveText(question.question);
      await expect(page.getByRole("radio")).toHaveCount(4);
      await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
      const index = question.options.indexOf(question.answer);
      // Pick a wrong one first, then change the mind: the selection can change.
      await page.getByTestId(`option-${(index + 1) % 4}`).check();
      await page.getByTestId(`option-${index}`).check();
      await expect(page.getByTestId(`option-${(index + 1) % 4}`)).not.toBeChecked();
    }
    await page.getByRole("button", { name: labels.next }).click();
  }
}

/**
 * Answers questions `from`…`to - 1` of an attempt (a new one without `attempt`) with the server's form
 * post, as a browser without JavaScript does, but without a page: setup for a test whose subject is
 * what comes after. Returns the attempt id.
 */
async function answerByRequest(
  page: Page,
  key: string,
  mode: "right" | "skip",
  to: number,
  from = 0,
  attempt = "",
): Promise<string> {
  const quiz = quizzes.find((q) => q.key === key)!;
  for (let index = from; index < to; index++) {
    const form: Record<string, string> = { attempt, index: String(index) };
    if (mode === "right") form.option = quiz.questions[index]!.answer;
    const response = await page.request.post(`/test/${key}`, { form, maxRedirects: 0 });
    expect(response.status(), `question ${index + 1}`).toBe(302);
    attempt = new URL(response.headers().location!, "http://lomda.invalid").searchParams.get("attempt")!;
  }
  return attempt;
}

for (const quiz of quizzes) {
  test(`${quiz.key}: all skipped scores 0, all right scores full, the alert comes after about 3 s, Try Again starts over`, async ({
    page,
  }) => {
    const total = quiz.questions.length;
    // Skipping is clicking Next without a choice (the learner's test below does it through the page):
    // all but the last question by request, the last one in the page, to see the result arrive.
    const attempt = await answerByRequest(page, quiz.key, "skip", total - 1);
    await page.goto(`/test/${quiz.key}?attempt=${attempt}`);
    await waitForHydration(page);
    await play(page, quiz.key, "skip", undefined, total - 1);
    await expect(page.getByTestId("result-score")).toHaveText("0");
    await expect(page.getByTestId("result-total")).toHaveText(String(total));
    await expect(page.getByTestId("result-percentage")).toHaveText("0%");
    await expect(page.getByRole("heading", { name: "Your result" })).toBeFocused();

    await page.getByRole("link", { name: "Try Again" }).click();
    await expect(page.getByTestId("question-progress")).toHaveText(`Question 1 of ${total}`);
    await play(page, quiz.key, "right");
    const shownAt = Date.now();
    await expect(page.getByTestId("result-score")).toHaveText(String(total));
    await expect(page.getByTestId("result-percentage")).toHaveText("100%");
    await expect(page.getByTestId("well-done")).toHaveCount(0);
    await expect(page.getByTestId("well-done")).toBeVisible({ timeout: 6000 });
    const delay = Date.now() - shownAt;
    expect(delay).toBeGreaterThan(2500);
    expect(delay).toBeLessThan(5000);
    await expect(page.getByRole("alert")).toContainText("Well done!");
    await expect(page.getByRole("link", { name: "Watch Now" })).toHaveAttribute("href", FOLLOW_UP[quiz.key]!);
    // The result and its alert are one component for every quiz: one axe scan covers them.
    if (quiz.key === "react") await expectAccessible(page);
    await page.getByRole("link", { name: "Close" }).click();
    await expect(page.getByTestId("well-done")).toHaveCount(0);
  });
}

test("focus moves to each new question, and the page is accessible", async ({ page }) => {
  await page.goto("/test/react");
  await waitForHydration(page);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("question-progress")).toHaveText("Question 2 of 10");
  await expect(page.getByTestId("question-progress")).toBeFocused();
});

test("the options are a radio group operable by keyboard", async ({ page }) => {
  await page.goto("/test/java");
  await waitForHydration(page);
  await page.getByTestId("option-0").focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByTestId("option-1")).toBeChecked();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByTestId("option-2")).toBeChecked();
  await expect(page.getByTestId("option-1")).not.toBeChecked();
});

test("in Hebrew the chrome is translated and the question reads left-to-right", async ({ page }) => {
  await page.goto("/test?lng=he");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("בחנו את הידע שלכם");
  // The four seeded quizzes come first (other tests may add quizzes after them to the shared database).
  await expect
    .poll(async () => (await page.getByTestId("question-count").allTextContents()).slice(0, 4))
    .toEqual(["20 שאלות", "15 שאלות", "15 שאלות", "10 שאלות"]);
  await expectAccessible(page);
  await page.goto("/test/React");
  await expect(page.getByTestId("question-progress")).toHaveText("שאלה 1 מתוך 10");
  await expect(page.locator("fieldset")).toHaveAttribute("dir", "ltr");
  await expectAccessible(page);
});

test("in Hebrew a quiz plays through to the alert, and code stays code", async ({ page }) => {
  const hebrew = { of: "מתוך", next: "הבא" };
  await page.goto("/test/Javascript?lng=he");
  await waitForHydration(page);
  const quiz = quizzes.find((q) => q.key === "javascript")!;
  await expect(page.getByTestId("question-code")).toHaveText(quiz.questions[0]!.code!);
  // The first question in the page, the middle ones by request (the English test plays them all in
  // the page), the last in the page again.
  const total = quiz.questions.length;
  const first = page.waitForURL(/attempt=/);
  await page.getByTestId(`option-${quiz.questions[0]!.options.indexOf(quiz.questions[0]!.answer)}`).check();
  await page.getByRole("button", { name: hebrew.next }).click();
  await first;
  await expect(page.getByTestId("question-progress")).toHaveText(`שאלה 2 מתוך ${total}`);
  const attempt = await answerByRequest(
    page,
    "javascript",
    "right",
    total - 1,
    1,
    new URL(page.url()).searchParams.get("attempt")!,
  );
  await page.goto(`/test/Javascript?attempt=${attempt}`);
  await waitForHydration(page);
  await play(page, "javascript", "right", hebrew, total - 1);
  await expect(page.getByTestId("result-score")).toHaveText(String(total));
  await expect(page.getByRole("heading", { name: "התוצאה שלכם" })).toBeVisible();
  await expect(page.getByTestId("well-done")).toContainText("כל הכבוד!", { timeout: 6000 });
});

test("a signed-in learner's results appear on the profile", async ({ learnerPage: page }) => {
  await page.goto("/test/react");
  await waitForHydration(page);
  await play(page, "react", "skip");
  await expect(page.getByTestId("result-score")).toHaveText("0");
  await page.goto("/profile");
  const history = page.getByTestId("quiz-history");
  await expect(history).toContainText("React");
  await expect(history).toContainText("0 of 10");
  await expect(history).toContainText("0%");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("each step is a form post, the result shows, and the alert still appears after 3 s", async ({ page }) => {
    await page.goto("/test/react?lng=he");
    const quiz = quizzes.find((q) => q.key === "react")!;
    for (const [i, question] of quiz.questions.entries()) {
      await expect(page.getByTestId("question-progress")).toHaveText(`שאלה ${i + 1} מתוך 10`);
      if (i % 2 === 0) await page.getByTestId(`option-${question.options.indexOf(question.answer)}`).check();
      await page.getByRole("button", { name: "הבא" }).click();
    }
    await expect(page.getByTestId("result-score")).toHaveText("5");
    await expect(page.getByTestId("result-percentage")).toHaveText("50%");
    await expect(page.getByTestId("well-done")).toBeHidden();
    await expect(page.getByTestId("well-done")).toBeVisible({ timeout: 6000 });
    await page.getByRole("link", { name: "סגירה" }).click();
    await expect(page.getByTestId("well-done")).toHaveCount(0);
    await page.getByRole("link", { name: "לנסות שוב" }).click();
    await expect(page.getByTestId("question-progress")).toHaveText("שאלה 1 מתוך 10");
  });
});
