import { randomBytes, randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, QuizAttempt } from "~/lib/db.server";
import type { Locale } from "~/i18n/locale";
import type { CatalogueSnapshot, QuizEntry, QuizQuestionEntry } from "./catalogue.server";

/**
 * Practice quizzes, graded on the server (docs/product.md#rules: exact equality of the chosen option). The
 * quizzes come from the catalogue (catalogue.server.ts); their answers stay on the server: views
 * sent to the browser carry questions and options only, and the review of a finished attempt names
 * the right options only once the attempt passed (issue 29). Each attempt asks the quiz's questions,
 * and shows their options, in an order of its own, drawn on the server and kept with the attempt.
 */

/** Random whole numbers in [0, n): the server draws them from node:crypto; tests pass their own. */
export type RandomSource = (n: number) => number;
const cryptoRandom: RandomSource = (n) => randomInt(n);

export interface QuizSummary {
  key: string;
  title: string;
  description: string;
  questionCount: number;
}

export function listQuizzes(snapshot: CatalogueSnapshot, locale: Locale): QuizSummary[] {
  return snapshot.quizzes.map((q) => ({
    key: q.slug,
    title: q.title[locale],
    description: q.description[locale],
    questionCount: q.questions.length,
  }));
}

/** A text in the page's language when it was written, else in English; `lang` says which. */
export interface LocalizedText {
  text: string;
  lang: Locale;
}

function localized(en: string, he: string | null | undefined, locale: Locale): LocalizedText {
  return locale === "he" && he ? { text: he, lang: "he" } : { text: en, lang: "en" };
}

/** An option as shown: `value` is what the form sends (the English option, graded on the server). */
export interface OptionView extends LocalizedText {
  value: string;
}

/** What the browser may see of a question: no answer. */
export interface QuestionView {
  index: number;
  question: LocalizedText;
  code: string | null;
  options: OptionView[];
}

/** One step of an attempt: its question and the order its options are shown in (indexes into `options`). */
export interface Step {
  question: QuizQuestionEntry;
  order: number[];
}

function optionView(q: QuizQuestionEntry, i: number, locale: Locale): OptionView {
  return { value: q.options[i]!, ...localized(q.options[i]!, q.he.options[i], locale) };
}

/** A step as the page shows it: the question and its options in the attempt's order. */
export function questionView(step: Step, index: number, locale: Locale = "en"): QuestionView {
  const q = step.question;
  return {
    index,
    question: localized(q.question, q.he.question, locale),
    code: q.code,
    options: step.order.map((i) => optionView(q, i, locale)),
  };
}

/** Fisher–Yates with the given random source. */
function shuffled<T>(items: readonly T[], random: RandomSource): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function shuffledStep(question: QuizQuestionEntry, random: RandomSource): Step {
  return {
    question,
    order: shuffled(
      question.options.map((_, i) => i),
      random,
    ),
  };
}

function isOrderOf(order: readonly number[], count: number): boolean {
  return (
    order.length === count &&
    new Set(order).size === count &&
    order.every((i) => Number.isInteger(i) && i >= 0 && i < count)
  );
}

/**
 * The first step of a new attempt — a question at random, its options shuffled — as the token its
 * page's form carries back ("<question id>.<order>"): the attempt begins with what the page showed,
 * without a page view writing anything.
 */
export function firstStep(quiz: QuizEntry, random: RandomSource = cryptoRandom): string {
  const step = shuffledStep(quiz.questions[random(quiz.questions.length)]!, random);
  return `${step.question.id}.${step.order.join("")}`;
}

/** The step a first-step token names; undefined when it names no question of this quiz, or no order of its options. */
export function readFirstStep(quiz: QuizEntry, token: string | null | undefined): Step | undefined {
  const match = /^([\w-]{1,64})\.(\d{1,9})$/.exec(token ?? "");
  if (!match) return undefined;
  const question = quiz.questions.find((q) => q.id === match[1]);
  const order = [...match[2]!].map(Number);
  return question && isOrderOf(order, question.options.length) ? { question, order } : undefined;
}

