import type { Kysely } from "kysely";
import { Migrator, type MigrationResultSet } from "kysely/migration";
import { migrations } from "./migrations/index.ts";

/**
 * `schema` (PostgreSQL, tests): keep Kysely's own bookkeeping tables in that schema. Without it Kysely
 * looks for them in every schema, so another test schema's half-made tables could be taken for ours.
 */
export async function migrateToLatest(db: Kysely<any>, options: { schema?: string } = {}): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error")?.migrationName;
    throw new Error(`Migration ${failed ?? "(unknown)"} failed: ${String(result.error)}`, {
      cause: result.error,
    });
  }
  return result;
}
