import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { S3RVER_KEYS, startBucket, type TestBucket } from "../../tests/support/s3-bucket.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundledMp4, tinyPng, tinyWebm } from "../../tests/support/media-fixtures.ts";
import { S3MediaStore, type CopiedFile } from "./media-store-s3.server";

/**
 * The bucket store against s3rver (an S3-compatible server from npm, on a temporary folder): the
 * same checks as the local store, the objects where they belong, and signed URLs. s3rver checks no
 * signatures, so what a signature allows is not tested here (access is Lomda's: server/media.test.ts).
 */

let root: string;
let s3: TestBucket;
let bucketUrl: string;
let store: S3MediaStore;
const spoolDir = () => join(root, "spool");

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "lomda-s3-"));
  s3 = await startBucket(join(root, "bucket"), "lomda");
  bucketUrl = s3.url;
  store = new S3MediaStore({
    bucketUrl,
    region: "us-east-1",
    ...S3RVER_KEYS,
    spoolDir: spoolDir(),
  });
});
afterAll(async () => {
  await s3.close();
  rmSync(root, { recursive: true, force: true });
});

/** The objects in the bucket, by key (a listing, as any client would ask). */
async function keys(): Promise<string[]> {
  const listing = await (await fetch(`${bucketUrl}?list-type=2`)).text();
  return [...listing.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!);
}
const spooled = () =>
  Object.values({ v: "videos", c: "covers" }).flatMap((d) => {
    try {
      return readdirSync(join(spoolDir(), d));
    } catch {
      return [];
    }
  });

