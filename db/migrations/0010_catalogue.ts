import type { Kysely } from "kysely";

/**
 * The catalogue in the database, edited in the admin area (issue 14): catalogues of course cards,
 * video lists of lessons, quizzes of questions, and the public URLs that show them. content/*.ts is
 * the seed loaded once into an empty catalogue. `catalogue_state` holds one row whose version is
 * bumped by every change, so each process can check cheaply whether its in-memory copy is stale.
 *
 * Text in two languages is two columns: `*_en` (required) and `*_he` (null: fall back to English,
 * shown as such in the admin). Booleans are 0/1, money is integer cents, ratings integer tenths.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("catalogues")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("title_en", "text", (c) => c.notNull())
    .addColumn("title_he", "text")
    .addColumn("description_en", "text", (c) => c.notNull())
    .addColumn("description_he", "text")
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("courses")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("catalogue_id", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("title_en", "text", (c) => c.notNull())
    .addColumn("title_he", "text")
    .addColumn("teacher_en", "text", (c) => c.notNull())
    .addColumn("teacher_he", "text")
    .addColumn("summary_en", "text", (c) => c.notNull())
    .addColumn("summary_he", "text")
    .addColumn("duration", "text", (c) => c.notNull())
    .addColumn("students", "integer", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("rating_tenths", "integer", (c) => c.notNull())
    .addColumn("reviews", "integer", (c) => c.notNull())
    .addColumn("cover", "text", (c) => c.notNull())
    .addColumn("read_more", "text")
    .addColumn("join_target", "text")
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("courses_catalogue_idx").on("courses").columns(["catalogue_id", "position"]).execute();

  await db.schema
    .createTable("video_lists")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title_en", "text", (c) => c.notNull())
    .addColumn("title_he", "text")
    .addColumn("description_en", "text", (c) => c.notNull())
    .addColumn("description_he", "text")
    .addColumn("free_samples", "integer", (c) => c.notNull().defaultTo(3))
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("course_video_lists")
    .addColumn("course_id", "text", (c) => c.notNull())
    .addColumn("list_id", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("course_video_lists_pk", ["course_id", "list_id"])
    .execute();

  await db.schema
    .createTable("lessons")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("list_id", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("title_en", "text", (c) => c.notNull())
    .addColumn("title_he", "text")
    .addColumn("description_en", "text", (c) => c.notNull())
    .addColumn("description_he", "text")
    .addColumn("duration", "text")
    .addColumn("youtube_id", "text")
    .addColumn("video_file", "text")
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("lessons_list_slug_unique", ["list_id", "slug"])
    .execute();
  await db.schema.createIndex("lessons_list_idx").on("lessons").columns(["list_id", "position"]).execute();

  await db.schema
    .createTable("catalogue_paths")
    .addColumn("path", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("target_id", "text", (c) => c.notNull())
    .addColumn("in_sitemap", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable("quizzes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("title_en", "text", (c) => c.notNull())
    .addColumn("title_he", "text")
    .addColumn("description_en", "text", (c) => c.notNull())
    .addColumn("description_he", "text")
    .addColumn("follow_up", "text", (c) => c.notNull())
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("quiz_questions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("quiz_id", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("question", "text", (c) => c.notNull())
    .addColumn("code", "text")
    .addColumn("option_1", "text", (c) => c.notNull())
    .addColumn("option_2", "text", (c) => c.notNull())
    .addColumn("option_3", "text", (c) => c.notNull())
    .addColumn("option_4", "text", (c) => c.notNull())
    .addColumn("answer", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("quiz_questions_quiz_idx")
    .on("quiz_questions")
    .columns(["quiz_id", "position"])
    .execute();

  await db.schema
    .createTable("catalogue_state")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("seeded_at", "text")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "catalogue_state",
    "quiz_questions",
    "quizzes",
    "catalogue_paths",
    "lessons",
    "course_video_lists",
    "video_lists",
    "courses",
    "catalogues",
  ])
    await db.schema.dropTable(table).execute();
}
