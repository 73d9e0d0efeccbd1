import type { Locator, Page } from "@playwright/test";
import { quizzes } from "../../content/quizzes.ts";
import { createLesson, createQuestion, createQuiz, createVideoList } from "../support/factories.ts";
import { withE2eDatabase } from "./catalogue-db.ts";
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

type Question = (typeof quizzes)[number]["questions"][number];

const squeeze = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();

/** Which of a quiz's questions these options and code are (two may share options: React's 4th and 5th). */
function questionOf(key: string, options: string[], code: string | null): Question {
  const found = quizzes
    .find((q) => q.key === key)!
    .questions.filter((q) => q.options.every((o) => options.includes(o)) && squeeze(q.code ?? null) === squeeze(code));
  expect(found, options.join(" | ")).toHaveLength(1);
  return found[0]!;
}

/** The question the page asks now (each attempt has its own order of questions and options). */
async function shownQuestion(page: Page, key: string): Promise<Question> {
  const radios = page.getByRole("radio");
  await expect(radios).toHaveCount(4);
  const options = await Promise.all((await radios.all()).map(async (radio) => (await radio.getAttribute("value"))!));
  const code = page.getByTestId("question-code");
  return questionOf(key, options, (await code.count()) > 0 ? await code.textContent() : null);
}

/** The radio of an option on the page (found by the value the form sends: its English text). */
async function radioFor(page: Page, option: string): Promise<Locator> {
  const radios = await page.getByRole("radio").all();
  for (const radio of radios) if ((await radio.getAttribute("value")) === option) return radio;
  throw new Error(`no radio for ${option}`);
}

/**
 * Plays a quiz from question `from + 1` to its end in the page. "right": checks each question's text
 * and its four unselected options, then picks the right option (read from the server's content).
 * "skip": goes through with Next only, waiting for each question by its progress line (the questions
 * themselves are checked by "right").
 */
async function play(page: Page, key: string, mode: "right" | "skip", labels = { of: "of", next: "Next" }, from = 0) {
  const total = quizzes.find((q) => q.key === key)!.questions.length;
  for (let i = from; i < total; i++) {
    await expect(page.getByTestId("question-progress")).toHaveText(
      `${labels.of === "of" ? "Question" : "שאלה"} ${i + 1} ${labels.of} ${total}`,
    );
    if (mode === "right") {
      const question = await shownQuestion(page, key);
      // On Hebrew pages the Hebrew text, its code between backticks shown without them.
      const text = labels.of === "of" ? question.question : question.he!.question.replaceAll("`", "");
      await expect(page.getByTestId("question-text")).toHaveText(text);
      await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
      // Pick a wrong one first, then change the mind: the selection can change.
      const wrong = await radioFor(
        page,
        question.options.find((o) => o !== question.answer)!,
      );
      await wrong.check();
      await (await radioFor(page, question.answer)).check();
      await expect(wrong).not.toBeChecked();
    }
    await page.getByRole("button", { name: labels.next }).click();
  }
}

function unescapeHtml(text: string): string {
  return text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** A step as the server's page has it, read without a browser page: its question and the form's `first`. */
async function stepByRequest(page: Page, key: string, attempt: string) {
  const html = await (await page.request.get(`/test/${key}${attempt ? `?attempt=${attempt}` : ""}`)).text();
  const options = [...html.matchAll(/<input[^>]*type="radio"[^>]*>/g)].map((m) =>
    unescapeHtml(/ value="([^"]*)"/.exec(m[0])![1]!),
  );
  const code = /data-testid="question-code"[^>]*>(?:<code[^>]*>)?([\s\S]*?)<\/(?:code|pre)>/.exec(html)?.[1];
  const first = /<input type="hidden" name="first" value="([^"]*)"/.exec(html)?.[1];
  return {
    question: questionOf(key, options, code === undefined ? null : unescapeHtml(code.replace(/<[^>]+>/g, ""))),
    first: first === undefined ? null : unescapeHtml(first),
  };
}

/**
 * Answers steps `from`…`to - 1` of an attempt (a new one without `attempt`) with the server's form
 * post, as a browser without JavaScript does, but without a page: setup for a test whose subject is
 * what comes after. "right" reads each step's question from its page first. Returns the attempt id.
 */
async function answerByRequest(
  page: Page,
  key: string,
  mode: "right" | "skip",
  to: number,
  from = 0,
  attempt = "",
): Promise<string> {
  for (let index = from; index < to; index++) {
    const form: Record<string, string> = { attempt, index: String(index) };
    if (mode === "right") {
      const step = await stepByRequest(page, key, attempt);
      form.option = step.question.answer;
      if (step.first) form.first = step.first;
    }
    const response = await page.request.post(`/test/${key}`, { form, maxRedirects: 0 });
    expect(response.status(), `question ${index + 1}`).toBe(302);
    attempt = new URL(response.headers().location!, "http://lomda.invalid").searchParams.get("attempt")!;
  }
  return attempt;
}