describe("S3MediaStore", () => {
  it("stores a checked upload in the bucket under its kind's folder, and reads it whole or in part", async () => {
    const mp4 = bundledMp4("lesson");
    const saved = await store.saveStream("video", Readable.from([mp4]), { maxBytes: 10_000_000 });
    if (!saved.ok) throw new Error(saved.error);
    expect(saved.file).toMatch(/^[0-9a-f]{32}\.mp4$/);
    expect(saved.size).toBe(mp4.length);
    expect(saved.contentType).toBe("video/mp4");
    expect(saved.durationSeconds).toBeGreaterThan(0);
    expect(await keys()).toContain(`videos/${saved.file}`);
    expect(spooled()).toEqual([]); // nothing left on this machine

    const stat = await store.stat("video", saved.file);
    expect(stat).toMatchObject({ size: mp4.length, contentType: "video/mp4" });
    expect(stat!.modified.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await buffer((await store.createReadStream("video", saved.file))!)).equals(mp4)).toBe(true);
    const part = await store.createReadStream("video", saved.file, { start: 10, end: 99 });
    expect((await buffer(part!)).equals(mp4.subarray(10, 100))).toBe(true);

    const cover = await store.saveStream("cover", Readable.from([tinyPng()]), { maxBytes: 100_000 });
    if (!cover.ok) throw new Error(cover.error);
    expect(await keys()).toContain(`covers/${cover.file}`);
    expect(await store.stat("video", cover.file)).toBeUndefined(); // another kind, another folder
  });

  it("refuses what the local store refuses, and sends nothing of it", async () => {
    const before = await keys();
    expect(await store.saveStream("video", Readable.from([tinyPng()]), { maxBytes: 100_000 })).toEqual({
      ok: false,
      error: "wrong-type",
    });
    expect(
      await store.saveStream("video", Readable.from([tinyWebm(), Buffer.alloc(5000)]), { maxBytes: 1000 }),
    ).toEqual({
      ok: false,
      error: "too-large",
      maxBytes: 1000,
    });
    expect(await keys()).toEqual(before);
    expect(spooled()).toEqual([]);
  });

  it("deletes, and knows nothing of names it would never make", async () => {
    const saved = await store.saveStream("video", Readable.from([tinyWebm()]), { maxBytes: 100_000 });
    if (!saved.ok) throw new Error(saved.error);
    expect(await store.delete("video", saved.file)).toBe(true);
    expect(await store.delete("video", saved.file)).toBe(false);
    expect(await store.stat("video", saved.file)).toBeUndefined();
    expect(await store.createReadStream("video", saved.file)).toBeUndefined();
    for (const name of ["../covers/x.png", "a/b.mp4", "x.exe", ""]) {
      expect(await store.stat("video", name), name).toBeUndefined();
      expect(await store.signedUrl("video", name, 60), name).toBeUndefined();
    }
  });

  it("signs a URL that names the object and expires after the seconds asked", async () => {
    const webm = tinyWebm();
    const saved = await store.saveStream("video", Readable.from([webm]), { maxBytes: 100_000 });
    if (!saved.ok) throw new Error(saved.error);
    const url = new URL((await store.signedUrl("video", saved.file, 60))!);
    expect(`${url.origin}${url.pathname}`).toBe(`${bucketUrl}/videos/${saved.file}`);
    expect(url.searchParams.get("X-Amz-Expires")).toBe("60");
    expect(url.searchParams.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    const signedAt = url.searchParams
      .get("X-Amz-Date")!
      .replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, "$1-$2-$3T$4:$5:$6Z");
    expect(Math.abs(Date.parse(signedAt) - Date.now())).toBeLessThan(60_000);
    const res = await fetch(url, { headers: { range: "bytes=0-9" } });
    expect(res.status).toBe(206);
    expect(Buffer.from(await res.arrayBuffer()).equals(webm.subarray(0, 10))).toBe(true);
  });

  it("copies a media folder into the bucket once: again, only what changed; temporary and foreign files never", async () => {
    const mediaDir = join(root, "media-to-copy");
    const video = "0123456789abcdef0123456789abcdef.mp4";
    const cover = "fedcba9876543210fedcba9876543210.png";
    const resource = "00112233445566778899aabbccddeeff.pdf";
    mkdirSync(join(mediaDir, "videos"), { recursive: true });
    mkdirSync(join(mediaDir, "covers"), { recursive: true });
    mkdirSync(join(mediaDir, "resources"), { recursive: true });
    writeFileSync(join(mediaDir, "videos", video), bundledMp4("lesson"));
    writeFileSync(join(mediaDir, "covers", cover), tinyPng());
    writeFileSync(join(mediaDir, "resources", resource), "%PDF-1.4 notes");
    // An unfinished upload, a file put there by hand, and a cover with a video's extension.
    writeFileSync(join(mediaDir, "videos", ".upload-1234.tmp"), "half");
    writeFileSync(join(mediaDir, "videos", "notes.txt"), "mine");
    writeFileSync(join(mediaDir, "covers", "0123456789abcdef0123456789abcdef.mp4"), "not a cover");
    const heard: string[] = [];
    const first = await store.copyFolder(mediaDir, (file) => heard.push(`${file.key} ${file.outcome}`));
    expect(first).toEqual({ copied: 3, present: 0, failed: 0 });
    expect(heard).toEqual([`videos/${video} copied`, `covers/${cover} copied`, `resources/${resource} copied`]);
    const read = async (kind: "video" | "cover" | "resource", file: string) =>
      buffer((await store.createReadStream(kind, file))!);
    expect((await read("video", video)).equals(bundledMp4("lesson"))).toBe(true);
    expect((await read("cover", cover)).equals(tinyPng())).toBe(true);
    expect((await read("resource", resource)).toString()).toBe("%PDF-1.4 notes");
    expect(await store.stat("cover", cover)).toMatchObject({ contentType: "image/png" });
    expect((await keys()).filter((k) => k.includes(".upload-") || k.includes("notes.txt"))).toEqual([]);
    expect(await keys()).not.toContain("covers/0123456789abcdef0123456789abcdef.mp4");

    // Run again: nothing to send. Then one file changed (another size): only it is sent.
    expect(await store.copyFolder(mediaDir)).toEqual({ copied: 0, present: 3, failed: 0 });
    writeFileSync(join(mediaDir, "resources", resource), "%PDF-1.4 notes, longer now");
    expect(await store.copyFolder(mediaDir)).toEqual({ copied: 1, present: 2, failed: 0 });
    expect((await read("resource", resource)).toString()).toBe("%PDF-1.4 notes, longer now");
    // The local files are all still there.
    expect(readdirSync(join(mediaDir, "videos")).sort()).toEqual([".upload-1234.tmp", video, "notes.txt"].sort());
    // A folder that does not exist is nothing to copy.
    expect(await store.copyFolder(join(root, "no-media"))).toEqual({ copied: 0, present: 0, failed: 0 });
  });

  it("counts a file the bucket refused as failed, and goes on with the others", async () => {
    const mediaDir = join(root, "media-refused");
    mkdirSync(join(mediaDir, "covers"), { recursive: true });
    writeFileSync(join(mediaDir, "covers", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png"), tinyPng());
    const nowhere = new S3MediaStore({
      bucketUrl: `${s3.url.replace(/\/[^/]*$/, "")}/no-such-bucket`,
      region: "us-east-1",
      ...S3RVER_KEYS,
      spoolDir: spoolDir(),
    });
    const heard: CopiedFile[] = [];
    expect(await nowhere.copyFolder(mediaDir, (file) => heard.push(file))).toEqual({
      copied: 0,
      present: 0,
      failed: 1,
    });
    expect(heard[0]).toMatchObject({ key: "covers/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png", outcome: "failed" });
    expect(heard[0]!.error).toMatch(/NoSuchBucket|404/);
  });
});
