import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../app/lib/logger.server.ts";
import { acceptableHost } from "./request-guard.ts";
import { startRequestLog } from "./request-log.ts";

/** A handler of node's own request and response; it rejects on failure, for the lane to answer. */
export type LaneHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface FastLaneOptions {
  log: Logger;
  /** The headers every response that is not a page gets (security-headers.ts, nonPageHeaders). */
  headers: (res: ServerResponse) => void;
  trustProxy: boolean;
}

/**
 * The few requests that are asked for most and need nothing of the app's middleware (/healthz, the
 * public feedback JSON), answered before Express: its router and the ~20 layers in front of the app
 * cost several times what these do (issue 16: a health check took 4× a bare node:http server's CPU).
 * Exactly what the stack in front would have done for them is done here: a request id and a log
 * line, the non-page security headers, and for all but /healthz (which Express also answers before
 * its guard) the Host check. Anything else — another method, a path spelled differently (`/HEALTHZ`,
 * a trailing slash), a malformed Host — returns false and goes through Express, which serves or
 * refuses it as before; the same handlers are also Express routes.
 */
export function fastLane(routes: Record<string, LaneHandler>, options: FastLaneOptions) {
  const handlers = new Map(Object.entries(routes));
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    const handler = handlers.get(path);
    if (!handler) return false;
    if (path !== "/healthz") {
      const forwarded = options.trustProxy ? req.headers["x-forwarded-host"] : undefined;
      if (!acceptableHost(req.headers.host, typeof forwarded === "string" ? forwarded : undefined)) return false;
    }
    const requestId = startRequestLog(options.log, req, res, path);
    options.headers(res);
    handler(req, res).catch((error: unknown) => {
      options.log.error({ err: error, reqId: requestId }, "unhandled error");
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
      res.end("Internal Server Error");
    });
    return true;
  };
}
