import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import type { AppServices } from "../app/context.server.ts";
import {
  LocalMediaStore,
  type ByteRange,
  type MediaKind,
  type MediaStat,
  type MediaStore,
} from "../app/lib/media-store.server.ts";
import { canFetchVideoFile, ensureCatalogueFresh, videoIdForThumbKey } from "../app/models/catalogue.server.ts";
import { S3MediaStore } from "../app/lib/media-store-s3.server.ts";
import type { LaneAnswer } from "./fast-lane.ts";
import { cachedViewerOf } from "./viewer.ts";

export const MEDIA_DIR = resolve("media/videos");
const THUMB_TIMEOUT_MS = 3000;
const THUMB_MAX_BYTES = 512 * 1024;

/** A video's name: an upload's random hex name or a bundled file's words and dashes, .mp4 or .webm. */
const VIDEO_FILE = /^[a-z0-9][a-z0-9-]{0,127}\.(?:mp4|webm)$/;
/** A cover's name: only uploads have covers, and the store names them. */
const COVER_FILE = /^[0-9a-f]{32}\.(?:png|jpg|webp)$/;

/** The HTTP date of a file's time, to the second (If-Modified-Since compares seconds). */
const httpDate = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000).toUTCString();

/** The range to send: undefined for the whole file, "unsatisfiable" for a 416. */
function rangeOf(req: Request, stat: MediaStat, etag: string): ByteRange | "unsatisfiable" | undefined {
  if (!req.get("range")) return undefined;
  // If-Range: the range only applies to the version the client already has part of.
  const ifRange = req.get("if-range");
  if (ifRange && ifRange !== etag && ifRange !== httpDate(stat.modified)) return undefined;
  const ranges = req.range(stat.size, { combine: true });
  if (ranges === -1) return "unsatisfiable";
  // Malformed (-2), or several ranges: the whole file, as the Range header allows.
  if (ranges === -2 || ranges === undefined || ranges.length !== 1 || ranges.type !== "bytes") return undefined;
  return { start: ranges[0]!.start, end: ranges[0]!.end };
}

/**
 * Sends a stored file: HTTP Range (206, Accept-Ranges, 416), ETag and Last-Modified with
 * conditional GET (304), streamed from the store (a file handle, never read whole).
 */
async function sendStored(
  req: Request,
  res: Response,
  store: MediaStore,
  kind: MediaKind,
  file: string,
  stat: MediaStat,
  headers: Record<string, string>,
): Promise<void> {
  const etag = `W/"${stat.size.toString(16)}-${stat.modified.getTime().toString(16)}"`;
  res.set({
    ...headers,
    "Accept-Ranges": "bytes",
    ETag: etag,
    "Last-Modified": httpDate(stat.modified),
  });
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  const range = rangeOf(req, stat, etag);
  if (range === "unsatisfiable") {
    res.status(416).set("Content-Range", `bytes */${stat.size}`).type("text/plain").send("Range Not Satisfiable");
    return;
  }
  res.type(stat.contentType);
  if (range) {
    res.status(206).set("Content-Range", `bytes ${range.start}-${range.end}/${stat.size}`);
    res.set("Content-Length", String(range.end - range.start + 1));
  } else {
    res.status(200).set("Content-Length", String(stat.size));
  }
  if (req.method === "HEAD" || stat.size === 0) {
    res.end();
    return;
  }
  const stream = await store.createReadStream(kind, file, range);
  if (!stream) {
    // Deleted between stat and open.
    res.status(404).removeHeader("Content-Length");
    res.type("text/plain").send("Not Found");
    return;
  }
  // A client that goes away ends the pipeline; the stream is destroyed whatever happened, which
  // closes its file handle (Node closes a forgotten one only at garbage collection, and warns).
  await pipeline(stream, res)
    .catch(() => {})
    .finally(() => stream.destroy());
}

/** The first store that has this file, and its stat. */
async function findStored<T extends { store: MediaStore }>(stores: T[], kind: MediaKind, file: string) {
  for (const entry of stores) {
    const stat = await entry.store.stat(kind, file);
    if (stat) return { ...entry, stat };
  }
  return undefined;
}

