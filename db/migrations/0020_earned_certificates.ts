import { sql, type Kysely } from "kysely";

/**
 * What a certificate attests must be earned (issue 29, finding 2).
 *
 * - Watching is measured on the server. `lesson_progress.watched_seconds` is the time the server has
 *   credited, report by report: at most the advance of the position, and no faster than twice the
 *   server's clock (YouTube's fastest rate) across all of a learner's lessons, which `watch_clocks`
 *   keeps per learner (`spent_until`: the server time up to which their watching is accounted for).
 *   `watched_at` is set once the credited time reaches 90 % of the lesson's known length.
 * - "Mark as complete" is the learner's own bookmark: `completed_at` is copied into `marked_at`. A
 *   migration cannot tell a completion the old code took from the client's word (position=1&duration=1
 *   was enough) from one really watched, so every existing completion becomes a mark, not a watch:
 *   learners keep what they ticked, and a certificate now needs the lessons watched again.
 *   `completed_at` itself stays, unused, for a release: a process of the version before, still
 *   running during a rolling restart, reads and writes it (docs/deploy.md, §6).
 *   Certificates already issued stay as they were issued.
 * - A quiz attempt keeps the order its questions and options were shown in (`layout`, JSON): every
 *   step and the review use it. Attempts begun before have none and keep the quiz's own order.
 * - A review hidden because its author lost access to the course (a refund, a revoked grant) says
 *   so in `hidden_by`; the admin's own moderation leaves it null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("lesson_progress").addColumn("marked_at", "text").execute();
  await sql`update lesson_progress set marked_at = completed_at`.execute(db);
  await db.schema
    .alterTable("lesson_progress")
    .addColumn("watched_seconds", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("lesson_progress").addColumn("watched_at", "text").execute();
  await db.schema
    .createTable("watch_clocks")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("spent_until", "text", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("quiz_attempts").addColumn("layout", "text").execute();
  await db.schema.alterTable("course_reviews").addColumn("hidden_by", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("course_reviews").dropColumn("hidden_by").execute();
  await db.schema.alterTable("quiz_attempts").dropColumn("layout").execute();
  await db.schema.dropTable("watch_clocks").execute();
  await db.schema.alterTable("lesson_progress").dropColumn("watched_at").execute();
  await db.schema.alterTable("lesson_progress").dropColumn("watched_seconds").execute();
  await db.schema.alterTable("lesson_progress").dropColumn("marked_at").execute();
}
