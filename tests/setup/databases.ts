import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle, type OpenOptions } from "../../app/lib/db.server.ts";
import { adminQuery, databaseUrl } from "./template-databases.ts";

/**
 * The databases model tests run on: always a real SQLite file; a real PostgreSQL too when
 * TEST_DATABASE_URL is set (each test database is a database of its own on that server, dropped
 * afterwards). Each is migrated and holds the seeded catalogue, as a started server's does
 * (`seed: false`: an empty one): a copy of the run's template (template-databases.ts), so no test
 * sees another's rows.
 */
export const DIALECTS: ("sqlite" | "postgres")[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestDb extends DatabaseHandle {
  /** Drops the database or deletes the file. */
  destroy(): Promise<void>;
  /** Another connection to the same database (a second process's, or after a restart); on PostgreSQL, to one of its schemas. */
  reopen(options?: OpenOptions): DatabaseHandle;
}

export async function createTestDb(dialect: "sqlite" | "postgres", options: { seed?: boolean } = {}): Promise<TestDb> {
  const templates = inject("templateDatabases");
  const seeded = options.seed !== false;
  const suffix = randomBytes(6).toString("hex");
  if (dialect === "sqlite") {
    const dir = join(tmpdir(), `lomda-test-${suffix}`);
    mkdirSync(dir, { recursive: true });
    const path = join(dir, "test.db");
    copyFileSync(seeded ? templates.sqlite.seeded : templates.sqlite.migrated, path);
    const url = `file:${path}`;
    const database = openDatabase(url);
    return {
      ...database,
      reopen: () => openDatabase(url),
      async destroy() {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const postgres = templates.postgres!;
  const name = `${postgres.prefix}${suffix}`;
  await adminQuery(serverUrl, `create database ${name} template ${seeded ? postgres.seeded : postgres.migrated}`);
  const url = databaseUrl(serverUrl, name);
  const database = openDatabase(url);
  return {
    ...database,
    reopen: (options) => openDatabase(url, options),
    async destroy() {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
