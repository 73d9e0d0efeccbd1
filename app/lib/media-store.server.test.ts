import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  bundledMp4,
  moveMoovToEnd,
  tinyJpeg,
  tinyMp4,
  tinyPng,
  tinyWebm,
  tinyWebp,
} from "../../tests/support/media-fixtures.ts";
import {
  createMediaStore,
  isMediaFileName,
  LocalMediaStore,
  mediaFolders,
  type MediaStore,
} from "./media-store.server";

let dataDir: string;
let store: MediaStore;
let folders: ReturnType<typeof mediaFolders>;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "lomda-media-"));
  folders = mediaFolders(join(dataDir, "media"));
  store = createMediaStore(join(dataDir, "media"));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const listing = (kind: "video" | "cover") => (existsSync(folders[kind]) ? readdirSync(folders[kind]) : []);

/** A Node stream of these bytes in chunks of `size`. */
const nodeChunks = (bytes: Buffer, size = 1000) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
    })(),
  );

/** A web stream of these bytes in chunks, counting the chunks pulled. */
function webChunks(bytes: Buffer, size = 1000) {
  const stats = { pulled: 0, cancelled: false };
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      stats.pulled += 1;
      controller.enqueue(new Uint8Array(bytes.subarray(at, at + size)));
      at += size;
    },
    cancel() {
      stats.cancelled = true;
    },
  });
  return { stream, stats };
}