/**
 * Skips through new attempts by request until one is at `wanted` (past its first step, so the page
 * can be opened at it by its address). Returns that attempt's id.
 */
async function attemptAt(page: Page, key: string, wanted: Question): Promise<string> {
  const total = quizzes.find((q) => q.key === key)!.questions.length;
  for (;;) {
    let attempt = await answerByRequest(page, key, "skip", 1);
    for (let index = 1; index < total; index++) {
      if ((await stepByRequest(page, key, attempt)).question === wanted) return attempt;
      attempt = await answerByRequest(page, key, "skip", index + 1, index, attempt);
    }
  }
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
    await expect(page.getByTestId("result-verdict")).toHaveText("Not passed yet: the pass mark is 70 %.");

    await page.getByRole("link", { name: "Try Again" }).click();
    await expect(page.getByTestId("question-progress")).toHaveText(`Question 1 of ${total}`);
    await play(page, quiz.key, "right");
    const shownAt = Date.now();
    await expect(page.getByTestId("result-score")).toHaveText(String(total));
    await expect(page.getByTestId("result-percentage")).toHaveText("100%");
    await expect(page.getByTestId("result-verdict")).toHaveText("Passed: you reached the pass mark of 70 %.");
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

  // Java's third question: a Hebrew sentence naming `equals()`, `HashMap` and `HashSet`, options that are code.
  const java = quizzes.find((q) => q.key === "java")!;
  const attempt = await attemptAt(page, "java", java.questions[2]!);
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
  const option = page.locator("label").filter({ hasText: "hashCode()" }).locator("code");
  await expect(option).toHaveText("hashCode()");
  expect(await direction(option)).toBe("ltr");
  expect(await option.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/mono/i);
  await expectAccessible(page);

  // A question with a code block: the code reads left-to-right on the right-to-left page.
  const withCode = await attemptAt(page, "java", java.questions[5]!);
  await page.goto(`/test/java?attempt=${withCode}`);
  await expect(page.getByTestId("question-text")).toHaveText("מה מדפיס הקוד הזה?");
  const block = page.getByTestId("question-code");
  await expect(block).toHaveAttribute("dir", "ltr");
  expect(await direction(block)).toBe("ltr");
  // Prose answers in the text font; choosing one does not move anything.
  const prose = page.locator("label").filter({ hasText: "שגיאת קומפילציה" });
  await expect(prose).toHaveText("שגיאת קומפילציה");
  expect(await prose.locator("span").evaluate((element) => getComputedStyle(element).fontFamily)).not.toMatch(/mono/i);
  // A Hebrew answer naming an exception: the name in the code font, left-to-right, inside the Hebrew.
  const mixed = page.locator("label").filter({ hasText: "ClassCastException" });
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
  await prose.getByRole("radio").check();
  await expect(prose.getByRole("radio")).toBeChecked();
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
  // The first question in the page, the middle ones by request (the English test plays them all in
  // the page), the last in the page again.
  const total = quiz.questions.length;
  const firstQuestion = await shownQuestion(page, "javascript");
  if (firstQuestion.code) await expect(page.getByTestId("question-code")).toHaveText(firstQuestion.code);
  const first = page.waitForURL(/attempt=/);
  await (await radioFor(page, firstQuestion.answer)).check();
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
  // The review, in Hebrew: every question right, each with its explanation, in the attempt's order.
  const items = page.getByTestId("review-item");
  await expect(items).toHaveCount(total);
  await expect(items.getByTestId("review-mark")).toHaveText(Array(total).fill("נכון"));
  await expect(items.first().getByTestId("review-explanation")).toHaveText(
    firstQuestion.explanation!.he!.replaceAll("`", ""),
  );
});