/** A new attempt's layout: the first step, then the other questions shuffled, each with its options shuffled. */
function newLayout(quiz: QuizEntry, first: Step | undefined, random: RandomSource): Step[] {
  const start = first ?? shuffledStep(quiz.questions[random(quiz.questions.length)]!, random);
  const rest = shuffled(
    quiz.questions.filter((q) => q.id !== start.question.id),
    random,
  ).map((q) => shuffledStep(q, random));
  return [start, ...rest];
}

function storedLayout(steps: Step[]): string {
  return JSON.stringify(steps.map((step) => ({ q: step.question.id, o: step.order })));
}

/**
 * An attempt's steps, from the quiz as it is now: null for a question the admin removed since (or
 * whose options no longer fit the order). An attempt begun before attempts kept their order asks
 * the quiz's questions in the quiz's order (as many as it began with).
 */
export function stepsOf(quiz: QuizEntry, attempt: Pick<QuizAttempt, "layout" | "question_count">): (Step | null)[] {
  if (attempt.layout === null)
    return quiz.questions
      .slice(0, attempt.question_count)
      .map((question) => ({ question, order: question.options.map((_, i) => i) }));
  const byId = new Map(quiz.questions.map((q) => [q.id, q]));
  let stored: { q: string; o: number[] }[];
  try {
    stored = JSON.parse(attempt.layout) as { q: string; o: number[] }[];
  } catch {
    return [];
  }
  return stored.map(({ q, o }) => {
    const question = byId.get(q);
    return question && Array.isArray(o) && isOrderOf(o, question.options.length) ? { question, order: o } : null;
  });
}

/** score × 100 / total, at most two decimals. */
export function percentage(score: number, total: number): number {
  return total === 0 ? 0 : Math.round((score * 10000) / total) / 100;
}

export class QuizInputError extends Error {
  readonly status: 400 | 404 | 409;
  constructor(status: 400 | 404 | 409, message: string) {
    super(message);
    this.status = status;
  }
}

export async function findAttempt(db: Kysely<Database>, id: string, quiz: string): Promise<QuizAttempt | undefined> {
  if (!/^[\w-]{16,64}$/.test(id)) return undefined;
  return db.selectFrom("quiz_attempts").selectAll().where("id", "=", id).where("quiz", "=", quiz).executeTakeFirst();
}

/**
 * The attempt as `userId` (null: a visitor) may see or go on with it: a signed-in learner's
 * attempt is theirs alone — its answers and result are on their profile (D-L12) — while a
 * visitor's is reached by its address only. Another's is as if it did not exist.
 */
export async function findOwnAttempt(
  db: Kysely<Database>,
  id: string,
  quiz: string,
  userId: string | null,
): Promise<QuizAttempt | undefined> {
  const attempt = await findAttempt(db, id, quiz);
  return attempt && (attempt.user_id === null || attempt.user_id === userId) ? attempt : undefined;
}

/**
 * Answers the step at `index` of an attempt (a new attempt when `attemptId` is empty and index is
 * 0: it begins with the step its page showed, `first`, and the rest of its order is drawn now).
 * `option` empty means "skipped" (counts as wrong). Anything that does not fit — an unknown attempt,
 * an index other than the attempt's current one, an option that is not one of the step's question's,
 * a question the admin removed since — is refused and changes nothing.
 */
