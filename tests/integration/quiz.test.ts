import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quizzes } from "../../content/quizzes.ts";
import { CookieJar, hop } from "../support/cookie-jar.ts";
import { createSignedInUser } from "../support/factories.ts";
import { startApp } from "./harness.ts";

type Question = (typeof quizzes)[number]["questions"][number];

function unescapeHtml(text: string): string {
  return text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** The question a page asks, known by its four options (whatever order they are shown in). */
function questionOnPage(questions: Question[], html: string): Question {
  const values = [...html.matchAll(/<input[^>]*type="radio"[^>]*>/g)].map((m) =>
    unescapeHtml(/ value="([^"]*)"/.exec(m[0])![1]!),
  );
  expect(values).toHaveLength(4);
  // Two questions may share their options (React's 4th and 5th): their code tells them apart.
  const text = unescapeHtml(html.replace(/<[^>]+>/g, ""));
  const found = questions.filter(
    (q) =>
      q.options.length === 4 &&
      q.options.every((o) => values.includes(o)) &&
      text.includes(q.question.replaceAll("`", "")) &&
      (!q.code || text.includes(q.code)),
  );
  expect(found, values.join(" | ")).toHaveLength(1);
  return found[0]!;
}

const wrongOption = (question: Question) => question.options.find((o) => o !== question.answer)!;

