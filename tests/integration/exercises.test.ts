import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../setup/databases.ts";
import { createLesson, createSignedInUser } from "../support/factories.ts";
import { RateLimiter } from "../../app/lib/rate-limit.server.ts";
import { startApp, shown as withoutStrings } from "./harness.ts";

/** A page's text as read: tags and comments out, entities decoded, spaces collapsed. */
function shown(html: string): string {
  return withoutStrings(html)
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/**
 * Issue 34 (decision 0053): exercises are lessons. A learner submits on the lesson's own page (a
 * plain form, no JavaScript), the server grades it (the grading engine), keeps the attempt and
 * completes the lesson on a pass; hidden tests keep their messages; the solution opens after a pass
 * or the configured attempts; submissions are bounded and rate-limited; the builder's check refuses
 * an exercise whose solution fails or whose starter passes. The demo's practice list is used.
 */
describe.each(DIALECTS)("exercises on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let learner: Awaited<ReturnType<typeof createSignedInUser>>;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  beforeAll(async () => {
    app = await startApp({}, dialect);
    learner = await createSignedInUser(app.db, "learner");
    admin = await createSignedInUser(app.db, "admin");
  });
  afterAll(async () => app?.stop());

  const get = (path: string, cookie?: string) =>
    fetch(`${app.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  const post = (path: string, cookie: string | undefined, body: Record<string, string>) =>
    fetch(`${app.url}${path}`, {
      method: "POST",
      headers: cookie ? { cookie } : {},
      body: new URLSearchParams(body),
      redirect: "manual",
    });
  const submit = (lesson: string, cookie: string | undefined, code: string, query = "") =>
    post(`/lesson/practice/${lesson}${query}`, cookie, { intent: "submit", code });
  const lessonId = async (slug: string) =>
    (
      await app.db
        .selectFrom("lessons")
        .innerJoin("video_lists", "video_lists.id", "lessons.list_id")
        .select("lessons.id")
        .where("video_lists.slug", "=", "practice")
        .where("lessons.slug", "=", slug)
        .executeTakeFirstOrThrow()
    ).id;
  const attemptsOf = async (userId: string, slug: string) =>
    app.db
      .selectFrom("exercise_attempts")
      .selectAll()
      .where("user_id", "=", userId)
      .where("lesson_id", "=", await lessonId(slug))
      .execute();
  const watched = async (userId: string, slug: string) =>
    (
      await app.db
        .selectFrom("lesson_progress")
        .select("watched_at")
        .where("user_id", "=", userId)
        .where("lesson_id", "=", await lessonId(slug))
        .executeTakeFirst()
    )?.watched_at ?? null;

  it("shows a JavaScript exercise as a lesson of its list, instructions and a left-to-right text area", async () => {
    const response = await get("/lesson/practice/square-the-evens", learner.cookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Lesson 1 of 3");
    expect(html).toMatch(/<textarea[^>]*id="exercise-code"[^>]*dir="ltr"/);
    expect(html).toContain('<label for="exercise-code"');
    expect(html).toMatch(/<code dir="ltr"[^>]*>squareEvens\(numbers\)<\/code>/);
    expect(html).toContain("0 of 3 lessons watched");
    // Before any attempt, no solution.
    expect(html).not.toContain("numbers.filter(");
    // Passing completes it: no "Mark as complete" bookmark (its POST would be taken as a submission),
    // and no empty "About this lesson".
    expect(html).not.toContain('data-testid="mark-note"');
    expect(html).not.toContain(">Mark as complete<");
    expect(html).not.toContain(">About this lesson</h2>");
    // Search engines are told it is an exercise, not a video.
    expect(html).toContain('"learningResourceType":"exercise"');
    expect(html).not.toContain("VideoObject");
    // Its list's page offers it as an exercise, leading to its page.
    const listPage = await (await get("/courses/practice", learner.cookie)).text();
    expect(listPage).toContain('data-testid="video-exercise"');
    expect(listPage).toContain('href="/lesson/practice/square-the-evens"');
    const hebrew = await (await get("/lesson/practice/square-the-evens?lng=he", learner.cookie)).text();
    expect(hebrew).toContain("שיעור 1 מתוך 3");
    expect(hebrew).toContain("כתבו את הפונקציה");
  });

  it("gives the browser's Run the visible tests only: JavaScript's as written, SQL's as rows, never the teacher's query", async () => {
    const fresh = await createSignedInUser(app.db, "learner");
    const js = await (await get("/lesson/practice/square-the-evens", fresh.cookie)).text();
    // The visible tests' code is on the page (Run needs it); the hidden test's is not.
    expect(js).toContain("keeps the even numbers, squared");
    expect(js).toContain("assert.deepEqual(squareEvens([1, 2, 3, 4]), [4, 16]);");
    expect(js).not.toContain("negative numbers");
    expect(js).not.toContain("-2, -3, 0");
    const page = await (await get("/lesson/practice/books-per-author", fresh.cookie)).text();
    expect(page).toContain("books per author, most first");
    expect(page).toContain("expected");
    // The test's expected query is the answer: its rows go to the page, not its text.
    expect(page).not.toMatch(/GROUP BY a\.id, a\.name ORDER BY books DESC/);
    expect(page).not.toContain("COUNT(*) AS books");
  });

  it("tells a wrong JavaScript answer which test failed and why, hides hidden tests' messages, and completes the lesson on a right one", async () => {
    const wrong = await submit("square-the-evens", learner.cookie, "function squareEvens(numbers) { return numbers; }");
    expect(wrong.status).toBe(200);
    const raw = await wrong.text();
    const text = shown(raw);
    expect(text).toContain("Some tests failed.");
    expect(text).toContain("Failed: keeps the even numbers, squared");
    expect(text).toContain("expected [4, 16], got [1, 2, 3, 4]");
    expect(text).toContain("Hidden test 1: failed");
    // The hidden test's name, code and message never reach the page (markup or its data).
    expect(raw).not.toContain("negative numbers");
    expect(raw).not.toContain("-2, -3, 0");
    expect(raw).not.toContain("got [0]");
    expect(await watched(learner.user.id, "square-the-evens")).toBeNull();

    const right = await submit(
      "square-the-evens",
      learner.cookie,
      "function squareEvens(numbers) {\n  return numbers.filter((n) => n % 2 === 0).map((n) => n * n);\n}",
    );
    expect(right.status).toBe(200);
    expect(shown(await right.text())).toContain("All tests passed. Well done!");
    expect(await watched(learner.user.id, "square-the-evens")).not.toBeNull();
    const attempts = await attemptsOf(learner.user.id, "square-the-evens");
    expect(attempts.map((a) => a.verdict).sort()).toEqual(["failed", "passed"]);
    expect(JSON.parse(attempts.find((a) => a.verdict === "failed")!.failed_tests)).toContain("negative numbers");
    // It counts as a watched lesson of its list, and the solution is open now.
    const page = await (await get("/lesson/practice/square-the-evens", learner.cookie)).text();
    expect(page).toContain("1 of 3 lessons watched");
    expect(page).toContain('data-testid="exercise-passed"');
    expect(page).toContain("numbers.filter(");
  });

  it("grades SQL on the server: a wrong query fails with its reason, a JOIN with GROUP BY passes and completes", async () => {
    const other = await createSignedInUser(app.db, "learner");
    const wrong = await submit("books-per-author", other.cookie, "SELECT name, 1 AS books FROM authors ORDER BY name;");
    expect(wrong.status).toBe(200);
    const text = shown(await wrong.text());
    expect(text).toContain("Failed: books per author, most first");
    expect(await watched(other.user.id, "books-per-author")).toBeNull();
    const hebrew = await submit("books-per-author", other.cookie, "SELECT nonsense FROM nowhere;", "?lng=he");
    expect(shown(await hebrew.text())).toMatch(/נכשל|נעצר בשגיאה/);
    const right = await submit(
      "books-per-author",
      other.cookie,
      "SELECT a.name, COUNT(b.id) AS books FROM authors a JOIN books b ON b.author_id = a.id GROUP BY a.id, a.name ORDER BY books DESC, a.name",
    );
    expect(shown(await right.text())).toContain("All tests passed. Well done!");
    expect(await watched(other.user.id, "books-per-author")).not.toBeNull();
  });

  it("counts passed exercises toward the list's certificate, as watched lessons", async () => {
    const other = await createSignedInUser(app.db, "learner");
    const certificates = () =>
      app.db.selectFrom("certificates").select("list_id").where("user_id", "=", other.user.id).execute();
    await submit(
      "square-the-evens",
      other.cookie,
      "function squareEvens(a) { return a.filter((n) => n % 2 === 0).map((n) => n * n); }",
    );
    await submit(
      "fizzbuzz",
      other.cookie,
      'function fizzBuzz(n) { return Array.from({ length: n }, (_, i) => ((i + 1) % 15 === 0 ? "FizzBuzz" : (i + 1) % 3 === 0 ? "Fizz" : (i + 1) % 5 === 0 ? "Buzz" : String(i + 1))); }',
    );
    expect(await certificates()).toHaveLength(0);
    const page = await (await get("/lesson/practice/books-per-author", other.cookie)).text();
    expect(page).toContain("2 of 3 lessons watched");
    await submit(
      "books-per-author",
      other.cookie,
      "SELECT a.name, COUNT(*) AS books FROM authors a JOIN books b ON b.author_id = a.id GROUP BY a.id, a.name ORDER BY books DESC, a.name",
    );
    expect(await certificates()).toHaveLength(1);
  });

  it("shows a run's console output as text, cut short with a note", async () => {
    const other = await createSignedInUser(app.db, "learner");
    const response = await submit(
      "fizzbuzz",
      other.cookie,
      'console.log("<img src=x onerror=alert(1)>"); for (let i = 0; i < 5000; i++) console.log("line " + i);\nfunction fizzBuzz(n) { return []; }',
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toContain("<img src=x");
    expect(shown(html)).toContain("The output was cut short.");
    expect(shown(html)).not.toContain("line 4999");
  });

  it("opens the solution after the configured failed attempts, not before", async () => {
    const other = await createSignedInUser(app.db, "learner");
    const solution = "i % 15 === 0";
    for (let i = 0; i < 2; i++) await submit("fizzbuzz", other.cookie, "function fizzBuzz(n) { return []; }");
    expect(await (await get("/lesson/practice/fizzbuzz", other.cookie)).text()).not.toContain(solution);
    await submit("fizzbuzz", other.cookie, "function fizzBuzz(n) { return []; }");
    const page = await (await get("/lesson/practice/fizzbuzz", other.cookie)).text();
    expect(page).toContain(solution);
    expect(await watched(other.user.id, "fizzbuzz")).toBeNull();
  });

  it("refuses an empty or too large answer and a visitor's, with translated 4xx, storing nothing", async () => {
    const other = await createSignedInUser(app.db, "learner");
    const empty = await submit("fizzbuzz", other.cookie, "   ");
    expect(empty.status).toBe(400);
    expect(shown(await empty.text())).toContain("Write your answer before submitting.");
    const large = await submit("fizzbuzz", other.cookie, "x".repeat(20_001), "?lng=he");
    expect(large.status).toBe(413);
    expect(shown(await large.text())).toContain("התשובה ארוכה מדי");
    const visitor = await submit("fizzbuzz", undefined, "function fizzBuzz() {}");
    expect(visitor.status).toBe(401);
    expect(await attemptsOf(other.user.id, "fizzbuzz")).toHaveLength(0);
  });

  it("rate-limits a learner's submissions", async () => {
    const other = await createSignedInUser(app.db, "learner");
    // The learner's window already full (the same limiter the app uses: 20 a minute).
    const limiter = new RateLimiter(app.db, "exercise-submit", 20, 60_000);
    for (let i = 0; i < 20; i++) await limiter.consume(other.user.id);
    const refused = await submit("fizzbuzz", other.cookie, "function fizzBuzz(n) { return []; }");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(shown(await refused.text())).toContain("Too many submissions.");
    expect(await attemptsOf(other.user.id, "fizzbuzz")).toHaveLength(0);
  });

  it("has the builder's check refuse a failing solution and a passing starter, and keep such an exercise off the site", async () => {
    const list = await app.db
      .selectFrom("video_lists")
      .select("id")
      .where("slug", "=", "practice")
      .executeTakeFirstOrThrow();
    // A lesson without a video, made as the course builder makes one.
    const id = await createLesson(app.db, list.id, { slug: "double-it", titleEn: "Double it", youtube: "" });
    const form = (over: Record<string, string>) => ({
      language: "javascript",
      instructions_en: "Write `double(n)`.",
      instructions_he: "",
      starter: "function double(n) {}",
      solution: "function double(n) { return n * 2; }",
      sql_schema: "",
      test_rows: "2",
      test_name_0: "doubles 2",
      test_code_0: "assert.equal(double(2), 4);",
      test_name_1: "",
      test_code_1: "",
      hints_en: "",
      hints_he: "",
      attempts_before_solution: "3",
      ...over,
    });
    const page = `/admin/courses/lesson/${id}/exercise`;
    const failing = await post(
      page,
      admin.cookie,
      form({ intent: "check", solution: "function double(n) { return n + 1; }" }),
    );
    expect(failing.status).toBe(422);
    expect(shown(await failing.text())).toContain("The teacher's solution fails a test.");
    const passingStarter = await post(
      page,
      admin.cookie,
      form({ intent: "save", starter: "function double(n) { return 2 * n; }" }),
    );
    expect(passingStarter.status).toBe(422);
    expect(shown(await passingStarter.text())).toContain("The starter code already passes every test.");
    const hebrew = await post(
      `${page}?lng=he`,
      admin.cookie,
      form({ intent: "check", solution: "function double(n) { return 0; }" }),
    );
    expect(shown(await hebrew.text())).toContain("הפתרון של המורה נכשל בבדיקה.");
    // Saved as a draft, never public.
    const row = await app.db
      .selectFrom("lesson_exercises")
      .selectAll()
      .where("lesson_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.checked_at).toBeNull();
    expect((await get("/lesson/practice/double-it", learner.cookie)).status).toBe(404);
    // Bad form input: a translated 400.
    const noTests = await post(page, admin.cookie, form({ intent: "check", test_name_0: "", test_code_0: "" }));
    expect(noTests.status).toBe(400);
    expect(shown(await noTests.text())).toContain("Give at least one test");
    // Once it passes the check it is saved as public.
    const good = await post(page, admin.cookie, form({ intent: "save" }));
    expect(good.status).toBe(200);
    expect(shown(await good.text())).toContain("Saved. The check passed");
    const checked = await app.db
      .selectFrom("lesson_exercises")
      .select("checked_at")
      .where("lesson_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(checked.checked_at).not.toBeNull();
    // A learner cannot use the builder.
    expect((await post(page, learner.cookie, form({ intent: "check" }))).status).toBeGreaterThanOrEqual(400);
  });

  it("shows the teacher how learners fare: tried, passed, median attempts, the tests failed most", async () => {
    const html = shown(
      await (await get(`/admin/courses/lesson/${await lessonId("square-the-evens")}/exercise`, admin.cookie)).text(),
    );
    expect(html).toContain("How learners do");
    // Two learners did it: one at the second attempt, one at the first.
    expect(html).toMatch(/Tried it\s*2/);
    expect(html).toMatch(/Passed\s*2/);
    expect(html).toMatch(/Median attempts to pass\s*1\.5/);
    expect(html).toMatch(/keeps the even numbers, squared\s*failed 1 time/);
  });
});