export async function answerQuestion(
  db: Kysely<Database>,
  quiz: QuizEntry,
  input: {
    attemptId: string | null;
    index: number;
    option: string | null;
    userId: string | null;
    /** A new attempt's first step, as its page showed it (firstStep); missing or foreign: one at random. */
    first?: string | null;
    random?: RandomSource;
    now?: Date;
  },
): Promise<QuizAttempt> {
  if (!Number.isInteger(input.index) || input.index < 0 || input.index >= quiz.questions.length)
    throw new QuizInputError(400, "question index out of range");
  const now = (input.now ?? new Date()).toISOString();
  const grade = (step: Step) => {
    const question = step.question;
    if (input.option !== null && !question.options.includes(input.option))
      throw new QuizInputError(400, "not an option of this question");
    const correct = input.option !== null && input.option === question.answer ? 1 : 0;
    return {
      correct,
      answer: {
        position: input.index,
        question_id: question.id,
        choice: input.option === null ? null : question.options.indexOf(input.option) + 1,
        correct,
      },
    };
  };

  if (!input.attemptId) {
    if (input.index !== 0) throw new QuizInputError(409, "a new attempt starts at question 1");
    const steps = newLayout(quiz, readFirstStep(quiz, input.first), input.random ?? cryptoRandom);
    const { correct, answer } = grade(steps[0]!);
    const id = randomBytes(18).toString("base64url");
    const finished = steps.length === 1;
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("quiz_attempts")
        .values({
          id,
          user_id: input.userId,
          quiz: quiz.slug,
          question_count: steps.length,
          current_index: 1,
          score: correct,
          started_at: now,
          updated_at: now,
          finished_at: finished ? now : null,
          layout: storedLayout(steps),
        })
        .execute();
      await trx
        .insertInto("quiz_answers")
        .values({ attempt_id: id, ...answer })
        .execute();
    });
    return (await findAttempt(db, id, quiz.slug))!;
  }

  const attempt = await findOwnAttempt(db, input.attemptId, quiz.slug, input.userId);
  if (!attempt) throw new QuizInputError(404, "unknown attempt");
  const steps = stepsOf(quiz, attempt);
  const step = steps[input.index];
  if (step === undefined) throw new QuizInputError(400, "question index out of range");
  if (step === null) throw new QuizInputError(409, "the quiz changed since the attempt began");
  const { correct, answer } = grade(step);
  if (attempt.finished_at !== null || attempt.current_index !== input.index)
    throw new QuizInputError(409, "that question was already answered");
  const next = attempt.current_index + 1;
  // The index in the WHERE makes a double submit of the same question count once.
  const updated = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("quiz_attempts")
      .set({
        current_index: next,
        score: attempt.score + correct,
        updated_at: now,
        finished_at: next >= steps.length ? now : null,
      })
      .where("id", "=", attempt.id)
      .where("current_index", "=", input.index)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto("quiz_answers")
      .values({ attempt_id: attempt.id, ...answer })
      .execute();
    return true;
  });
  if (!updated) throw new QuizInputError(409, "that question was already answered");
  return (await findAttempt(db, attempt.id, quiz.slug))!;
}

/** Did this finished attempt pass (score ≥ the quiz's pass mark)? Its review then names the right answers. */
export function passed(
  attempt: Pick<QuizAttempt, "score" | "question_count">,
  quiz: Pick<QuizEntry, "passPercent">,
): boolean {
  return percentage(Number(attempt.score), Number(attempt.question_count)) >= quiz.passPercent;
}

/** One question of a finished attempt, as the review shows it. */
export interface ReviewItem {
  index: number;
  question: LocalizedText;
  code: string | null;
  mark: "right" | "wrong" | "skipped";
  /** The learner's choice; null: skipped (or not recorded). */
  chosen: LocalizedText | null;
  /** The right option: only in the review of a passed attempt, beside an answer that was not right. */
  answer?: LocalizedText;
  /** Why; before a pass, only beside an answer that was right (an explanation explains the right answer). */
  explanation: LocalizedText | null;
}

function explanationOf(q: QuizQuestionEntry, locale: Locale): LocalizedText | null {
  if (q.explanation.en) return localized(q.explanation.en, q.explanation.he, locale);
  return locale === "he" && q.explanation.he ? { text: q.explanation.he, lang: "he" } : null;
}

