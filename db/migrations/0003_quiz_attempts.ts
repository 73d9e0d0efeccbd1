import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // A quiz attempt's progress lives here, not in the browser: the score cannot be forged.
  await db.schema
    .createTable("quiz_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("quiz", "text", (c) => c.notNull())
    .addColumn("question_count", "integer", (c) => c.notNull())
    .addColumn("current_index", "integer", (c) => c.notNull())
    .addColumn("score", "integer", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema
    .createIndex("quiz_attempts_user_idx")
    .on("quiz_attempts")
    .columns(["user_id", "finished_at"])
    .execute();
  await db.schema.createIndex("quiz_attempts_updated_idx").on("quiz_attempts").column("updated_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("quiz_attempts").execute();
}
