import { join } from "node:path";
import type { Config } from "../app/lib/env.server.ts";
import { S3MediaStore, type CopiedFile } from "../app/lib/media-store-s3.server.ts";

const USAGE = `Usage:
  npm run media-to-bucket`;

/**
 * `npm run media-to-bucket`: the media folder's files (MEDIA_DIR) into the bucket MEDIA_S3_* names,
 * for a site moving its uploads there (docs/deploy.md). Safe to run again: what the bucket holds
 * with the same size is left, and nothing is deleted. Returns the process exit code: 0 when every
 * file is in the bucket, 1 when one could not be sent, 2 when the command cannot run.
 */
export async function runMediaToBucketCommand(
  config: Config,
  args: string[],
  out: (line: string) => void,
): Promise<number> {
  if (args.length > 0) {
    out(USAGE);
    return 2;
  }
  if (!config.mediaS3) {
    out(
      "No bucket to copy to: set MEDIA_S3_URL, MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY (docs/deploy.md), then run this again.",
    );
    return 2;
  }
  const store = new S3MediaStore({ ...config.mediaS3, spoolDir: join(config.DATA_DIR, "upload-spool") });
  out(`Copying ${config.mediaDir} to ${config.mediaS3.bucketUrl}…`);
  const line = (file: CopiedFile) =>
    file.outcome === "failed"
      ? `  ${file.key}: not copied (${file.error})`
      : `  ${file.key}: ${file.outcome === "copied" ? "copied" : "already there"} (${file.bytes} bytes)`;
  const { copied, present, failed } = await store.copyFolder(config.mediaDir, (file) => out(line(file)));
  out(`Copied ${copied}, already there ${present}, failed ${failed}.`);
  if (failed > 0) out("Run the command again once the bucket answers: files already there are not sent twice.");
  return failed > 0 ? 1 : 0;
}
