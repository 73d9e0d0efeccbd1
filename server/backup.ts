import SQLite from "better-sqlite3";
import { spawn } from "node:child_process";
import { createCipheriv, createDecipheriv, createHash, randomBytes, scrypt as scryptCallback } from "node:crypto";
import { createReadStream, createWriteStream, constants as fsConstants, readFileSync } from "node:fs";
import {
  chmod,
  copyFile,
  link,
  lstat,
  mkdir,
  mkdtemp,
  open,
  readdir,
  readFile,
  realpath,
  rename,
  rm,
  stat,
  unlink,
  writeFile,
} from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { Readable, Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { Worker } from "node:worker_threads";
import { sql } from "kysely";
import pg from "pg";
import * as tar from "tar";
import { recordBackupResult, type BackupReason, type BackupResult } from "../app/lib/backup-status.server.ts";
import { openDatabase, type DatabaseHandle } from "../app/lib/db.server.ts";
import type { Logger } from "../app/lib/logger.server.ts";
import { migrateTo, migrateToLatest, migrationState } from "../db/migrate.ts";
import { migrations } from "../db/migrations/index.ts";
import type { S3Destination } from "./backup-s3.ts";

/**
 * Backups and restores (issue 35, docs/decisions/0054-backups-and-restore.md). An archive is one
 * tar file:
 *
 *   manifest.json                 format, app version, migrations, tables (columns, rows), files (sha-256)
 *   database/sqlite.db            SQLite's own online backup, or
 *   database/postgres.dump        pg_dump's custom format (same snapshot as the rows)
 *   database/rows/<table>.jsonl   every table as JSON lines, from the same snapshot (portable)
 *   media/…                       the media folder
 *
 * The native copy restores into the same database kind; the portable rows restore into the other.
 * With a key, the tar is encrypted whole (AES-256-GCM, the key stretched with scrypt and a salt of
 * its own per archive). Archives are 0600 in a 0700 folder, written under a temporary name, synced
 * and only then renamed: a failed backup never takes a good one's place.
 */

const FORMAT = 1;
const ENCRYPTED_MAGIC = Buffer.from("LOMDAENC1");
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = ENCRYPTED_MAGIC.length + SALT_BYTES + IV_BYTES;
/** Archives the schedule made (and prunes); the backup before a migration has another name and stays. */
const SCHEDULED = /^lomda-backup-[0-9TZ-]+\.tar(\.enc)?$/;
const PARTIAL = /^\.lomda-.*\.partial$/;
/** A media upload still being written (app/lib/media-store.server.ts): not part of any backup. */
const UPLOAD_IN_PROGRESS = /^\.upload-.*\.tmp$/;

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

export interface TableManifest {
  name: string;
  columns: string[];
  rows: number;
}

export interface Manifest {
  format: number;
  app: { name: "lomda"; version: string };
  createdAt: string;
  dialect: "sqlite" | "postgres";
  /** The migrations the database had run, in order. */
  migrations: string[];
  /** In an order that inserts every row after the rows it refers to. */
  tables: TableManifest[];
  /** Every other file of the archive, by its path in it. */
  files: Record<string, { sha256: string; bytes: number }>;
  encrypted?: never;
}

export interface BackupSource {
  /** DATABASE_URL: `file:<path>` or `postgres://…`. */
  databaseUrl: string;
  mediaDir: string;
}

export interface BackupOptions extends BackupSource {
  /** The folder the archive goes to (made 0700 when missing). */
  dir: string;
  /** BACKUP_ENCRYPTION_KEY. */
  key?: string;
  /** The archive's name without extension; lomda-backup-<time> by default. */
  name?: string;
  now?: Date;
}

/** A backup that could not be made, or a restore refused before anything was changed. */
export class BackupError extends Error {
  override name = "BackupError";
}

/** A restore that failed after it had begun changing the database or the media folder. */
export class RestoreFailed extends Error {
  override name = "RestoreFailed";
}

const stamp = (now: Date) =>
  now
    .toISOString()
    .replace(/[:.]/g, "-")
    .replace(/-\d{3}Z$/, "Z");

function appVersion(): string {
  // The server runs from the project's folder (npm scripts); package.json carries the version.
  try {
    return (JSON.parse(readFileSync(resolve("package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}

/**
 * Refuses a destination a visitor could download from (the client build, public/, the media
 * folder, which is served) or the media folder's own inside (a backup would hold itself).
 */
export async function assertPrivateDestination(dir: string, mediaDir: string): Promise<void> {
  const real = async (path: string) => {
    // The nearest existing ancestor's real path, with the rest appended (the folder may not exist yet).
    let current = resolve(path);
    const rest: string[] = [];
    for (;;) {
      try {
        return join(await realpath(current), ...rest.reverse());
      } catch {
        const parent = dirname(current);
        if (parent === current) return resolve(path);
        rest.push(current.slice(parent.length + (parent.endsWith(sep) ? 0 : 1)));
        current = parent;
      }
    }
  };
  const target = await real(dir);
  const publicFolders = [resolve("public"), resolve("build/client"), mediaDir];
  for (const folder of publicFolders) {
    const forbidden = await real(folder);
    if (target === forbidden || target.startsWith(forbidden + sep)) {
      throw new BackupError(
        `Refusing to write backups to ${dir}: it is inside ${folder}, which is served or backed up. Choose a private folder (BACKUP_DIR).`,
      );
    }
  }
}

/** Makes one archive of the database and the media folder; returns its path. Throws on any failure (nothing left behind). */
export async function createBackup(
  options: BackupOptions,
): Promise<{ file: string; bytes: number; manifest: Manifest }> {
  const now = options.now ?? new Date();
  const dir = resolve(options.dir);
  await assertPrivateDestination(dir, options.mediaDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // Made earlier by someone else (systemd's StateDirectory is 0755): the archives' folder is the owner's alone.
  await chmod(dir, 0o700);
  const name = options.name ?? `lomda-backup-${stamp(now)}`;
  const file = join(dir, `${name}.tar${options.key ? ".enc" : ""}`);
  const staging = join(dir, `.${name}.${randomBytes(4).toString("hex")}.partial`);
  const partialFile = `${staging}-archive.partial`;
  await mkdir(staging, { mode: 0o700 });
  try {
    await mkdir(join(staging, "database", "rows"), { recursive: true, mode: 0o700 });
    const snapshot = options.databaseUrl.startsWith("file:")
      ? await snapshotSqlite(options.databaseUrl.slice("file:".length), staging)
      : await snapshotPostgres(options.databaseUrl, staging);
    await copyMedia(options.mediaDir, join(staging, "media"));
    const files: Manifest["files"] = {};
    for (const path of await listFiles(staging)) files[path] = await checksum(join(staging, path));
    const manifest: Manifest = {
      format: FORMAT,
      app: { name: "lomda", version: appVersion() },
      createdAt: now.toISOString(),
      dialect: snapshot.dialect,
      migrations: snapshot.migrations,
      tables: snapshot.tables,
      files,
    };
    await writeFile(join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 1)}\n`, { mode: 0o600 });

    const entries = ["manifest.json", ...Object.keys(files)];
    // node-tar's stream is a Minipass; Readable.from reads it as the async iterable it is.
    const packed = Readable.from(tar.c({ cwd: staging, portable: true, noDirRecurse: true }, entries));
    const sink = createWriteStream(partialFile, { flags: "wx", mode: 0o600 });
    if (options.key) await pipeline(packed, await encryptor(options.key), sink);
    else await pipeline(packed, sink);
    const written = await open(partialFile, "r+");
    try {
      await written.sync();
    } finally {
      await written.close();
    }
    await rename(partialFile, file);
    await syncFolder(dir);
    return { file, bytes: (await stat(file)).size, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partialFile, { force: true });
  }
}

async function syncFolder(dir: string) {
  const handle = await open(dir, fsConstants.O_RDONLY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

interface Snapshot {
  dialect: "sqlite" | "postgres";
  migrations: string[];
  tables: TableManifest[];
}

/** Tables Lomda keeps (Kysely's migration bookkeeping is recorded as the manifest's migrations). */
const isDataTable = (name: string) => !name.startsWith("kysely_") && !name.startsWith("sqlite_");

/** Parents before children (a table's foreign keys point at tables already listed); ties by name. */
function insertionOrder(tables: string[], references: { table: string; references: string }[]): string[] {
  const remaining = new Set(tables);
  const order: string[] = [];
  while (remaining.size > 0) {
    const ready = [...remaining]
      .filter((t) => !references.some((r) => r.table === t && r.references !== t && remaining.has(r.references)))
      .sort();
    // A cycle (none today): take the rest by name; SQLite checks keys at the end, PostgreSQL would refuse.
    const next = ready.length > 0 ? ready : [...remaining].sort();
    for (const t of next) {
      order.push(t);
      remaining.delete(t);
    }
  }
  return order;
}

/** SQLite's online backup API (a consistent copy while others write), then every table from that copy. */
async function snapshotSqlite(path: string, staging: string): Promise<Snapshot> {
  if (path === ":memory:") throw new BackupError("An in-memory SQLite database cannot be backed up.");
  const copyPath = join(staging, "database", "sqlite.db");
  await copySqliteOffThread(resolve(path), copyPath);
  const copy = new SQLite(copyPath, { readonly: true });
  try {
    const names = (copy.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[])
      .map((r) => r.name)
      .filter(isDataTable);
    const references = names.flatMap((table) =>
      (copy.prepare(`pragma foreign_key_list(${quoteIdent(table)})`).all() as { table: string }[]).map((fk) => ({
        table,
        references: fk.table,
      })),
    );
    const hasMigrations = copy.prepare("select 1 from sqlite_master where name = 'kysely_migration'").get();
    const applied = hasMigrations
      ? (copy.prepare("select name from kysely_migration order by name").all() as { name: string }[]).map((r) => r.name)
      : [];
    const tables: TableManifest[] = [];
    for (const name of insertionOrder(names, references)) {
      const statement = copy.prepare(`select * from ${quoteIdent(name)}`).raw(true);
      const columns = statement.columns().map((c) => c.name);
      const out = createWriteStream(join(staging, "database", "rows", `${name}.jsonl`), { mode: 0o600 });
      let rows = 0;
      for (const row of statement.iterate() as Iterable<unknown[]>) {
        if (!out.write(`${rowLine(name, row)}\n`)) await new Promise<void>((ok) => out.once("drain", () => ok()));
        rows++;
      }
      await new Promise<void>((ok, fail) => out.end((err?: Error | null) => (err ? fail(err) : ok())));
      tables.push({ name, columns, rows });
    }
    return { dialect: "sqlite", migrations: applied, tables };
  } finally {
    copy.close();
  }
}

/**
 * SQLite's online backup of `source` into `target`, every page in one step, in a worker thread.
 *
 * One step: a step holds a read transaction, so the copy is one moment of the database (WAL lets
 * writers go on). In small steps, each write by another connection would restart the copy, and a
 * busy site's might never end. A worker: the step copies every page before it returns, and in the
 * server's own thread it stopped the event loop, and every request, that long (0.25–0.5 s per
 * 100 MB on an idle machine; `bench/backup-stall.mjs`). The worker opens its own connection.
 */
function copySqliteOffThread(source: string, target: string): Promise<void> {
  return new Promise((ok, fail) => {
    const worker = new Worker(SQLITE_COPY_WORKER, {
      eval: true,
      workerData: { module: requireHere.resolve("better-sqlite3"), source, target },
    });
    let answered = false;
    worker.once("message", (message: { error?: string }) => {
      answered = true;
      if (message.error) fail(new BackupError(`The database could not be copied: ${message.error}`));
      else ok();
    });
    worker.once("error", (error) => {
      answered = true;
      fail(error);
    });
    worker.once("exit", (code) => {
      if (!answered) fail(new BackupError(`The database copy stopped (worker exit ${code}).`));
    });
  });
}

const requireHere = createRequire(import.meta.url);

/** The worker's script (CommonJS, evaluated: no file to ship beside the server's). */
const SQLITE_COPY_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const SQLite = require(workerData.module);
(async () => {
  const source = new SQLite(workerData.source, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    await source.backup(workerData.target, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
})().then(
  () => parentPort.postMessage({}),
  (error) => parentPort.postMessage({ error: error && error.message ? error.message : String(error) }),
);
`;

function rowLine(table: string, row: unknown[]): string {
  for (const value of row) {
    // The schema is portable (decision 0003): text, integers, numbers. A binary value would not survive JSON.
    if (value instanceof Uint8Array)
      throw new BackupError(`Table ${table} holds binary data, which backups do not carry.`);
  }
  return JSON.stringify(row, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The URL without its password, and the password for the environment (never on a command line). */
function postgresTarget(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return {
    url: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}), PGCONNECT_TIMEOUT: "10" },
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    child.once("error", (err) =>
      fail(new BackupError(`${command} could not be started (${err.message}): install PostgreSQL's client tools.`)),
    );
    child.once("close", (code) =>
      code === 0 ? ok() : fail(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/**
 * PostgreSQL: one repeatable-read transaction exports its snapshot; pg_dump dumps that snapshot
 * (`--snapshot`) while the transaction reads every table into the portable rows. Both are the same
 * moment of the database, however many writes go on meanwhile.
 */
async function snapshotPostgres(url: string, staging: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const { rows: exported } = await client.query<{ id: string }>("select pg_export_snapshot() as id");
    const target = postgresTarget(url);
    const dump = run(
      "pg_dump",
      [
        "--format=custom",
        "--no-owner",
        "--no-privileges",
        `--snapshot=${exported[0]!.id}`,
        `--file=${join(staging, "database", "postgres.dump")}`,
        `--dbname=${target.url}`,
      ],
      target.env,
    );
    // The exported snapshot lives as long as this transaction: it stays open until pg_dump is done,
    // and reads the rows meanwhile.
    const rows = exportPostgresRows(client, staging);
    const [, snapshot] = await Promise.all([
      dump,
      rows.catch(async (err: unknown) => {
        await dump.catch(() => {});
        throw err;
      }),
    ]);
    await client.query("commit");
    return snapshot;
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

async function exportPostgresRows(client: pg.Client, staging: string): Promise<Snapshot> {
  const names = (
    await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
    )
  ).rows
    .map((r) => r.name)
    .filter(isDataTable);
  const references = (
    await client.query<{ table: string; references: string }>(
      `select distinct tc.table_name as "table", ccu.table_name as "references"
         from information_schema.table_constraints tc
         join information_schema.constraint_column_usage ccu
           on ccu.constraint_name = tc.constraint_name and ccu.constraint_schema = tc.constraint_schema
        where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`,
    )
  ).rows;
  const migrationTable = await client.query(
    "select 1 from information_schema.tables where table_schema = current_schema() and table_name = 'kysely_migration'",
  );
  const applied =
    migrationTable.rowCount === 0
      ? []
      : (await client.query<{ name: string }>("select name from kysely_migration order by name")).rows.map(
          (r) => r.name,
        );
  const tables: TableManifest[] = [];
  for (const name of insertionOrder(names, references)) {
    await client.query(`declare rows_out no scroll cursor for select * from ${quoteIdent(name)}`);
    const out = createWriteStream(join(staging, "database", "rows", `${name}.jsonl`), { mode: 0o600 });
    let rows = 0;
    let columns: string[] = [];
    for (;;) {
      const batch = await client.query<unknown[]>({ text: "fetch 1000 from rows_out", rowMode: "array" });
      columns = batch.fields.map((f) => f.name);
      if (batch.rows.length === 0) break;
      let chunk = "";
      for (const row of batch.rows) chunk += `${rowLine(name, row)}\n`;
      if (!out.write(chunk)) await new Promise<void>((ok) => out.once("drain", () => ok()));
      rows += batch.rows.length;
    }
    await client.query("close rows_out");
    await new Promise<void>((ok, fail) => out.end((err?: Error | null) => (err ? fail(err) : ok())));
    tables.push({ name, columns, rows });
  }
  return { dialect: "postgres", migrations: applied, tables };
}

/** Media files are written once under a new name (never changed in place): a link is a copy. */
async function copyMedia(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const entry of entries) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) await copyMedia(source, target);
    else if (entry.isFile() && !UPLOAD_IN_PROGRESS.test(entry.name)) {
      try {
        await link(source, target);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // Deleted since the listing (its lesson was removed after the snapshot): nothing to keep.
        if (code === "ENOENT") continue;
        await copyFile(source, target);
      }
    }
  }
}

/** Every regular file under `root`, as archive paths (forward slashes), sorted. */
async function listFiles(root: string, under = ""): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(join(root, under), { withFileTypes: true })) {
    const path = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await listFiles(root, path)));
    else if (entry.isFile()) found.push(path);
  }
  return found.sort();
}

async function checksum(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  await pipeline(
    createReadStream(path),
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        bytes += chunk.length;
        callback();
      },
    }),
  );
  return { sha256: hash.digest("hex"), bytes };
}

/** The encrypted file: magic, salt, IV, the tar encrypted with AES-256-GCM, the 16-byte tag. */
async function encryptor(passphrase: string): Promise<Transform> {
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", await scrypt(passphrase, salt, 32), iv);
  let headerSent = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!headerSent) {
        headerSent = true;
        this.push(Buffer.concat([ENCRYPTED_MAGIC, salt, iv]));
      }
      callback(null, cipher.update(chunk));
    },
    flush(callback) {
      if (!headerSent) this.push(Buffer.concat([ENCRYPTED_MAGIC, salt, iv]));
      this.push(cipher.final());
      callback(null, cipher.getAuthTag());
    },
  });
}

