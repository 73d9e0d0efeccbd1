import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { Database } from "~/lib/db.server";
import { OPTION_FIELDS, OPTION_HE_FIELDS, type QuestionInput } from "~/models/catalogue-admin.schema";
import { optionColumns, optionsOfRow } from "~/models/quiz-options";
import {
  invalid,
  nextPosition,
  nextVersion,
  NOT_FOUND,
  now,
  parse,
  refOf,
  swapWithNeighbour,
  unsaved,
  write,
  type Db,
  type Direction,
  type Removed,
  type SaveOptions,
  type WriteResult,
} from "./write.server";

/** A quiz's question: two to six options, the right one, and their Hebrew. */

export interface AdminQuestion {
  id: string;
  quizId: string;
  question: string;
  code: string | null;
  options: string[];
  /** 1–6: which of `options`. */
  answer: number;
  /** Null: the Hebrew page shows the English. */
  questionHe: string | null;
  /** One for each option (null: the English is shown). */
  optionsHe: (string | null)[];
  explanationEn: string | null;
  explanationHe: string | null;
}

export function toQuestion(row: Selectable<Database["quiz_questions"]>): AdminQuestion {
  return {
    id: row.id,
    quizId: row.quiz_id,
    question: row.question,
    code: row.code,
    ...optionsOfRow(row),
    answer: Number(row.answer),
    questionHe: row.question_he,
    explanationEn: row.explanation_en,
    explanationHe: row.explanation_he,
  };
}

/** The columns a question's form sets, on create and on save alike. */
const questionRow = (input: QuestionInput) => ({
  question: input.question,
  code: input.code,
  // The schema refused a gap: the options given are the first N fields.
  ...optionColumns(
    OPTION_FIELDS.map((field) => input[field]).filter((option) => option !== null),
    OPTION_HE_FIELDS.map((field) => input[field]),
  ),
  answer: input.answer,
  question_he: input.questionHe,
  explanation_en: input.explanationEn,
  explanation_he: input.explanationHe,
});

/** A question, its quiz, and its version (read with it, for its edit form). */
export async function getQuestionForAdmin(db: Db, id: string) {
  const row = await db.selectFrom("quiz_questions").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  return { version: row.version, question: toQuestion(row), quiz: await refOf(db, "quizzes", row.quiz_id) };
}

/** A new question at the end of its quiz. */
export async function createQuestion(db: Db, quizId: string, raw: unknown): Promise<WriteResult> {
  const parsed = parse("question", raw);
  if (!parsed.ok) return invalid(parsed.errors);
  const input = parsed.data;
  return write(db, async (trx) => {
    if (!(await trx.selectFrom("quizzes").select("id").where("id", "=", quizId).executeTakeFirst())) return NOT_FOUND;
    const id = randomUUID();
    const at = now();
    await trx
      .insertInto("quiz_questions")
      .values({
        ...questionRow(input),
        id,
        quiz_id: quizId,
        position: await nextPosition(trx.selectFrom("quiz_questions").where("quiz_id", "=", quizId)),
        created_at: at,
        updated_at: at,
      })
      .execute();
    return { ok: true as const, id };
  });
}

export async function updateQuestion(
  db: Db,
  id: string,
  raw: unknown,
  options: SaveOptions = {},
): Promise<WriteResult> {
  const parsed = parse("question", raw);
  if (!parsed.ok) return invalid(parsed.errors);
  const input = parsed.data;
  return write(db, async (trx) => {
    const result = await trx
      .updateTable("quiz_questions")
      .set({ ...questionRow(input), ...nextVersion() })
      .where("id", "=", id)
      .$if(options.version !== undefined, (q) => q.where("version", "=", options.version!))
      .executeTakeFirst();
    return result.numUpdatedRows === 0n ? unsaved(trx, "quiz_questions", id) : { ok: true as const, id };
  });
}

export async function deleteQuestion(db: Db, id: string): Promise<WriteResult<Removed & { quizId: string }>> {
  return write(db, async (trx) => {
    const question = await trx.selectFrom("quiz_questions").select("quiz_id").where("id", "=", id).executeTakeFirst();
    if (!question) return NOT_FOUND;
    await trx.deleteFrom("quiz_questions").where("id", "=", id).execute();
    return { ok: true as const, quizId: question.quiz_id, files: [] };
  });
}

/** Moves a question up or down in its quiz. */
export async function moveQuestion(db: Db, id: string, direction: Direction) {
  return write(db, async (trx) => {
    const question = await trx.selectFrom("quiz_questions").select("quiz_id").where("id", "=", id).executeTakeFirst();
    if (!question) return NOT_FOUND;
    const siblings = await trx
      .selectFrom("quiz_questions")
      .select(["id", "position"])
      .where("quiz_id", "=", question.quiz_id)
      .orderBy("position")
      .orderBy("id")
      .execute();
    return swapWithNeighbour(siblings, id, direction, (rowId, position) =>
      trx.updateTable("quiz_questions").set({ position }).where("id", "=", rowId).execute(),
    );
  });
}
