import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, DIALECTS, type TestDb } from "../../tests/setup/databases.ts";
import { createUser } from "../../tests/support/factories.ts";
import {
  ensureCatalogueFresh,
  findQuiz,
  loadCatalogueSnapshot,
  type CatalogueSnapshot,
  type QuizEntry,
  type QuizQuestionEntry,
} from "./catalogue.server";
import {
  answerQuestion,
  firstStep,
  percentage,
  questionView,
  quizHistory,
  QuizInputError,
  readFirstStep,
  reviewAttempt,
  stepsOf,
  type Step,
} from "./quiz.server";
import type { QuizAttempt } from "../lib/db.server";

/** A question as the quiz orders its options (the layout of attempts begun before shuffling). */
const inQuizOrder = (question: QuizQuestionEntry): Step => ({ question, order: question.options.map((_, i) => i) });
/** The question an attempt asks at a step. */
const questionAt = (quiz: QuizEntry, attempt: QuizAttempt, index: number) => stepsOf(quiz, attempt)[index]!.question;
const wrongOf = (question: QuizQuestionEntry) => question.options.find((o) => o !== question.answer)!;

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
    const view = questionView(inQuizOrder(java.questions[0]!), 0);
    expect(Object.keys(view).sort()).toEqual(["code", "index", "options", "question"]);
    expect(JSON.stringify(view)).not.toContain('"answer"');
  });

  it("finds quizzes by slug in any case, and nothing else", () => {
    expect(findQuiz(catalogue, "React")?.slug).toBe("react");
    expect(findQuiz(catalogue, "Javascript")?.slug).toBe("javascript");
    expect(findQuiz(catalogue, "cobol")).toBeUndefined();
  });

  it("grades by exact equality, counts a skip as wrong, and finishes after the last question", async () => {
    const first = firstStep(react);
    let attempt = await answerQuestion(t.db, react, {
      attemptId: null,
      index: 0,
      first,
      option: readFirstStep(react, first)!.question.answer,
      userId,
    });
    expect(attempt).toMatchObject({ current_index: 1, score: 1, finished_at: null });
    attempt = await answerQuestion(t.db, react, { attemptId: attempt.id, index: 1, option: null, userId });
    expect(attempt.score).toBe(1);
    const wrong = wrongOf(questionAt(react, attempt, 2));
    attempt = await answerQuestion(t.db, react, { attemptId: attempt.id, index: 2, option: wrong, userId });
    expect(attempt.score).toBe(1);
    for (let i = 3; i < 10; i++)
      attempt = await answerQuestion(t.db, react, {
        attemptId: attempt.id,
        index: i,
        option: questionAt(react, attempt, i).answer,
        userId,
      });
    expect(attempt).toMatchObject({ current_index: 10, score: 8 });
    expect(attempt.finished_at).not.toBeNull();
    const history = await quizHistory(t.db, userId);
    expect(history[0]).toMatchObject({ quiz: "react", score: 8, total: 10, percentage: 80 });
  });

  it("shuffles the questions and their options per attempt, keeps that order for every step and the review, and grades by text", async () => {
    /** A random source of the kind the server draws from (crypto there), made repeatable. */
    const source = (seed: number) => {
      let x = seed;
      return (n: number) => {
        x = (x * 1103515245 + 12345) % 2147483648;
        return x % n;
      };
    };
    const layouts: string[][] = [];
    for (const seed of [1, 2]) {
      const random = source(seed);
      // The first question is the one the page showed, in the order it showed its options.
      const first = firstStep(react, random);
      const shown = readFirstStep(react, first)!;
      expect(questionView(shown, 0, "en").options.map((o) => o.value)).toEqual(
        shown.order.map((i) => shown.question.options[i]),
      );
      let attempt = await answerQuestion(t.db, react, {
        attemptId: null,
        index: 0,
        first,
        option: shown.question.answer,
        userId,
        random,
      });
      const steps = stepsOf(react, attempt).map((step) => step!);
      expect(steps[0]).toEqual(shown);
      expect(new Set(steps.map((step) => step.question.id)).size).toBe(react.questions.length);
      for (const step of steps) expect([...step.order].sort()).toEqual([0, 1, 2, 3]);
      layouts.push(steps.map((step) => `${step.question.id}:${step.order.join("")}`));
      // Every step asks the attempt's question; the right option scores, whatever place it is shown in.
      for (let i = 1; i < steps.length; i++) {
        const view = questionView(steps[i]!, i, "en");
        expect(view.options.map((o) => o.value)).toEqual(steps[i]!.order.map((o) => steps[i]!.question.options[o]));
        const option =
          i === 1
            ? steps[i]!.question.options.find((o) => o !== steps[i]!.question.answer)!
            : steps[i]!.question.answer;
        attempt = await answerQuestion(t.db, react, { attemptId: attempt.id, index: i, option, userId });
      }
      expect(attempt).toMatchObject({ score: react.questions.length - 1, current_index: react.questions.length });
      const review = await reviewAttempt(t.db, react, attempt, "en");
      expect(review.map((item) => item.question.text)).toEqual(steps.map((step) => step.question.question));
      expect(review.map((item) => item.mark)).toEqual([
        "right",
        "wrong",
        ...Array(react.questions.length - 2).fill("right"),
      ]);
    }
    expect(layouts[0]).not.toEqual(layouts[1]);
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
      .find((o) => !questionAt(java, attempt, 1).options.includes(o))!;
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
          option: questionAt(java, attempt, 1).answer,
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
    const he = questionView(inQuizOrder(hashCode), 2, "he");
    expect(he.question).toEqual({ text: hashCode.he.question, lang: "he" });
    expect(he.question.text).toContain("`equals()`");
    // The form still sends the English option: the server grades on the option it knows.
    expect(he.options.map((o) => o.value)).toEqual(hashCode.options);
    expect(questionView(inQuizOrder(hashCode), 2, "en").question).toEqual({ text: hashCode.question, lang: "en" });

    const quizId = (await t.db.selectFrom("quizzes").select("id").where("slug", "=", "react").executeTakeFirstOrThrow())
      .id;
    await t.db
      .updateTable("quiz_questions")
      .set({ question_he: null, option_2_he: "", explanation_he: null })
      .where("quiz_id", "=", quizId)
      .where("position", "=", 0)
      .execute();
    const fresh = findQuiz(await loadCatalogueSnapshot(t.db, 0), "react")!;
    const fallback = questionView(inQuizOrder(fresh.questions[0]!), 0, "he");
    expect(fallback.question).toEqual({ text: fresh.questions[0]!.question, lang: "en" });
    expect(fallback.options[1]).toEqual({
      value: fresh.questions[0]!.options[1],
      text: fresh.questions[0]!.options[1],
      lang: "en",
    });
    expect(fallback.options[0]!.lang).toBe("he");
  });

  it("reviews an attempt only once it is finished, in its order: each choice and, once it passed, the right answer and why", async () => {
    const js = findQuiz(catalogue, "javascript")!;
    const play = async (choose: (question: QuizQuestionEntry, index: number) => string | null) => {
      const first = firstStep(js);
      let attempt = await answerQuestion(t.db, js, {
        attemptId: null,
        index: 0,
        first,
        option: choose(readFirstStep(js, first)!.question, 0),
        userId,
      });
      await expect(reviewAttempt(t.db, js, attempt, "en")).rejects.toMatchObject({ status: 409 });
      for (let i = 1; i < js.questions.length; i++)
        attempt = await answerQuestion(t.db, js, {
          attemptId: attempt.id,
          index: i,
          option: choose(questionAt(js, attempt, i), i),
          userId,
        });
      expect(attempt.finished_at).not.toBeNull();
      return { attempt, steps: stepsOf(js, attempt).map((step) => step!.question) };
    };

    // Passed (13 of 15): the full review.
    const passed = await play((q, i) => (i === 1 ? wrongOf(q) : i === 2 ? null : q.answer));
    const en = await reviewAttempt(t.db, js, passed.attempt, "en");
    const [q0, q1, q2] = passed.steps;
    expect(en).toHaveLength(js.questions.length);
    expect(en[0]).toEqual({
      index: 0,
      question: { text: q0!.question, lang: "en" },
      code: q0!.code,
      mark: "right",
      chosen: { text: q0!.answer, lang: "en" },
      explanation: { text: q0!.explanation.en, lang: "en" },
    });
    expect(en[1]).toMatchObject({
      mark: "wrong",
      chosen: { text: wrongOf(q1!), lang: "en" },
      answer: { text: q1!.answer, lang: "en" },
      explanation: { text: q1!.explanation.en, lang: "en" },
    });
    expect(en[2]).toMatchObject({ mark: "skipped", chosen: null, answer: { text: q2!.answer, lang: "en" } });
    expect(en.filter((item) => item.mark === "right")).toHaveLength(passed.attempt.score);
    const he = await reviewAttempt(t.db, js, passed.attempt, "he");
    expect(he[0]!.question).toEqual({ text: q0!.he.question, lang: "he" });
    expect(he[0]!.explanation).toEqual({ text: q0!.explanation.he, lang: "he" });
    expect(he[1]!.answer!.text).toBe(q1!.he.options[q1!.options.indexOf(q1!.answer)]);

    // Not passed (a third right): never a right option the learner missed, nor why (an explanation
    // explains the right answer); what they got right, with why.
    const failed = await play((q, i) => (i % 3 === 0 ? q.answer : i % 3 === 1 ? wrongOf(q) : null));
    expect(failed.attempt.score).toBe(5);
    for (const locale of ["en", "he"] as const) {
      const items = await reviewAttempt(t.db, js, failed.attempt, locale);
      expect(items.map((item) => item.mark)).toEqual(
        failed.steps.map((_, i) => (i % 3 === 0 ? "right" : i % 3 === 1 ? "wrong" : "skipped")),
      );
      for (const [i, item] of items.entries()) {
        const q = failed.steps[i]!;
        expect(item).not.toHaveProperty("answer");
        expect(item.explanation).toEqual(
          item.mark === "right" ? { text: locale === "he" ? q.explanation.he : q.explanation.en, lang: locale } : null,
        );
        const shown = JSON.stringify(item);
        const right = [q.answer, q.he.options[q.options.indexOf(q.answer)]!];
        if (item.mark !== "right") for (const text of right) expect(shown).not.toContain(JSON.stringify(text));
      }
    }

    // An attempt finished before the choices were kept: no review rather than all "skipped".
    await t.db.deleteFrom("quiz_answers").where("attempt_id", "=", passed.attempt.id).execute();
    expect(await reviewAttempt(t.db, js, passed.attempt, "en")).toEqual([]);

    // Another quiz's attempt is not this quiz's to review.
    await expect(reviewAttempt(t.db, react, passed.attempt, "en")).rejects.toMatchObject({ status: 409 });
  });
});
