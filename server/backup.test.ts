import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import * as tar from "tar";
import { startBucket, type TestBucket } from "../tests/support/s3-bucket.ts";
import { loadConfig } from "../app/lib/env.server.ts";
import { downloadArchive, pruneBucket, s3Destination, uploadArchive } from "./backup-s3.ts";
import { createServer, request, type Server } from "node:http";
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeTransaction } from "../app/lib/db.server.ts";
import { createLogger } from "../app/lib/logger.server.ts";
import { migrations } from "../db/migrations/index.ts";
import { migrateTo, migrateToLatest } from "../db/migrate.ts";
import { lastBackupResult } from "../app/lib/backup-status.server.ts";
import { createUser } from "../tests/support/factories.ts";
import { createTestDb, DIALECTS, type TestDb } from "../tests/setup/databases.ts";
import {
  dataTables,
  emptyDatabase,
  fillEveryTable,
  fillMedia,
  mediaContents,
  tableContents,
} from "../tests/support/backup-drill.ts";
import { backupBeforeMigrating, createBackup, restoreBackup, runBackup, type Manifest } from "./backup.ts";

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

const DAY = 24 * 3_600_000;

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

describe("the archive's rules", () => {
  let source: TestDb;
  let work: string;
  let mediaDir: string;
  const KEY = "a-test-key-of-at-least-thirty-two-characters";

  beforeAll(async () => {
    source = await createTestDb("sqlite");
    work = mkdtempSync(join(tmpdir(), "lomda-rules-"));
    mediaDir = join(work, "media");
    fillMedia(mediaDir);
    await createUser(source.db);
  });
  afterAll(async () => {
    await source.destroy();
    rmSync(work, { recursive: true, force: true });
  });

  const restoreInto = async (archive: string, options: { key?: string; force?: boolean } = {}) => {
    const target = await emptyDatabase("sqlite");
    try {
      return await restoreBackup({
        archive,
        databaseUrl: target.url,
        mediaDir: join(work, `m-${Math.random()}`),
        ...options,
      });
    } finally {
      await target.destroy();
    }
  };

  it("is the owner's alone: the file 0600 in a folder 0700", async () => {
    const dir = join(work, "private");
    const { file } = await createBackup({ databaseUrl: source.url, mediaDir, dir });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it("is encrypted with a key; restoring needs that key and refuses another", async () => {
    const { file } = await createBackup({ databaseUrl: source.url, mediaDir, dir: join(work, "encrypted"), key: KEY });
    expect(file).toMatch(/\.tar\.enc$/);
    const bytes = readFileSync(file);
    expect(bytes.includes("SQLite format")).toBe(false);
    expect(bytes.includes("manifest.json")).toBe(false);
    await expect(restoreInto(file)).rejects.toThrow("The archive is encrypted: set BACKUP_ENCRYPTION_KEY");
    await expect(restoreInto(file, { key: `${KEY}-not` })).rejects.toThrow("could not be decrypted");
    // One byte changed in the middle: the tag does not match.
    const damaged = join(work, "damaged.tar.enc");
    bytes[Math.floor(bytes.length / 2)]! ^= 1;
    writeFileSync(damaged, bytes);
    await expect(restoreInto(damaged, { key: KEY })).rejects.toThrow("could not be decrypted");
    expect((await restoreInto(file, { key: KEY })).method).toBe("sqlite-file");
  });

  it("is refused when a file does not match the manifest's checksum, is not in it, or comes from a newer Lomda", async () => {
    const { file } = await createBackup({ databaseUrl: source.url, mediaDir, dir: join(work, "plain") });
    const unpacked = join(work, "unpacked");
    mkdirSync(unpacked);
    await tar.x({ file, cwd: unpacked });
    const entries = readdirSync(unpacked, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(unpacked.length + 1));
    writeFileSync(join(unpacked, "media", "covers", "c3d4.webp"), "another picture");
    const altered = join(work, "altered.tar");
    await tar.c({ cwd: unpacked, file: altered }, entries);
    await expect(restoreInto(altered)).rejects.toThrow("Checksum mismatch for media/covers/c3d4.webp");

    writeFileSync(join(unpacked, "media", "covers", "c3d4.webp"), readFileSync(join(mediaDir, "covers", "c3d4.webp")));
    writeFileSync(join(unpacked, "media", "extra.txt"), "slipped in");
    const extra = join(work, "extra.tar");
    await tar.c({ cwd: unpacked, file: extra }, [...entries, "media/extra.txt"]);
    await expect(restoreInto(extra)).rejects.toThrow("not listed: media/extra.txt");

    // Made by a newer Lomda: a migration this one does not know.
    rmSync(join(unpacked, "media", "extra.txt"));
    const manifest = JSON.parse(readFileSync(join(unpacked, "manifest.json"), "utf8")) as Manifest;
    writeFileSync(
      join(unpacked, "manifest.json"),
      JSON.stringify({ ...manifest, migrations: [...manifest.migrations, "9999_from_the_future"] }),
    );
    const newer = join(work, "newer.tar");
    await tar.c({ cwd: unpacked, file: newer }, entries);
    await expect(restoreInto(newer)).rejects.toThrow(
      "The archive comes from a newer Lomda (migrations 9999_from_the_future are unknown here)",
    );
  });

  it("restores only into an empty database and media folder, unless forced", async () => {
    const { file } = await createBackup({ databaseUrl: source.url, mediaDir, dir: join(work, "for-force") });
    const target = await emptyDatabase("sqlite");
    const targetMedia = join(work, "target-media");
    try {
      await restoreBackup({ archive: file, databaseUrl: target.url, mediaDir: targetMedia });
      await expect(
        restoreBackup({ archive: file, databaseUrl: target.url, mediaDir: join(work, "other-media") }),
      ).rejects.toThrow("is not empty: restore into a new one, or add --force");
      await expect(
        restoreBackup({ archive: file, databaseUrl: (await emptyDatabase("sqlite")).url, mediaDir: targetMedia }),
      ).rejects.toThrow(`The media folder ${targetMedia} is not empty`);
      writeFileSync(join(targetMedia, "stray.bin"), "x");
      await restoreBackup({ archive: file, databaseUrl: target.url, mediaDir: targetMedia, force: true });
      expect(mediaContents(targetMedia)).toEqual(mediaContents(mediaDir));
    } finally {
      await target.destroy();
    }
  });

  it("never goes under a folder the site serves, nor leaves its status there", async () => {
    for (const dir of [join(mediaDir, "backups"), "public/backups", "build/client"]) {
      await expect(createBackup({ databaseUrl: source.url, mediaDir, dir })).rejects.toThrow(
        `Refusing to write backups to ${resolve(dir)}`,
      );
    }
    const refused = await runBackup({
      databaseUrl: source.url,
      mediaDir,
      dir: "public/backups",
      keep: 1,
      log: testLog,
      reason: "scheduled",
    });
    expect(refused).toMatchObject({ ok: false, error: expect.stringContaining("Refusing to write backups") });
    expect(existsSync("public/backups")).toBe(false);
    expect(existsSync(join(mediaDir, "backups"))).toBe(false);
    // The admin page still hears of it (this process's memory).
    expect(await lastBackupResult("public/backups")).toEqual(refused);
  });

  it("reports a failed backup, and leaves the last good one as it was", async () => {
    const dir = join(work, "scheduled");
    const good = await runBackup({
      databaseUrl: source.url,
      mediaDir,
      dir,
      keep: 5,
      log: testLog,
      reason: "scheduled",
    });
    expect(good.ok).toBe(true);
    const before = readdirSync(dir).sort();
    const failed = await runBackup({
      databaseUrl: `file:${join(work, "no-such.db")}`,
      mediaDir,
      dir,
      keep: 5,
      log: testLog,
      reason: "scheduled",
      now: new Date(Date.now() + 60_000),
    });
    expect(failed).toMatchObject({ ok: false, reason: "scheduled" });
    expect(readdirSync(dir).sort()).toEqual(before);
    expect(await lastBackupResult(dir)).toMatchObject({
      ok: false,
      error: expect.stringContaining("The database could not be copied"),
    });
    expect(logs.some((line) => line.includes('"msg":"backup failed"'))).toBe(true);
  });

  it("keeps BACKUP_KEEP scheduled archives, the newest, and clears a dead backup's leftovers", async () => {
    const dir = join(work, "retention");
    // A backup that died two days ago, and one running now (another process's `npm run backup`).
    mkdirSync(join(dir, ".lomda-backup-dead.partial"), { recursive: true });
    utimesSync(join(dir, ".lomda-backup-dead.partial"), new Date(Date.now() - 2 * DAY), new Date(Date.now() - 2 * DAY));
    mkdirSync(join(dir, ".lomda-backup-running.partial"));
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const result = await runBackup({
        databaseUrl: source.url,
        mediaDir,
        dir,
        keep: 2,
        log: testLog,
        reason: "scheduled",
        now: new Date(Date.UTC(2026, 0, 1 + i)),
      });
      if (result.ok) made.push(basename(result.file));
    }
    expect(made).toHaveLength(3);
    expect(
      readdirSync(dir)
        .filter((n) => n.endsWith(".tar"))
        .sort(),
    ).toEqual(made.slice(1));
    expect(await lastBackupResult(dir)).toMatchObject({ ok: true, file: join(dir, made[2]!) });
  });
});

describe("a start that migrates", () => {
  const before = Object.keys(migrations).at(-2)!;
  let work: string;
  let target: Awaited<ReturnType<typeof emptyDatabase>>;
  let database: ReturnType<Awaited<ReturnType<typeof emptyDatabase>>["open"]>;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "lomda-upgrade-"));
    target = await emptyDatabase("sqlite");
    database = target.open();
  });
  afterAll(async () => {
    await database.close();
    await target.destroy();
    rmSync(work, { recursive: true, force: true });
  });

  const options = (enabled = true) => ({
    mediaDir: join(work, "media"),
    dir: join(work, "backups"),
    enabled,
    log: testLog,
  });

  it("backs up a database with data first, and says where; not an empty one, nor when turned off", async () => {
    expect(await backupBeforeMigrating(database, options())).toBeUndefined(); // a new database
    await migrateTo(database.db, before);
    await createUser(database.db);
    expect(await backupBeforeMigrating(database, options(false))).toBeUndefined();
    const file = await backupBeforeMigrating(database, options());
    expect(file).toMatch(new RegExp(`/lomda-before-${Object.keys(migrations).at(-1)}-.*\\.tar$`));
    expect(logs.some((line) => line.includes(`backed up before migrating: ${file}`))).toBe(true);
    const restored = await emptyDatabase("sqlite");
    try {
      const summary = await restoreBackup({ archive: file!, databaseUrl: restored.url, mediaDir: join(work, "m2") });
      expect(summary.manifest.migrations.at(-1)).toBe(before);
    } finally {
      await restored.destroy();
    }
    await migrateToLatest(database.db);
    expect(await backupBeforeMigrating(database, options())).toBeUndefined(); // nothing to migrate
  });
});

