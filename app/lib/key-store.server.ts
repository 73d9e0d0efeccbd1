import type { Kysely } from "kysely";
import type { Database } from "./db.server";

/**
 * A value generated once and kept in the database (signing keys): the first process to start
 * creates it; any other reads the same one.
 */
export async function getOrCreateKey(db: Kysely<Database>, name: string, create: () => string): Promise<string> {
  const existing = await db.selectFrom("key_store").select("value").where("name", "=", name).executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto("key_store")
    .values({ name, value: create(), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db.selectFrom("key_store").select("value").where("name", "=", name).executeTakeFirstOrThrow();
  return row.value;
}
