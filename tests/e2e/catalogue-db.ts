import type { Kysely } from "kysely";
import { openDatabase } from "../../app/lib/db.server.ts";
import type { Database } from "../../db/schema.ts";

/**
 * The browser tests' server database (playwright.config.ts: E2E_DATABASE_URL, or the SQLite file it
 * recreates each run), opened from the test, for the few tests that set up catalogue data the
 * seed does not have (a playable YouTube lesson). The server is another process: it sees the change
 * within a second (the catalogue's version check), so wait for it on the page.
 */
export async function withE2eDatabase<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const database = openDatabase(process.env.E2E_DATABASE_URL ?? "file:./tests/.tmp/e2e/lomda.db");
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}
