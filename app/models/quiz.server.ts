import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, QuizAttempt } from "~/lib/db.server";
import type { Locale } from "~/i18n/locale";
import type { CatalogueSnapshot, QuizEntry, QuizQuestionEntry } from "./catalogue.server";

/**
 * Practice quizzes, graded on the server (SPEC.md §5: exact equality of the chosen option). The
 * quizzes come from the catalogue (catalogue.server.ts); their answers stay on the server: views
 * sent to the browser carry questions and options only.
 */

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

function optionViews(q: QuizQuestionEntry, locale: Locale): OptionView[] {
  return q.options.map((en, i) => ({ value: en, ...localized(en, q.he.options[i], locale) }));
}

export function questionView(quiz: QuizEntry, index: number, locale: Locale = "en"): QuestionView {
  const q = quiz.questions[index]!;
  return {
    index,
    question: localized(q.question, q.he.question, locale),
    code: q.code,
    options: optionViews(q, locale),
  };
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
 * Answers the question at `index` of an attempt (a new attempt when `attemptId` is empty and
 * index is 0). `option` empty means "skipped" (counts as wrong). Anything that does not fit — an
 * unknown attempt, an index other than the attempt's current one, an option that is not one of the
 * question's — is refused and changes nothing.
 */
export async function answerQuestion(
  db: Kysely<Database>,
  quiz: QuizEntry,
  input: {
    attemptId: string | null;
    index: number;
    option: string | null;
    userId: string | null;
    now?: Date;
  },
): Promise<QuizAttempt> {
  const total = quiz.questions.length;
  const question = quiz.questions[input.index];
  if (!Number.isInteger(input.index) || !question) throw new QuizInputError(400, "question index out of range");
  if (input.option !== null && !question.options.includes(input.option))
    throw new QuizInputError(400, "not an option of this question");
  const now = (input.now ?? new Date()).toISOString();
  const correct = input.option !== null && input.option === question.answer ? 1 : 0;
  const answer = {
    position: input.index,
    question_id: question.id,
    choice: input.option === null ? null : question.options.indexOf(input.option) + 1,
    correct,
  };

  if (!input.attemptId) {
    if (input.index !== 0) throw new QuizInputError(409, "a new attempt starts at question 1");
    const id = randomBytes(18).toString("base64url");
    const finished = total === 1;
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("quiz_attempts")
        .values({
          id,
          user_id: input.userId,
          quiz: quiz.slug,
          question_count: total,
          current_index: 1,
          score: correct,
          started_at: now,
          updated_at: now,
          finished_at: finished ? now : null,
        })
        .execute();
      await trx
        .insertInto("quiz_answers")
        .values({ attempt_id: id, ...answer })
        .execute();
    });
    return (await findAttempt(db, id, quiz.slug))!;
  }

  const attempt = await findAttempt(db, input.attemptId, quiz.slug);
  if (!attempt) throw new QuizInputError(404, "unknown attempt");
  if (attempt.finished_at !== null || attempt.current_index !== input.index)
    throw new QuizInputError(409, "that question was already answered");
  const next = attempt.current_index + 1;
  // The attempt keeps the length it started with, unless the admin shortened the quiz since.
  const last = Math.min(attempt.question_count, total);
  // The index in the WHERE makes a double submit of the same question count once.
  const updated = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("quiz_attempts")
      .set({
        current_index: next,
        score: attempt.score + correct,
        updated_at: now,
        finished_at: next >= last ? now : null,
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

/** One question of a finished attempt, as the review shows it. */
export interface ReviewItem {
  index: number;
  question: LocalizedText;
  code: string | null;
  options: LocalizedText[];
  /** The learner's choice, 0-based; null: skipped (or not recorded). */
  chosen: number | null;
  /** The right option, 0-based. */
  answer: number;
  correct: boolean;
  explanation: LocalizedText | null;
}

/**
 * The review of a finished attempt: every question with the learner's choice, the right option
 * and why. Refused (409) while the attempt is unfinished, so no answer leaves the server before
 * the result. Questions the admin removed since the attempt are left out; an attempt finished
 * before choices were recorded has no review.
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
  const byPosition = new Map(answers.map((a) => [Number(a.position), a]));
  const items: ReviewItem[] = [];
  const count = Math.min(attempt.question_count, quiz.questions.length);
  for (let index = 0; index < count; index++) {
    const q = quiz.questions[index]!;
    const recorded = byPosition.get(index);
    // A question edited into another since the attempt: its old choice means nothing now.
    const choice =
      recorded && (recorded.question_id === null || recorded.question_id === q.id) ? recorded.choice : null;
    const chosen = choice === null ? null : Number(choice) - 1;
    const answer = q.options.indexOf(q.answer);
    items.push({
      index,
      question: localized(q.question, q.he.question, locale),
      code: q.code,
      options: optionViews(q, locale).map(({ text, lang }) => ({ text, lang })),
      chosen,
      answer,
      correct: chosen === answer,
      explanation: q.explanation.en
        ? localized(q.explanation.en, q.explanation.he, locale)
        : locale === "he" && q.explanation.he
          ? { text: q.explanation.he, lang: "he" }
          : null,
    });
  }
  return items;
}

export interface QuizHistoryItem {
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
    .select(["quiz", "score", "question_count", "finished_at"])
    .where("user_id", "=", userId)
    .where("finished_at", "is not", null)
    .orderBy("finished_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    quiz: r.quiz,
    score: r.score,
    total: r.question_count,
    percentage: percentage(r.score, r.question_count),
    finishedAt: r.finished_at!,
  }));
}

/** Housekeeping: unfinished attempts untouched for a day are dropped. */
export async function deleteStaleAttempts(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  const result = await db
    .deleteFrom("quiz_attempts")
    .where("finished_at", "is", null)
    .where("updated_at", "<", cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