test("the review before a pass: each answer right, wrong or skipped, never the right one; below the pass mark the alert encourages", async ({
  page,
}, testInfo) => {
  // Questions 1–8 skipped, then 9 right and 10 wrong in the page: 1 of 10.
  const attempt = await answerByRequest(page, "react", "skip", 8);
  await page.goto(`/test/react?attempt=${attempt}`);
  await waitForHydration(page);
  // Not finished: no review, and nothing of it in the page.
  await expect(page.getByTestId("quiz-review")).toHaveCount(0);
  const ninth = await shownQuestion(page, "react");
  await (await radioFor(page, ninth.answer)).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("question-progress")).toHaveText("Question 10 of 10");
  const last = await shownQuestion(page, "react");
  const wrong = last.options.find((o) => o !== last.answer)!;
  await (await radioFor(page, wrong)).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("result-percentage")).toHaveText("10%");

  const items = page.getByTestId("review-item");
  await expect(items).toHaveCount(10);
  await expect(page.getByTestId("review-intro")).toHaveText(
    "Each question with your answer and whether it was right. Pass with at least 70 % to see the right answers.",
  );
  await expect(items.getByTestId("review-mark")).toHaveText([...Array(8).fill("Skipped"), "Right", "Wrong"]);
  await expect(items.nth(0).getByTestId("review-chosen")).toHaveText("No answer chosen");
  // Not passed: no right answer the learner missed, nor why; what they got right, with why.
  await expect(page.getByTestId("review-answer")).toHaveCount(0);
  await expect(page.getByTestId("review-explanation")).toHaveCount(1);
  await expect(items.nth(8).getByTestId("review-chosen")).toHaveText(ninth.answer.replaceAll("`", ""));
  await expect(items.nth(8).getByTestId("review-explanation")).toHaveText(ninth.explanation!.en.replaceAll("`", ""));
  await expect(items.nth(9).getByTestId("review-chosen")).toHaveText(wrong.replaceAll("`", ""));
  // The wrong answer's entry says only what was chosen. (Not a text search for the right answer: with
  // shuffling it can be "1", which the question numbers and code also contain.)
  await expect(items.nth(9).locator("dd")).toHaveText([wrong.replaceAll("`", "")]);

  await expect(page.getByTestId("result-verdict")).toHaveText("Not passed yet: the pass mark is 70 %.");
  await expect(page.getByTestId("well-done")).toBeVisible({ timeout: 6000 });
  // Encouragement, not congratulations, for a fail.
  await expect(page.getByRole("alert")).not.toContainText("Well done!");
  await expect(page.getByRole("alert")).toContainText("Keep practising!");
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