/**
 * Decrypts `file` into `out`; the tag is checked at the end, and `out` is only used after that
 * (GCM gives out bytes before it can know they are genuine).
 */
async function decryptTo(file: string, out: string, passphrase: string): Promise<void> {
  const { size } = await stat(file);
  if (size < HEADER_BYTES + TAG_BYTES) throw new BackupError("The archive is too short to be an encrypted backup.");
  const handle = await open(file, "r");
  const header = Buffer.alloc(HEADER_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  try {
    await handle.read(header, 0, HEADER_BYTES, 0);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  const salt = header.subarray(ENCRYPTED_MAGIC.length, ENCRYPTED_MAGIC.length + SALT_BYTES);
  const iv = header.subarray(ENCRYPTED_MAGIC.length + SALT_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", await scrypt(passphrase, salt, 32), iv);
  decipher.setAuthTag(tag);
  try {
    await pipeline(
      createReadStream(file, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 }),
      decipher,
      createWriteStream(out, { mode: 0o600 }),
    );
  } catch {
    throw new BackupError("The archive could not be decrypted: wrong BACKUP_ENCRYPTION_KEY, or the file is damaged.");
  }
}

async function isEncrypted(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const start = Buffer.alloc(ENCRYPTED_MAGIC.length);
    await handle.read(start, 0, start.length, 0);
    return start.equals(ENCRYPTED_MAGIC);
  } finally {
    await handle.close();
  }
}

// ————— Restore —————

export interface RestoreOptions extends BackupSource {
  /** A file, or `s3://bucket/key` (with `s3`). */
  archive: string;
  s3?: S3Destination;
  key?: string;
  /** Replace a database and media folder that are not empty. */
  force?: boolean;
  /** Restore from the portable rows even into the same kind of database (the tests' check of that path). */
  portable?: boolean;
}

export interface RestoreSummary {
  manifest: Manifest;
  /** How the database was restored. */
  method: "sqlite-file" | "pg_restore" | "rows";
  files: number;
}

/**
 * Restores an archive into an empty database and media folder (or, with `force`, over them):
 * refuses an archive whose files do not match its manifest, or one from a newer Lomda; then
 * migrates forward.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const mediaDir = resolve(options.mediaDir);
  // Beside the media folder: its files are renamed into place, not copied.
  await mkdir(dirname(mediaDir), { recursive: true });
  const work = await mkdtemp(join(dirname(mediaDir), ".lomda-restore-"));
  try {
    let tarFile = resolve(options.archive);
    if (options.archive.startsWith("s3://")) {
      if (!options.s3) throw new BackupError("An s3:// archive needs BACKUP_S3_BUCKET (and its keys) set.");
      tarFile = join(work, "downloaded");
      const { downloadArchive } = await import("./backup-s3.ts");
      await downloadArchive(options.s3, options.archive, tarFile).catch((error: unknown) => {
        throw new BackupError(`${options.archive} could not be downloaded: ${(error as Error).message}`);
      });
    }
    await stat(tarFile).catch(() => {
      throw new BackupError(`No such archive: ${options.archive}`);
    });
    if (await isEncrypted(tarFile)) {
      if (!options.key) throw new BackupError("The archive is encrypted: set BACKUP_ENCRYPTION_KEY to its key.");
      const plain = join(work, "archive.tar");
      await decryptTo(tarFile, plain, options.key);
      tarFile = plain;
    }
    const unpacked = join(work, "archive");
    await mkdir(unpacked, { mode: 0o700 });
    try {
      await tar.x({
        file: tarFile,
        cwd: unpacked,
        strict: true,
        // Plain files and folders only: a link in an archive could point anywhere.
        filter: (_path, entry) => "type" in entry && (entry.type === "File" || entry.type === "Directory"),
      });
    } catch (error) {
      throw new BackupError(`The archive could not be read: ${(error as Error).message}`);
    }
    const manifest = await readManifest(unpacked);
    await verifyFiles(unpacked, manifest);
    const known = Object.keys(migrations);
    const unknown = manifest.migrations.filter((m) => !known.includes(m));
    if (unknown.length > 0)
      throw new BackupError(
        `The archive comes from a newer Lomda (migrations ${unknown.join(", ")} are unknown here): update Lomda first.`,
      );

    // Both refusals before either is touched: a refused restore changes nothing.
    if (!options.force) {
      await prepareDatabase(options.databaseUrl, false);
      await prepareMedia(mediaDir, false);
    }
    // From here on the targets change: a failure is no refusal (RestoreFailed, not BackupError).
    try {
      const method = await restoreDatabase(options, manifest, unpacked);
      await prepareMedia(mediaDir, true);
      const mediaFiles = Object.keys(manifest.files).filter((p) => p.startsWith("media/"));
      for (const path of mediaFiles) {
        const target = join(mediaDir, ...path.slice("media/".length).split("/"));
        await mkdir(dirname(target), { recursive: true });
        await rename(join(unpacked, ...path.split("/")), target);
      }
      return { manifest, method, files: mediaFiles.length };
    } catch (error) {
      throw new RestoreFailed(`The restore stopped part-way: ${(error as Error).message}`, { cause: error });
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function readManifest(unpacked: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(unpacked, "manifest.json"), "utf8")) as Manifest;
  } catch {
    throw new BackupError("The archive has no readable manifest.json: it is not a Lomda backup.");
  }
  if (manifest.format !== FORMAT || manifest.app?.name !== "lomda")
    throw new BackupError(`The archive's format (${String(manifest.format)}) is not one this Lomda reads.`);
  return manifest;
}

/** Every file the manifest names is there with its checksum, and no other file is. */
async function verifyFiles(unpacked: string, manifest: Manifest): Promise<void> {
  const present = (await listFiles(unpacked)).filter((p) => p !== "manifest.json");
  const expected = Object.keys(manifest.files).sort();
  const missing = expected.filter((p) => !present.includes(p));
  const extra = present.filter((p) => !(p in manifest.files));
  if (missing.length > 0 || extra.length > 0)
    throw new BackupError(
      `The archive does not match its manifest (missing: ${missing.join(", ") || "none"}; not listed: ${extra.join(", ") || "none"}).`,
    );
  for (const path of expected) {
    const { sha256, bytes } = await checksum(join(unpacked, ...path.split("/")));
    if (sha256 !== manifest.files[path]!.sha256 || bytes !== manifest.files[path]!.bytes)
      throw new BackupError(`Checksum mismatch for ${path}: the archive is damaged or was altered.`);
  }
}

async function prepareMedia(mediaDir: string, force: boolean): Promise<void> {
  let entries: string[] = [];
  try {
    entries = await readdir(mediaDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (entries.length > 0) {
    if (!force)
      throw new BackupError(
        `The media folder ${mediaDir} is not empty: restore into an empty one, or add --force to replace it.`,
      );
    for (const entry of entries) await rm(join(mediaDir, entry), { recursive: true, force: true });
  }
  await mkdir(mediaDir, { recursive: true });
}

async function restoreDatabase(
  options: RestoreOptions,
  manifest: Manifest,
  unpacked: string,
): Promise<RestoreSummary["method"]> {
  const targetDialect = options.databaseUrl.startsWith("file:") ? "sqlite" : "postgres";
  const native = !options.portable && targetDialect === manifest.dialect;
  if (native && targetDialect === "sqlite") {
    const path = resolve(options.databaseUrl.slice("file:".length));
    await prepareSqliteFile(path, options.force === true);
    const temporary = `${path}.restoring`;
    await copyFile(join(unpacked, "database", "sqlite.db"), temporary);
    const handle = await open(temporary, "r+");
    await handle.sync();
    await handle.close();
    await rename(temporary, path);
    await syncFolder(dirname(path));
    await migrateAndCheck(options.databaseUrl, manifest);
    return "sqlite-file";
  }
  if (targetDialect === "sqlite")
    await prepareSqliteFile(resolve(options.databaseUrl.slice("file:".length)), options.force === true);
  const database = openDatabase(options.databaseUrl);
  try {
    if (targetDialect === "postgres") await preparePostgres(database, options.force === true);
    if (native) {
      const target = postgresTarget(options.databaseUrl);
      await run(
        "pg_restore",
        [
          "--no-owner",
          "--no-privileges",
          "--exit-on-error",
          "--single-transaction",
          `--dbname=${target.url}`,
          join(unpacked, "database", "postgres.dump"),
        ],
        target.env,
      );
    } else {
      await importRows(database, manifest, unpacked);
    }
  } finally {
    await database.close();
  }
  await migrateAndCheck(options.databaseUrl, manifest);
  return native ? "pg_restore" : "rows";
}

/** Refuses a database that is not empty (unless forced); nothing is changed here. */
async function prepareDatabase(url: string, force: boolean): Promise<void> {
  if (url.startsWith("file:")) {
    const path = resolve(url.slice("file:".length));
    const exists = await lstat(path).then(
      () => true,
      () => false,
    );
    if (!exists || force) return;
    const db = new SQLite(path, { readonly: true, fileMustExist: true });
    const tables = (db.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as { n: number })
      .n;
    db.close();
    if (tables > 0)
      throw new BackupError(`The database ${path} is not empty: restore into a new one, or add --force to replace it.`);
    return;
  }
  const database = openDatabase(url);
  try {
    const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(database.db);
    if (rows.length > 0 && !force)
      throw new BackupError(
        "The PostgreSQL database is not empty: restore into a new one, or add --force to replace its tables.",
      );
  } finally {
    await database.close();
  }
}

/** Refuses a SQLite database that is not empty (unless forced), then removes its files. */
async function prepareSqliteFile(path: string, force: boolean): Promise<void> {
  await prepareDatabase(`file:${path}`, force);
  for (const suffix of ["", "-wal", "-shm", "-journal"]) await unlink(`${path}${suffix}`).catch(() => {});
  await mkdir(dirname(path), { recursive: true });
}

async function preparePostgres(database: DatabaseHandle, force: boolean): Promise<void> {
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(database.db);
  if (rows.length === 0) return;
  if (!force)
    throw new BackupError(
      "The PostgreSQL database is not empty: restore into a new one, or add --force to replace its tables.",
    );
  await sql`drop table ${sql.join(rows.map((r) => sql.id(r.name)))} cascade`.execute(database.db);
}

/**
 * The portable path: the archive's schema first (its migrations, no further), its rows table by
 * table in the manifest's order (parents first), then onward to this version's schema.
 */
async function importRows(database: DatabaseHandle, manifest: Manifest, unpacked: string): Promise<void> {
  const last = manifest.migrations.at(-1);
  if (last) await migrateTo(database.db, last);
  const { db } = database;
  await db.transaction().execute(async (trx) => {
    // Migrations seed some rows (the billing plans…); the archive's rows are the whole truth.
    for (const table of manifest.tables.toReversed()) await trx.deleteFrom(table.name as never).execute();
    for (const table of manifest.tables) {
      if (table.rows === 0) continue;
      const lines = (await readFile(join(unpacked, "database", "rows", `${table.name}.jsonl`), "utf8")).split("\n");
      // Under both databases' limits of bound parameters per statement.
      const perInsert = Math.max(1, Math.floor(30_000 / table.columns.length));
      let batch: Record<string, unknown>[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        await trx
          .insertInto(table.name as never)
          .values(batch as never)
          .execute();
        batch = [];
      };
      for (const line of lines) {
        if (!line) continue;
        const values = JSON.parse(line) as unknown[];
        batch.push(Object.fromEntries(table.columns.map((c, i) => [c, values[i]])));
        if (batch.length >= perInsert) await flush();
      }
      await flush();
    }
  });
  if (database.dialect === "postgres") await resetSequences(database);
}

/** Columns that count by themselves (none today: ids are made by the app) continue after the restored rows. */
async function resetSequences(database: DatabaseHandle): Promise<void> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`select table_name, column_name
    from information_schema.columns
    where table_schema = current_schema() and (is_identity = 'YES' or column_default like 'nextval(%')`.execute(
    database.db,
  );
  for (const { table_name, column_name } of rows) {
    await sql`select setval(pg_get_serial_sequence(${quoteIdent(table_name)}, ${column_name}),
      coalesce((select max(${sql.id(column_name)}) from ${sql.id(table_name)}), 0) + 1, false)`.execute(database.db);
  }
}

/** Migrates forward, then checks each of the archive's tables holds the rows it had. */
async function migrateAndCheck(databaseUrl: string, manifest: Manifest): Promise<void> {
  const database = openDatabase(databaseUrl);
  try {
    await migrateToLatest(database.db);
    for (const table of manifest.tables) {
      const result = await sql<{ n: number | string }>`select count(*) as n from ${sql.id(table.name)}`.execute(
        database.db,
      );
      const n = Number(result.rows[0]?.n);
      if (n !== table.rows)
        throw new BackupError(`Table ${table.name} has ${n} rows after the restore; the archive had ${table.rows}.`);
    }
  } finally {
    await database.close();
  }
}

// ————— Schedule and upgrades —————

export interface ScheduledBackupOptions extends BackupSource {
  dir: string;
  key?: string;
  /** Where each archive is copied too (BACKUP_S3_BUCKET). */
  s3?: S3Destination;
  keep: number;
  log: Logger;
  reason: BackupReason;
  name?: string;
  now?: Date;
}

/**
 * One backup, its outcome recorded (status file, log) and, when it is a scheduled one that
 * succeeded, archives beyond `keep` removed (oldest first). A failure throws nothing: it is
 * reported, and the archives already there stay as they were.
 */
export async function runBackup(options: ScheduledBackupOptions): Promise<BackupResult> {
  const started = Date.now();
  const at = (options.now ?? new Date()).toISOString();
  let result: BackupResult;
  try {
    const made = await createBackup(options);
    options.log.info({ file: made.file, bytes: made.bytes, reason: options.reason }, `backup written to ${made.file}`);
    // The copy off the machine; its failure is the backup's (reported), and the archive stays in the folder.
    let copy: string | undefined;
    if (options.s3) {
      try {
        copy = await (await import("./backup-s3.ts")).uploadArchive(options.s3, made.file);
      } catch (error) {
        throw new BackupError(`${made.file} was written, but its copy to S3 failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      options.log.info({ file: made.file, copy }, `backup copied to ${copy}`);
    }
    result = {
      ok: true,
      at,
      file: made.file,
      ...(copy ? { copy } : {}),
      bytes: made.bytes,
      durationMs: Date.now() - started,
      reason: options.reason,
    };
    if (options.reason === "scheduled") {
      await prune(resolve(options.dir), options.keep, options.log);
      if (options.s3)
        for (const key of await (
          await import("./backup-s3.ts")
        ).pruneBucket(options.s3, options.keep, (name) => SCHEDULED.test(name)))
          options.log.info({ key }, "old backup removed from S3 (BACKUP_KEEP)");
    }
  } catch (error) {
    result = {
      ok: false,
      at,
      error: (error as Error).message,
      durationMs: Date.now() - started,
      reason: options.reason,
    };
    options.log.error({ err: error, dir: options.dir, reason: options.reason }, "backup failed");
  }
  // Beside the archives, unless the folder itself was refused (a status file there could be public).
  const allowed = await assertPrivateDestination(options.dir, options.mediaDir).then(
    () => true,
    () => false,
  );
  if (allowed) await mkdir(resolve(options.dir), { recursive: true, mode: 0o700 }).catch(() => {});
  await recordBackupResult(allowed ? resolve(options.dir) : undefined, result);
  return result;
}

async function prune(dir: string, keep: number, log: Logger): Promise<void> {
  const names = await readdir(dir);
  const archives = names.filter((n) => SCHEDULED.test(n)).sort();
  for (const old of archives.slice(0, Math.max(0, archives.length - keep))) {
    await unlink(join(dir, old));
    log.info({ file: join(dir, old) }, "old backup removed (BACKUP_KEEP)");
  }
  // Leftovers of a process that died mid-backup: a day old (another backup may be running now).
  for (const partial of names.filter((n) => PARTIAL.test(n))) {
    const modified = await stat(join(dir, partial)).then(
      (s) => s.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - modified > 24 * 3_600_000) await rm(join(dir, partial), { recursive: true, force: true });
  }
}

/**
 * Before a start migrates a database in use (one that has run migrations): a backup, its place logged. Returns the
 * archive (undefined when none was needed or BACKUP_BEFORE_MIGRATE=0); throws when it failed,
 * so the migration does not run without it.
 */
export async function backupBeforeMigrating(
  database: DatabaseHandle,
  options: { mediaDir: string; dir: string; key?: string; enabled: boolean; log: Logger; now?: Date },
): Promise<string | undefined> {
  if (!options.enabled || database.url === "file::memory:") return undefined;
  const { applied, pending } = await migrationState(database.db);
  // A database that has run migrations holds data (their own rows at least: plans, settings); a
  // new one (none run) has nothing to lose, and nothing to migrate is nothing to guard.
  if (applied.length === 0 || pending.length === 0) return undefined;
  const result = await runBackup({
    ...options,
    databaseUrl: database.url,
    keep: Number.POSITIVE_INFINITY,
    reason: "before-migrate",
    name: `lomda-before-${pending[0]}-${stamp(options.now ?? new Date())}`,
  });
  if (!result.ok)
    throw new BackupError(
      `The backup before migrating failed (${result.error}); the migrations did not run. Fix it, or set BACKUP_BEFORE_MIGRATE=0 to migrate without one.`,
    );
  options.log.warn(
    { file: result.file, pending },
    `backed up before migrating: ${result.file} (restore with npm run restore -- ${result.file})`,
  );
  return result.file;
}
