import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bundledMp4, tinyMp4, tinyPng, tinyWebm } from "../../tests/support/media-fixtures.ts";
import { createMediaStore, mediaFolders, type MediaStore } from "./media-store.server";
import { ORIGINAL_NAME_MAX, originalFileName, readUpload, type UploadOptions } from "./uploads.server";

let dataDir: string;
let store: MediaStore;
let folders: ReturnType<typeof mediaFolders>;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "lomda-uploads-"));
  folders = mediaFolders(join(dataDir, "media"));
  store = createMediaStore(join(dataDir, "media"));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const stored = () => [folders.video, folders.cover].flatMap((f) => (existsSync(f) ? readdirSync(f) : []));

type Part = { name: string; value: string } | { name: string; filename: string; type?: string; data: Buffer };
const BOUNDARY = "----LomdaTestBoundary7MA4YWxkTrZu0gW";

/** A multipart/form-data body, byte for byte as a browser sends it. */
function multipart(parts: Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      "filename" in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? "application/octet-stream"}`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push("filename" in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** A request whose body is a stream of these bytes in chunks; `stats` tells how far it was read. */
function upload(
  body: Buffer,
  options: { contentType?: string; chunk?: number; onPull?: (sent: number) => void; failAfter?: number } = {},
) {
  const stats = { sent: 0, ended: false };
  const size = options.chunk ?? 16 * 1024;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      options.onPull?.(stats.sent);
      if (options.failAfter !== undefined && stats.sent >= options.failAfter) {
        return controller.error(new Error("client went away"));
      }
      if (stats.sent >= body.length) {
        stats.ended = true;
        return controller.close();
      }
      controller.enqueue(new Uint8Array(body.subarray(stats.sent, stats.sent + size)));
      stats.sent += size;
    },
  });
  const request = new Request("http://lomda.test/admin/courses/new", {
    method: "POST",
    headers: { "content-type": options.contentType ?? `multipart/form-data; boundary=${BOUNDARY}` },
    body: stream,
    duplex: "half",
  } as RequestInit);
  return { request, stats };
}

const video = (overrides: Partial<UploadOptions> = {}): UploadOptions => ({
  store,
  fileField: "video",
  kind: "video",
  maxBytes: 1024 * 1024,
  ...overrides,
});

describe("readUpload", () => {
  it("returns the text fields and the stored file (name, size, sniffed type, duration)", async () => {
    const mp4 = bundledMp4("lesson");
    const { request, stats } = upload(
      multipart([
        { name: "title", value: "שיעור ראשון — Lesson 1" },
        { name: "video", filename: "../../../etc/evil name.mp4", type: "text/html", data: mp4 },
        { name: "published", value: "on" },
        { name: "tag", value: "a" },
        { name: "tag", value: "b" },
      ]),
      { chunk: 4096 },
    );
    const result = await readUpload(request, video());
    expect(result).toEqual({
      ok: true,
      fields: expect.any(FormData),
      file: {
        file: expect.stringMatching(/^[0-9a-f]{32}\.mp4$/),
        size: mp4.length,
        contentType: "video/mp4",
        durationSeconds: 12,
        // Its own name, to show: the last part only (it is never a path).
        originalName: "evil name.mp4",
      },
    });
    if (!result.ok) return;
    expect(result.fields.get("title")).toBe("שיעור ראשון — Lesson 1");
    expect(result.fields.get("published")).toBe("on");
    expect(result.fields.getAll("tag")).toEqual(["a", "b"]);
    expect(result.fields.has("video")).toBe(false);
    expect(stored()).toEqual([result.file!.file]);
    expect(await store.stat("video", result.file!.file)).toMatchObject({ size: mp4.length });
    expect(stats.ended).toBe(true);
  });

  it("takes a WebM video and a cover; a cover may be left out when not required", async () => {
    const webm = await readUpload(
      upload(multipart([{ name: "video", filename: "clip.webm", data: tinyWebm({ durationMs: 1500 }) }])).request,
      video(),
    );
    expect(webm).toMatchObject({ ok: true, file: { contentType: "video/webm", durationSeconds: 1.5 } });

    const cover = { store, fileField: "cover", kind: "cover", maxBytes: 5000 } as const;
    const png = await readUpload(
      upload(multipart([{ name: "cover", filename: "c.png", type: "image/png", data: tinyPng() }])).request,
      cover,
    );
    expect(png).toMatchObject({ ok: true, file: { contentType: "image/png" } });
    expect(png.ok && png.file).not.toHaveProperty("durationSeconds");

    // A form whose file input was left empty: the browser sends an empty part with no file name.
    const keep = await readUpload(
      upload(
        multipart([
          { name: "title", value: "Same cover" },
          { name: "cover", filename: "", data: Buffer.alloc(0) },
        ]),
      ).request,
      { ...cover, requireFile: false },
    );
    expect(keep).toEqual({ ok: true, fields: expect.any(FormData) });
    expect(keep.ok && keep.fields.get("title")).toBe("Same cover");
    expect(stored()).toHaveLength(2);
  });

  it("says missing-file when a required file was not chosen", async () => {
    const empty = multipart([
      { name: "title", value: "x" },
      { name: "video", filename: "", data: Buffer.alloc(0) },
    ]);
    expect(await readUpload(upload(empty).request, video())).toEqual({
      ok: false,
      error: "missing-file",
      field: "video",
    });
    expect(await readUpload(upload(multipart([{ name: "title", value: "x" }])).request, video())).toMatchObject({
      error: "missing-file",
    });
  });

  it("refuses a file past the limit while streaming, keeps nothing, and reads the body to its end", async () => {
    const big = tinyMp4({ mdatBytes: 3 * 1024 * 1024 });
    let tempSeen = false;
    const { request, stats } = upload(
      multipart([
        { name: "video", filename: "big.mp4", data: big },
        { name: "title", value: "after the file" },
      ]),
      {
        onPull: () => {
          tempSeen ||= existsSync(folders.video) && readdirSync(folders.video).some((f) => f.endsWith(".tmp"));
        },
      },
    );
    expect(await readUpload(request, video({ maxBytes: 1024 * 1024 }))).toEqual({
      ok: false,
      error: "too-large",
      field: "video",
      maxBytes: 1024 * 1024,
    });
    expect(tempSeen).toBe(true);
    expect(stored()).toEqual([]);
    expect(stats.ended).toBe(true);
  });

  it("streams the file to disk as the body arrives", async () => {
    const big = tinyMp4({ mdatBytes: 4 * 1024 * 1024 });
    const onDisk: number[] = [];
    const { request } = upload(multipart([{ name: "video", filename: "big.mp4", data: big }]), {
      chunk: 64 * 1024,
      onPull: (sent) => {
        if (sent < 2 * 1024 * 1024 || !existsSync(folders.video)) return;
        for (const f of readdirSync(folders.video)) onDisk.push(statSync(join(folders.video, f)).size);
      },
    });
    const result = await readUpload(request, video({ maxBytes: 8 * 1024 * 1024 }));
    expect(result).toMatchObject({ ok: true, file: { size: big.length, durationSeconds: 3 } });
    // Half-way through the body, a good part of the file was already on disk.
    expect(onDisk.length).toBeGreaterThan(0);
    expect(onDisk[0]).toBeGreaterThan(1024 * 1024);
  });

  it("refuses a file that is not a video by its bytes, whatever its name and declared type", async () => {
    const body = multipart([
      {
        name: "video",
        filename: "lesson.mp4",
        type: "video/mp4",
        data: Buffer.from("<script>alert(1)</script>".repeat(50)),
      },
      { name: "title", value: "x" },
    ]);
    const { request, stats } = upload(body);
    expect(await readUpload(request, video())).toEqual({ ok: false, error: "wrong-type", field: "video" });
    expect(stored()).toEqual([]);
    expect(stats.ended).toBe(true);
    const cover = await readUpload(upload(multipart([{ name: "cover", filename: "c.png", data: tinyMp4() }])).request, {
      store,
      fileField: "cover",
      kind: "cover",
      maxBytes: 1e6,
    });
    expect(cover).toMatchObject({ error: "wrong-type", field: "cover" });
    expect(stored()).toEqual([]);
  });

  it("answers bad-request for bodies that are not a proper form with one file, keeping nothing", async () => {
    const mp4 = tinyMp4();
    const cases: [string, ReturnType<typeof upload>][] = [
      ["urlencoded", upload(Buffer.from("title=x"), { contentType: "application/x-www-form-urlencoded" })],
      ["no boundary", upload(multipart([{ name: "a", value: "b" }]), { contentType: "multipart/form-data" })],
      ["json", upload(Buffer.from("{}"), { contentType: "application/json" })],
      ["garbage", upload(Buffer.from("\x00\x01garbage".repeat(1000)))],
      [
        "a malformed part header, then more",
        upload(Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n${"x".repeat(20_000)}\r\n\r\n`), Buffer.alloc(300_000)]), {
          chunk: 4096,
        }),
      ],
      ["cut off in the file", upload(multipart([{ name: "video", filename: "v.mp4", data: mp4 }]).subarray(0, 1500))],
      [
        "two files",
        upload(
          multipart([
            { name: "video", filename: "a.mp4", data: mp4 },
            { name: "video", filename: "b.mp4", data: mp4 },
          ]),
        ),
      ],
      [
        "a file in another field",
        upload(
          multipart([
            { name: "video", filename: "a.mp4", data: mp4 },
            { name: "other", filename: "b.mp4", data: mp4 },
          ]),
        ),
      ],
      [
        "too many fields",
        upload(
          multipart([
            { name: "video", filename: "a.mp4", data: mp4 },
            ...Array.from({ length: 101 }, (_, i) => ({ name: `f${i}`, value: "x" })),
          ]),
        ),
      ],
      [
        "the client goes away",
        upload(multipart([{ name: "video", filename: "a.mp4", data: tinyMp4({ mdatBytes: 100_000 }) }]), {
          chunk: 1000,
          failAfter: 30_000,
        }),
      ],
    ];
    for (const [name, { request, stats }] of cases) {
      expect(await readUpload(request, video()), name).toMatchObject({ ok: false, error: "bad-request" });
      expect(stored(), name).toEqual([]);
      // Read to the end, so the answer reaches the browser (all but the body that broke off).
      if (name !== "the client goes away") expect(stats.ended, name).toBe(true);
    }
    // Temporary files included.
    expect(existsSync(folders.video) ? readdirSync(folders.video) : []).toEqual([]);
  });

  it("refuses a text field past its limit", async () => {
    const body = multipart([
      { name: "video", filename: "a.mp4", data: tinyMp4() },
      { name: "summary", value: "x".repeat(2001) },
    ]);
    expect(await readUpload(upload(body).request, video({ maxFieldBytes: 2000 }))).toEqual({
      ok: false,
      error: "too-large",
      field: "summary",
      maxBytes: 2000,
    });
    expect(stored()).toEqual([]);
    const fits = multipart([
      { name: "video", filename: "a.mp4", data: tinyMp4() },
      { name: "summary", value: "x".repeat(2000) },
    ]);
    expect((await readUpload(upload(fits).request, video({ maxFieldBytes: 2000 }))).ok).toBe(true);
  });

  it("passes a failure of the store on (a server error), after reading the body, without hanging", async () => {
    const broken: MediaStore = {
      ...store,
      saveStream: () => Promise.reject(new Error("EACCES: permission denied")),
    };
    const { request, stats } = upload(
      multipart([
        { name: "video", filename: "a.mp4", data: tinyMp4({ mdatBytes: 500_000 }) },
        { name: "title", value: "x" },
      ]),
    );
    await expect(readUpload(request, video({ store: broken }))).rejects.toThrow("EACCES");
    expect(stats.ended).toBe(true);
  });

  it("reads what a browser's FormData sends", async () => {
    const form = new FormData();
    form.set("title", "From FormData");
    form.set("video", new Blob([new Uint8Array(tinyMp4({ seconds: 42 }))], { type: "video/mp4" }), "clip.mp4");
    const request = new Request("http://lomda.test/admin/courses", { method: "POST", body: form });
    const result = await readUpload(request, video());
    expect(result).toMatchObject({ ok: true, file: { contentType: "video/mp4", durationSeconds: 42 } });
    expect(result.ok && result.fields.get("title")).toBe("From FormData");
  });
});

describe("originalFileName", () => {
  it("keeps the name's last path part, without control or direction characters, spaces collapsed", () => {
    expect(originalFileName("C:\\fakepath\\Week 1.mp4")).toBe("Week 1.mp4");
    expect(originalFileName("a/b/שיעור  ראשון.mp4")).toBe("שיעור ראשון.mp4");
    expect(originalFileName("evil\u202Egnp.mp4")).toBe("evilgnp.mp4");
    expect(originalFileName("tab\there\n.mp4")).toBe("tabhere.mp4");
  });

  it("is null when nothing is left, and cuts a long name to 200 characters keeping its extension", () => {
    expect(originalFileName("")).toBeNull();
    expect(originalFileName(" \u200B ")).toBeNull();
    expect(originalFileName("..")).toBeNull();
    const cut = originalFileName(`${"א".repeat(300)}.webm`)!;
    expect([...cut]).toHaveLength(ORIGINAL_NAME_MAX);
    expect(cut.endsWith("….webm")).toBe(true);
  });
});
