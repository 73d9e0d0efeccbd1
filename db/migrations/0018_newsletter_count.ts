import { sql, type Kysely } from "kysely";

/**
 * The newsletter's count (issue 16): one row, kept by every sign-up in the same transaction, so the
 * admin page's "Newsletter (n)" costs one primary-key read however many have signed up (it counted
 * the whole table per view before). The count starts from the rows already there.
 *
 * Named for what it does: migrations for payments are being written in parallel, and whichever
 * lands second takes the next number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("newsletter_summary")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("subscriber_count", "integer", (c) => c.notNull())
    .execute();
  await sql`insert into newsletter_summary (id, subscriber_count)
    select 1, count(*) from newsletter_subscribers`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("newsletter_summary").execute();
}
