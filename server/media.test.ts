import express from "express";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingMessage, Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppServices } from "../app/context.server.ts";
import { S3RVER_KEYS, startBucket, type TestBucket } from "../tests/support/s3-bucket.ts";
import { S3MediaStore } from "../app/lib/media-store-s3.server.ts";
import { createMediaStore, type MediaStore } from "../app/lib/media-store.server.ts";
import { VISITOR, type Viewer } from "../app/models/access.server.ts";
import { bundledMp4, tinyJpeg, tinyPng, tinyWebm, tinyWebp } from "../tests/support/media-fixtures.ts";

/**
 * The media handlers on their own: the access rule and the viewer are stood in for (what the
 * catalogue allows is the catalogue's tests' business), the store and the HTTP are real.
 */
const access = vi.hoisted(() => ({ rule: new Map<string, "open" | "subscribers">() }));
vi.mock("../app/models/catalogue.server.ts", () => ({
  ensureCatalogueFresh: async () => ({}),
  canFetchVideoFile: (_catalogue: unknown, file: string, viewer: Viewer) => {
    const rule = access.rule.get(file);
    if (rule === undefined) return undefined;
    return rule === "open" || viewer.hasSubscription;
  },
  videoIdForThumbKey: () => undefined,
}));
vi.mock("./viewer.ts", () => {
  const viewerOf = async (_services: unknown, req: Pick<IncomingMessage, "headers">) => {
    const who = req.headers["x-test-viewer"];
    if (!who) return { viewer: VISITOR };
    return { viewer: { ...VISITOR, isAuthenticated: true, hasSubscription: who === "subscriber" } };
  };
  return { viewerOf, cachedViewerOf: (services: unknown) => (req: IncomingMessage) => viewerOf(services, req) };
});

const { acceleratedVideos, coverFiles, videoFiles } = await import("./media.ts");

let root: string;
let store: MediaStore;
let server: Server;
let base: string;
let accelServer: Server;
let accelBase: string;
const BUNDLED = resolve(import.meta.dirname, "../media/videos");

