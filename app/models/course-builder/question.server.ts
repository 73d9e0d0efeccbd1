import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { Database } from "~/lib/db.server";
import type { QuestionInput } from "~/models/catalogue-admin.schema";
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

/** A quiz's question: four options, the right one, and their Hebrew. */

export interface AdminQuestion {
  id: string;
  quizId: string;
  question: string;
  code: string | null;
  options: [string, string, string, string];
  /** 1–4. */
  answer: number;
  /** Null: the Hebrew page shows the English. */
  questionHe: string | null;
  optionsHe: [string | null, string | null, string | null, string | null];
  explanationEn: string | null;
  explanationHe: string | null;
}

export function toQuestion(row: Selectable<Database["quiz_questions"]>): AdminQuestion {
  return {
    id: row.id,
    quizId: row.quiz_id,
    question: row.question,
    code: row.code,
    options: [row.option_1, row.option_2, row.option_3, row.option_4],
    answer: Number(row.answer),
    questionHe: row.question_he,
    optionsHe: [row.option_1_he, row.option_2_he, row.option_3_he, row.option_4_he],
    explanationEn: row.explanation_en,
    explanationHe: row.explanation_he,
  };
}

/** The columns a question's form sets, on create and on save alike. */
const questionRow = (input: QuestionInput) => ({
  question: input.question,
  code: input.code,
  option_1: input.option1,
  option_2: input.option2,
  option_3: input.option3,
  option_4: input.option4,
  answer: input.answer,
  question_he: input.questionHe,
  option_1_he: input.option1He,
  option_2_he: input.option2He,
  option_3_he: input.option3He,
  option_4_he: input.option4He,
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
