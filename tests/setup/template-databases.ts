import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../app/lib/db.server.ts";
import { seedCatalogue } from "../../app/models/catalogue-seed.server.ts";
import { migrateToLatest } from "../../db/migrate.ts";

/** Where each test file's database is copied from (see databases.ts). */
export interface TemplateDatabases {
  /** Migrated, empty; and migrated with the seeded catalogue. */
  sqlite: { migrated: string; seeded: string };
  /** The run's prefix of every PostgreSQL database it makes, and the two templates' names. */
  postgres?: { prefix: string; migrated: string; seeded: string };
}

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabases: TemplateDatabases;
  }
}

/**
 * Vitest's global setup: migrates (and seeds) a template database once per run, on SQLite and, when
 * TEST_DATABASE_URL is set, on PostgreSQL. Each test file's database is then a copy of one, instead
 * of replaying every migration and the seed (docs/decisions/0036). A broken migration or seed fails
 * the run here, before any test.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = randomBytes(4).toString("hex");
  const dir = mkdtempSync(join(tmpdir(), `lomda-templates-${run}-`));
  const sqlite = { migrated: join(dir, "migrated.db"), seeded: join(dir, "seeded.db") };
  await migrateSqlite(sqlite.migrated);
  copyFileSync(sqlite.migrated, sqlite.seeded);
  await seedSqlite(sqlite.seeded);

  const url = process.env.TEST_DATABASE_URL;
  const prefix = `lomda_${run}_`;
  const postgres = url ? { prefix, migrated: `${prefix}migrated`, seeded: `${prefix}seeded` } : undefined;
  if (url && postgres) {
    await adminQuery(url, `create database ${postgres.migrated}`);
    const migrated = openDatabase(databaseUrl(url, postgres.migrated));
    await migrateToLatest(migrated.db).finally(() => migrated.close());
    await adminQuery(url, `create database ${postgres.seeded} template ${postgres.migrated}`);
    const seeded = openDatabase(databaseUrl(url, postgres.seeded));
    await seedCatalogue(seeded.db).finally(() => seeded.close());
  }

  project.provide("templateDatabases", { sqlite, postgres });

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    // Every database of this run, the templates and any a test file left behind (a crash).
    if (url) {
      const left = await adminQuery(url, "select datname from pg_database where datname like $1", [`${prefix}%`]);
      for (const { datname } of left.rows) await adminQuery(url, `drop database if exists ${datname} with (force)`);
    }
  };
}

async function migrateSqlite(path: string): Promise<void> {
  const database = openDatabase(`file:${path}`);
  await migrateToLatest(database.db).finally(() => database.close());
  assertCheckpointed(path);
}

async function seedSqlite(path: string): Promise<void> {
  const database = openDatabase(`file:${path}`);
  await seedCatalogue(database.db).finally(() => database.close());
  assertCheckpointed(path);
}

/** Closing the last connection folds the write-ahead log into the file, so the file alone is the database. */
function assertCheckpointed(path: string): void {
  if (existsSync(`${path}-wal`)) throw new Error(`${path}-wal is still there: the template would be copied without it`);
}

/** The same server and credentials, another database. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A statement outside any database of the tests (CREATE and DROP DATABASE cannot run in one they use). */
export async function adminQuery(url: string, statement: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}
