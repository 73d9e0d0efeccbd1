import { PostgresAdapter, sql, type Kysely } from "kysely";
import { Migrator, type MigrationResultSet } from "kysely/migration";
import { migrations } from "./migrations/index.ts";

async function currentSchema(db: Kysely<any>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // On PostgreSQL, Kysely looks for its bookkeeping tables in every schema unless told which:
    // with several schemas in one database (one per test worker, or per app), another schema's
    // half-made kysely_migration_lock made this one skip creating its own, and migration failed.
    migrationTableSchema: await currentSchema(db),
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
