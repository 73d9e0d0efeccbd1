import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { Database } from "~/lib/db.server";
import { DEFAULT_FOLLOW_UP, type QuizInput } from "~/models/catalogue-admin.schema";
import { toQuestion } from "./question.server";
import {
  flag,
  invalid,
  InvalidWrite,
  nextPosition,
  nextVersion,
  NOT_FOUND,
  now,
  parse,
  pathsOf,
  refOf,
  swapWithNeighbour,
  unsaved,
  write,
  type AdminText,
  type Db,
  type Direction,
  type Removed,
  type SaveOptions,
  type Trx,
  type WriteResult,
} from "./write.server";

/** A quiz (/test/<slug>) and the order of its questions. */

export interface AdminQuiz extends AdminText {
  id: string;
  slug: string;
  descriptionEn: string;
  descriptionHe: string | null;
  followUp: string;
  /** The list whose certificate asks for a pass of this quiz; null: none. */
  listId: string | null;
  passPercent: number;
  published: boolean;
}

function toQuiz(row: Selectable<Database["quizzes"]>): AdminQuiz {
  return {
    id: row.id,
    slug: row.slug,
    titleEn: row.title_en,
    titleHe: row.title_he,
    descriptionEn: row.description_en,
    descriptionHe: row.description_he,
    followUp: row.follow_up,
    listId: row.list_id,
    passPercent: Number(row.pass_percent),
    published: row.published === 1,
  };
}

/**
 * The columns a quiz's form sets, on create and on save alike, once the attached list is known to
 * exist: a "Watch Now" left empty leads to that list's page (so attaching is all a teacher needs to
 * do), else to the course catalogues.
 */
async function quizRow(trx: Trx, input: QuizInput) {
  let listPath: string | undefined;
  if (input.listId !== null) {
    if (!(await trx.selectFrom("video_lists").select("id").where("id", "=", input.listId).executeTakeFirst()))
      throw new InvalidWrite({ listId: "courseAdmin.errors.quizList" });
    listPath = (await pathsOf(trx, "list", [input.listId])).get(input.listId)?.[0];
  }
  return {
    slug: input.slug,
    title_en: input.titleEn,
    title_he: input.titleHe,
    description_en: input.descriptionEn,
    description_he: input.descriptionHe,
    follow_up: input.followUp ?? listPath ?? DEFAULT_FOLLOW_UP,
    list_id: input.listId,
    pass_percent: input.passPercent,
    published: flag(input.published),
  };
}

/** The lists a quiz can be attached to, by title, for the quiz editor's select. */
export async function listChoices(db: Db) {
  const rows = await db.selectFrom("video_lists").select(["id", "title_en", "title_he"]).orderBy("title_en").execute();
  return rows.map((row) => ({ id: row.id, titleEn: row.title_en, titleHe: row.title_he }));
}

/** A quiz with its questions in order, and its version (read with it, for its edit form). */
export async function getQuizForAdmin(db: Db, id: string) {
  const row = await db.selectFrom("quizzes").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const questions = await db
    .selectFrom("quiz_questions")
    .selectAll()
    .where("quiz_id", "=", id)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return { version: row.version, quiz: toQuiz(row), questions: questions.map(toQuestion) };
}

/** The parent of a new question, for the new-question page. */
export const getQuizRef = (db: Db, id: string) => refOf(db, "quizzes", id);

async function quizSlugTaken(trx: Trx, slug: string, exceptId?: string) {
  let query = trx.selectFrom("quizzes").select("id").where("slug", "=", slug);
  if (exceptId) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A new quiz, at /test/<slug>, last in the quiz list. */
export async function createQuiz(db: Db, raw: unknown): Promise<WriteResult> {
  const parsed = parse("quiz", raw);
  if (!parsed.ok) return invalid(parsed.errors);
  const input = parsed.data;
  return write(db, async (trx) => {
    if (await quizSlugTaken(trx, input.slug)) return invalid({ slug: "courseAdmin.errors.slugTaken" });
    const id = randomUUID();
    const at = now();
    await trx
      .insertInto("quizzes")
      .values({
        ...(await quizRow(trx, input)),
        id,
        position: await nextPosition(trx.selectFrom("quizzes")),
        created_at: at,
        updated_at: at,
      })
      .execute();
    return { ok: true as const, id };
  });
}

export async function updateQuiz(db: Db, id: string, raw: unknown, options: SaveOptions = {}): Promise<WriteResult> {
  const parsed = parse("quiz", raw);
  if (!parsed.ok) return invalid(parsed.errors);
  const input = parsed.data;
  return write(db, async (trx) => {
    if (!(await trx.selectFrom("quizzes").select("id").where("id", "=", id).executeTakeFirst())) return NOT_FOUND;
    if (await quizSlugTaken(trx, input.slug, id)) return invalid({ slug: "courseAdmin.errors.slugTaken" });
    const result = await trx
      .updateTable("quizzes")
      .set({ ...(await quizRow(trx, input)), ...nextVersion() })
      .where("id", "=", id)
      .$if(options.version !== undefined, (q) => q.where("version", "=", options.version!))
      .executeTakeFirst();
    return result.numUpdatedRows === 0n ? unsaved(trx, "quizzes", id) : { ok: true as const, id };
  });
}

/** Deletes a quiz and its questions (learners' past attempts stay in their history). */
export async function deleteQuiz(db: Db, id: string): Promise<WriteResult<Removed>> {
  return write(db, async (trx) => {
    if (!(await trx.selectFrom("quizzes").select("id").where("id", "=", id).executeTakeFirst())) return NOT_FOUND;
    await trx.deleteFrom("quiz_questions").where("quiz_id", "=", id).execute();
    await trx.deleteFrom("quizzes").where("id", "=", id).execute();
    return { ok: true as const, files: [] };
  });
}

/** Moves a quiz up or down in the quiz list. */
export async function moveQuiz(db: Db, id: string, direction: Direction) {
  return write(db, async (trx) =>
    swapWithNeighbour(
      await trx.selectFrom("quizzes").select(["id", "position"]).orderBy("position").orderBy("id").execute(),
      id,
      direction,
      (rowId, position) => trx.updateTable("quizzes").set({ position }).where("id", "=", rowId).execute(),
    ),
  );
}
