import type { Kysely } from "kysely";

/**
 * Progress per learner and lesson (issue 17): one row per pair, overwritten as the learner watches,
 * so nothing grows per heartbeat. `completed_at` is set once (≥ 90 % watched, or "Mark as complete")
 * and kept when the learner watches again. The index serves "Continue learning" (a learner's most
 * recent lessons); the primary key serves a list page (this learner's rows for its lessons).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("lesson_progress")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("lesson_id", "text", (c) => c.notNull().references("lessons.id").onDelete("cascade"))
    .addColumn("position_seconds", "integer", (c) => c.notNull())
    .addColumn("duration_seconds", "integer")
    .addColumn("completed_at", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("lesson_progress_pk", ["user_id", "lesson_id"])
    .execute();
  await db.schema
    .createIndex("lesson_progress_recent")
    .on("lesson_progress")
    .columns(["user_id", "updated_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("lesson_progress_recent").execute();
  await db.schema.dropTable("lesson_progress").execute();
}
