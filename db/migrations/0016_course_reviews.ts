import type { Kysely } from "kysely";

/**
 * Reviews from learners (issue 17): one per learner and course (editable), stars 1–5 and a comment,
 * hidden or shown by the admin. The index serves a course page's visible reviews, newest first, and
 * the per-course count and star total the catalogue reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("course_reviews")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("course_id", "text", (c) => c.notNull().references("courses.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("author_name", "text")
    .addColumn("rating", "integer", (c) => c.notNull())
    .addColumn("comment", "text", (c) => c.notNull())
    .addColumn("hidden", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("course_reviews_course_user", ["course_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("course_reviews_visible_newest")
    .on("course_reviews")
    .columns(["course_id", "hidden", "updated_at", "id"])
    .execute();
  await db.schema.createIndex("course_reviews_newest").on("course_reviews").columns(["updated_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("course_reviews_newest").execute();
  await db.schema.dropIndex("course_reviews_visible_newest").execute();
  await db.schema.dropTable("course_reviews").execute();
}
