import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteAdapter, SqliteDialect, sql, type Transaction } from "kysely";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import pg from "pg";
import type { Database } from "../../db/schema.ts";
import { recordQuery } from "./metrics.server.ts";

/** The table types, for the models: app/ reaches db/ only through this module. */
export type * from "../../db/schema.ts";

export type Dialect = "sqlite" | "postgres";

/** The open database, for the process: queries go through `db`; the rest is for health checks and shutdown. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The URL it was opened with (a backup reaches the database with its own connection or tools). */
  url: string;
  /** Answers true when a trivial query succeeds (for /healthz). */
  ping(): Promise<boolean>;
  /** PostgreSQL: the pool's connections now (for /metrics); SQLite has one connection and no pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL only: the schema to use (tests give each worker its own). */
  schema?: string;
}

/**
 * Opens the database named by a URL: `file:<path>` (or `file::memory:`) for SQLite,
 * `postgres://…` for PostgreSQL.
 */
export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  const handle = url.startsWith("file:") ? openSqlite(url.slice("file:".length)) : openPostgres(url, options);
  return { ...handle, url };
}

function openSqlite(path: string): Omit<DatabaseHandle, "url"> {
  const inMemory = path === ":memory:";
  if (!inMemory) mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new SQLite(inMemory ? ":memory:" : resolve(path), { timeout: 5000 });
  // WAL lets readers work beside the writer; FULL makes an acknowledged write survive a power cut.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // `log`: every query's duration, for /metrics (a histogram's few additions per query).
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    log: recordQuery,
  });
  const ping = sqlite.prepare("select 1");
  return wrap(db, "sqlite", async () => {
    ping.get();
  });
}

/**
 * Kysely prepares every query anew; SQLite statements can be reused, and the same few queries run
 * on every request. Keeps the most recently used statements (Kysely only runs them with all/run,
 * never holds one open, so reuse is safe).
 */
function withStatementCache(sqlite: SQLite.Database, size = 500) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) {
        statements.delete(text); // most recently used last
      } else {
        statement = sqlite.prepare(text);
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

function openPostgres(url: string, { schema }: OpenOptions): Omit<DatabaseHandle, "url"> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new Error(`Invalid schema name: ${schema}`);
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: recordQuery });
  return {
    ...wrap(db, "postgres", async () => {
      await pool.query("select 1");
    }),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** `query`: a trivial query on the driver itself (health checks come often; Kysely would build it each time). */
function wrap(db: Kysely<Database>, dialect: Dialect, query: () => Promise<void>): Omit<DatabaseHandle, "url"> {
  let closed = false;
  return {
    db,
    dialect,
    async ping() {
      if (closed) return false;
      try {
        await query();
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

/**
 * A transaction that writes. On SQLite it begins IMMEDIATE: a deferred transaction that reads and
 * then writes cannot wait for another process's write (it fails with "database is locked" at once,
 * busy_timeout or not); taking the write lock first makes it wait its turn (up to busy_timeout).
 * On PostgreSQL, an ordinary transaction.
 */
export async function writeTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return db.transaction().execute(work);
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection as unknown as Transaction<Database>);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => {});
      throw error;
    }
  });
}
