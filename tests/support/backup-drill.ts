import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql, type Kysely } from "kysely";
import { inject } from "vitest";
import type { Database } from "../../db/schema.ts";
import { openDatabase, type DatabaseHandle } from "../../app/lib/db.server.ts";
import { adminQuery, databaseUrl } from "../setup/template-databases.ts";

/**
 * The restore drill's tools (server/backup.test.ts): every table filled, an empty database to
 * restore into, and every table and file read back for comparison.
 */

type AnyDb = Kysely<any>;

/** Lomda's tables in this database, as the database itself lists them (Kysely's bookkeeping aside). */
export async function dataTables(db: Kysely<Database>): Promise<string[]> {
  return (await db.introspection.getTables())
    .map((t) => t.name)
    .filter((name) => !name.startsWith("kysely_"))
    .sort();
}

interface ForeignKey {
  table: string;
  column: string;
  references: string;
  to: string;
}

async function foreignKeys(db: AnyDb, dialect: "sqlite" | "postgres", tables: string[]): Promise<ForeignKey[]> {
  if (dialect === "sqlite") {
    const keys: ForeignKey[] = [];
    for (const table of tables) {
      const { rows } = await sql<{
        from: string;
        table: string;
        to: string | null;
      }>`select * from pragma_foreign_key_list(${table})`.execute(db);
      for (const row of rows) keys.push({ table, column: row.from, references: row.table, to: row.to ?? "id" });
    }
    return keys;
  }
  const { rows } = await sql<ForeignKey>`
    select kcu.table_name as "table", kcu.column_name as "column", ccu.table_name as "references", ccu.column_name as "to"
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu
        on kcu.constraint_name = tc.constraint_name and kcu.constraint_schema = tc.constraint_schema
      join information_schema.constraint_column_usage ccu
        on ccu.constraint_name = tc.constraint_name and ccu.constraint_schema = tc.constraint_schema
     where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`.execute(db);
  return rows;
}

/** Column values the schema constrains (a check); every other value is made up from the column's type. */
const CONSTRAINED: Record<string, unknown> = { "lesson_captions.language": "he" };

/**
 * Gives every empty table a row (parents first, so its foreign keys point at real rows), with
 * values that test the round trip: Hebrew, quotes, a newline, a large integer. A table added by a
 * new migration is filled the same way; one whose constraints a made-up row breaks fails here, and
 * gets its values in CONSTRAINED.
 */
export async function fillEveryTable(db: Kysely<Database>, dialect: "sqlite" | "postgres"): Promise<void> {
  const any = db as AnyDb;
  const tables = await dataTables(db);
  const meta = new Map((await db.introspection.getTables()).map((t) => [t.name, t]));
  const keys = await foreignKeys(any, dialect, tables);
  const remaining = new Set(tables);
  while (remaining.size > 0) {
    const ready = [...remaining].filter(
      (t) => !keys.some((k) => k.table === t && k.references !== t && remaining.has(k.references)),
    );
    if (ready.length === 0) throw new Error(`foreign keys in a cycle: ${[...remaining].join(", ")}`);
    for (const table of ready) {
      remaining.delete(table);
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.id(table)}`.execute(any);
      if (Number(rows[0]!.n) > 0) continue;
      const parents = new Map<string, Record<string, unknown>>();
      const values: Record<string, unknown> = {};
      for (const column of meta.get(table)!.columns) {
        const key = keys.find((k) => k.table === table && k.column === column.name);
        if (key) {
          if (!parents.has(key.references)) {
            const parent = await any.selectFrom(key.references).selectAll().limit(1).executeTakeFirstOrThrow();
            parents.set(key.references, parent as Record<string, unknown>);
          }
          values[column.name] = parents.get(key.references)![key.to];
        } else if (`${table}.${column.name}` in CONSTRAINED) {
          values[column.name] = CONSTRAINED[`${table}.${column.name}`];
        } else if (/int/i.test(column.dataType)) {
          values[column.name] = 2_000_000_001;
        } else {
          values[column.name] = `שלום "${table}.${column.name}"\n'x'`;
        }
      }
      await any.insertInto(table).values(values).execute();
    }
  }
}

/** Every row of every table, as sorted JSON lines (keys sorted; numbers as numbers on both databases). */
export async function tableContents(db: Kysely<Database>, tables: string[]): Promise<Record<string, string[]>> {
  const contents: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await (db as AnyDb).selectFrom(table).selectAll().execute();
    contents[table] = rows
      .map((row: Record<string, unknown>) =>
        JSON.stringify(
          Object.fromEntries(
            Object.keys(row)
              .sort()
              .map((k) => [k, row[k]]),
          ),
        ),
      )
      .sort();
  }
  return contents;
}

/** A media folder with every kind of file Lomda keeps (nested, binary, large enough to stream). */
export function fillMedia(dir: string): void {
  mkdirSync(join(dir, "videos"), { recursive: true });
  mkdirSync(join(dir, "covers"), { recursive: true });
  mkdirSync(join(dir, "resources", "deep"), { recursive: true });
  writeFileSync(join(dir, "videos", "a1b2.mp4"), randomBytes(300_000));
  writeFileSync(join(dir, "covers", "c3d4.webp"), randomBytes(5_000));
  writeFileSync(join(dir, "resources", "deep", "notes.pdf"), "%PDF-1.4 שלום");
  writeFileSync(join(dir, "resources", "empty.txt"), "");
}

/** Path → bytes (base64) of every file under dir. */
export function mediaContents(dir: string, under = ""): Record<string, string> {
  const found: Record<string, string> = {};
  for (const entry of readdirSync(join(dir, under), { withFileTypes: true })) {
    const path = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) Object.assign(found, mediaContents(dir, path));
    else found[path] = readFileSync(join(dir, path)).toString("base64");
  }
  return found;
}

/** An empty database to restore into: a SQLite file not yet made, or a new PostgreSQL database. */
export async function emptyDatabase(
  dialect: "sqlite" | "postgres",
): Promise<{ url: string; open(): DatabaseHandle; destroy(): Promise<void> }> {
  const suffix = randomBytes(6).toString("hex");
  if (dialect === "sqlite") {
    const dir = join(tmpdir(), `lomda-restore-${suffix}`);
    const url = `file:${join(dir, "restored.db")}`;
    return {
      url,
      open: () => openDatabase(url),
      destroy: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `${inject("templateDatabases").postgres!.prefix}restore_${suffix}`;
  await adminQuery(serverUrl, `create database ${name}`);
  return {
    url: databaseUrl(serverUrl, name),
    open: () => openDatabase(databaseUrl(serverUrl, name)),
    destroy: async () => {
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
