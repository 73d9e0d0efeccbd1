import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, DIALECTS, type TestDb } from "../../tests/setup/databases.ts";
import { createUser } from "../../tests/support/factories.ts";
import {
  ensureCatalogueFresh,
  findQuiz,
  loadCatalogueSnapshot,
  type CatalogueSnapshot,
  type QuizEntry,
} from "./catalogue.server";
import { answerQuestion, percentage, questionView, quizHistory, QuizInputError, reviewAttempt } from "./quiz.server";

describe("quiz arithmetic", () => {
  it("computes percentages with at most two decimals", () => {
    expect(percentage(1, 3)).toBe(33.33);
    expect(percentage(2, 3)).toBe(66.67);
    expect(percentage(15, 15)).toBe(100);
    expect(percentage(0, 20)).toBe(0);
  });
});

describe.each(DIALECTS)("quiz attempts on %s", (dialect) => {
  let t: TestDb;
  let userId: string;
  let catalogue: CatalogueSnapshot;
  let react: QuizEntry;
  let java: QuizEntry;
  beforeAll(async () => {
    t = await createTestDb(dialect);
    userId = (await createUser(t.db)).id;
    catalogue = await ensureCatalogueFresh(t.db);
    react = findQuiz(catalogue, "react")!;
    java = findQuiz(catalogue, "java")!;
  });
  afterAll(async () => t.destroy());

  it("sends the browser questions and options, never the answer", () => {
    const view = questionView(java, 0);
    expect(Object.keys(view).sort()).toEqual(["code", "index", "options", "question"]);
    expect(JSON.stringify(view)).not.toContain('"answer"');
  });

  it("finds quizzes by slug in any case, and nothing else", () => {
    expect(findQuiz(catalogue, "React")?.slug).toBe("react");
    expect(findQuiz(catalogue, "Javascript")?.slug).toBe("javascript");
    expect(findQuiz(catalogue, "cobol")).toBeUndefined();
  });

  it("grades by exact equality, counts a skip as wrong, and finishes after the last question", async () => {
    let attempt = await answerQuestion(t.db, react, {
      attemptId: null,
      index: 0,
      option: react.questions[0]!.answer,
      userId,
    });
    expect(attempt).toMatchObject({ current_index: 1, score: 1, finished_at: null });
    attempt = await answerQuestion(t.db, react, { attemptId: attempt.id, index: 1, option: null, userId });
    expect(attempt.score).toBe(1);
    const wrong = react.questions[2]!.options.find((o) => o !== react.questions[2]!.answer)!;
    attempt = await answerQuestion(t.db, react, { attemptId: attempt.id, index: 2, option: wrong, userId });
    expect(attempt.score).toBe(1);
    for (let i = 3; i < 10; i++)
      attempt = await answerQuestion(t.db, react, {
        attemptId: attempt.id,
        index: i,
        option: react.questions[i]!.answer,
        userId,
      });
    expect(attempt).toMatchObject({ current_index: 10, score: 8 });
    expect(attempt.finished_at).not.toBeNull();
    const history = await quizHistory(t.db, userId);
    expect(history[0]).toMatchObject({ quiz: "react", score: 8, total: 10, percentage: 80 });
  });

  it("refuses bad input and changes nothing", async () => {
    const attempt = await answerQuestion(t.db, java, { attemptId: null, index: 0, option: null, userId: null });
    const refuse = async (input: Partial<Parameters<typeof answerQuestion>[2]>, status: number) => {
      const error = await answerQuestion(t.db, java, {
        attemptId: attempt.id,
        index: 1,
        option: null,
        userId: null,
        ...input,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(QuizInputError);
      expect((error as QuizInputError).status).toBe(status);
    };
    await refuse({ index: 20 }, 400); // out of range
    await refuse({ index: -1 }, 400);
    await refuse({ index: 1.5 }, 400);
    await refuse({ option: "not one of the options" }, 400);
    const fromAnotherQuestion = java.questions
      .flatMap((q) => q.options)
      .find((o) => !java.questions[1]!.options.includes(o))!;
    await refuse({ option: fromAnotherQuestion }, 400); // a real option, but of another question
    await refuse({ index: 0 }, 409); // already answered
    await refuse({ index: 2 }, 409); // not yet
    await refuse({ attemptId: "unknown-attempt-id-000" }, 404);
    await refuse({ attemptId: null, index: 3 }, 409); // a new attempt starts at question 1
    const row = await t.db
      .selectFrom("quiz_attempts")
      .selectAll()
      .where("id", "=", attempt.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ current_index: 1, score: 0, finished_at: null });
  });

  it("counts a double submit of the same question once", async () => {
    const attempt = await answerQuestion(t.db, java, { attemptId: null, index: 0, option: null, userId: null });
    const results = await Promise.allSettled(
      [1, 2, 3].map(() =>
        answerQuestion(t.db, java, {
          attemptId: attempt.id,
          index: 1,
          option: java.questions[1]!.answer,
          userId: null,
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const row = await t.db
      .selectFrom("quiz_attempts")
      .select(["score", "current_index"])
      .where("id", "=", attempt.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ score: 1, current_index: 2 });
  });

  it("shows a question in Hebrew on Hebrew pages, with code between backticks, and English where none is written", async () => {
    const hashCode = java.questions[2]!;
    const he = questionView(java, 2, "he");
    expect(he.question).toEqual({ text: hashCode.he.question, lang: "he" });
    expect(he.question.text).toContain("`equals()`");
    // The form still sends the English option: the server grades on the option it knows.
    expect(he.options.map((o) => o.value)).toEqual(hashCode.options);
    expect(questionView(java, 2, "en").question).toEqual({ text: hashCode.question, lang: "en" });

    const quizId = (await t.db.selectFrom("quizzes").select("id").where("slug", "=", "react").executeTakeFirstOrThrow())
      .id;
    await t.db
      .updateTable("quiz_questions")
      .set({ question_he: null, option_2_he: "", explanation_he: null })
      .where("quiz_id", "=", quizId)
      .where("position", "=", 0)
      .execute();
    const fresh = findQuiz(await loadCatalogueSnapshot(t.db, 0), "react")!;
    const fallback = questionView(fresh, 0, "he");
    expect(fallback.question).toEqual({ text: fresh.questions[0]!.question, lang: "en" });
    expect(fallback.options[1]).toEqual({
      value: fresh.questions[0]!.options[1],
      text: fresh.questions[0]!.options[1],
      lang: "en",
    });
    expect(fallback.options[0]!.lang).toBe("he");
  });

  it("reviews an attempt only once it is finished: each choice, right or wrong, the right answer and why", async () => {
    const js = findQuiz(catalogue, "javascript")!;
    let attempt = await answerQuestion(t.db, js, {
      attemptId: null,
      index: 0,
      option: js.questions[0]!.answer,
      userId,
    });
    await expect(reviewAttempt(t.db, js, attempt, "en")).rejects.toMatchObject({ status: 409 });
    const wrong = js.questions[1]!.options.find((o) => o !== js.questions[1]!.answer)!;
    attempt = await answerQuestion(t.db, js, { attemptId: attempt.id, index: 1, option: wrong, userId });
    attempt = await answerQuestion(t.db, js, { attemptId: attempt.id, index: 2, option: null, userId });
    await expect(reviewAttempt(t.db, js, attempt, "he")).rejects.toBeInstanceOf(QuizInputError);
    for (let i = 3; i < js.questions.length; i++)
      attempt = await answerQuestion(t.db, js, {
        attemptId: attempt.id,
        index: i,
        option: js.questions[i]!.answer,
        userId,
      });
    expect(attempt.finished_at).not.toBeNull();

    const en = await reviewAttempt(t.db, js, attempt, "en");
    expect(en).toHaveLength(js.questions.length);
    expect(en[0]).toMatchObject({ index: 0, chosen: 1, answer: 1, correct: true });
    expect(en[0]!.explanation).toEqual({ text: js.questions[0]!.explanation.en, lang: "en" });
    expect(en[1]).toMatchObject({
      chosen: js.questions[1]!.options.indexOf(wrong),
      answer: js.questions[1]!.options.indexOf(js.questions[1]!.answer),
      correct: false,
    });
    expect(en[2]).toMatchObject({ chosen: null, correct: false });
    expect(en.filter((item) => item.correct)).toHaveLength(attempt.score);

    const he = await reviewAttempt(t.db, js, attempt, "he");
    expect(he[0]!.question).toEqual({ text: js.questions[0]!.he.question, lang: "he" });
    expect(he[0]!.explanation).toEqual({ text: js.questions[0]!.explanation.he, lang: "he" });
    expect(he[1]!.options[he[1]!.answer]!.text).toBe(js.questions[1]!.he.options[he[1]!.answer]);

    // An attempt finished before the choices were kept: no review rather than all "skipped".
    await t.db.deleteFrom("quiz_answers").where("attempt_id", "=", attempt.id).execute();
    expect(await reviewAttempt(t.db, js, attempt, "en")).toEqual([]);

    // Another quiz's attempt is not this quiz's to review.
    await expect(reviewAttempt(t.db, react, attempt, "en")).rejects.toMatchObject({ status: 409 });
  });
});
