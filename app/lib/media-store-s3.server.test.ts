import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { S3RVER_KEYS, startBucket, type TestBucket } from "../../tests/support/s3-bucket.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundledMp4, tinyPng, tinyWebm } from "../../tests/support/media-fixtures.ts";
import { S3MediaStore } from "./media-store-s3.server";

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
});
