import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../app/lib/db.server.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { seedCatalogue } from "../../app/models/catalogue-seed.server.ts";

/**
 * The databases model tests run on: always a real SQLite file; a real PostgreSQL too when
 * TEST_DATABASE_URL is set (each test database is its own schema, dropped afterwards). Each is
 * migrated and holds the seeded catalogue, as a started server's does (`seed: false`: an empty one).
 */
export const DIALECTS: ("sqlite" | "postgres")[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestDb extends DatabaseHandle {
  /** Drops the schema or deletes the file. */
  destroy(): Promise<void>;
  /** The URL and schema that reopen the same database (for restart tests). */
  reopen(): DatabaseHandle;
}

export async function createTestDb(dialect: "sqlite" | "postgres", options: { seed?: boolean } = {}): Promise<TestDb> {
  const database = await openTestDb(dialect);
  if (options.seed !== false) await seedCatalogue(database.db);
  return database;
}

async function openTestDb(dialect: "sqlite" | "postgres"): Promise<TestDb> {
  const suffix = randomBytes(6).toString("hex");
  if (dialect === "sqlite") {
    const dir = join(tmpdir(), `lomda-test-${suffix}`);
    mkdirSync(dir, { recursive: true });
    const url = `file:${join(dir, "test.db")}`;
    const database = openDatabase(url);
    await migrateToLatest(database.db);
    return {
      ...database,
      reopen: () => openDatabase(url),
      async destroy() {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${suffix}`;
  const database = openDatabase(url, { schema });
  await withSchemaLock(url, "shared", async (client) => {
    await client.query(`create schema ${schema}`);
    await migrateToLatest(database.db, { schema });
  });
  return {
    ...database,
    reopen: () => openDatabase(url, { schema }),
    async destroy() {
      await database.close();
      await dropSchema(url, schema);
    },
  };
}

/** Any number of test files may migrate at once, but none while a schema is dropped (see withSchemaLock). */
const SCHEMA_LOCK = 7_202_611;

/**
 * Runs `work` holding the test databases' schema lock. Kysely's migrator reads the catalogue of every
 * schema of the database by name (has_schema_privilege, pg_get_serial_sequence), so a schema that
 * another test worker drops meanwhile fails it with "schema … does not exist". Migrating takes the
 * lock shared, dropping takes it alone. The lock lives as long as `client`'s session.
 */
export async function withSchemaLock<T>(
  url: string,
  mode: "shared" | "exclusive",
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(mode === "shared" ? "select pg_advisory_lock_shared($1)" : "select pg_advisory_lock($1)", [
      SCHEMA_LOCK,
    ]);
    return await work(client);
  } finally {
    await client.end(); // ends the session, and with it the lock
  }
}

/** Runs a migration of a test database (a test that migrates up or down itself), under the shared lock. */
export function whileMigrating<T>(dialect: "sqlite" | "postgres", work: () => Promise<T>): Promise<T> {
  return dialect === "postgres" ? withSchemaLock(process.env.TEST_DATABASE_URL!, "shared", work) : work();
}

export function dropSchema(url: string, schema: string): Promise<void> {
  return withSchemaLock(url, "exclusive", async (client) => {
    await client.query(`drop schema if exists ${schema} cascade`);
  });
}
