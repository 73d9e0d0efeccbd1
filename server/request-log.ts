import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
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
    res.locals.requestId = startRequestLog(log, req, res, req.path);
    next();
  };
}

/**
 * The same for a request answered before Express (server/fast-lane.ts): sets X-Request-Id, logs
 * when the response ends, and returns the id.
 */
export function startRequestLog(log: Logger, req: IncomingMessage, res: ServerResponse, path: string): string {
  const incoming = req.headers["x-request-id"];
  const requestId = typeof incoming === "string" && INCOMING_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader("X-Request-Id", requestId);
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const entry = {
      reqId: requestId,
      method: req.method,
      path,
      status: res.statusCode,
      ms: Math.round(ms * 10) / 10,
      userId: (res as { locals?: { userId?: string } }).locals?.userId,
    };
    if (res.statusCode >= 500) log.error(entry, "request");
    else if (path.startsWith("/assets/") || path === "/healthz") log.debug(entry, "request");
    else log.info(entry, "request");
  });
  return requestId;
}
