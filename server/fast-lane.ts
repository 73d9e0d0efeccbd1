import type { IncomingMessage, ServerResponse } from "node:http";
import type { Response } from "express";
import type { Logger } from "../app/lib/logger.server.ts";
import { recordRequest } from "../app/lib/metrics.server.ts";
import { acceptableHost } from "./request-guard.ts";
import { logRequest, requestIdOf } from "./request-log.ts";

/** A whole answer: the lane writes it in one go, after the headers every such response carries. */
export interface LaneAnswer {
  status: number;
  headers: readonly (readonly [string, string])[];
  body: Buffer;
}

/** Answers a request from node's own request alone; rejects on failure, for the caller to answer. */
export type LaneHandler = (req: IncomingMessage) => Promise<LaneAnswer>;

/**
 * Paths under a prefix (/video/<file>): `accepts` says synchronously whether the rest of the path is
 * one of its own; the handler may still find the request is not its to answer (undefined), and the
 * lane then hands it to `passOn` (Express) untouched.
 */
export interface LanePrefix {
  prefix: string;
  accepts: (rest: string) => boolean;
  handler: (req: IncomingMessage, rest: string) => Promise<LaneAnswer | undefined>;
}

export interface FastLaneOptions {
  log: Logger;
  /** What every response that is not a page carries (security-headers.ts, nonPageHeaders). */
  headers: readonly (readonly [string, string])[];
  trustProxy: boolean;
  /** Paths under a prefix, each with its own handler. */
  prefixes?: readonly LanePrefix[];
  /** Where a prefix's request goes when its handler declines it (the app). */
  passOn?: (req: IncomingMessage, res: ServerResponse) => void;
}

/**
 * The few requests that are asked for most and need nothing of the app's middleware (/healthz, the
 * public feedback JSON), answered before Express: its router and the ~20 layers in front of the app
 * cost several times what these do (issue 16, decision 0028). What the stack in front would have
 * done for them is done here: a request id and a log line, the non-page security headers, and for
 * all but /healthz (which Express also answers before its guard) the Host check. Anything else —
 * another method, a path spelled differently (`/HEALTHZ`, a trailing slash), a malformed Host —
 * returns false and goes through Express, which serves or refuses it as before; the same handlers
 * are Express routes too (`sendAnswer`).
 */
export function fastLane(routes: Record<string, LaneHandler>, options: FastLaneOptions) {
  const handlers = new Map<string, (req: IncomingMessage) => Promise<LaneAnswer | undefined>>(Object.entries(routes));
  const prefixes = options.prefixes ?? [];
  const common = options.headers.flat();
  const prefixed = (path: string) => {
    for (const entry of prefixes) {
      if (!path.startsWith(entry.prefix)) continue;
      const rest = path.slice(entry.prefix.length);
      if (entry.accepts(rest)) return (req: IncomingMessage) => entry.handler(req, rest);
    }
    return undefined;
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    const handler = handlers.get(path) ?? prefixed(path);
    if (!handler) return false;
    if (path !== "/healthz" && path !== "/readyz") {
      const forwarded = options.trustProxy ? req.headers["x-forwarded-host"] : undefined;
      if (!acceptableHost(req.headers.host, typeof forwarded === "string" ? forwarded : undefined)) return false;
    }
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(req, options.trustProxy);
    const finish = (answer: LaneAnswer | undefined) => {
      if (!answer) {
        // Declined (nothing written yet): the app answers, and logs, as if the lane had not looked.
        if (options.passOn) return options.passOn(req, res);
        answer = {
          status: 404,
          headers: [["Content-Type", "text/plain; charset=utf-8"]],
          body: Buffer.from("Not Found"),
        };
      }
      // One array, one writeHead: no header object to build and merge (node's fast path).
      res.writeHead(answer.status, [
        ...common,
        "X-Request-Id",
        requestId,
        ...answer.headers.flat(),
        "Content-Length",
        String(answer.body.length),
      ]);
      res.end(answer.body);
      // The lane's paths are its table's keys: a bounded label.
      recordRequest(path, req.method, answer.status, started);
      logRequest(options.log, { requestId, method: req.method, path, status: answer.status, started });
    };
    handler(req).then(finish, (error: unknown) => {
      options.log.error({ err: error, reqId: requestId }, "unhandled error");
      finish({
        status: 500,
        headers: [
          ["Content-Type", "text/plain; charset=utf-8"],
          ["Cache-Control", "no-store"],
        ],
        body: Buffer.from("Internal Server Error"),
      });
    });
    return true;
  };
}

/** A lane handler's answer through Express (the stack in front has set the common headers). */
export function sendAnswer(res: Response, answer: LaneAnswer) {
  res.status(answer.status);
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  res.end(answer.body);
}
