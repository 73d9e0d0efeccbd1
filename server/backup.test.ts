import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeTransaction } from "../app/lib/db.server.ts";
import { createLogger } from "../app/lib/logger.server.ts";
import { migrations } from "../db/migrations/index.ts";
import { createTestDb, DIALECTS, type TestDb } from "../tests/setup/databases.ts";
import {
  dataTables,
  emptyDatabase,
  fillEveryTable,
  fillMedia,
  mediaContents,
  tableContents,
} from "../tests/support/backup-drill.ts";
import { createBackup, restoreBackup, type Manifest } from "./backup.ts";

/**
 * The restore drill (issue 35): both databases filled with every kind of row, backed up while
 * writes go on, restored into an empty database of the same or the other kind, and every table and
 * file compared.
 */

const logs: string[] = [];
const testLog = createLogger(
  "info",
  new Writable({
    write(chunk, _encoding, callback) {
      logs.push(String(chunk));
      callback();
    },
  }),
);

/** The table the drill's writer keeps inserting into while the backup runs (and a second, in the same transaction). */
const WRITTEN = ["captcha_used", "rate_limits"];

const CASES: { from: "sqlite" | "postgres"; to: "sqlite" | "postgres"; portable?: boolean; method: string }[] = [
  { from: "sqlite", to: "sqlite", method: "sqlite-file" },
  { from: "sqlite", to: "sqlite", portable: true, method: "rows" },
  ...(DIALECTS.includes("postgres")
    ? ([
        { from: "postgres", to: "postgres", method: "pg_restore" },
        { from: "sqlite", to: "postgres", method: "rows" },
        { from: "postgres", to: "sqlite", method: "rows" },
      ] as const)
    : []),
];

describe.each(DIALECTS)("a backup of a running %s site", (dialect) => {
  let source: TestDb;
  let writer: ReturnType<TestDb["reopen"]>;
  let work: string;
  let mediaDir: string;
  let archive: { file: string; manifest: Manifest };
  let tables: string[];
  let writesDuring = 0;

  beforeAll(async () => {
    source = await createTestDb(dialect);
    writer = source.reopen();
    work = mkdtempSync(join(tmpdir(), "lomda-drill-"));
    mediaDir = join(work, "media");
    await fillEveryTable(source.db, dialect);
    fillMedia(mediaDir);
    // An upload still being written is no part of a backup.
    writeFileSync(join(mediaDir, "videos", ".upload-0123.tmp"), "half a video");
    tables = await dataTables(source.db);

    // Writes go on, one transaction after another on another connection, while the backup runs.
    let writing = true;
    let written = 0;
    const writes = (async () => {
      while (writing) {
        const n = written++;
        await writeTransaction(writer.db, async (trx) => {
          await trx
            .insertInto("captcha_used")
            .values({ challenge_id: `drill-${n}`, expires_at: "2099-01-01" })
            .execute();
          await trx
            .insertInto("rate_limits")
            .values({ key: `drill-${n}`, count: n, expires_at: "2099-01-01" })
            .execute();
        });
        await new Promise((ok) => setImmediate(ok));
      }
    })();
    await new Promise((ok) => setTimeout(ok, 20));
    const before = written;
    archive = await createBackup({ databaseUrl: source.url, mediaDir, dir: join(work, "backups") });
    writesDuring = written - before;
    writing = false;
    await writes;
  });
  afterAll(async () => {
    await writer.close();
    await source.destroy();
    rmSync(work, { recursive: true, force: true });
  });

  it("holds every table, each with rows, and the migrations, while writes went on", async () => {
    expect(writesDuring).toBeGreaterThan(0);
    // A table a new migration adds and the drill cannot fill fails fillEveryTable; this one checks they all have rows.
    for (const table of tables) {
      const { count } = await source.db
        .selectFrom(table as "users")
        .select((eb) => eb.fn.countAll().as("count"))
        .executeTakeFirstOrThrow();
      expect.soft(Number(count), table).toBeGreaterThan(0);
    }
    expect(archive.manifest.tables.map((t) => t.name).sort()).toEqual(tables);
    expect(archive.manifest.migrations).toEqual(Object.keys(migrations));
    expect(archive.manifest.dialect).toBe(dialect);
    expect(Object.keys(archive.manifest.files)).toContain("media/videos/a1b2.mp4");
    expect(Object.keys(archive.manifest.files)).not.toContain("media/videos/.upload-0123.tmp");
    expect(Object.keys(archive.manifest.files)).toContain(
      dialect === "sqlite" ? "database/sqlite.db" : "database/postgres.dump",
    );
  });

  for (const drill of CASES.filter((c) => c.from === dialect)) {
    it(`restores into an empty ${drill.to} database${drill.portable ? " from the portable rows" : ""}: every table and file as it was`, async () => {
      const target = await emptyDatabase(drill.to);
      const restoredMedia = join(work, `restored-media-${drill.to}-${drill.portable ? "rows" : "native"}`);
      try {
        const summary = await restoreBackup({
          archive: archive.file,
          databaseUrl: target.url,
          mediaDir: restoredMedia,
          portable: drill.portable,
        });
        expect(summary.method).toBe(drill.method);
        const restored = target.open();
        try {
          const now = await tableContents(restored.db, tables);
          const was = await tableContents(source.db, tables);
          for (const table of tables) {
            const rows = archive.manifest.tables.find((t) => t.name === table)!.rows;
            expect.soft(now[table]!.length, table).toBe(rows);
            if (WRITTEN.includes(table)) {
              // Written during the backup: the restored rows are the snapshot's, each as it was.
              const source = new Set(was[table]);
              expect
                .soft(
                  now[table]!.filter((row) => !source.has(row)),
                  table,
                )
                .toEqual([]);
            } else {
              expect.soft(now[table], table).toEqual(was[table]);
            }
          }
          // One moment of the database: the writer's two inserts of each transaction are both there, or neither.
          const drillRows = (table: string) => now[table]!.filter((row) => row.includes('"drill-')).length;
          expect(drillRows("captcha_used")).toBe(drillRows("rate_limits"));
          const { rows: applied } = await (
            await import("kysely")
          ).sql<{ name: string }>`select name from kysely_migration order by name`.execute(restored.db);
          expect(applied.map((r) => r.name)).toEqual(Object.keys(migrations));
        } finally {
          await restored.close();
        }
        const files = mediaContents(mediaDir);
        delete files["videos/.upload-0123.tmp"];
        expect(mediaContents(restoredMedia)).toEqual(files);
      } finally {
        await target.destroy();
      }
    });
  }
});
