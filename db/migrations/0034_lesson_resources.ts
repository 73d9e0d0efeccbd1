import type { Kysely } from "kysely";

/**
 * Files a teacher attaches to a lesson (issue 32): slides, exercises, source code. The file lives in
 * the media store (MEDIA_DIR/resources/, a random name with the sniffed type's extension); the row
 * keeps the name it is downloaded under (the admin's own, sanitized), its type and size, and its
 * place in the lesson's list. Served as a download to whoever may watch the lesson.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("lesson_resources")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("lesson_id", "text", (c) => c.notNull().references("lessons.id").onDelete("cascade"))
    .addColumn("file", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("lesson_resources_lesson_idx")
    .on("lesson_resources")
    .columns(["lesson_id", "position"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("lesson_resources").execute();
}