async function save(kind: "video" | "cover", bytes: Buffer): Promise<string> {
  const saved = await store.saveStream(kind, Readable.from([bytes]), { maxBytes: 1e7 });
  if (!saved.ok) throw new Error(`not saved: ${saved.error}`);
  return saved.file;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "lomda-serve-"));
  store = createMediaStore(join(root, "media"));
  const listen = async (config: Partial<AppServices["config"]>) => {
    const app = express();
    const services = { media: store, config } as unknown as AppServices;
    app.get("/video/:file", videoFiles(services, BUNDLED));
    app.get("/media/covers/:file", coverFiles(services));
    app.use((_req, res) => {
      res.status(404).type("text/plain").send("no such page");
    });
    const listening = app.listen(0, "127.0.0.1");
    await new Promise((ok) => listening.once("listening", ok));
    return { listening, url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}` };
  };
  ({ listening: server, url: base } = await listen({}));
  ({ listening: accelServer, url: accelBase } = await listen({ MEDIA_ACCEL_REDIRECT: "/internal-media/" }));
});
afterAll(async () => {
  await new Promise((ok) => server.close(ok));
  await new Promise((ok) => accelServer.close(ok));
  rmSync(root, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  fetch(`${base}${path}`, { headers, method });
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe("/video/<file>", () => {
  it("serves an uploaded WebM with its type and Range, under the access rule", async () => {
    const webm = tinyWebm();
    const file = await save("video", webm);
    expect(file).toMatch(/\.webm$/);
    access.rule.set(file, "subscribers");

    expect((await get(`/video/${file}`)).status).toBe(401);
    expect((await get(`/video/${file}`, { "x-test-viewer": "learner" })).status).toBe(403);

    const whole = await get(`/video/${file}`, { "x-test-viewer": "subscriber" });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/webm");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("cache-control")).toBe("private, max-age=3600");
    expect((await bytesOf(whole)).equals(webm)).toBe(true);

    const part = await get(`/video/${file}`, { "x-test-viewer": "subscriber", range: "bytes=4-99" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 4-99/${webm.length}`);
    expect(part.headers.get("content-length")).toBe("96");
    expect((await bytesOf(part)).equals(webm.subarray(4, 100))).toBe(true);

    const tail = await get(`/video/${file}`, { "x-test-viewer": "subscriber", range: "bytes=-10" });
    expect(tail.status).toBe(206);
    expect((await bytesOf(tail)).equals(webm.subarray(webm.length - 10))).toBe(true);

    const beyond = await get(`/video/${file}`, { "x-test-viewer": "subscriber", range: `bytes=${webm.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${webm.length}`);

    // A malformed range, or several: the whole file.
    for (const range of ["bytes=abc", "bytes=0-1,5-9"]) {
      const res = await get(`/video/${file}`, { "x-test-viewer": "subscriber", range });
      expect(res.status, range).toBe(200);
      expect((await bytesOf(res)).length, range).toBe(webm.length);
    }
  });

  it("answers HEAD, conditional GET and If-Range like a static file", async () => {
    const file = await save("video", bundledMp4("about"));
    access.rule.set(file, "open");
    const head = await get(`/video/${file}`, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(bundledMp4("about").length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const etag = head.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);

    // (fetch adds "Cache-Control: no-cache" to a conditional request unless it has one, as a browser's reload does)
    expect((await get(`/video/${file}`, { "if-none-match": etag, "cache-control": "max-age=0" })).status).toBe(304);
    expect((await get(`/video/${file}`, { "if-none-match": etag })).status).toBe(200);
    const stale = await get(`/video/${file}`, { "if-range": 'W/"0-0"', range: "bytes=0-9" });
    expect(stale.status).toBe(200); // another version: the whole file
    const same = await get(`/video/${file}`, { "if-range": etag, range: "bytes=0-9" });
    expect(same.status).toBe(206);
  });

  it("serves an uploaded file before a bundled one of the same name, and the bundled ones", async () => {
    access.rule.set("lesson-sample.mp4", "open");
    access.rule.set("about-lomda.mp4", "open");
    const bundled = await get("/video/about-lomda.mp4", { range: "bytes=0-1023" });
    expect(bundled.status).toBe(206);
    expect((await bytesOf(bundled)).equals(bundledMp4("about").subarray(0, 1024))).toBe(true);

    mkdirSync(join(root, "media", "videos"), { recursive: true });
    copyFileSync(resolve(BUNDLED, "about-lomda.mp4"), join(root, "media", "videos", "lesson-sample.mp4"));
    const shadowed = await get("/video/lesson-sample.mp4");
    expect(shadowed.status).toBe(200);
    expect((await bytesOf(shadowed)).equals(readFileSync(resolve(BUNDLED, "about-lomda.mp4")))).toBe(true);
  });

  it("passes on names it does not know or would never store, and files the rule does not know", async () => {
    const unknownToRule = await save("video", bundledMp4("about"));
    writeFileSync(join(root, "secret.mp4"), "secret");
    access.rule.set("../secret.mp4", "open");
    access.rule.set("no-such-file.mp4", "open");
    for (const path of [
      `/video/${unknownToRule}`,
      "/video/no-such-file.mp4",
      "/video/..%2Fsecret.mp4",
      "/video/..%2F..%2Fpackage.json",
      "/video/%2e%2e%2fsecret.mp4",
      "/video/LESSON-SAMPLE.mp4",
      "/video/lesson-sample.MP4",
      "/video/lesson-sample.mov",
      "/video/.upload-0.tmp",
    ]) {
      const res = await get(path, { "x-test-viewer": "subscriber" });
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toBe("no such page");
    }
  });
});