describe("LocalMediaStore.saveStream", () => {
  it("stores a real MP4 under DATA_DIR/media/videos with a random name, its size and duration", async () => {
    const bytes = bundledMp4("lesson");
    const saved = await store.saveStream("video", nodeChunks(bytes), { maxBytes: 1024 * 1024 });
    expect(saved).toEqual({
      ok: true,
      file: expect.stringMatching(/^[0-9a-f]{32}\.mp4$/),
      size: bytes.length,
      contentType: "video/mp4",
      durationSeconds: 12,
    });
    if (!saved.ok) return;
    expect(listing("video")).toEqual([saved.file]);
    expect(readFileSync(join(dataDir, "media", "videos", saved.file)).equals(bytes)).toBe(true);
    expect(isMediaFileName("video", saved.file)).toBe(true);

    const again = await store.saveStream("video", nodeChunks(bytes), { maxBytes: 1024 * 1024 });
    expect(again.ok && again.file).not.toBe(saved.file);
  });

  it("reads the duration of an MP4 whose movie header comes last, and of a WebM; takes web streams", async () => {
    const moved = await store.saveStream("video", webChunks(moveMoovToEnd(bundledMp4("about"))).stream, {
      maxBytes: 1e6,
    });
    expect(moved).toMatchObject({ ok: true, durationSeconds: 10 });
    const webm = await store.saveStream("video", webChunks(tinyWebm({ durationMs: 2500 }), 100).stream, {
      maxBytes: 1e6,
    });
    expect(webm).toMatchObject({ ok: true, file: expect.stringMatching(/^[0-9a-f]{32}\.webm$/), durationSeconds: 2.5 });
    expect(webm.ok && webm.contentType).toBe("video/webm");
    const noDuration = await store.saveStream("video", nodeChunks(tinyWebm({ durationMs: null })), { maxBytes: 1e6 });
    expect(noDuration.ok).toBe(true);
    expect(noDuration).not.toHaveProperty("durationSeconds");
  });

  it("stores PNG, JPEG and WebP covers with the extension of their type", async () => {
    for (const [bytes, ext, type] of [
      [tinyPng(), "png", "image/png"],
      [tinyJpeg(), "jpg", "image/jpeg"],
      [tinyWebp(), "webp", "image/webp"],
    ] as const) {
      const saved = await store.saveStream("cover", nodeChunks(bytes, 7), { maxBytes: 5000 });
      expect(saved).toEqual({
        ok: true,
        file: expect.stringMatching(new RegExp(`^[0-9a-f]{32}\\.${ext}$`)),
        size: bytes.length,
        contentType: type,
      });
    }
    expect(listing("cover")).toHaveLength(3);
    expect(listing("video")).toEqual([]);
  });

  it("writes as it reads, to a hidden temporary file beside the final one", async () => {
    const seen: { files: string[]; bytesOnDisk: number }[] = [];
    const mdat = 256 * 1024;
    const bytes = tinyMp4({ mdatBytes: mdat });
    const source = Readable.from(
      (function* () {
        for (let at = 0; at < bytes.length; at += 16 * 1024) {
          if (at >= 64 * 1024) {
            const files = readdirSync(folders.video);
            seen.push({ files, bytesOnDisk: files.reduce((n, f) => n + statSync(join(folders.video, f)).size, 0) });
          }
          yield bytes.subarray(at, at + 16 * 1024);
        }
      })(),
    );
    const saved = await store.saveStream("video", source, { maxBytes: 1e6 });
    expect(saved.ok).toBe(true);
    expect(seen.length).toBeGreaterThan(5);
    for (const moment of seen) expect(moment.files).toEqual([expect.stringMatching(/^\.upload-[0-9a-f]+\.tmp$/)]);
    // Bytes reached the disk while the source was still being read.
    expect(seen[0]!.bytesOnDisk).toBeGreaterThan(0);
    expect(seen.at(-1)!.bytesOnDisk).toBeGreaterThan(seen[0]!.bytesOnDisk);
  });

  it("refuses a file past the limit while it streams, leaves nothing, and stops reading a web stream", async () => {
    const endless = { pulled: 0, cancelled: false };
    const head = tinyMp4({ mdatBytes: 0 });
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        endless.pulled += 1;
        controller.enqueue(endless.pulled === 1 ? new Uint8Array(head) : new Uint8Array(4096));
      },
      cancel() {
        endless.cancelled = true;
      },
    });
    expect(await store.saveStream("video", stream, { maxBytes: 64 * 1024 })).toEqual({
      ok: false,
      error: "too-large",
      maxBytes: 64 * 1024,
    });
    expect(endless.cancelled).toBe(true);
    expect(endless.pulled).toBeLessThan(20 + 4); // the limit's worth, plus what the stream queued ahead
    expect(listing("video")).toEqual([]);

    // Exactly at the limit is fine; one byte more is not.
    const bytes = tinyMp4({ mdatBytes: 1000 });
    expect((await store.saveStream("video", nodeChunks(bytes), { maxBytes: bytes.length })).ok).toBe(true);
    expect(await store.saveStream("video", nodeChunks(bytes), { maxBytes: bytes.length - 1 })).toMatchObject({
      error: "too-large",
    });
    expect(listing("video")).toHaveLength(1);
  });

  it("drains a refused Node stream to its end, so the producer is not left stuck", async () => {
    const source = nodeChunks(Buffer.concat([tinyPng(), Buffer.alloc(50_000)]), 512);
    expect(await store.saveStream("cover", source, { maxBytes: 2000 })).toMatchObject({ error: "too-large" });
    await new Promise<void>((ok, fail) => {
      if (source.readableEnded) return ok();
      source.once("end", ok).once("error", fail);
    });
    expect(source.destroyed || source.readableEnded).toBe(true);
    expect(listing("cover")).toEqual([]);
  });

  it("refuses what is not of the kind from its first bytes, whatever it is called, and leaves nothing", async () => {
    for (const [kind, bytes] of [
      ["video", Buffer.from("<html><body>not a video</body></html>".repeat(100))],
      ["video", tinyPng()],
      ["video", tinyWebm({ docType: "matroska" })],
      ["video", tinyMp4({ majorBrand: "heic" })],
      ["cover", tinyMp4()],
      ["cover", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
      ["cover", Buffer.alloc(0)],
      ["cover", Buffer.from([0xff, 0xd8])],
    ] as const) {
      expect(await store.saveStream(kind, nodeChunks(bytes, 10), { maxBytes: 1e6 })).toEqual({
        ok: false,
        error: "wrong-type",
      });
    }
    expect([...listing("video"), ...listing("cover")]).toEqual([]);

    // The type is known from the first bytes: the rest of a big wrong file is not read.
    const big = webChunks(Buffer.alloc(10 * 1024 * 1024, 0x41), 1024);
    expect(await store.saveStream("video", big.stream, { maxBytes: 1e9 })).toMatchObject({ error: "wrong-type" });
    expect(big.stats.pulled).toBeLessThan(10);
    expect(big.stats.cancelled).toBe(true);
  });

  it("leaves nothing when the source fails half-way, and passes the failure on", async () => {
    let sent = 0;
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1;
        if (sent === 4) return controller.error(new Error("connection reset"));
        controller.enqueue(new Uint8Array(sent === 1 ? tinyMp4({ mdatBytes: 0 }) : Buffer.alloc(1000)));
      },
    });
    await expect(store.saveStream("video", failing, { maxBytes: 1e6 })).rejects.toThrow("connection reset");
    expect(listing("video")).toEqual([]);
  });
});

