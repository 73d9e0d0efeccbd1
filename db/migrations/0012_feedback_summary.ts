import { sql, type Kysely } from "kysely";

/**
 * The feedback summary (issue 16): the count and star total of the visible feedback, kept in one
 * row by every write in the same transaction, so the /feedback header costs one primary-key read
 * however many rows there are (it averaged every row per view before). `version` grows with every
 * change of what the public sees: cached pages that show feedback compare it to know they are stale.
 * The index serves the list, newest first, and its keyset paging (a page after a given entry) without
 * sorting the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("feedback_summary")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("visible_count", "integer", (c) => c.notNull())
    .addColumn("rating_sum", "integer", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("feedback_visible_newest")
    .on("feedback")
    .columns(["hidden", "created_at", "id"])
    .execute();
  await sql`insert into feedback_summary (id, visible_count, rating_sum, version)
    select 1, count(*), coalesce(sum(rating), 0), 1 from feedback where hidden = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("feedback_visible_newest").execute();
  await db.schema.dropTable("feedback_summary").execute();
}
