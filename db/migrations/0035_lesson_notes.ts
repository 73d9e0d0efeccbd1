import type { Kysely } from "kysely";

/**
 * A learner's private notes on a lesson (issue 32, point 4), each stamped with the video's position
 * when it was written (null: a lesson whose player gives none, or a page without JavaScript). Gone
 * with the learner or the lesson. Read and written by their owner only (app/models/lesson-notes.server.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("lesson_notes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("lesson_id", "text", (c) => c.notNull().references("lessons.id").onDelete("cascade"))
    .addColumn("position_seconds", "integer")
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // Every read is one learner's: on a lesson (its page), or all of theirs (the profile, the export).
  await db.schema
    .createIndex("lesson_notes_user_lesson")
    .on("lesson_notes")
    .columns(["user_id", "lesson_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("lesson_notes").execute();
}
