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
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = openDatabase(url, { schema });
  await migrateToLatest(database.db, { schema });
  return {
    ...database,
    reopen: () => openDatabase(url, { schema }),
    async destroy() {
      await database.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}
