import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../app/lib/logger.server.ts";
import { recordRequest } from "../app/lib/metrics.server.ts";

/** A proxy's request id: nginx's $request_id (32 hex digits) or a UUID. */
const INCOMING_ID = /^(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * Gives every request an id (kept from the proxy's X-Request-Id, see requestIdOf) and logs one
 * JSON line when the response ends. Logs the path only: query strings and bodies may carry
 * personal data.
 */
export function requestLog(log: Logger, options: { behindProxy: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = requestIdOf(req, options.behindProxy);
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      recordRequest(routeOf(req, res), req.method, res.statusCode, started);
      logRequest(
        log,
        { requestId, method: req.method, path: req.path, status: res.statusCode, started },
        () => res.locals.userId as string | undefined,
      );
    });
    // Closed before the answer was complete: the client went away (a browser leaving a page while it
    // loads). Ordinary browsing, so one line at the request's own level, never an error (D-L17).
    res.on("close", () => {
      if (!res.writableFinished) logAborted(log, { requestId, method: req.method, path: req.path, started });
    });
    next();
  };
}

/**
 * The request's route for the metrics, a pattern and never the URL (bounded labels): React Router's
 * matched pattern (root's middleware, or the page cache's entry, sets res.locals.route), a mount's
 * label (server/app.ts), an Express route's path; else "(other)": refused before any route (a bad
 * Host, an unknown method) or a redirect to another spelling.
 */
function routeOf(req: Request, res: Response): string {
  const label = res.locals.route;
  if (typeof label === "string") return label;
  const route = (req as { route?: { path?: unknown } }).route;
  return typeof route?.path === "string" ? route.path : "(other)";
}

/**
 * The request's id: behind a trusted proxy (TRUST_PROXY), the proxy's X-Request-Id when it is one
 * a proxy makes (nginx's, or a UUID), so a request is one id in both logs; else a new one. A client
 * never names its own request in the log: it cannot reuse another's id or write into the line.
 */
export function requestIdOf(req: IncomingMessage, behindProxy: boolean): string {
  const incoming = req.headers["x-request-id"];
  return behindProxy && typeof incoming === "string" && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}

export interface FinishedRequest {
  requestId: string;
  method: string | undefined;
  path: string;
  status: number;
  /** process.hrtime.bigint() when the request came in. */
  started: bigint;
}

/** The line of a request its client abandoned: at debug for assets, else info, as logRequest's. */
function logAborted(log: Logger, request: Omit<FinishedRequest, "status">) {
  const level = request.path.startsWith("/assets/") ? "debug" : "info";
  if (!log.isLevelEnabled(level)) return;
  const ms = Number(process.hrtime.bigint() - request.started) / 1e6;
  log[level](
    { reqId: request.requestId, method: request.method, path: request.path, ms: Math.round(ms * 10) / 10 },
    "request aborted by the client",
  );
}

/**
 * The request's log line: errors (5xx) at error, assets and health checks at debug, the rest at
 * info. Nothing is built when the level is off (a health check comes every few seconds).
 */
export function logRequest(log: Logger, request: FinishedRequest, userId?: () => string | undefined) {
  const { path, status } = request;
  const level =
    status >= 500
      ? "error"
      : path.startsWith("/assets/") || path === "/healthz" || path === "/readyz"
        ? "debug"
        : "info";
  if (!log.isLevelEnabled(level)) return;
  const ms = Number(process.hrtime.bigint() - request.started) / 1e6;
  log[level](
    {
      reqId: request.requestId,
      method: request.method,
      path,
      status,
      ms: Math.round(ms * 10) / 10,
      userId: userId?.(),
    },
    "request",
  );
}