/**
 * The review of a finished attempt, in the attempt's order: every question with the learner's
 * choice and whether it was right, wrong or skipped. Once the attempt passed, also the right option
 * beside each answer that was not, and every explanation. Before a pass it never gives away a right
 * option the learner did not choose — the next attempt would otherwise be a copy — so the
 * explanations of missed questions stay back too: they explain the right answer, most of them
 * without naming it ("Synchronous code runs first (A, D), then …, C, then B"), so no test on their
 * text can tell which are safe (decision 0030). Refused (409) while the attempt is unfinished.
 * Questions the admin removed since the attempt are left out; an attempt finished before choices
 * were recorded has no review.
 */
export async function reviewAttempt(
  db: Kysely<Database>,
  quiz: QuizEntry,
  attempt: QuizAttempt,
  locale: Locale,
): Promise<ReviewItem[]> {
  if (attempt.finished_at === null || attempt.quiz !== quiz.slug)
    throw new QuizInputError(409, "the attempt is not finished");
  const answers = await db
    .selectFrom("quiz_answers")
    .select(["position", "question_id", "choice"])
    .where("attempt_id", "=", attempt.id)
    .execute();
  // An attempt finished before choices were kept (migration 0011) has nothing to review.
  if (answers.length === 0) return [];
  const full = passed(attempt, quiz);
  const byPosition = new Map(answers.map((a) => [Number(a.position), a]));
  const items: ReviewItem[] = [];
  for (const [index, step] of stepsOf(quiz, attempt).entries()) {
    if (!step) continue;
    const q = step.question;
    const recorded = byPosition.get(index);
    // A question edited into another since the attempt: its old choice means nothing now.
    const choice =
      recorded && (recorded.question_id === null || recorded.question_id === q.id) ? recorded.choice : null;
    const chosen = choice === null ? null : Number(choice) - 1;
    const right = q.options.indexOf(q.answer);
    const mark = chosen === right ? "right" : chosen === null ? "skipped" : "wrong";
    items.push({
      index,
      question: localized(q.question, q.he.question, locale),
      code: q.code,
      mark,
      chosen: chosen === null || !q.options[chosen] ? null : localized(q.options[chosen], q.he.options[chosen], locale),
      ...(full && mark !== "right" ? { answer: localized(q.answer, q.he.options[right], locale) } : {}),
      explanation: full || mark === "right" ? explanationOf(q, locale) : null,
    });
  }
  return items;
}

export interface QuizHistoryItem {
  /** The attempt, whose answers its quiz's page shows again (/test/<quiz>?attempt=<id>). */
  attemptId: string;
  /** The quiz's slug. */
  quiz: string;
  score: number;
  total: number;
  percentage: number;
  finishedAt: string;
}

export async function quizHistory(db: Kysely<Database>, userId: string, limit = 20): Promise<QuizHistoryItem[]> {
  const rows = await db
    .selectFrom("quiz_attempts")
    .select(["id", "quiz", "score", "question_count", "finished_at"])
    .where("user_id", "=", userId)
    .where("finished_at", "is not", null)
    .orderBy("finished_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    attemptId: r.id,
    quiz: r.quiz,
    score: r.score,
    total: r.question_count,
    percentage: percentage(r.score, r.question_count),
    finishedAt: r.finished_at!,
  }));
}

/** How long an unfinished attempt is kept untouched (the privacy notice, /privacy, quotes it). */
export const STALE_ATTEMPT_MS = 24 * 60 * 60 * 1000;

/** Housekeeping: unfinished attempts untouched for a day are dropped. */
export async function deleteStaleAttempts(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - STALE_ATTEMPT_MS).toISOString();
  const result = await db
    .deleteFrom("quiz_attempts")
    .where("finished_at", "is", null)
    .where("updated_at", "<", cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
