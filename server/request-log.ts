import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../app/lib/logger.server.ts";

const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Gives every request an id (kept from a proxy's X-Request-Id when it looks sane) and logs one
 * JSON line when the response ends. Logs the path only: query strings and bodies may carry
 * personal data.
 */
export function requestLog(log: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = requestIdOf(req);
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () =>
      logRequest(
        log,
        { requestId, method: req.method, path: req.path, status: res.statusCode, started },
        () => res.locals.userId as string | undefined,
      ),
    );
    next();
  };
}

/** The request's id: a proxy's X-Request-Id when it looks sane, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  return typeof incoming === "string" && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}

export interface FinishedRequest {
  requestId: string;
  method: string | undefined;
  path: string;
  status: number;
  /** process.hrtime.bigint() when the request came in. */
  started: bigint;
}

/**
 * The request's log line: errors (5xx) at error, assets and health checks at debug, the rest at
 * info. Nothing is built when the level is off (a health check comes every few seconds).
 */
export function logRequest(log: Logger, request: FinishedRequest, userId?: () => string | undefined) {
  const { path, status } = request;
  const level = status >= 500 ? "error" : path.startsWith("/assets/") || path === "/healthz" ? "debug" : "info";
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