/**
 * A URL nginx's secure_link accepts for one file (decision 0061), in nginx's own terms
 * (deploy/nginx/lomda.conf): `secure_link $arg_md5,$arg_expires;` and
 * `secure_link_md5 "$secure_link_expires$uri $lomda_media_secret";`, so the md5 is of
 * "<expires><path> <secret>", in base64url without padding, and `expires` is in Unix seconds. The
 * path is what nginx's $uri will be: the names passed VIDEO_FILE, so there is nothing to escape.
 *
 * The expiry is rounded up to a tenth of the lifetime: every request of the same file in that
 * window gets the same URL, so the browser's cache (keyed by URL) serves a page reload's ranges it
 * already has, and the URL still works at least `seconds`, at most a tenth longer.
 */
export function secureLinkUrl(
  link: { secret: string; prefix: string; seconds: number },
  folder: string,
  file: string,
  nowMs = Date.now(),
): string {
  const step = Math.ceil(link.seconds / 10);
  const expires = Math.ceil((Math.floor(nowMs / 1000) + link.seconds) / step) * step;
  const path = `${link.prefix}${folder}${file}`;
  const md5 = createHash("md5").update(`${expires}${path} ${link.secret}`).digest("base64url");
  return `${path}?md5=${md5}&expires=${expires}`;
}

/** How long which store has a video is remembered (videoAccess; a stored file never changes under its name). */
const LOCATED_CACHE_MS = 5_000;
const LOCATED_CACHE_SIZE = 1_000;

type VideoDecision =
  /** Not a video Lomda knows of, or no store has it: the app's 404. */
  | { kind: "pass" }
  | { kind: "refused"; status: 401 | 403; message: string }
  /**
   * In the bucket (a URL signed for MEDIA_S3_URL_SECONDS), or with MEDIA_SECURE_LINK_SECRET (a path
   * nginx checks, signed for MEDIA_SECURE_LINK_SECONDS): a redirect never kept by anyone.
   */
  | { kind: "signed"; location: string }
  | { kind: "allowed"; store: MediaStore; accel: string; stat: MediaStat };

const REFUSED_HEADERS = [
  ["Cache-Control", "no-store"],
  ["Content-Type", "text/plain; charset=utf-8"],
] as const;
const ALLOWED_CACHE_CONTROL = "private, max-age=3600";

/**
 * Who may have /video/<file>, uploaded files (the media store) first, then the bundled ones: the same
 * access rule as the video lists, on every request (the viewer of a cookie remembered for a few
 * seconds: cachedViewerOf). With MEDIA_ACCEL_REDIRECT or a bucket, the store that has a file is
 * remembered too (LOCATED_CACHE_MS): nginx or the bucket reads the file itself then (a file removed
 * meanwhile is their 404), and a bucket's HEAD would cost a round trip on every range.
 */
function videoAccess(services: AppServices, bundledDir: string) {
  const stores = [
    { store: services.media, accel: "videos/" },
    { store: new LocalMediaStore({ video: bundledDir }) as MediaStore, accel: "bundled-videos/" },
  ];
  const viewerOf = cachedViewerOf(services);
  const secureLink = services.config.secureLink;
  const remember =
    Boolean(services.config.MEDIA_ACCEL_REDIRECT) || Boolean(secureLink) || services.media instanceof S3MediaStore;
  const located = new Map<
    string,
    { until: number; found: Awaited<ReturnType<typeof findStored<(typeof stores)[0]>>> }
  >();
  const locate = async (file: string) => {
    if (!remember) return findStored(stores, "video", file);
    const hit = located.get(file);
    if (hit && hit.until > Date.now()) return hit.found;
    const found = await findStored(stores, "video", file);
    located.delete(file);
    if (found) {
      if (located.size >= LOCATED_CACHE_SIZE) located.delete(located.keys().next().value!);
      located.set(file, { until: Date.now() + LOCATED_CACHE_MS, found });
    }
    return found;
  };
  return async (file: string, req: Pick<IncomingMessage, "headers">): Promise<VideoDecision> => {
    const { viewer } = await viewerOf(req);
    const allowed = canFetchVideoFile(await ensureCatalogueFresh(services.db), file, viewer);
    const found = allowed === undefined ? undefined : await locate(file);
    if (!found) return { kind: "pass" };
    if (!allowed)
      return viewer.isAuthenticated
        ? { kind: "refused", status: 403, message: "This video is for subscribers." }
        : { kind: "refused", status: 401, message: "Sign in to watch this video." };
    if (found.store instanceof S3MediaStore) {
      const location = await found.store.signedUrl("video", file);
      if (location) return { kind: "signed", location };
    }
    // The folder is the store's own (uploads, or the app's bundled videos): nginx's location for it.
    if (secureLink) return { kind: "signed", location: secureLinkUrl(secureLink, found.accel, file) };
    return { kind: "allowed", ...found };
  };
}

