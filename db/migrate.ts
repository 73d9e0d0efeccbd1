import { PostgresAdapter, sql, type Kysely } from "kysely";
import { Migrator, type MigrationResultSet } from "kysely/migration";
import { migrations } from "./migrations/index.ts";

/**
 * On PostgreSQL, Kysely's own bookkeeping tables live in the current schema (or `schema`, given by
 * the tests): without naming it, Kysely takes another schema's migration tables (any schema of the
 * database) for this one's, and migrating a second schema fails.
 */
export async function migrateToLatest(db: Kysely<any>, options: { schema?: string } = {}): Promise<MigrationResultSet> {
  return checked(await (await migrator(db, options.schema)).migrateToLatest());
}

async function migrator(db: Kysely<any>, given?: string): Promise<Migrator> {
  const schema =
    given ??
    (db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined);
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/** Migrates up to `name` (a restore from the portable rows builds the archive's schema first). */
export async function migrateTo(db: Kysely<any>, name: string): Promise<MigrationResultSet> {
  return checked(await (await migrator(db)).migrateTo(name));
}

/** The migrations this database has run, and those still to run (in order). */
export async function migrationState(db: Kysely<any>): Promise<{ applied: string[]; pending: string[] }> {
  const all = await (await migrator(db)).getMigrations();
  return {
    applied: all.filter((m) => m.executedAt).map((m) => m.name),
    pending: all.filter((m) => !m.executedAt).map((m) => m.name),
  };
}

function checked(result: MigrationResultSet): MigrationResultSet {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error")?.migrationName;
    throw new Error(`Migration ${failed ?? "(unknown)"} failed: ${String(result.error)}`, {
      cause: result.error,
    });
  }
  return result;
}

/**
 * How the database's applied migrations compare with this build's list (for /readyz and /metrics):
 * `pending`, this build's not yet applied; `unknown`, applied but not in this build (a newer version
 * migrated the database). Reads Kysely's own table by its unqualified name: on PostgreSQL that is the
 * current schema's, where migrateToLatest keeps it. Rejects when the database does not answer.
 */
export async function migrationStatus(db: Kysely<any>): Promise<{ pending: string[]; unknown: string[] }> {
  let applied: Set<string>;
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    applied = new Set(rows.map((row) => row.name));
  } catch (error) {
    // A database never migrated has no table: everything is pending. Any other failure is the caller's.
    if (!/no such table|does not exist/i.test(String(error))) throw error;
    applied = new Set();
  }
  const known = Object.keys(migrations);
  return {
    pending: known.filter((name) => !applied.has(name)),
    unknown: [...applied].filter((name) => !(name in migrations)),
  };
}