describe("/video/<file> with MEDIA_ACCEL_REDIRECT (the bytes are nginx's)", () => {
  const accelGet = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    fetch(`${accelBase}${path}`, { headers, method });

  it("names the file's internal location, with no body, only to a viewer the rule allows", async () => {
    const webm = tinyWebm();
    const file = await save("video", webm);
    access.rule.set(file, "subscribers");

    for (const [viewer, status] of [
      [undefined, 401],
      ["learner", 403],
    ] as const) {
      const refused = await accelGet(`/video/${file}`, viewer ? { "x-test-viewer": viewer } : {});
      expect(refused.status, viewer).toBe(status);
      expect(refused.headers.get("x-accel-redirect"), viewer).toBeNull();
      expect(refused.headers.get("cache-control"), viewer).toBe("no-store");
      expect(await refused.text(), viewer).not.toContain("webm");
    }

    // Range or not, GET or HEAD: the same answer; nginx reads the range from the client's request.
    for (const [headers, method] of [
      [{}, "GET"],
      [{ range: "bytes=4-99" }, "GET"],
      [{}, "HEAD"],
    ] as const) {
      const res = await accelGet(`/video/${file}`, { "x-test-viewer": "subscriber", ...headers }, method);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-accel-redirect")).toBe(`/internal-media/videos/${file}`);
      expect(res.headers.get("content-type")).toBe("video/webm");
      expect(res.headers.get("cache-control")).toBe("private, max-age=3600");
      expect(res.headers.get("content-range")).toBeNull();
      // Said, not chunked: nginx reuses its connection to Lomda only after an answer it knows is empty.
      expect(res.headers.get("content-length")).toBe("0");
      expect(res.headers.get("transfer-encoding")).toBeNull();
      expect((await bytesOf(res)).length).toBe(0);
    }
  });

  it("names the bundled videos' location for a bundled file, and passes on what it does not know", async () => {
    access.rule.set("about-lomda.mp4", "open");
    const bundled = await accelGet("/video/about-lomda.mp4");
    expect(bundled.status).toBe(200);
    expect(bundled.headers.get("x-accel-redirect")).toBe("/internal-media/bundled-videos/about-lomda.mp4");
    expect(bundled.headers.get("content-type")).toBe("video/mp4");
    expect((await bytesOf(bundled)).length).toBe(0);

    access.rule.set("no-such-file.mp4", "open");
    for (const path of ["/video/no-such-file.mp4", "/video/..%2Fsecret.mp4", "/video/lesson-sample.MP4"]) {
      const res = await accelGet(path, { "x-test-viewer": "subscriber" });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("x-accel-redirect"), path).toBeNull();
    }
  });
});

describe("acceleratedVideos: the same answers before Express (the fast lane's /video/ prefix)", () => {
  it("grants, refuses or declines as the Express handler does", async () => {
    const videos = acceleratedVideos(
      { media: store, config: { MEDIA_ACCEL_REDIRECT: "/internal-media/" } } as unknown as AppServices,
      BUNDLED,
    );
    const file = await save("video", tinyWebm());
    access.rule.set(file, "subscribers");
    const as = (viewer?: string) => ({ headers: viewer ? { "x-test-viewer": viewer } : {} }) as IncomingMessage;
    // (The stand-in viewer reads a header; the real one reads the cookie, as cachedViewerOf's tests show.)
    const granted = await videos.handler(as("subscriber"), file);
    expect(granted?.status).toBe(200);
    expect(Object.fromEntries(granted!.headers)).toEqual({
      "Cache-Control": "private, max-age=3600",
      "Content-Type": "video/webm",
      "X-Accel-Redirect": `/internal-media/videos/${file}`,
    });
    expect(granted!.body.length).toBe(0);
    const visitor = await videos.handler(as(), file);
    expect(visitor?.status).toBe(401);
    expect(Object.fromEntries(visitor!.headers)["Cache-Control"]).toBe("no-store");
    expect((await videos.handler(as("learner"), file))?.status).toBe(403);
    access.rule.set("no-such-file.mp4", "open");
    expect(await videos.handler(as("subscriber"), "no-such-file.mp4")).toBeUndefined();
    expect(await videos.handler(as("subscriber"), "never-heard-of.mp4")).toBeUndefined();
    expect(videos.accepts(file)).toBe(true);
    for (const name of ["..%2Fsecret.mp4", "../secret.mp4", "a/b.mp4", "lesson-sample.MP4", "x.mov", ""])
      expect(videos.accepts(name), name).toBe(false);
  });

  it("is refused without MEDIA_ACCEL_REDIRECT", () => {
    expect(() => acceleratedVideos({ media: store, config: {} } as unknown as AppServices, BUNDLED)).toThrow(
      /MEDIA_ACCEL_REDIRECT/,
    );
  });
});