/**
 * The answer that hands a video to nginx (decision 0056): no body, `X-Accel-Redirect` to nginx's
 * internal location of the store that has the file (`videos/` for MEDIA_DIR's uploads,
 * `bundled-videos/` for the app's own), and the headers nginx keeps through the redirect
 * (Cache-Control, Content-Type). nginx then answers Range, If-Range and conditional requests from
 * the file itself, with sendfile. The file's name passed VIDEO_FILE (letters, digits, dashes, one
 * extension): nothing in it can leave the location's folder or be read by nginx as a query.
 */
function accelHeaders(prefix: string, allowed: Extract<VideoDecision, { kind: "allowed" }>, file: string) {
  return [
    ["Cache-Control", ALLOWED_CACHE_CONTROL],
    ["Content-Type", allowed.stat.contentType],
    ["X-Accel-Redirect", `${prefix}${allowed.accel}${file}`],
  ] as const;
}

/**
 * /video/<file>: lesson videos, with HTTP Range, checked on every request (videoAccess). With
 * MEDIA_ACCEL_REDIRECT the bytes are nginx's (accelHeaders); such requests are usually answered
 * before Express (acceleratedVideos), and this handler takes the rest.
 */
export function videoFiles(services: AppServices, bundledDir: string = MEDIA_DIR) {
  const access = videoAccess(services, bundledDir);
  const accelPrefix = services.config.MEDIA_ACCEL_REDIRECT;
  return async (req: Request, res: Response, next: NextFunction) => {
    const file = String(req.params.file ?? "");
    if (!VIDEO_FILE.test(file)) return next();
    try {
      const decision = await access(file, req);
      if (decision.kind === "pass") return next();
      if (decision.kind === "refused") {
        res.status(decision.status).set(Object.fromEntries(REFUSED_HEADERS)).send(decision.message);
        return;
      }
      if (decision.kind === "signed") {
        res.status(302).set({ "Cache-Control": "no-store", Location: decision.location }).end();
        return;
      }
      if (accelPrefix) {
        // An explicit Content-Length of 0, not Node's empty chunked body: nginx keeps its
        // connection to Lomda for the next request only after an answer it knows has no body.
        res
          .status(200)
          .set({ ...Object.fromEntries(accelHeaders(accelPrefix, decision, file)), "Content-Length": "0" })
          .end();
        return;
      }
      await sendStored(req, res, decision.store, "video", file, decision.stat, {
        "Cache-Control": ALLOWED_CACHE_CONTROL,
      });
    } catch (error) {
      next(error);
    }
  };
}

/**
 * /video/<file> with MEDIA_ACCEL_REDIRECT or MEDIA_SECURE_LINK_SECRET, before Express
 * (server/fast-lane.ts): once nginx sends the bytes, what is left of a range request (or of a
 * player's load, with signed URLs) is the access check, and Express's router and the layers in
 * front of it cost more than the check itself (decisions 0056, 0061). Only names VIDEO_FILE takes
 * come here; a video Lomda does not know goes on to Express (its 404 page).
 */
export function acceleratedVideos(services: AppServices, bundledDir: string = MEDIA_DIR) {
  const prefix = services.config.MEDIA_ACCEL_REDIRECT;
  if (!prefix && !services.config.secureLink)
    throw new Error("acceleratedVideos needs MEDIA_ACCEL_REDIRECT or MEDIA_SECURE_LINK_SECRET");
  const access = videoAccess(services, bundledDir);
  const EMPTY = Buffer.alloc(0);
  return {
    accepts: (file: string) => VIDEO_FILE.test(file),
    handler: async (req: IncomingMessage, file: string): Promise<LaneAnswer | undefined> => {
      const decision = await access(file, req);
      if (decision.kind === "pass") return undefined;
      if (decision.kind === "refused")
        return { status: decision.status, headers: REFUSED_HEADERS, body: Buffer.from(decision.message) };
      if (decision.kind === "signed")
        return {
          status: 302,
          headers: [
            ["Cache-Control", "no-store"],
            ["Location", decision.location],
          ],
          body: EMPTY,
        };
      // (With signed URLs every grant is a redirect: nothing is left for X-Accel.)
      if (!prefix) return undefined;
      return { status: 200, headers: accelHeaders(prefix, decision, file), body: EMPTY };
    },
  };
}

