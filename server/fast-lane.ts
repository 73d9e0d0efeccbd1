import type { IncomingMessage, ServerResponse } from "node:http";
import type { Response } from "express";
import type { Logger } from "../app/lib/logger.server.ts";
import { recordRequest } from "../app/lib/metrics.server.ts";
import { urlHasControlCharacters } from "../app/lib/control-characters.ts";
import type { CachedAnswer } from "./page-cache.ts";
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
  /**
   * Visitors' pages from the page cache (page-cache.ts `answer`, decision 0059), tried for any other
   * GET or HEAD: undefined at once when the cache holds no page for the request (the app answers it
   * as if the lane had not looked); a promise of the answer, or of undefined when the page turned
   * out stale (then `passOn`, which is required with this).
   */
  pages?: (req: IncomingMessage, path: string, url: string) => Promise<CachedAnswer | undefined> | undefined;
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
  if (options.pages && !options.passOn) throw new Error("the fast lane's pages need passOn");
  /**
   * A cached page. What the stack in front of the cache's look-up does for it is done here: the
   * request guard's checks that can fail for a stored page's address (the Host; a target that is
   * not a path; an escaped control character, though the cache's own candidates cannot carry one),
   * the request id, the log line and the metric under the page's route pattern. The page's security
   * headers are in the answer (the cache built them from securityHeaders' own list).
   */
  const page = (req: IncomingMessage, res: ServerResponse, path: string, url: string): boolean => {
    if (!url.startsWith("/") || urlHasControlCharacters(url)) return false;
    // A GET that announces a body (no browser sends one) goes to the stack, whose body timeout
    // closes the connection of a body that never finishes.
    const length = req.headers["content-length"];
    if (req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0")) return false;
    const forwarded = options.trustProxy ? req.headers["x-forwarded-host"] : undefined;
    if (!acceptableHost(req.headers.host, typeof forwarded === "string" ? forwarded : undefined)) return false;
    const pending = options.pages!(req, path, url);
    if (!pending) return false;
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(req, options.trustProxy);
    pending
      .then((answer) => {
        if (!answer) return options.passOn!(req, res);
        res.writeHead(answer.status, ["X-Request-Id", requestId, ...answer.headers]);
        res.end(answer.body);
        recordRequest(answer.route, req.method, answer.status, started);
        logRequest(options.log, { requestId, method: req.method, path, status: answer.status, started });
      })
      .catch((error: unknown) => {
        // Nothing here is expected to fail (the look-up turns its own failures into a pass-on).
        options.log.error({ err: error, reqId: requestId }, "unhandled error");
        if (res.headersSent) res.destroy();
        else options.passOn!(req, res);
      });
    return true;
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    const handler = handlers.get(path) ?? prefixed(path);
    if (!handler) return options.pages ? page(req, res, path, url) : false;
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
