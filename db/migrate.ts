import { PostgresAdapter, sql, type Kysely } from "kysely";
import { Migrator, type MigrationResultSet } from "kysely/migration";
import { migrations } from "./migrations/index.ts";

/**
 * On PostgreSQL, Kysely's own bookkeeping tables live in the current schema (or `schema`, given by
 * the tests): without naming it, Kysely takes another schema's migration tables (any schema of the
 * database) for this one's, and migrating a second schema fails.
 */
export async function migrateToLatest(db: Kysely<any>, options: { schema?: string } = {}): Promise<MigrationResultSet> {
  const schema =
    options.schema ??
    (db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
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
