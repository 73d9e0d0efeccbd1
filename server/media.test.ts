import { execFileSync } from "node:child_process";
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

const { acceleratedVideos, coverFiles, secureLinkUrl, videoFiles } = await import("./media.ts");
const { nonPageHeaders } = await import("./security-headers.ts");

let root: string;
let store: MediaStore;
let server: Server;
let base: string;
let accelServer: Server;
let accelBase: string;
let signedServer: Server;
let signedBase: string;
const SECURE_LINK = { secret: "0123456789abcdefghijABCDEFGHIJ+/=_.-xyz", prefix: "/signed-media/", seconds: 3600 };
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
  ({ listening: signedServer, url: signedBase } = await listen({ secureLink: SECURE_LINK }));
});
afterAll(async () => {
  await new Promise((ok) => server.close(ok));
  await new Promise((ok) => accelServer.close(ok));
  await new Promise((ok) => signedServer.close(ok));
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

  it("is refused without MEDIA_ACCEL_REDIRECT or MEDIA_SECURE_LINK_SECRET", () => {
    expect(() => acceleratedVideos({ media: store, config: {} } as unknown as AppServices, BUNDLED)).toThrow(
      /MEDIA_ACCEL_REDIRECT or MEDIA_SECURE_LINK_SECRET/,
    );
  });
});

/**
 * What nginx's secure_link_md5 computes for the expression of deploy/nginx/lomda.conf, as nginx's
 * documentation checks a link by hand: `echo -n '…' | openssl md5 -binary | openssl base64 | tr +/ -_ | tr -d =`.
 */