describe("backups copied to S3-compatible storage (s3rver)", () => {
  let source: TestDb;
  let work: string;
  let server: TestBucket;
  let endpoint: string;
  const destination = (bucket: string, prefix = "school/") =>
    s3Destination(
      loadConfig({
        BACKUP_S3_BUCKET: bucket,
        BACKUP_S3_ENDPOINT: endpoint,
        BACKUP_S3_ACCESS_KEY_ID: "S3RVER",
        BACKUP_S3_SECRET_ACCESS_KEY: "S3RVER",
        BACKUP_S3_PREFIX: prefix,
      }),
    )!;

  beforeAll(async () => {
    source = await createTestDb("sqlite");
    work = mkdtempSync(join(tmpdir(), "lomda-s3-"));
    fillMedia(join(work, "media"));
    server = await startBucket(join(work, "s3"), "backups");
    endpoint = server.endpoint;
  });
  afterAll(async () => {
    await server.close();
    await source.destroy();
    rmSync(work, { recursive: true, force: true });
  });

  /** The keys under `prefix`, sorted: a listing asked of s3rver directly, not through Lomda's client. */
  async function listed(prefix: string): Promise<string[]> {
    const xml = await (await fetch(`${endpoint}/backups?list-type=2&prefix=${encodeURIComponent(prefix)}`)).text();
    return [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!.replaceAll("&amp;", "&")).sort();
  }

  /**
   * S3 as the network shows it: a proxy in front of s3rver that records each request (method,
   * path, query) and lets a test answer some itself (`answer`): a 500, as S3 may give, or a
   * listing in pages (s3rver's continuation tokens use DES, which Node 24's OpenSSL no longer
   * has). s3rver has no AbortMultipartUpload, so the proxy answers it as S3 does (204).
   */
  async function recordingProxy(answer: (method: string, url: URL) => { status: number; body: string } | undefined) {
    const requests: { method: string; path: string; query: Record<string, string> }[] = [];
    const proxy: Server = createServer((req, res) => {
      const url = new URL(req.url!, endpoint);
      requests.push({ method: req.method!, path: url.pathname, query: Object.fromEntries(url.searchParams) });
      const own =
        answer(req.method!, url) ??
        (req.method === "DELETE" && url.searchParams.has("uploadId") ? { status: 204, body: "" } : undefined);
      if (own) {
        req.resume();
        req.on("end", () => res.writeHead(own.status, { "Content-Type": "application/xml" }).end(own.body));
        return;
      }
      const upstream = request(url, { method: req.method, headers: req.headers }, (reply) => {
        res.writeHead(reply.statusCode!, reply.headers);
        reply.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((done) => proxy.listen(0, "127.0.0.1", done));
    const { port } = proxy.address() as { port: number };
    const s3 = s3Destination(
      loadConfig({
        BACKUP_S3_BUCKET: "backups",
        BACKUP_S3_ENDPOINT: `http://127.0.0.1:${port}`,
        BACKUP_S3_ACCESS_KEY_ID: "S3RVER",
        BACKUP_S3_SECRET_ACCESS_KEY: "S3RVER",
        BACKUP_S3_PREFIX: "parts/",
      }),
    )!;
    // Parts of 100 kB from 150 kB up: real S3 wants parts of 5 MiB or more, s3rver takes any size.
    return { s3: { ...s3, multipartAbove: 150_000, partBytes: 100_000 }, requests, close: () => proxy.close() };
  }

  it("uploads a large archive in parts (S3's multipart upload), whole and in order, a part retried", async () => {
    // Part 2's first try gets a 500, as S3 sometimes answers: it is sent again, from the file.
    let failed = false;
    const { s3, requests, close } = await recordingProxy((method, url) => {
      if (failed || url.searchParams.get("partNumber") !== "2") return undefined;
      failed = true;
      return { status: 500, body: "<Error><Code>InternalError</Code></Error>" };
    });
    try {
      const file = join(work, "lomda-backup-2026-03-01T00-00-00Z.tar");
      const bytes = randomBytes(250_001); // three parts, the last one of 50,001 bytes
      writeFileSync(file, bytes);
      const copy = await uploadArchive(s3, file);
      expect(copy).toBe("s3://backups/parts/lomda-backup-2026-03-01T00-00-00Z.tar");
      expect(requests.map((r) => `${r.method} ${Object.keys(r.query).join("&")} ${r.query.partNumber ?? ""}`)).toEqual([
        "POST uploads ",
        "PUT partNumber&uploadId 1",
        "PUT partNumber&uploadId 2",
        "PUT partNumber&uploadId 2",
        "PUT partNumber&uploadId 3",
        "POST uploadId ",
      ]);
      expect(new Set(requests.slice(1).map((r) => r.query.uploadId)).size).toBe(1);
      // What s3rver holds is the file, read without Lomda's client; and Lomda's download gives it back.
      const stored = Buffer.from(await (await fetch(`${endpoint}/backups/parts/${basename(file)}`)).arrayBuffer());
      expect(stored.equals(bytes)).toBe(true);
      await downloadArchive(s3, copy, join(work, "downloaded.tar"));
      expect(readFileSync(join(work, "downloaded.tar")).equals(bytes)).toBe(true);
      expect(statSync(join(work, "downloaded.tar")).mode & 0o777).toBe(0o600);

      // A small one goes up in one PUT, its length known.
      requests.length = 0;
      writeFileSync(join(work, "small.tar"), bytes.subarray(0, 150_000));
      await uploadArchive(s3, join(work, "small.tar"));
      expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(["PUT /backups/parts/small.tar"]);
    } finally {
      close();
    }
  });

  it("aborts a multipart upload that failed, and reports S3's error", async () => {
    const { s3, requests, close } = await recordingProxy((method, url) =>
      method === "PUT" && url.searchParams.get("partNumber") === "2"
        ? {
            status: 500,
            body: "<Error><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>",
          }
        : undefined,
    );
    try {
      const file = join(work, "lomda-backup-2026-03-02T00-00-00Z.tar");
      writeFileSync(file, randomBytes(250_000));
      await expect(uploadArchive(s3, file)).rejects.toThrow(
        /^object storage answered 500 InternalError \(We encountered an internal error\.\) to PUT \/backups\/parts\/lomda-backup-2026-03-02T00-00-00Z\.tar\?partNumber&uploadId$/,
      );
      const uploadId = requests[1]!.query.uploadId;
      expect(requests.map((r) => `${r.method} ${r.query.partNumber ?? ""}`)).toEqual([
        "POST ",
        "PUT 1",
        "PUT 2", // S3 asks clients to retry a 500: three tries
        "PUT 2",
        "PUT 2",
        "DELETE ",
      ]);
      expect(requests.at(-1)!.query).toEqual({ uploadId });
      expect(await listed("parts/lomda-backup-2026-03-02")).toEqual([]);
    } finally {
      close();
    }
  });

  it("prunes across pages of the listing, and leaves other objects alone", async () => {
    const names = ["notes & more.txt", ...["10", "11", "12"].map((day) => `lomda-backup-2026-04-${day}T00-00-00Z.tar`)];
    const page = (keys: string[], next?: string) =>
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>backups</Name><Prefix>parts/</Prefix>${keys
        .map((key) => `<Contents><Key>parts/${key.replaceAll("&", "&amp;")}</Key><Size>2</Size></Contents>`)
        .join("")}<IsTruncated>${next ? "true" : "false"}</IsTruncated>${
        next ? `<NextContinuationToken>${next}</NextContinuationToken>` : ""
      }</ListBucketResult>`;
    const { s3, requests, close } = await recordingProxy((method, url) =>
      method === "GET" && url.searchParams.get("list-type") === "2"
        ? {
            status: 200,
            body: url.searchParams.has("continuation-token")
              ? url.searchParams.get("continuation-token") === "2/&+="
                ? page(names.slice(2))
                : ""
              : page(names.slice(0, 2), "2/&amp;+="),
          }
        : undefined,
    );
    try {
      for (const name of names) {
        writeFileSync(join(work, name), "..");
        await uploadArchive(s3, join(work, name));
      }
      requests.length = 0;
      const removed = await pruneBucket(s3, 1, (name) => name.startsWith("lomda-backup-2026-04-"));
      expect(removed).toEqual([
        "parts/lomda-backup-2026-04-10T00-00-00Z.tar",
        "parts/lomda-backup-2026-04-11T00-00-00Z.tar",
      ]);
      expect(requests.map((r) => `${r.method} ${r.query["continuation-token"] ?? r.path}`)).toEqual([
        "GET /backups",
        "GET 2/&+=",
        "DELETE /backups/parts/lomda-backup-2026-04-10T00-00-00Z.tar",
        "DELETE /backups/parts/lomda-backup-2026-04-11T00-00-00Z.tar",
      ]);
      expect((await listed("parts/")).filter((key) => key.includes("2026-04") || key.includes("notes"))).toEqual([
        "parts/lomda-backup-2026-04-12T00-00-00Z.tar",
        "parts/notes & more.txt",
      ]);
    } finally {
      close();
    }
  });

  it("uploads each archive, keeps BACKUP_KEEP there too, and restores from an s3:// address", async () => {
    const s3 = destination("backups");
    const copies: string[] = [];
    for (let i = 0; i < 3; i++) {
      const result = await runBackup({
        databaseUrl: source.url,
        mediaDir: join(work, "media"),
        dir: join(work, "backups"),
        s3,
        keep: 2,
        log: testLog,
        reason: "scheduled",
        now: new Date(Date.UTC(2026, 1, 1 + i)),
      });
      expect(result).toMatchObject({ ok: true });
      if (result.ok) copies.push(result.copy!);
    }
    expect(copies[0]).toMatch(/^s3:\/\/backups\/school\/lomda-backup-2026-02-01T00-00-00Z\.tar$/);
    expect((await listed("school/")).map((key) => `s3://backups/${key}`)).toEqual(copies.slice(1));

    const target = await emptyDatabase("sqlite");
    try {
      const summary = await restoreBackup({
        archive: copies[2]!,
        s3,
        databaseUrl: target.url,
        mediaDir: join(work, "restored-media"),
      });
      expect(summary.method).toBe("sqlite-file");
      expect(mediaContents(join(work, "restored-media"))).toEqual(mediaContents(join(work, "media")));
    } finally {
      await target.destroy();
    }
    await expect(
      restoreBackup({ archive: copies[2]!, databaseUrl: target.url, mediaDir: join(work, "m3") }),
    ).rejects.toThrow("An s3:// archive needs BACKUP_S3_BUCKET");
  });

  it("reports a failed upload as a failed backup, the archive kept in the folder", async () => {
    const dir = join(work, "failing");
    const result = await runBackup({
      databaseUrl: source.url,
      mediaDir: join(work, "media"),
      dir,
      s3: destination("no-such-bucket"),
      keep: 2,
      log: testLog,
      reason: "scheduled",
    });
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining("but its copy to S3 failed") });
    expect(readdirSync(dir).filter((n) => n.endsWith(".tar"))).toHaveLength(1);
    expect(await lastBackupResult(dir)).toEqual(result);
  });
});
