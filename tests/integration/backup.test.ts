import { mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/lib/db.server.ts";
import { migrateTo } from "../../db/migrate.ts";
import { migrations } from "../../db/migrations/index.ts";
import { DIALECTS } from "../setup/databases.ts";
import { createUser } from "../support/factories.ts";
import { spawnServer, startApp } from "./harness.ts";

/**
 * Backups as the process runs them (issue 35): the schedule under its lease with two processes on
 * one database, and `npm run backup` / `npm run restore` / the backup before migrating as the
 * real `server.js` does them.
 */

describe.each(DIALECTS)("scheduled backups on %s", (dialect) => {
  let backups: string;
  let first: Awaited<ReturnType<typeof startApp>>;
  let second: Awaited<ReturnType<typeof startApp>>;

  beforeAll(async () => {
    backups = mkdtempSync(join(tmpdir(), "lomda-scheduled-"));
    const env = { BACKUP_DIR: backups, BACKUP_KEEP: "3" };
    // Both look at once (10 ms after start); the lease lets one of them back up this interval.
    const background = { backupEveryMs: 60_000, backupFirstMs: 10 };
    first = await startApp(env, dialect, { background });
    second = await startApp(env, dialect, { sharing: { database: first.database }, background });
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
    rmSync(backups, { recursive: true, force: true });
  });

  it("runs once with two processes, and shows on the admin's dashboard", async () => {
    const deadline = Date.now() + 15_000;
    while (!readdirSync(backups).includes("last-backup.json") && Date.now() < deadline)
      await new Promise((ok) => setTimeout(ok, 50));
    await new Promise((ok) => setTimeout(ok, 300)); // the other process's look, had it taken the lease
    const archives = readdirSync(backups).filter((name) => /^lomda-backup-.*\.tar$/.test(name));
    expect(archives).toHaveLength(1);
    const written = [...first.logs, ...second.logs].filter((line) => line.msg.startsWith("backup written to"));
    expect(written).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(backups, "last-backup.json"), "utf8"))).toMatchObject({
      ok: true,
      reason: "scheduled",
      file: join(backups, archives[0]!),
    });

    // Either process's admin page shows it: the archive's name, not the server's folder.
    const admin = async (app: typeof first, language: string) => {
      const signIn = await fetch(`${app.url}/__test/session`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
        body: new URLSearchParams({ email: "admin@lomda.test" }).toString(),
      });
      const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
      const page = await fetch(`${app.url}/admin`, { headers: { cookie, "accept-language": language } });
      return /data-testid="backup-status"[^>]*>([^<]*)</.exec(await page.text())?.[1];
    };
    expect(await admin(second, "en")).toMatch(
      new RegExp(`^Last backup: .*, ${archives[0]!.replaceAll(".", "\\.")}\\.$`),
    );
    expect(await admin(first, "he")).toContain(`הגיבוי האחרון: `);
    expect(await admin(first, "he")).not.toContain(backups);
  });
});

/** Each test starts the real server.js up to six times (a process, the build loaded each time). */
const COMMAND_TIMEOUT_MS = 90_000;

describe("the backup and restore commands", () => {
  let work: string;
  const run = async (env: Record<string, string>, args: string[]) => {
    const proc = spawnServer(env, args);
    const code = await proc.exited;
    return { code, output: proc.output() };
  };

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), "lomda-commands-"));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it(
    "npm run backup, then npm run restore into a new place (refused when it is not empty)",
    async () => {
      const source = {
        DATA_DIR: join(work, "source"),
        DATABASE_URL: `file:${join(work, "source", "lomda.db")}`,
        BACKUP_DIR: join(work, "backups"),
      };
      // A started site: migrated, catalogue seeded; and a video.
      expect((await run(source, ["migrate"])).code).toBe(0);
      mkdirSync(join(work, "source", "media", "videos"), { recursive: true });
      writeFileSync(join(work, "source", "media", "videos", "v.mp4"), "video bytes");

      const backup = await run(source, ["backup"]);
      expect(backup.code).toBe(0);
      const archive = /Backup written to (\S+) \(/.exec(backup.output)?.[1];
      expect(archive).toMatch(/lomda-backup-.*\.tar$/);

      const target = { DATA_DIR: join(work, "target"), DATABASE_URL: `file:${join(work, "target", "lomda.db")}` };
      // A path as typed in the folder npm was run from (npm runs the script in the project's).
      const restored = await run({ ...target, INIT_CWD: work }, ["restore", relative(work, archive!)]);
      expect(restored.output).toMatch(
        /Restored the backup of .* \(sqlite, Lomda .*\): \d+ rows in \d+ tables \(sqlite-file\), 1 media files/,
      );
      expect(restored.code).toBe(0);
      expect(readFileSync(join(work, "target", "media", "videos", "v.mp4"), "utf8")).toBe("video bytes");

      const again = await run(target, ["restore", archive!]);
      expect(again.code).toBe(1);
      expect(again.output).toContain("Restore refused: The database");
      expect((await run(target, ["restore", archive!, "--force"])).code).toBe(0);
      expect((await run(target, ["restore"])).output).toContain(
        "npm run restore -- <archive | s3://bucket/key> [--force]",
      );
    },
    COMMAND_TIMEOUT_MS,
  );

  it(
    "a start backs up a database in use before it migrates, and says where",
    async () => {
      const dataDir = join(work, "upgrade");
      mkdirSync(dataDir);
      const database = openDatabase(`file:${join(dataDir, "lomda.db")}`);
      await migrateTo(database.db, Object.keys(migrations).at(-2)!);
      await createUser(database.db);
      await database.close();

      const { code, output } = await run({ DATA_DIR: dataDir, DATABASE_URL: `file:${join(dataDir, "lomda.db")}` }, [
        "migrate",
      ]);
      expect(code).toBe(0);
      const file = /backed up before migrating: (\S+) /.exec(output)?.[1];
      expect(file).toContain(join(dataDir, "backups", `lomda-before-${Object.keys(migrations).at(-1)}-`));
      expect(readdirSync(join(dataDir, "backups"))).toContain(file!.split("/").at(-1));

      // Off when asked: another database one migration behind migrates without a backup.
      const off = join(work, "off");
      mkdirSync(off);
      const other = openDatabase(`file:${join(off, "lomda.db")}`);
      await migrateTo(other.db, Object.keys(migrations).at(-2)!);
      await other.close();
      const plain = await run(
        { DATA_DIR: off, DATABASE_URL: `file:${join(off, "lomda.db")}`, BACKUP_BEFORE_MIGRATE: "0" },
        ["migrate"],
      );
      expect(plain.code).toBe(0);
      expect(plain.output).not.toContain("backed up before migrating");
    },
    COMMAND_TIMEOUT_MS,
  );
});