/**
 * /media/covers/<file>: uploaded course covers, public. The name is unique to the file (cached for
 * a year); the type comes from the extension the store gave after sniffing the bytes, and the
 * headers forbid the browser to treat the file as anything but that image.
 */
export function coverFiles(services: AppServices) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const file = String(req.params.file ?? "");
    if (!COVER_FILE.test(file)) return next();
    try {
      const stat = await services.media.stat("cover", file);
      if (!stat) return next();
      await sendStored(req, res, services.media, "cover", file, stat, {
        "Cache-Control": "public, max-age=31536000, immutable",
        "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
        "X-Content-Type-Options": "nosniff",
      });
    } catch (error) {
      next(error);
    }
  };
}

/** A neutral placeholder in a colour of the key, when the upstream thumbnail cannot be had. */
function placeholderSvg(key: string): string {
  const hue = parseInt(createHash("sha256").update(key).digest("hex").slice(0, 2), 16) * 1.4;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 360" width="480" height="360"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue.toFixed(0)} 55% 28%)"/><stop offset="1" stop-color="hsl(${((hue + 40) % 360).toFixed(0)} 60% 42%)"/></linearGradient></defs><rect width="480" height="360" fill="url(#g)"/><circle cx="240" cy="180" r="44" fill="rgb(255 255 255 / 0.22)"/><path d="M226 156v48l38-24z" fill="#fff"/></svg>`;
}

/**
 * /thumb/<opaque key>: the provider's {video id}/0.jpg, fetched once and kept on disk; a generated
 * placeholder when the upstream fails. Repeated failures open a circuit for a while, so a dead
 * upstream (or no internet) costs nothing.
 */
export function thumbnails(services: AppServices, upstream = "https://img.youtube.com/vi") {
  const cacheDir = join(services.config.DATA_DIR, "thumbs");
  let failures = 0;
  let openUntil = 0;
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = String(req.params.key ?? "");
    let videoId: string | undefined;
    try {
      videoId = /^[\w-]{22}$/.test(key) ? videoIdForThumbKey(await ensureCatalogueFresh(services.db), key) : undefined;
    } catch (error) {
      return next(error);
    }
    if (!videoId) return next();
    const cached = join(cacheDir, `${key}.jpg`);
    if (existsSync(cached)) {
      res.sendFile(cached, { headers: { "Cache-Control": "public, max-age=86400", "Content-Type": "image/jpeg" } });
      return;
    }
    if (Date.now() >= openUntil) {
      try {
        const response = await fetch(`${upstream}/${encodeURIComponent(videoId)}/0.jpg`, {
          redirect: "error",
          signal: AbortSignal.timeout(THUMB_TIMEOUT_MS),
        });
        const length = Number(response.headers.get("content-length") ?? 0);
        if (
          !response.ok ||
          !response.headers.get("content-type")?.startsWith("image/jpeg") ||
          length > THUMB_MAX_BYTES
        ) {
          throw new Error(`thumbnail upstream answered ${response.status}`);
        }
        const body = Buffer.from(await response.arrayBuffer());
        if (body.length > THUMB_MAX_BYTES) throw new Error("thumbnail too large");
        mkdirSync(cacheDir, { recursive: true });
        const temporary = `${cached}.${process.pid}.tmp`;
        writeFileSync(temporary, body);
        renameSync(temporary, cached);
        failures = 0;
        res.set("Cache-Control", "public, max-age=86400").type("image/jpeg").send(body);
        return;
      } catch (error) {
        failures += 1;
        if (failures >= 3) {
          openUntil = Date.now() + 5 * 60_000;
          failures = 0;
        }
        services.log.debug({ err: error }, "thumbnail upstream failed; serving a placeholder");
      }
    }
    res.set("Cache-Control", "public, max-age=300").type("image/svg+xml").send(placeholderSvg(key));
  };
}
