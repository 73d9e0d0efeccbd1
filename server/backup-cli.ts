import { resolve } from "node:path";
import type { Config } from "../app/lib/env.server.ts";
import type { Logger } from "../app/lib/logger.server.ts";
import { BackupError, restoreBackup, runBackup } from "./backup.ts";
import { s3Destination } from "./backup-s3.ts";

const BACKUP_USAGE = `Usage:
  npm run backup [-- --dir <folder>]`;
const RESTORE_USAGE = `Usage:
  npm run restore -- <archive | s3://bucket/key> [--force]`;

/**
 * A path as the person typed it: npm runs scripts in the project's folder, and INIT_CWD is the
 * folder they typed the command in.
 */
const typed = (path: string) => resolve(process.env.INIT_CWD ?? ".", path);

/** The value after `flag` in args, or undefined; null when the flag is there without a value. */
function option(args: string[], flag: string): string | null | undefined {
  const index = args.indexOf(flag);
  if (index === -1) return undefined;
  const value = args[index + 1];
  return value && !value.startsWith("--") ? value : null;
}

/**
 * `npm run backup`: one archive of the database and the media folder, taken while the site runs,
 * into BACKUP_DIR (or DATA_DIR/backups, or --dir). Returns the process exit code.
 */
export async function runBackupCommand(
  config: Config,
  args: string[],
  out: (line: string) => void,
  log: Logger,
): Promise<number> {
  const dir = option(args, "--dir");
  if (dir === null || args.some((a) => a.startsWith("--") && a !== "--dir")) {
    out(BACKUP_USAGE);
    return 2;
  }
  const result = await runBackup({
    databaseUrl: config.DATABASE_URL,
    mediaDir: config.mediaDir,
    dir: dir ? typed(dir) : config.backupDir,
    key: config.BACKUP_ENCRYPTION_KEY,
    s3: s3Destination(config),
    keep: Number.POSITIVE_INFINITY,
    log,
    reason: "command",
  });
  if (!result.ok) {
    out(`Backup failed: ${result.error}`);
    return 1;
  }
  out(
    `Backup written to ${result.file} (${result.bytes} bytes${config.BACKUP_ENCRYPTION_KEY ? ", encrypted" : ""})${result.copy ? `, copied to ${result.copy}` : ""}.`,
  );
  return 0;
}

/**
 * `npm run restore -- <archive> [--force]`: into the configured database and media folder, which
 * must be empty unless --force. Returns the process exit code.
 */
export async function runRestoreCommand(config: Config, args: string[], out: (line: string) => void): Promise<number> {
  const force = args.includes("--force");
  const rest = args.filter((a) => a !== "--force");
  if (rest.length !== 1 || rest[0]!.startsWith("--")) {
    out(RESTORE_USAGE);
    return 2;
  }
  try {
    const summary = await restoreBackup({
      archive: rest[0]!.startsWith("s3://") ? rest[0]! : typed(rest[0]!),
      s3: s3Destination(config),
      databaseUrl: config.DATABASE_URL,
      mediaDir: config.mediaDir,
      key: config.BACKUP_ENCRYPTION_KEY,
      force,
    });
    const rows = summary.manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    out(
      `Restored the backup of ${summary.manifest.createdAt} (${summary.manifest.dialect}, Lomda ${summary.manifest.app.version}): ${rows} rows in ${summary.manifest.tables.length} tables (${summary.method}), ${summary.files} media files; migrated to this version.`,
    );
    return 0;
  } catch (error) {
    // A refusal (BackupError) changed nothing; any other failure (the database, pg_restore) may
    // have left a part: the message says which, and the target is to be emptied before trying again.
    out(
      error instanceof BackupError
        ? `Restore refused: ${error.message}`
        : `Restore failed: ${(error as Error).message}. Empty the database and media folder (or use --force) before trying again.`,
    );
    return 1;
  }
}
