import { randomUUID } from "node:crypto";
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
    const incoming = req.get("x-request-id");
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const entry = {
        reqId: requestId,
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        userId: res.locals.userId as string | undefined,
      };
      if (res.statusCode >= 500) log.error(entry, "request");
      else if (req.path.startsWith("/assets/") || req.path === "/healthz") log.debug(entry, "request");
      else log.info(entry, "request");
    });
    next();
  };
}
