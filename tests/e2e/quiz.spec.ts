import type { Locator, Page } from "@playwright/test";
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
      // On Hebrew pages the Hebrew text, its code between backticks shown without them.
      const text = labels.of === "of" ? question.question : question.he!.question.replaceAll("`", "");
      await expect(page.getByTestId("question-text")).toHaveText(text);
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
    await expect(page.getByTestId("well-done-text")).toHaveText("Keep going with the course on this topic.");
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

/** The direction the browser lays a element's text out in. */
const direction = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).direction);

test("in Hebrew the questions are in Hebrew, with code and identifiers kept left-to-right", async ({
  page,
}, testInfo) => {
  await page.goto("/test?lng=he");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("בחנו את הידע שלכם");
  // The four seeded quizzes come first (other tests may add quizzes after them to the shared database).
  await expect
    .poll(async () => (await page.getByTestId("question-count").allTextContents()).slice(0, 4))
    .toEqual(["20 שאלות", "15 שאלות", "15 שאלות", "10 שאלות"]);
  // The quizzes are named as the Hebrew pages name the languages everywhere else.
  await expect
    .poll(async () =>
      (await page.getByTestId("quiz-cards").getByRole("heading", { level: 3 }).allTextContents()).slice(0, 4),
    )
    .toEqual(["Java", "פול סטאק", "JavaScript", "React"]);
  await expectAccessible(page);

  // Java question 3: a Hebrew sentence naming `equals()`, `HashMap` and `HashSet`, options that are code.
  const java = quizzes.find((q) => q.key === "java")!;
  const attempt = await answerByRequest(page, "java", "skip", 2);
  await page.goto(`/test/java?attempt=${attempt}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Java");
  const card = page.locator("fieldset");
  await expect(card).toHaveAttribute("dir", "rtl");
  await expect(card).toHaveAttribute("lang", "he");
  const text = page.getByTestId("question-text");
  await expect(text).toHaveText(java.questions[2]!.he!.question.replaceAll("`", ""));
  expect(await direction(text)).toBe("rtl");
  const codes = text.locator("code");
  await expect(codes).toHaveText(["equals()", "HashMap", "HashSet"]);
  for (const code of await codes.all()) {
    await expect(code).toHaveAttribute("dir", "ltr");
    expect(await direction(code)).toBe("ltr");
  }
  // The question mark ends the Hebrew sentence: at its left, after the last code span.
  const mark = await text.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let last: Text | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.textContent) last = node as Text;
    const range = document.createRange();
    range.setStart(last!, last!.length - 1);
    range.setEnd(last!, last!.length);
    const codes = element.querySelectorAll("code");
    return {
      text: range.toString(),
      mark: range.getBoundingClientRect().right,
      code: codes[codes.length - 1]!.getBoundingClientRect().left,
    };
  });
  expect(mark.text).toBe("?");
  expect(mark.mark).toBeLessThanOrEqual(mark.code + 1);
  // Code answers in the code font, left-to-right.
  const option = page
    .locator("label")
    .filter({ has: page.getByTestId("option-3") })
    .locator("code");
  await expect(option).toHaveText("hashCode()");
  expect(await direction(option)).toBe("ltr");
  expect(await option.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/mono/i);
  await expectAccessible(page);

  // A question with a code block: the code reads left-to-right on the right-to-left page.
  const withCode = await answerByRequest(page, "java", "skip", 5, 2, attempt);
  await page.goto(`/test/java?attempt=${withCode}`);
  await expect(page.getByTestId("question-text")).toHaveText("מה מדפיס הקוד הזה?");
  const block = page.getByTestId("question-code");
  await expect(block).toHaveAttribute("dir", "ltr");
  expect(await direction(block)).toBe("ltr");
  // Prose answers in the text font; choosing one does not move anything.
  const prose = page.locator("label").filter({ has: page.getByTestId("option-1") });
  await expect(prose).toHaveText("שגיאת קומפילציה");
  expect(await prose.locator("span").evaluate((element) => getComputedStyle(element).fontFamily)).not.toMatch(/mono/i);
  // A Hebrew answer naming an exception: the name in the code font, left-to-right, inside the Hebrew.
  const mixed = page.locator("label").filter({ has: page.getByTestId("option-3") });
  await expect(mixed.locator("code")).toHaveText("ClassCastException");
  expect(await direction(mixed.locator("code"))).toBe("ltr");
  expect(await direction(mixed.locator("span"))).toBe("rtl");
  // Where each answer sits in the page (scrolling aside): the same before and after a choice.
  const layout = () =>
    card.evaluate((element) =>
      [element, ...element.querySelectorAll("label")].map((e) => {
        const box = e.getBoundingClientRect();
        return [box.left, box.top + window.scrollY, box.width, box.height];
      }),
    );
  const before = await layout();
  await page.getByTestId("option-1").check();
  await expect(page.getByTestId("option-1")).toBeChecked();
  expect(await layout()).toEqual(before);
  await expectAccessible(page);
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath(`hebrew-question-with-code-${width}.png`), fullPage: true });
  }
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
  // The review, in Hebrew: every question right, each with its explanation.
  const items = page.getByTestId("review-item");
  await expect(items).toHaveCount(total);
  await expect(items.getByTestId("review-mark")).toHaveText(Array(total).fill("נכון"));
  await expect(items.first().getByTestId("review-explanation")).toHaveText(
    quiz.questions[0]!.explanation!.he!.replaceAll("`", ""),
  );
});