test("in Hebrew the full review after a pass: the right answers and why, in Hebrew with code left-to-right", async ({
  page,
}, testInfo) => {
  await page.goto("/test?lng=he");
  // 19 right by request, the last one wrong in the page: 95 %, a pass.
  const attempt = await answerByRequest(page, "java", "right", 19);
  await page.goto(`/test/java?attempt=${attempt}`);
  await waitForHydration(page);
  const last = await shownQuestion(page, "java");
  const wrong = last.options.findIndex((o) => o !== last.answer);
  await (await radioFor(page, last.options[wrong]!)).check();
  await page.getByRole("button", { name: "הבא" }).click();
  await expect(page.getByTestId("result-score")).toHaveText("19");

  const items = page.getByTestId("review-item");
  await expect(items).toHaveCount(20);
  await expect(page.getByTestId("review-intro")).toHaveText("כל שאלה עם התשובה שלכם, התשובה הנכונה וההסבר.");
  await expect(items.getByTestId("review-mark")).toHaveText([...Array(19).fill("נכון"), "לא נכון"]);
  const item = items.nth(19);
  await expect(item.getByTestId("review-question")).toHaveText(last.he!.question.replaceAll("`", ""));
  await expect(item.getByTestId("review-chosen")).toHaveText(last.he!.options[wrong]!.replaceAll("`", ""));
  await expect(item.getByTestId("review-answer")).toHaveText(
    last.he!.options[last.options.indexOf(last.answer)]!.replaceAll("`", ""),
  );
  const explanation = item.getByTestId("review-explanation");
  await expect(explanation).toHaveText(last.explanation!.he!.replaceAll("`", ""));
  expect(await direction(explanation.locator("span").first())).toBe("rtl");
  // Code in an explanation: left-to-right inside the Hebrew.
  const code = page.getByTestId("review-explanation").locator("code").first();
  await expect(code).toHaveAttribute("dir", "ltr");
  expect(await direction(code)).toBe("ltr");
  // A question with code in the review: its block left-to-right.
  const withCode = page.getByTestId("review-item").getByTestId("question-code").first();
  await expect(withCode).toHaveAttribute("dir", "ltr");
  expect(await direction(withCode)).toBe("ltr");

  await expect(page.getByTestId("result-verdict")).toHaveText("עברתם: הגעתם לציון המעבר, 70%.");
  await expect(page.getByTestId("well-done-text")).toHaveText("המשיכו עם הקורס בנושא הזה.", { timeout: 6000 });
  await expect(page.getByRole("alert")).toContainText("כל הכבוד!");
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
  // The result leads back to that attempt's answers (D-L12).
  await history
    .getByRole("link", { name: /^React, .+: see your answers$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/test\/react\?attempt=[\w-]+$/);
  await expect(page.getByTestId("result-score")).toHaveText("0");
  await expect(page.getByTestId("review-item")).toHaveCount(10);
});

/**
 * A one-question quiz whose wrong first option is a long line of code; `listId`: attached to that
 * list, whose certificate then asks for it.
 */
async function longCodeQuiz(listId?: string): Promise<string> {
  const slug = `e2e-long-code-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  await withE2eDatabase(async (db) => {
    const quizId = await createQuiz(db, { slug, titleEn: "Locators", ...(listId ? { listId } : {}) });
    await createQuestion(db, quizId, {
      question: "Which assertion waits until the button shows?",
      option1: "expect(locator.visible).toBe(true)",
      option2: "await expect(locator).toBeVisible()",
      option3: "locator.isVisible()",
      option4: "page.waitForTimeout(1000)",
      answer: "2",
    });
  });
  return slug;
}

for (const locale of ["en", "he"] as const) {
  test(`a long code answer stays inside its review card at 360 px (${locale})`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const slug = await longCodeQuiz();
    // The server sees the new quiz within a second (its catalogue's version check).
    await expect.poll(async () => (await page.request.get(`/test/${slug}`)).status()).toBe(200);
    await page.goto(`/test/${slug}?lng=${locale}`);
    await waitForHydration(page);
    await (await radioFor(page, "expect(locator.visible).toBe(true)")).check();
    await page.getByRole("button", { name: locale === "he" ? "הבא" : "Next" }).click();
    await expect(page.getByTestId("review-chosen")).toHaveText("expect(locator.visible).toBe(true)");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // A pass: "100%" stays inside its result card too.
    await page.getByRole("link", { name: locale === "he" ? "לנסות שוב" : "Try Again" }).click();
    await expect(page.getByTestId("question-progress")).toBeVisible();
    await (await radioFor(page, "await expect(locator).toBeVisible()")).check();
    await page.getByRole("button", { name: locale === "he" ? "הבא" : "Next" }).click();
    await expect(page.getByTestId("result-percentage")).toHaveText("100%");
    const cards = page.getByTestId("quiz-result").locator(":scope > dl > div");
    expect(await cards.evaluateAll((divs) => divs.map((div) => div.scrollWidth <= div.clientWidth))).toEqual([
      true,
      true,
      true,
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
}

test("a pass of a list's quiz says it counts toward that list's certificate", async ({ learnerPage: page }) => {
  // A list the learner cannot watch whole (no free samples): the pass counts, but earns no certificate yet.
  const listSlug = `e2e-cert-list-${Date.now().toString(36)}`;
  let listId = "";
  await withE2eDatabase(async (db) => {
    listId = await createVideoList(db, { slug: listSlug, titleEn: "Locator basics", freeSamples: "0" });
    await createLesson(db, listId);
  });
  // Attached in the quiz editor's terms (issue 31, D-M10): its Watch Now then leads to the list too.
  const slug = await longCodeQuiz(listId);
  await expect.poll(async () => (await page.request.get(`/test/${slug}`)).status()).toBe(200);
  await page.goto(`/test/${slug}`);
  await waitForHydration(page);
  await (await radioFor(page, "await expect(locator).toBeVisible()")).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("result-verdict")).toHaveText(
    "Passed: you reached the pass mark of 70 %. This pass counts toward your certificate for “Locator basics”.",
  );
  await expect(page.getByRole("alert")).toContainText("Well done!", { timeout: 6000 });
  await expectAccessible(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("each step is a form post, the result shows, and the alert still appears after 3 s", async ({ page }) => {
    await page.goto("/test/react?lng=he");
    for (let i = 0; i < 10; i++) {
      await expect(page.getByTestId("question-progress")).toHaveText(`שאלה ${i + 1} מתוך 10`);
      if (i % 2 === 0) await (await radioFor(page, (await shownQuestion(page, "react")).answer)).check();
      await page.getByRole("button", { name: "הבא" }).click();
    }
    await expect(page.getByTestId("result-score")).toHaveText("5");
    await expect(page.getByTestId("result-percentage")).toHaveText("50%");
    // 50 % is below the pass mark: the verdict says so, and the alert encourages instead of congratulating.
    await expect(page.getByTestId("result-verdict")).toHaveText("עוד לא עברתם: ציון המעבר הוא 70%.");
    await expect(page.getByTestId("well-done")).toBeHidden();
    await expect(page.getByTestId("well-done")).toBeVisible({ timeout: 6000 });
    await expect(page.getByTestId("well-done")).not.toContainText("כל הכבוד!");
    await expect(page.getByTestId("well-done")).toContainText("ממשיכים להתאמן!");
    await page.getByRole("link", { name: "סגירה" }).click();
    await expect(page.getByTestId("well-done")).toHaveCount(0);
    await page.getByRole("link", { name: "לנסות שוב" }).click();
    await expect(page.getByTestId("question-progress")).toHaveText("שאלה 1 מתוך 10");
  });
});
