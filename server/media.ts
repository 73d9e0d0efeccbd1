import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { NextFunction, Request, Response } from "express";
import type { AppServices } from "../app/context.server.ts";
import { loadViewer } from "../app/models/viewer.server.ts";
import { canFetchVideoFile, ensureCatalogueFresh, videoIdForThumbKey } from "../app/models/catalogue.server.ts";

export const MEDIA_DIR = resolve("media/videos");
const THUMB_TIMEOUT_MS = 3000;
const THUMB_MAX_BYTES = 512 * 1024;

/** A Fetch Request carrying just what loadViewer reads (the cookie). */
function asRequest(req: Request): globalThis.Request {
  const headers = new Headers();
  if (req.headers.cookie) headers.set("cookie", req.headers.cookie);
  return new Request("http://local/", { headers });
}

/**
 * /video/<file>: self-hosted mp4 with HTTP Range (206, Accept-Ranges), checked on every request
 * against the same access rule as the video lists.
 */
export function videoFiles(services: AppServices, mediaDir: string = MEDIA_DIR) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const file = String(req.params.file ?? "");
    if (!/^[a-z0-9][a-z0-9-]*\.mp4$/.test(file)) return next();
    try {
      const { viewer } = await loadViewer(services.db, services.config, asRequest(req));
      const allowed = canFetchVideoFile(await ensureCatalogueFresh(services.db), file, viewer);
      if (allowed === undefined || !existsSync(join(mediaDir, file))) return next();
      if (!allowed) {
        res
          .status(viewer.isAuthenticated ? 403 : 401)
          .set("Cache-Control", "no-store")
          .type("text/plain")
          .send(viewer.isAuthenticated ? "This video is for subscribers." : "Sign in to watch this video.");
        return;
      }
      res.sendFile(file, {
        root: mediaDir,
        acceptRanges: true,
        cacheControl: false,
        headers: { "Cache-Control": "private, max-age=3600", "Content-Type": "video/mp4" },
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