test("the review after the result: each answer right or wrong, the right one and why; below 50 % the alert encourages", async ({
  page,
}, testInfo) => {
  const react = quizzes.find((q) => q.key === "react")!;
  // Questions 1–8 skipped, then 9 right and 10 wrong in the page: 1 of 10.
  const attempt = await answerByRequest(page, "react", "skip", 8);
  await page.goto(`/test/react?attempt=${attempt}`);
  await waitForHydration(page);
  // Not finished: no review, and nothing of it in the page.
  await expect(page.getByTestId("quiz-review")).toHaveCount(0);
  await page.getByTestId(`option-${react.questions[8]!.options.indexOf(react.questions[8]!.answer)}`).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("question-progress")).toHaveText("Question 10 of 10");
  const last = react.questions[9]!;
  const wrong = last.options.findIndex((o) => o !== last.answer);
  await page.getByTestId(`option-${wrong}`).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("result-percentage")).toHaveText("10%");

  const items = page.getByTestId("review-item");
  await expect(items).toHaveCount(10);
  await expect(items.getByTestId("review-mark")).toHaveText([...Array(8).fill("Skipped"), "Right", "Wrong"]);
  await expect(items.nth(0).getByTestId("review-chosen")).toHaveText("No answer chosen");
  await expect(items.nth(0).getByTestId("review-answer")).toHaveText(react.questions[0]!.answer);
  await expect(items.nth(8).getByTestId("review-answer")).toHaveCount(0);
  await expect(items.nth(9).getByTestId("review-chosen")).toHaveText(last.options[wrong]!);
  await expect(items.nth(9).getByTestId("review-answer")).toHaveText(last.answer);
  await expect(items.nth(9).getByTestId("review-explanation")).toHaveText(last.explanation!.en.replaceAll("`", ""));
  await expect(items.nth(9).getByTestId("review-explanation").locator("code")).toHaveText("memo");

  await expect(page.getByTestId("well-done")).toBeVisible({ timeout: 6000 });
  await expect(page.getByTestId("well-done-text")).toHaveText(
    "Every mistake is a lesson: read the answers below, watch the course and try again.",
  );
  await expectAccessible(page);
  await page.getByRole("link", { name: "Close" }).click();
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath(`review-en-${width}.png`), fullPage: true });
  }
});

test("in Hebrew the review explains in Hebrew with code left-to-right, and a score below 50 % is encouraged", async ({
  page,
}, testInfo) => {
  await page.goto("/test?lng=he");
  const java = quizzes.find((q) => q.key === "java")!;
  const attempt = await answerByRequest(page, "java", "skip", 19);
  await page.goto(`/test/java?attempt=${attempt}`);
  await waitForHydration(page);
  const last = java.questions[19]!;
  const wrong = last.options.findIndex((o) => o !== last.answer);
  await page.getByTestId(`option-${wrong}`).check();
  await page.getByRole("button", { name: "הבא" }).click();
  await expect(page.getByTestId("result-score")).toHaveText("0");

  const items = page.getByTestId("review-item");
  await expect(items).toHaveCount(20);
  await expect(items.getByTestId("review-mark")).toHaveText([...Array(19).fill("דילגתם"), "לא נכון"]);
  const item = items.nth(19);
  await expect(item.getByTestId("review-question")).toHaveText(last.he!.question.replaceAll("`", ""));
  await expect(item.getByTestId("review-chosen")).toHaveText(last.he!.options[wrong]!.replaceAll("`", ""));
  await expect(item.getByTestId("review-answer")).toHaveText(last.he!.options[last.options.indexOf(last.answer)]!);
  const explanation = item.getByTestId("review-explanation");
  await expect(explanation).toHaveText(last.explanation!.he!.replaceAll("`", ""));
  expect(await direction(explanation.locator("span").first())).toBe("rtl");
  const code = explanation.locator("code");
  await expect(code).toHaveText("System.gc()");
  await expect(code).toHaveAttribute("dir", "ltr");
  expect(await direction(code)).toBe("ltr");
  // A question with code in the review: its block left-to-right.
  const withCode = items.nth(0).getByTestId("question-code");
  await expect(withCode).toHaveAttribute("dir", "ltr");
  expect(await direction(withCode)).toBe("ltr");

  await expect(page.getByTestId("well-done-text")).toHaveText(
    "כל טעות היא שיעור: עברו על התשובות שלמטה, צפו בקורס ונסו שוב.",
    { timeout: 6000 },
  );
  await expectAccessible(page);
  await page.getByRole("link", { name: "סגירה" }).click();
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath(`review-he-${width}.png`), fullPage: true });
  }
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
