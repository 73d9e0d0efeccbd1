import type { IncomingMessage } from "node:http";
import type { AppServices } from "../app/context.server.ts";
import { loadViewer, type ViewerInfo } from "../app/models/viewer.server.ts";

/** Who sends this request (its session cookie), for the handlers outside the router. */
export function viewerOf(services: AppServices, req: Pick<IncomingMessage, "headers">): Promise<ViewerInfo> {
  const headers = new Headers();
  if (req.headers.cookie) headers.set("cookie", req.headers.cookie);
  return loadViewer(services.db, services.config, new Request("http://local/", { headers }));
}

/** How long a video request may reuse the access decision of the same cookies. */
export const VIEWER_CACHE_MS = 5_000;
const VIEWER_CACHE_SIZE = 1_000;

/**
 * viewerOf, remembered for a few seconds per Cookie header: a player fetching a video in ranges
 * sends a request every few hundred kilobytes, each of which would otherwise look up the session,
 * the user and the subscription again. A revoked subscription or a sign-out therefore stops the
 * ranges of a video already playing within VIEWER_CACHE_MS; pages are never served from this.
 */
export function cachedViewerOf(services: AppServices, now: () => number = Date.now) {
  const cache = new Map<string, { until: number; info: Promise<ViewerInfo> }>();
  return (req: Pick<IncomingMessage, "headers">): Promise<ViewerInfo> => {
    const key = req.headers.cookie ?? "";
    if (!key) return viewerOf(services, req);
    const hit = cache.get(key);
    if (hit && hit.until > now()) return hit.info;
    const info = viewerOf(services, req);
    cache.delete(key);
    if (cache.size >= VIEWER_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, { until: now() + VIEWER_CACHE_MS, info });
    info.catch(() => cache.delete(key));
    return info;
  };
}
