import type { Page } from "@playwright/test";
import { quizzes } from "../../content/quizzes.ts";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

const FOLLOW_UP: Record<string, string> = {
  java: "/courses/java",
  fullstack: "/courses/fullstack",
  javascript: "/cources/programming/javascript",
  react: "/courses/mern/react",
};

/** Plays a quiz from question 1: with `answers`, picks the right option (read from the server's content); without, skips. */
async function play(page: Page, key: string, mode: "right" | "skip", labels = { of: "of", next: "Next" }) {
  const quiz = quizzes.find((q) => q.key === key)!;
  for (const [i, question] of quiz.questions.entries()) {
    await expect(page.getByTestId("question-progress")).toHaveText(`${labels.of === "of" ? "Question" : "שאלה"} ${i + 1} ${labels.of} ${quiz.questions.length}`);
    await expect(page.getByTestId("question-text")).toHaveText(question.question);
    const radios = page.getByRole("radio");
    await expect(radios).toHaveCount(4);
    for (const radio of await radios.all()) await expect(radio).not.toBeChecked();
    if (mode === "right") {
      const index = question.options.indexOf(question.answer);
      // Pick a wrong one first, then change the mind: the selection can change.
      await page.getByTestId(`option-${(index + 1) % 4}`).check();
      await page.getByTestId(`option-${index}`).check();
      await expect(page.getByTestId(`option-${(index + 1) % 4}`)).not.toBeChecked();
    }
    await page.getByRole("button", { name: labels.next }).click();
  }
}

for (const quiz of quizzes) {
  test(`${quiz.key}: all skipped scores 0, all right scores full, the alert comes after about 3 s, Try Again starts over`, async ({ page }) => {
    test.setTimeout(90_000);
    const total = quiz.questions.length;
    await page.goto(`/test/${quiz.key}`);
    await waitForHydration(page);
    await play(page, quiz.key, "skip");
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
    await expectAccessible(page);
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

test("in Hebrew the chrome is translated, the question reads left-to-right, code stays code", async ({ page }) => {
  await page.goto("/test?lng=he");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("בחנו את הידע שלכם");
  await expect(page.getByTestId("question-count")).toHaveText(["20 שאלות", "15 שאלות", "15 שאלות", "10 שאלות"]);
  await expectAccessible(page);
  await page.goto("/test/React");
  await expect(page.getByTestId("question-progress")).toHaveText("שאלה 1 מתוך 10");
  await expect(page.locator("fieldset")).toHaveAttribute("dir", "ltr");
  await expectAccessible(page);
  await page.goto("/test/Javascript");
  const quiz = quizzes.find((q) => q.key === "javascript")!;
  await expect(page.getByTestId("question-code")).toHaveText(quiz.questions[0]!.code!);
  await play(page, "javascript", "right", { of: "מתוך", next: "הבא" });
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
