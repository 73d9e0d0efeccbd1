import { sql, type Kysely } from "kysely";
import type { Database } from "~/lib/db.server";

/**
 * The catalogue's version: one row (id 1) in catalogue_state, bumped by every change in the same
 * transaction as the change. Each process keeps the catalogue in memory and compares versions to
 * know when to reload: a write in this process marks its copy stale at once; a write in another
 * process is seen at the next version check (catalogue.server.ts decides how often).
 */

let locallyChanged = false;

/**
 * The site_settings key of the owner's online-checkout switch ("off" turns it off). The catalogue
 * reads it too (cards say whether a course can be bought), so a switch bumps the version.
 */
export const ONLINE_CHECKOUT_SETTING = "online_checkout";

/** Bump the version; call inside the transaction that changes the catalogue. */
export async function bumpCatalogueVersion(db: Kysely<Database>): Promise<void> {
  const result = await db
    .updateTable("catalogue_state")
    .set({ version: sql<number>`version + 1` })
    .where("id", "=", 1)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n)
    await db.insertInto("catalogue_state").values({ id: 1, version: 1, seeded_at: null }).execute();
  locallyChanged = true;
}

/** The version in the database (0 before anything was stored). */
export async function readCatalogueVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("catalogue_state").select("version").where("id", "=", 1).executeTakeFirst();
  return row ? Number(row.version) : 0;
}

/** True once after a write in this process: the in-memory catalogue must be reloaded. */
export function takeLocalChange(): boolean {
  const changed = locallyChanged;
  locallyChanged = false;
  return changed;
}
