import type { Kysely } from "kysely";

/**
 * The admin area's lists (issue 16) are read a page at a time, newest first, by keyset: ordered by
 * (created_at, id), a page after or before a given row. Each list gets an index on exactly that key,
 * so a page is a short range read of the index on both databases (scanned backwards for "newest
 * first"), whatever the page and however many rows: no sort, no offset, no count. id breaks ties
 * between rows written in the same millisecond.
 *
 * The submissions' created_at indexes of 0005 are a prefix of the new ones and served only this
 * list: they go. The feedback keeps its (hidden, created_at, id) index for the public list; the
 * admin's moderation list shows hidden entries too, so it needs its own.
 */
const LISTS = ["contact_messages", "registration_requests", "subscriptions", "feedback", "idp_accounts"] as const;
const REPLACED = ["contact_messages", "registration_requests"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of LISTS) {
    await db.schema.createIndex(`${table}_newest`).on(table).columns(["created_at", "id"]).execute();
  }
  for (const table of REPLACED) await db.schema.dropIndex(`${table}_created_idx`).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of REPLACED)
    await db.schema.createIndex(`${table}_created_idx`).on(table).column("created_at").execute();
  for (const table of LISTS) await db.schema.dropIndex(`${table}_newest`).execute();
}
