import type { Kysely } from "kysely";

/**
 * The course builder's rows carry a version: an integer that every save adds one to (decision
 * 0034). An edit form sends back the version it was made from and the save is an update on that
 * version, so a save from an older form changes nothing and is refused. It was the row's
 * updated_at, read in a second query after the row: a save between the two was silently undone,
 * and two saves in one millisecond had the same version. Every row there is starts at 1.
 */
const TABLES = ["catalogues", "courses", "video_lists", "lessons", "quizzes", "quiz_questions"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES)
    await db.schema
      .alterTable(table)
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn("version").execute();
}
