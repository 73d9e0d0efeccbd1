import { sql, type Kysely } from "kysely";

/**
 * A lesson's captions, one file per language (issue 32; IS 5568 asks captions of prerecorded video).
 * Kept in the database as the WebVTT the site serves (app/lib/captions.server.ts writes it, SRT
 * converted): at most 512 kB, backed up and deleted with the lesson, read only under the lesson's
 * access rule. `cues` is what the course builder reports; `file_name` is the admin's own name for the
 * upload, shown back to admins only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("lesson_captions")
    .addColumn("lesson_id", "text", (c) => c.notNull().references("lessons.id").onDelete("cascade"))
    .addColumn("language", "text", (c) => c.notNull().check(sql`language in ('en', 'he')`))
    .addColumn("vtt", "text", (c) => c.notNull())
    .addColumn("cues", "integer", (c) => c.notNull())
    .addColumn("file_name", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("lesson_captions_pk", ["lesson_id", "language"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("lesson_captions").execute();
}