describe("/video/<file> with the uploads in a bucket (MEDIA_S3_*)", () => {
  let s3: TestBucket;
  let s3Base: string;
  let bucket: S3MediaStore;
  let s3Server: Server;
  const at = (path: string, viewer?: string, method = "GET") =>
    fetch(`${s3Base}${path}`, { headers: viewer ? { "x-test-viewer": viewer } : {}, method, redirect: "manual" });

  beforeAll(async () => {
    s3 = await startBucket(join(root, "bucket"), "lomda");
    bucket = new S3MediaStore({
      bucketUrl: s3.url,
      region: "us-east-1",
      ...S3RVER_KEYS,
      spoolDir: join(root, "spool"),
      urlSeconds: 900,
    });
    const app = express();
    const services = { media: bucket, config: { MEDIA_ACCEL_REDIRECT: "/internal-media/" } } as unknown as AppServices;
    app.get("/video/:file", videoFiles(services, BUNDLED));
    app.use((_req, res) => void res.status(404).type("text/plain").send("no such page"));
    s3Server = app.listen(0, "127.0.0.1");
    await new Promise((ok) => s3Server.once("listening", ok));
    s3Base = `http://127.0.0.1:${(s3Server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((ok) => s3Server.close(ok));
    await s3.close();
  });

  it("redirects a viewer the rule allows to a URL signed for MEDIA_S3_URL_SECONDS, and nobody else", async () => {
    const webm = tinyWebm();
    const saved = await bucket.saveStream("video", Readable.from([webm]), { maxBytes: 1e6 });
    if (!saved.ok) throw new Error(saved.error);
    access.rule.set(saved.file, "subscribers");

    for (const [viewer, status] of [
      [undefined, 401],
      ["learner", 403],
    ] as const) {
      const refused = await at(`/video/${saved.file}`, viewer);
      expect(refused.status, viewer).toBe(status);
      expect(refused.headers.get("location"), viewer).toBeNull();
      expect(await refused.text(), viewer).not.toContain("X-Amz");
    }

    for (const method of ["GET", "HEAD"]) {
      const granted = await at(`/video/${saved.file}`, "subscriber", method);
      expect(granted.status).toBe(302);
      // Per viewer, never kept: not by the browser, not by a cache on the way.
      expect(granted.headers.get("cache-control")).toBe("no-store");
      expect(granted.headers.get("x-accel-redirect")).toBeNull();
      const location = new URL(granted.headers.get("location")!);
      expect(location.pathname).toBe(`/lomda/videos/${saved.file}`);
      expect(location.searchParams.get("X-Amz-Expires")).toBe("900"); // MEDIA_S3_URL_SECONDS
      const signedAt = Date.parse(
        location.searchParams
          .get("X-Amz-Date")!
          .replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, "$1-$2-$3T$4:$5:$6Z"),
      );
      expect(Math.abs(signedAt - Date.now())).toBeLessThan(10_000);
      // The bucket serves the range the player asks for.
      const part = await fetch(location, { headers: { range: "bytes=4-99" } });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).equals(webm.subarray(4, 100))).toBe(true);
    }
  });

  it("still hands a bundled video to nginx, and passes on what the bucket does not have", async () => {
    access.rule.set("about-lomda.mp4", "open");
    const bundled = await at("/video/about-lomda.mp4");
    expect(bundled.status).toBe(200);
    expect(bundled.headers.get("x-accel-redirect")).toBe("/internal-media/bundled-videos/about-lomda.mp4");
    access.rule.set("0123456789abcdef0123456789abcdef.mp4", "open");
    expect((await at("/video/0123456789abcdef0123456789abcdef.mp4", "subscriber")).status).toBe(404);
  });
});

describe("/media/covers/<file>", () => {
  it("serves uploaded covers with their type, a restrictive policy and a long cache", async () => {
    for (const [bytes, type] of [
      [tinyPng(), "image/png"],
      [tinyJpeg(), "image/jpeg"],
      [tinyWebp(), "image/webp"],
    ] as const) {
      const file = await save("cover", bytes);
      const res = await get(`/media/covers/${file}`);
      expect(res.status, type).toBe(200);
      expect(res.headers.get("content-type")).toBe(type);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
      expect(res.headers.get("content-security-policy")).toContain("sandbox");
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect((await bytesOf(res)).equals(bytes)).toBe(true);
    }
  });

  it("serves nothing but stored cover names", async () => {
    const video = await save("video", tinyWebm());
    mkdirSync(join(root, "media", "covers"), { recursive: true });
    writeFileSync(join(root, "media", "covers", "evil.svg"), "<svg onload='alert(1)'/>");
    writeFileSync(join(root, "media", "covers", "named.png"), tinyPng());
    for (const path of [
      `/media/covers/${video}`,
      `/media/covers/${video.replace(".webm", ".png")}`,
      "/media/covers/evil.svg",
      "/media/covers/named.png",
      "/media/covers/..%2F..%2Fsecret.mp4",
      "/media/covers/0123456789abcdef0123456789abcdef.PNG",
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});
