import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../app/lib/env.server.ts";
import { S3RVER_KEYS, startBucket, type TestBucket } from "../tests/support/s3-bucket.ts";
import { tinyPng } from "../tests/support/media-fixtures.ts";
import { runMediaToBucketCommand } from "./media-cli.ts";

let root: string;
let s3: TestBucket;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "lomda-media-cli-"));
  s3 = await startBucket(join(root, "bucket"), "media");
});
afterAll(async () => {
  await s3.close();
  rmSync(root, { recursive: true, force: true });
});

describe("npm run media-to-bucket", () => {
  it("copies the media folder into the configured bucket, and says what it did", async () => {
    const mediaDir = join(root, "media");
    mkdirSync(join(mediaDir, "covers"), { recursive: true });
    writeFileSync(join(mediaDir, "covers", "0123456789abcdef0123456789abcdef.png"), tinyPng());
    const config = loadConfig({
      DATA_DIR: root,
      MEDIA_DIR: mediaDir,
      MEDIA_S3_URL: s3.url,
      MEDIA_S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
    });
    const lines: string[] = [];
    expect(await runMediaToBucketCommand(config, [], (line) => lines.push(line))).toBe(0);
    expect(lines).toEqual([
      `Copying ${mediaDir} to ${s3.url}…`,
      `  covers/0123456789abcdef0123456789abcdef.png: copied (${tinyPng().length} bytes)`,
      "Copied 1, already there 0, failed 0.",
    ]);
    lines.length = 0;
    expect(await runMediaToBucketCommand(config, [], (line) => lines.push(line))).toBe(0);
    expect(lines.at(-1)).toBe("Copied 0, already there 1, failed 0.");
  });

  it("refuses to run without a bucket, or with arguments it does not take", async () => {
    const lines: string[] = [];
    expect(await runMediaToBucketCommand(loadConfig({ DATA_DIR: root }), [], (line) => lines.push(line))).toBe(2);
    expect(lines[0]).toContain("No bucket to copy to: set MEDIA_S3_URL");
    lines.length = 0;
    expect(await runMediaToBucketCommand(loadConfig({ DATA_DIR: root }), ["--force"], (line) => lines.push(line))).toBe(
      2,
    );
    expect(lines[0]).toContain("npm run media-to-bucket");
  });
});
