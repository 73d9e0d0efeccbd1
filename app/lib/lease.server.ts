import type { Kysely } from "kysely";
import type { Database } from "./db.server";

/**
 * Named leases in the database, so one process at a time does a scheduled job. Taking one is one
 * atomic statement: insert the lease, or take it over only where the holder's time has run out.
 */
export async function takeLease(
  db: Kysely<Database>,
  name: string,
  holder: string,
  ttlMs: number,
  now: Date = new Date(),
): Promise<boolean> {
  const expires_at = new Date(now.getTime() + ttlMs).toISOString();
  const row = await db
    .insertInto("leases")
    .values({ name, holder, expires_at })
    .onConflict((oc) =>
      oc.column("name").doUpdateSet({ holder, expires_at }).where("leases.expires_at", "<=", now.toISOString()),
    )
    .returning("holder")
    .executeTakeFirst();
  return row?.holder === holder;
}
