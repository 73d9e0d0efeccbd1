import type { Kysely } from "kysely";

/**
 * Exercises (issue 34; decision 0053): a lesson that is a JavaScript or SQL exercise instead of a
 * video. It keeps its place in its list, its "n of N" and its part in certificates through the
 * lesson it belongs to; a server-side pass marks the lesson watched (lesson_progress.watched_at), so
 * certificates and tallies count it as they count a watched video.
 *
 * `lesson_exercises` holds what the teacher wrote (tests and hints as JSON text, the same in both
 * databases); `exercise_attempts` one row per graded submission, per learner, never a browser's
 * own result.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("lesson_exercises")
    .addColumn("lesson_id", "text", (c) => c.primaryKey().references("lessons.id").onDelete("cascade"))
    // "javascript" or "sql".
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("instructions_en", "text", (c) => c.notNull())
    .addColumn("instructions_he", "text")
    .addColumn("starter_code", "text", (c) => c.notNull())
    .addColumn("solution", "text", (c) => c.notNull())
    // [{ name, hidden, code }] (app/lib/exercises/grading.ts ExerciseTest).
    .addColumn("tests", "text", (c) => c.notNull())
    // ["hint", ...] per language, revealed one by one.
    .addColumn("hints_en", "text", (c) => c.notNull())
    .addColumn("hints_he", "text", (c) => c.notNull())
    // SQL only: the schema with seed rows each attempt runs on a fresh copy of.
    .addColumn("sql_schema", "text")
    // After this many failed attempts the learner may see the solution (a pass always shows it).
    .addColumn("attempts_before_solution", "integer", (c) => c.notNull())
    // When the builder's check last found the solution passing and the starter failing (null: never).
    .addColumn("checked_at", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("exercise_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("lesson_id", "text", (c) => c.notNull().references("lessons.id").onDelete("cascade"))
    .addColumn("code", "text", (c) => c.notNull())
    // GradeResult.verdict: passed, failed, error, timeout, memory, too-large.
    .addColumn("verdict", "text", (c) => c.notNull())
    // JSON arrays of test names.
    .addColumn("passed_tests", "text", (c) => c.notNull())
    .addColumn("failed_tests", "text", (c) => c.notNull())
    .addColumn("ms", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("exercise_attempts_lesson_user")
    .on("exercise_attempts")
    .columns(["lesson_id", "user_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("exercise_attempts").execute();
  await db.schema.dropTable("lesson_exercises").execute();
}
