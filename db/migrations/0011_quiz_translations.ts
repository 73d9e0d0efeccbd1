import type { Kysely } from "kysely";
import { quizzes } from "../../content/quizzes.ts";

/**
 * Quizzes in Hebrew and the answer review (issue 15). Each question gets its Hebrew text and
 * options (null: the Hebrew page shows the English, as elsewhere in the catalogue) and a one-line
 * explanation in both languages. `quiz_answers` keeps a learner's choice for every question of an
 * attempt, so the review shown after the result is read from the server.
 *
 * A catalogue seeded before this migration gets the seed's translations here, once: a question is
 * filled only where its quiz slug, position and English text are still the seed's (an admin's
 * edited question is left alone) and none of its new columns is set. The Java quiz's Hebrew name,
 * seeded as "ג׳אווה", becomes "Java", as the Hebrew pages name the language everywhere else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per column: SQLite adds one column per ALTER TABLE.
  for (const column of TRANSLATION_COLUMNS)
    await db.schema.alterTable("quiz_questions").addColumn(column, "text").execute();

  await db.schema
    .createTable("quiz_answers")
    .addColumn("attempt_id", "text", (c) => c.notNull().references("quiz_attempts.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("question_id", "text")
    .addColumn("choice", "integer")
    .addColumn("correct", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("quiz_answers_pk", ["attempt_id", "position"])
    .execute();

  await backfillTranslations(db as Kysely<BackfillDatabase>);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("quiz_answers").execute();
  for (const column of [...TRANSLATION_COLUMNS].reverse())
    await db.schema.alterTable("quiz_questions").dropColumn(column).execute();
}

const TRANSLATION_COLUMNS = [
  "question_he",
  "option_1_he",
  "option_2_he",
  "option_3_he",
  "option_4_he",
  "explanation_en",
  "explanation_he",
] as const;

interface BackfillDatabase {
  quizzes: { id: string; slug: string; title_he: string | null };
  quiz_questions: { id: string; quiz_id: string; position: number; question: string } & Record<
    (typeof TRANSLATION_COLUMNS)[number],
    string | null
  >;
  catalogue_state: { id: number; version: number };
}

/** Fills the new columns of the seeded questions that still read as the seed wrote them. */
export async function backfillTranslations(db: Kysely<BackfillDatabase>): Promise<number> {
  let filled = 0;
  const renamed = await db
    .updateTable("quizzes")
    .set({ title_he: "Java" })
    .where("slug", "=", "java")
    .where("title_he", "=", "ג׳אווה")
    .executeTakeFirst();
  filled += Number(renamed.numUpdatedRows);
  for (const quiz of quizzes) {
    const row = await db.selectFrom("quizzes").select("id").where("slug", "=", quiz.key).executeTakeFirst();
    if (!row) continue;
    for (const [position, q] of quiz.questions.entries()) {
      const result = await db
        .updateTable("quiz_questions")
        .set({
          question_he: q.he?.question ?? null,
          option_1_he: q.he?.options[0] ?? null,
          option_2_he: q.he?.options[1] ?? null,
          option_3_he: q.he?.options[2] ?? null,
          option_4_he: q.he?.options[3] ?? null,
          explanation_en: q.explanation?.en ?? null,
          explanation_he: q.explanation?.he ?? null,
        })
        .where("quiz_id", "=", row.id)
        .where("position", "=", position)
        .where("question", "=", q.question)
        .where((eb) => eb.and(TRANSLATION_COLUMNS.map((column) => eb(column, "is", null))))
        .executeTakeFirst();
      filled += Number(result.numUpdatedRows);
    }
  }
  // Running processes compare this version with their cached catalogue.
  if (filled > 0)
    await db
      .updateTable("catalogue_state")
      .set((eb) => ({ version: eb("version", "+", 1) }))
      .execute();
  return filled;
}
