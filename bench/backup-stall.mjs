// How long a backup of a SQLite database stops the event loop of the process that runs it (issue 35):
// the scheduled backup runs inside the server, so whatever it blocks, every request waits for.
// Fills a SQLite file of --mb megabytes (rows like the app's: text and integers), then runs
// createBackup() from server/backup.ts in this process while a 1 ms timer ticks, and reports the
// longest and the 99th-percentile event-loop delay (perf_hooks.monitorEventLoopDelay) during the
// backup, beside the same process idle for as long. Rounds alternate nothing: each round is one
// backup. A benchmark, never a test: the figures depend on this machine's load.
//
// Usage: node_modules/.bin/node bench/backup-stall.mjs [--mb=100 --rounds=3]
// (Node 24 for server/backup.ts's type stripping.)
import SQLite from "better-sqlite3";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createBackup } from "../server/backup.ts";

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=")));
const MB = Number(args.mb ?? 100);
const ROUNDS = Number(args.rounds ?? 3);

const work = mkdtempSync(join(tmpdir(), "lomda-backup-stall-"));
const dbPath = join(work, "lomda.db");
const db = new SQLite(dbPath);
db.pragma("journal_mode = WAL");
db.exec(
  "create table notes (id integer primary key, user_id integer not null, body text not null, updated_at text not null)",
);
const insert = db.prepare("insert into notes (user_id, body, updated_at) values (?, ?, ?)");
const body = "x".repeat(900);
const fill = db.transaction((n) => {
  for (let i = 0; i < n; i++)
    insert.run(i % 5000, `${i} ${body}`, new Date(1_700_000_000_000 + i * 1000).toISOString());
});
while (statSync(dbPath).size + statSync(`${dbPath}-wal`, { throwIfNoEntry: false })?.size < MB * 1024 * 1024)
  fill(20_000);
db.pragma("wal_checkpoint(TRUNCATE)");
db.close();
const media = join(work, "media");
mkdirSync(media);
writeFileSync(join(media, "cover.png"), "not really a picture");

async function delays(during) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  const ticker = setInterval(() => {}, 1);
  histogram.enable();
  const started = performance.now();
  await during();
  const ms = performance.now() - started;
  histogram.disable();
  clearInterval(ticker);
  return { ms, max: histogram.max / 1e6, p99: histogram.percentile(99) / 1e6 };
}

const rows = [];
for (let round = 1; round <= ROUNDS; round++) {
  const out = join(work, `out-${round}`);
  const backup = await delays(() => createBackup({ databaseUrl: `file:${dbPath}`, mediaDir: media, dir: out }));
  const idle = await delays(() => new Promise((resolve) => setTimeout(resolve, backup.ms)));
  rows.push({ round, backup, idle });
  rmSync(out, { recursive: true, force: true });
}
rmSync(work, { recursive: true, force: true });

const f = (n) => n.toFixed(0);
console.log(
  `SQLite database of ${MB} MB, ${ROUNDS} backups, Node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log(
  "| round | backup took, ms | longest event-loop delay during it, ms | p99, ms | idle for as long: longest, ms |",
);
console.log("|---|---|---|---|---|");
for (const { round, backup, idle } of rows)
  console.log(`| ${round} | ${f(backup.ms)} | ${f(backup.max)} | ${f(backup.p99)} | ${f(idle.max)} |`);