describe("LocalMediaStore reads and deletes", () => {
  it("states, reads (whole or a range) and deletes a stored file", async () => {
    const bytes = bundledMp4("about");
    const saved = await store.saveStream("video", nodeChunks(bytes), { maxBytes: 1e6 });
    if (!saved.ok) throw new Error("not saved");
    expect(await store.stat("video", saved.file)).toEqual({
      size: bytes.length,
      contentType: "video/mp4",
      modified: expect.any(Date),
    });
    const whole = await store.createReadStream("video", saved.file);
    expect((await buffer(whole!)).equals(bytes)).toBe(true);
    const part = await store.createReadStream("video", saved.file, { start: 4, end: 11 });
    const chunks: Buffer[] = [];
    for await (const chunk of part!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString("latin1")).toBe("ftypisom");

    expect(await store.stat("cover", saved.file)).toBeUndefined(); // another kind's folder
    expect(await store.delete("video", saved.file)).toBe(true);
    expect(await store.delete("video", saved.file)).toBe(false);
    expect(await store.stat("video", saved.file)).toBeUndefined();
    expect(await store.createReadStream("video", saved.file)).toBeUndefined();
  });

  it("never follows a name out of its folder, nor serves temporary or oddly named files", async () => {
    mkdirSync(folders.video, { recursive: true });
    mkdirSync(folders.cover, { recursive: true });
    // Files outside the videos folder that a traversal would reach.
    writeFileSync(join(dataDir, "media", "secret.mp4"), "secret");
    writeFileSync(join(dataDir, "secret.mp4"), "secret");
    writeFileSync(join(folders.video, ".upload-abc.tmp"), "half");
    writeFileSync(join(folders.video, "UPPER.mp4"), "x");
    mkdirSync(join(folders.video, "folder.mp4"));
    for (const name of [
      "../secret.mp4",
      "../../secret.mp4",
      "..%2Fsecret.mp4",
      "..\\secret.mp4",
      `${dataDir}/secret.mp4`,
      "/etc/passwd",
      "covers/../../secret.mp4",
      ".upload-abc.tmp",
      "UPPER.mp4",
      "folder.mp4",
      "secret.mp4\0.png",
      "",
      ".",
      "..",
      "x.mp4/",
    ]) {
      expect(await store.stat("video", name), name).toBeUndefined();
      expect(await store.createReadStream("video", name), name).toBeUndefined();
      expect(await store.delete("video", name), name).toBe(false);
    }
    expect(existsSync(join(dataDir, "media", "secret.mp4"))).toBe(true);
    expect(existsSync(join(dataDir, "secret.mp4"))).toBe(true);
    expect(existsSync(join(folders.video, ".upload-abc.tmp"))).toBe(true);
  });

  it("serves another store's folders as given (the bundled videos)", async () => {
    const bundled = new LocalMediaStore({ video: "media/videos" });
    expect((await bundled.stat("video", "lesson-sample.mp4"))?.size).toBe(bundledMp4("lesson").length);
    expect(await bundled.stat("cover", "lesson-sample.png")).toBeUndefined();
    await expect(bundled.saveStream("cover", nodeChunks(tinyPng()), { maxBytes: 1e6 })).rejects.toThrow(/no cover/);
  });
});