function referenceMd5(expires: string, path: string, secret: string): string {
  const digest = execFileSync("openssl", ["md5", "-binary"], { input: `${expires}${path} ${secret}` });
  return execFileSync("openssl", ["base64"], { input: digest })
    .toString()
    .trim()
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

describe("secureLinkUrl: the URL nginx's secure_link accepts", () => {
  it("signs nginx's expression byte for byte, with an expiry rounded up to a tenth of the lifetime", () => {
    const now = Date.UTC(2026, 10, 28, 9, 0, 7, 500);
    const url = new URL(secureLinkUrl(SECURE_LINK, "videos/", "lesson-sample.mp4", now), "https://x");
    expect(url.pathname).toBe("/signed-media/videos/lesson-sample.mp4");
    expect([...url.searchParams.keys()]).toEqual(["md5", "expires"]);
    const expires = url.searchParams.get("expires")!;
    expect(expires).toMatch(/^\d+$/);
    // At least the lifetime, at most a tenth more, on a multiple of that tenth.
    const seconds = Number(expires) - Math.floor(now / 1000);
    expect(seconds).toBeGreaterThanOrEqual(3600);
    expect(seconds).toBeLessThanOrEqual(3960);
    expect(Number(expires) % 360).toBe(0);
    expect(url.searchParams.get("md5")).toBe(referenceMd5(expires, url.pathname, SECURE_LINK.secret));
    expect(url.searchParams.get("md5")).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // The same URL within the window, a new one after it.
    expect(secureLinkUrl(SECURE_LINK, "videos/", "lesson-sample.mp4", now + 60_000)).toBe(url.pathname + url.search);
    const start = (Number(expires) - 3600 - 360 + 1) * 1000; // the window's first second
    expect(secureLinkUrl(SECURE_LINK, "videos/", "lesson-sample.mp4", start)).toBe(url.pathname + url.search);
    expect(secureLinkUrl(SECURE_LINK, "videos/", "lesson-sample.mp4", start - 1000)).not.toBe(
      url.pathname + url.search,
    );

    // The folder, the file, the expiry and the secret are all signed.
    const md5 = (link: string) => new URL(link, "https://x").searchParams.get("md5");
    for (const other of [
      secureLinkUrl(SECURE_LINK, "bundled-videos/", "lesson-sample.mp4", now),
      secureLinkUrl(SECURE_LINK, "videos/", "lesson-sample.webm", now),
      secureLinkUrl(SECURE_LINK, "videos/", "lesson-sample.mp4", now + 3_600_000),
      secureLinkUrl({ ...SECURE_LINK, secret: `${SECURE_LINK.secret}!` }, "videos/", "lesson-sample.mp4", now),
    ])
      expect(md5(other), other).not.toBe(url.searchParams.get("md5"));
    // Another lifetime rounds on its own tenth.
    const short = new URL(secureLinkUrl({ ...SECURE_LINK, seconds: 60 }, "videos/", "a.mp4", now), "https://x");
    expect(Number(short.searchParams.get("expires")) % 6).toBe(0);
    expect(Number(short.searchParams.get("expires")) - Math.floor(now / 1000)).toBeGreaterThanOrEqual(60);
  });

  it("deploy/nginx/lomda.conf's signed location writes Lomda's own headers for a file (they cannot come from Lomda there)", () => {
    const site = readFileSync(resolve(import.meta.dirname, "../deploy/nginx/lomda.conf"), "utf8");
    const block = site.match(/\n {4}location \/signed-media\/ \{\n([\s\S]*?)\n {4}\}\n/)?.[1];
    expect(block, "location /signed-media/ in deploy/nginx/lomda.conf").toBeDefined();
    const written = [...block!.matchAll(/^ {8}add_header (\S+) "([^"]*)" always;$/gm)].map((m) => [m[1], m[2]]);
    // Lomda's headers for a file on https (the site is https only), in Lomda's order.
    expect(written).toEqual(nonPageHeaders({ https: true }));
    expect(block).toContain('secure_link_md5 "$secure_link_expires$uri $lomda_media_secret";');
    expect(block).toContain("secure_link $arg_md5,$arg_expires;");
    expect(block).toContain('add_header Cache-Control "private, max-age=3600";');
    // Each folder checks the link itself (a location's `if`s do not reach the locations inside it).
    for (const folder of ["videos", "bundled-videos"]) {
      const inner = block!.split(`location /signed-media/${folder}/ {`)[1]?.split("\n        }")[0];
      expect(inner, folder).toContain('if ($secure_link = "") { return 403; }');
      expect(inner, folder).toContain('if ($secure_link = "0") { return 410; }');
    }
  });
});

describe("/video/<file> with MEDIA_SECURE_LINK_SECRET (a URL nginx checks)", () => {
  const signedGet = (path: string, viewer?: string, method = "GET") =>
    fetch(`${signedBase}${path}`, {
      headers: viewer ? { "x-test-viewer": viewer } : {},
      method,
      redirect: "manual",
    });

  it("redirects a viewer the rule allows to a signed URL of the file's folder, and nobody else", async () => {
    const file = await save("video", tinyWebm());
    access.rule.set(file, "subscribers");

    for (const [viewer, status] of [
      [undefined, 401],
      ["learner", 403],
    ] as const) {
      const refused = await signedGet(`/video/${file}`, viewer);
      expect(refused.status, viewer).toBe(status);
      expect(refused.headers.get("location"), viewer).toBeNull();
      expect(refused.headers.get("cache-control"), viewer).toBe("no-store");
      const body = await refused.text();
      expect(body, viewer).not.toContain("md5");
      expect(body, viewer).not.toContain("signed-media");
    }

    const locations: string[] = [];
    for (const method of ["GET", "HEAD"]) {
      const granted = await signedGet(`/video/${file}`, "subscriber", method);
      expect(granted.status, method).toBe(302);
      expect(granted.headers.get("cache-control"), method).toBe("no-store");
      expect(granted.headers.get("x-accel-redirect"), method).toBeNull();
      expect((await bytesOf(granted)).length, method).toBe(0);
      locations.push(granted.headers.get("location")!);
    }
    // Twice in a row: the same URL (the browser's cache keeps the ranges it has under it).
    expect(locations[1]).toBe(locations[0]);
    const location = new URL(locations[0]!, "https://lomda.test");
    expect(location.pathname).toBe(`/signed-media/videos/${file}`);
    const expires = location.searchParams.get("expires")!;
    const seconds = Number(expires) - Date.now() / 1000;
    expect(seconds).toBeGreaterThan(3590);
    expect(seconds).toBeLessThanOrEqual(3960);
    expect(location.searchParams.get("md5")).toBe(referenceMd5(expires, location.pathname, SECURE_LINK.secret));
  });

  it("signs the bundled videos' folder for a bundled file, and passes on what it does not know", async () => {
    access.rule.set("about-lomda.mp4", "open");
    const bundled = await signedGet("/video/about-lomda.mp4");
    expect(bundled.status).toBe(302);
    const location = new URL(bundled.headers.get("location")!, "https://lomda.test");
    expect(location.pathname).toBe("/signed-media/bundled-videos/about-lomda.mp4");
    expect(location.searchParams.get("md5")).toBe(
      referenceMd5(location.searchParams.get("expires")!, location.pathname, SECURE_LINK.secret),
    );

    access.rule.set("no-such-file.mp4", "open");
    for (const path of ["/video/no-such-file.mp4", "/video/..%2Fsecret.mp4", "/video/lesson-sample.MP4"]) {
      const res = await signedGet(path, "subscriber");
      expect(res.status, path).toBe(404);
      expect(res.headers.get("location"), path).toBeNull();
    }
  });

  it("gives the same answers before Express (acceleratedVideos), without MEDIA_ACCEL_REDIRECT", async () => {
    const videos = acceleratedVideos(
      { media: store, config: { secureLink: SECURE_LINK } } as unknown as AppServices,
      BUNDLED,
    );
    const file = await save("video", tinyWebm());
    access.rule.set(file, "subscribers");
    const as = (viewer?: string) => ({ headers: viewer ? { "x-test-viewer": viewer } : {} }) as IncomingMessage;
    const granted = await videos.handler(as("subscriber"), file);
    expect(granted?.status).toBe(302);
    const headers = Object.fromEntries(granted!.headers);
    expect(headers["Cache-Control"]).toBe("no-store");
    expect(headers.Location).toBe(secureLinkUrl(SECURE_LINK, "videos/", file));
    expect(granted!.body.length).toBe(0);
    for (const [viewer, status] of [
      [undefined, 401],
      ["learner", 403],
    ] as const) {
      const refused = await videos.handler(as(viewer), file);
      expect(refused?.status, viewer).toBe(status);
      expect(Object.fromEntries(refused!.headers).Location, viewer).toBeUndefined();
      expect(refused!.body.toString(), viewer).not.toContain("md5");
    }
    expect(await videos.handler(as("subscriber"), "never-heard-of.mp4")).toBeUndefined();
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
