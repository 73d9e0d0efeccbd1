import { open, readFile, rename } from "node:fs/promises";
import { join } from "node:path";
import { recordBackup } from "./metrics.server.ts";

/**
 * The last backup's outcome (decision 0054), for the admin area and the metrics (decision 0055). Kept in
 * the backup folder beside the archives (every process that shares the folder sees the one that
 * ran it) and in this process's memory (when the folder itself is what failed).
 */
export type BackupResult =
  | {
      ok: true;
      at: string;
      file: string;
      /** Its copy in object storage (s3://bucket/key), when configured. */
      copy?: string;
      bytes: number;
      durationMs: number;
      reason: BackupReason;
    }
  | { ok: false; at: string; error: string; durationMs: number; reason: BackupReason };

/** What asked for it: the schedule, the backup before migrating, or `npm run backup`. */
export type BackupReason = "scheduled" | "before-migrate" | "command";

export const STATUS_FILE = "last-backup.json";

let inMemory: BackupResult | undefined;

/** Records a result: in memory, and (written whole, then renamed) in the folder, if any. Never throws. */
export async function recordBackupResult(dir: string | undefined, result: BackupResult): Promise<void> {
  inMemory = result;
  recordBackup(result);
  if (dir === undefined) return;
  const temporary = join(dir, `.${STATUS_FILE}.${process.pid}.tmp`);
  try {
    const handle = await open(temporary, "w", 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(result)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, join(dir, STATUS_FILE));
  } catch {
    // The folder is unwritable or gone: the failure is in memory, and the backup's own log says why.
  }
}

/** The newest result this process knows of: its own, or the folder's (another process's run). */
export async function lastBackupResult(dir: string): Promise<BackupResult | undefined> {
  let stored: BackupResult | undefined;
  try {
    stored = JSON.parse(await readFile(join(dir, STATUS_FILE), "utf8")) as BackupResult;
  } catch {
    stored = undefined;
  }
  if (!stored) return inMemory;
  if (!inMemory) return stored;
  return inMemory.at > stored.at ? inMemory : stored;
}
