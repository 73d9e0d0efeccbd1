import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quizzes } from "../../content/quizzes.ts";
import { CookieJar, hop } from "../support/cookie-jar.ts";
import { startApp } from "./harness.ts";

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
      const res = await post(jar, location, {
        ...(attempt ? { attempt } : {}),
        index: String(i),
        option: quiz.questions[i]!.answer,
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
    // Once finished, the result comes with the review: every question, right, with why.
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
