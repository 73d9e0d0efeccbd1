import { sql, type Kysely } from "kysely";

/**
 * A quiz question has two to six options (finding D-M10: exactly four were required, so a true/false
 * question had to invent two more). Options 3 and 4 lose NOT NULL; options 5 and 6 and their Hebrew
 * are new. A question's options are always its first N columns (the form refuses a gap).
 *
 * SQLite cannot drop a column's NOT NULL, so on both databases the column is renamed aside, added
 * again without it, copied and the old one dropped: one way for both, no table rebuild (no index or
 * constraint names these columns).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ["option_3", "option_4"]) await replaceColumn(db, column, true);
  for (const column of ["option_5", "option_6", "option_5_he", "option_6_he"])
    await db.schema.alterTable("quiz_questions").addColumn(column, "text").execute();
}

/** Back to four options: a question with fewer gets empty ones, and options 5 and 6 are dropped. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["option_6_he", "option_5_he", "option_6", "option_5"])
    await db.schema.alterTable("quiz_questions").dropColumn(column).execute();
  for (const column of ["option_3", "option_4"]) await replaceColumn(db, column, false);
}

/** Replaces a column by one of the same name and text, nullable or (on the way down) not. */
async function replaceColumn(db: Kysely<unknown>, column: string, nullable: boolean): Promise<void> {
  const aside = `${column}_before_0030`;
  await db.schema.alterTable("quiz_questions").renameColumn(column, aside).execute();
  await db.schema
    .alterTable("quiz_questions")
    .addColumn(column, "text", (c) => (nullable ? c : c.notNull().defaultTo("")))
    .execute();
  const copied = nullable ? sql.ref(aside) : sql`coalesce(${sql.ref(aside)}, '')`;
  await sql`update quiz_questions set ${sql.ref(column)} = ${copied}`.execute(db);
  await db.schema.alterTable("quiz_questions").dropColumn(aside).execute();
}
