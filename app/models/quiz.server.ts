import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, QuizAttempt } from "~/lib/db.server";
import type { Locale } from "~/i18n/locale";
import type { CatalogueSnapshot, QuizEntry } from "./catalogue.server";

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

/** What the browser may see of a question: no answer. */
export interface QuestionView {
  index: number;
  question: string;
  code: string | null;
  options: string[];
}

export function questionView(quiz: QuizEntry, index: number): QuestionView {
  const q = quiz.questions[index]!;
  return { index, question: q.question, code: q.code, options: [...q.options] };
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

  if (!input.attemptId) {
    if (input.index !== 0) throw new QuizInputError(409, "a new attempt starts at question 1");
    const id = randomBytes(18).toString("base64url");
    const finished = total === 1;
    await db
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
  const result = await db
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
  if (Number(result.numUpdatedRows) !== 1) throw new QuizInputError(409, "that question was already answered");
  return (await findAttempt(db, attempt.id, quiz.slug))!;
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