describe("quizzes over HTTP", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => app.stop());

  const post = (jar: CookieJar, path: string, fields: Record<string, string>) =>
    hop(jar, `${app.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: new URLSearchParams(fields).toString(),
    });

  /**
   * Plays a quiz through its pages as a browser without JavaScript does: each step's question is
   * recognised by its four options (the order is the attempt's own), `choose` picks an option (or
   * null: Next without a choice). Returns the address of the result and the pages of the questions.
   */
  async function playThrough(
    jar: CookieJar,
    key: string,
    choose: (question: Question, step: number) => string | null,
  ): Promise<{ result: string; pages: string[]; shown: Question[] }> {
    const quiz = quizzes.find((q) => q.key === key)!;
    const pages: string[] = [];
    const shown: Question[] = [];
    let location = `/test/${key}`;
    for (let step = 0; step < quiz.questions.length; step++) {
      const html = await (await hop(jar, `${app.url}${location}`)).text();
      pages.push(html);
      expect(html).toContain(`Question ${step + 1} of ${quiz.questions.length}`);
      const question = questionOnPage(quiz.questions, html);
      shown.push(question);
      const attempt = new URL(location, app.url).searchParams.get("attempt");
      const first = /<input type="hidden" name="first" value="([^"]*)"/.exec(html)?.[1];
      const option = choose(question, step);
      const res = await post(jar, location, {
        ...(attempt ? { attempt } : {}),
        ...(first ? { first: unescapeHtml(first) } : {}),
        index: String(step),
        ...(option === null ? {} : { option }),
      });
      pages.push(await res.text());
      expect(res.status).toBe(302);
      location = res.headers.get("location")!;
    }
    return { result: location, pages, shown };
  }

  it("links each result on the profile to that attempt's answers, which only their owner sees (D-L12)", async () => {
    const signedIn = async () => {
      const jar = new CookieJar();
      jar.set("lomda_session", (await createSignedInUser(app.db, "learner")).sessionId);
      return jar;
    };
    const owner = await signedIn();
    const { result } = await playThrough(owner, "react", () => null);
    const attempt = new URL(result, app.url).searchParams.get("attempt")!;
    const profile = await (await hop(owner, `${app.url}/profile`)).text();
    expect(profile).toContain(`href="/test/react?attempt=${attempt}"`);
    expect(profile).toMatch(/aria-label="React, [^"]+: see your answers"/);
    expect(await (await hop(owner, `${app.url}${result}`)).text()).toMatch(/data-testid="result-score">0</);
    // Anyone else — another learner, a visitor — gets a new attempt's first question, not these answers.
    for (const other of [await signedIn(), new CookieJar()]) {
      const html = await (await hop(other, `${app.url}${result}`)).text();
      expect(html).not.toContain('data-testid="result-score"');
      expect(html).not.toContain('data-testid="review-item"');
      expect(html).toContain("Question 1 of 10");
    }
    // Nor may another go on with a signed-in learner's unfinished attempt.
    const started = await post(owner, "/test/react", { index: "0" });
    const unfinished = new URL(started.headers.get("location")!, app.url).searchParams.get("attempt")!;
    const intruder = await post(await signedIn(), `/test/react?attempt=${unfinished}`, {
      attempt: unfinished,
      index: "1",
    });
    expect(intruder.status).toBe(404);
    const row = await app.db
      .selectFrom("quiz_attempts")
      .select("current_index")
      .where("id", "=", unfinished)
      .executeTakeFirstOrThrow();
    expect(row.current_index).toBe(1);
  });

  it("lists the four tests with their sizes, and serves each (also as /test/React and /test/Javascript)", async () => {
    const html = await (await fetch(`${app.url}/test`)).text();
    for (const [key, n] of [
      ["java", 20],
      ["fullstack", 15],
      ["javascript", 15],
      ["react", 10],
    ] as const) {
      expect(html).toContain(`href="/test/${key}"`);
      expect(html).toContain(`${n} questions`);
    }
    for (const path of [
      "/test/java",
      "/test/fullstack",
      "/test/javascript",
      "/test/react",
      "/test/React",
      "/test/Javascript",
    ]) {
      const res = await fetch(`${app.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain("Question 1 of");
    }
    expect((await fetch(`${app.url}/test/cobol`)).status).toBe(404);
  });

  it("plays a whole quiz without any answer leaving the server, in HTML or in loader data", async () => {
    const quiz = quizzes.find((q) => q.key === "javascript")!;
    const jar = new CookieJar();
    const bodies: string[] = [];
    let location = "/test/javascript";
    for (let i = 0; i < quiz.questions.length; i++) {
      const page = await hop(jar, `${app.url}${location}`);
      const html = await page.text();
      bodies.push(html);
      const data = await hop(jar, `${app.url}${location.replace("/test/javascript", "/test/javascript.data")}`);
      bodies.push(await data.text());
      expect(html).toContain(`Question ${i + 1} of 15`);
      // Four radios rendered the same way: nothing marks the right one.
      const radios = [...html.matchAll(/<input[^>]*type="radio"[^>]*>/g)].map((m) =>
        m[0].replace(/value="[^"]*"|data-testid="option-\d"/g, ""),
      );
      expect(radios).toHaveLength(4);
      expect(new Set(radios).size).toBe(1);
      const attempt = new URL(location, app.url).searchParams.get("attempt");
      const first = /<input type="hidden" name="first" value="([^"]*)"/.exec(html)?.[1];
      const res = await post(jar, location, {
        ...(attempt ? { attempt } : {}),
        ...(first ? { first: unescapeHtml(first) } : {}),
        index: String(i),
        option: questionOnPage(quiz.questions, html).answer,
      });
      bodies.push(await res.text());
      expect(res.status).toBe(302);
      location = res.headers.get("location")!;
    }
    // Every page before the result, and the answers' posts, carry no answer.
    for (const body of bodies) {
      expect(body).not.toMatch(/\\?["']answer\\?["']/i);
      expect(body).not.toMatch(/isCorrect|is_correct|data-correct|data-mark|explanation/i);
      expect(body).not.toContain(quiz.questions[0]!.explanation!.en);
    }
    const result = await (await hop(jar, `${app.url}${location}`)).text();
    expect(result).toMatch(/data-testid="result-score">15</);
    // Passed: the result comes with the whole review, every question right, with why.
    expect([...result.matchAll(/data-testid="review-item" data-mark="right"/g)]).toHaveLength(15);
    expect(result).toContain("Each question with your answer, the right answer and why.");
    expect(result).toMatch(/data-testid="result-total">15</);
    expect(result).toContain("100%");
    expect(result).toContain('href="/cources/programming/javascript"');
    // The browser bundle holds no question at all.
    const html = bodies[0]!;
    for (const src of html.matchAll(/src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.js)"/g)) {
      const js = await (await fetch(`${app.url}${src[1] ?? src[2]}`)).text();
      expect(js).not.toContain(quiz.questions[0]!.question);
    }
  });

  it("before a pass, the review says which answers were wrong or skipped and never the right ones, in the page or its data", async () => {
    const quiz = quizzes.find((q) => q.key === "react")!;
    // A visitor skips every question: the attempt is finished, at 0 %.
    const { result } = await playThrough(new CookieJar(), "react", () => null);
    const html = await (await fetch(`${app.url}${result}`)).text();
    const data = await (await fetch(`${app.url}${result.replace("/test/react", "/test/react.data")}`)).text();
    expect(html).toMatch(/data-testid="result-score">0</);
    expect([...html.matchAll(/data-testid="review-item" data-mark="skipped"/g)]).toHaveLength(10);
    expect(html).not.toContain('data-testid="review-answer"');
    expect(html).toContain("Pass with at least 70 % to see the right answers.");
    // Not one right option in the loader data (the review names only what the learner chose).
    expect(data).not.toMatch(/"answer"/);
    for (const question of quiz.questions) {
      const shownElsewhere = quiz.questions.some((q) => q.question === question.answer || q.code === question.answer);
      if (!shownElsewhere) expect(data, question.answer).not.toContain(JSON.stringify(question.answer));
    }
    // Nor why: an explanation explains the right answer.
    expect(html).not.toContain('data-testid="review-explanation"');

    // A passing attempt (8 of 10) has the full review: the right option beside each wrong one, and why.
    const passed = await playThrough(new CookieJar(), "react", (question, step) =>
      step < 2 ? wrongOption(question) : question.answer,
    );
    const full = await (await fetch(`${app.url}${passed.result}`)).text();
    expect(full).toMatch(/data-testid="result-percentage"><bdi>80%</);
    expect(full).toContain("Each question with your answer, the right answer and why.");
    expect([...full.matchAll(/data-testid="review-item" data-mark="wrong"/g)]).toHaveLength(2);
    expect([...full.matchAll(/data-testid="review-answer"/g)]).toHaveLength(2);
    expect([...full.matchAll(/data-testid="review-explanation"/g)]).toHaveLength(10);
  });

  it("shuffles the questions and their options for each attempt, and grades each answer by its text", async () => {
    const attempts: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { result, shown } = await playThrough(new CookieJar(), "react", (question) => question.answer);
      expect(await (await fetch(`${app.url}${result}`)).text()).toMatch(/data-testid="result-score">10</);
      expect(new Set(shown.map((q) => q.question + q.options.join())).size).toBe(10);
      attempts.push(new URL(result, app.url).searchParams.get("attempt")!);
    }
    const rows = await app.db
      .selectFrom("quiz_attempts")
      .select(["id", "layout"])
      .where("id", "in", attempts)
      .execute();
    const layouts = rows.map((row) => JSON.parse(row.layout!) as { q: string; o: number[] }[]);
    expect(layouts).toHaveLength(3);
    for (const layout of layouts) {
      expect(layout).toHaveLength(10);
      expect(new Set(layout.map((step) => step.q)).size).toBe(10);
      for (const step of layout) expect([...step.o].sort()).toEqual([0, 1, 2, 3]);
    }
    // Three attempts in the same order of questions and options: one chance in (10! × 24^10)².
    expect(new Set(layouts.map((layout) => JSON.stringify(layout))).size).toBe(3);
  });

  it("refuses bad input with 4xx and changes nothing", async () => {
    const jar = new CookieJar();
    const start = await post(jar, "/test/react", { index: "0" });
    const attempt = new URL(start.headers.get("location")!, app.url).searchParams.get("attempt")!;
    const bad: [Record<string, string>, number][] = [
      [{ attempt, index: "10" }, 400],
      [{ attempt, index: "-1" }, 400],
      [{ attempt, index: "one" }, 400],
      [{ attempt, index: "1", option: "<script>alert(1)</script>" }, 400],
      [{ attempt, index: "0" }, 409],
      [{ attempt, index: "5" }, 409],
      [{ attempt: "nope-nope-nope-nope", index: "1" }, 404],
      [{ index: "3" }, 409],
    ];
    for (const [fields, status] of bad) {
      const res = await post(jar, `/test/react?attempt=${attempt}`, fields);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      const html = await res.text();
      expect(html, JSON.stringify(fields)).toContain(
        {
          400: "Please choose one of the listed answers.",
          404: "This test attempt is no longer open",
          409: "That answer was for another step of this test",
        }[status]!,
      );
    }
    const row = await app.db
      .selectFrom("quiz_attempts")
      .select(["current_index", "score"])
      .where("id", "=", attempt)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ current_index: 1, score: 0 });
    const cross = await hop(jar, `${app.url}/test/react?attempt=${attempt}`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: `attempt=${attempt}&index=1`,
    });
    expect(cross.status).toBe(403);
  });
});
