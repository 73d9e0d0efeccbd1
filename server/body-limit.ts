import type { NextFunction, Request, Response } from "express";
import { ALTCHA_PAYLOAD_MAX } from "../app/lib/captcha.server.ts";
import type { Config } from "../app/lib/env.server.ts";
import type { Logger } from "../app/lib/logger.server.ts";
import { FEEDBACK_LIMITS } from "../app/models/feedback.schema.ts";
import { SUBMISSION_LIMITS } from "../app/models/submission.schema.ts";
import { refuse } from "./request-guard.ts";

/**
 * Forms are limited by characters (their zod schemas), not by encoded bytes: a character can take
 * 4 bytes of UTF-8, and each byte 3 when percent-encoded ("%F0%9F%98%80"), so 12 bytes per
 * character. The largest form is the contact/registration form: its text fields at their maximum
 * length, plus the captcha payload (ASCII, at most 3 bytes a character encoded) and 2 kB for field
 * names, separators and hidden fields. (100 + 254 + 20 + 5000) × 12 + 10,000 × 3 + 2,048 = 96,536
 * bytes. A message within the limits is therefore accepted in any language; one over them reaches
 * the schema, which answers with the form, a translated "too long" and the text kept.
 */
const BYTES_PER_CHARACTER = 12;
const largestForm = Math.max(
  SUBMISSION_LIMITS.name + SUBMISSION_LIMITS.email + SUBMISSION_LIMITS.phoneMax + SUBMISSION_LIMITS.message,
  FEEDBACK_LIMITS.name + FEEDBACK_LIMITS.comment + FEEDBACK_LIMITS.image,
);
export const FORM_BODY_LIMIT = largestForm * BYTES_PER_CHARACTER + ALTCHA_PAYLOAD_MAX * 3 + 2048;
export const JSON_BODY_LIMIT = 64 * 1024;

/**
 * Course media uploads: multipart POSTs under /admin/ (the course builder's forms). They may be as
 * large as the larger upload limit plus room for the form's other fields, for an admin only; every
 * other body keeps the limits above. The action checks admin rights again before reading the body.
 */
export function isUploadRequest(req: Request): boolean {
  if (req.method !== "POST" || !req.path.startsWith("/admin/")) return false;
  return (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase() === "multipart/form-data";
}

/** Room for an upload form's text fields and multipart framing, on top of the file's own limit. */
export const UPLOAD_FORM_OVERHEAD = 8 * 1024 * 1024;

export function uploadBodyLimit(
  config: Pick<Config, "maxVideoBytes" | "maxImageBytes"> & Partial<Pick<Config, "maxResourceBytes">>,
): number {
  return Math.max(config.maxVideoBytes, config.maxImageBytes, config.maxResourceBytes ?? 0) + UPLOAD_FORM_OVERHEAD;
}

export interface BodyLimitOptions {
  /** The largest upload body (uploadBodyLimit). */
  uploadLimit: number;
  /** Whether the request's session is an admin's: asked only for an upload larger than a form. */
  isAdmin(req: Request): Promise<boolean>;
}

/**
 * Refuses oversized bodies before anything reads them (the router reads the raw stream itself,
 * so no body parser runs here). Node's parser never delivers more than Content-Length, so the
 * declared length is the real one; a body without a length is refused. A page form past the limit
 * gets a readable page in the visitor's language (413), the API a plain 413. Only an upload the
 * session shows to be an admin's gets the upload's size and its long time (bodyTimeout); a refused
 * body is not read: its connection is closed once the answer is out, so nobody can hold one open by
 * trickling a body the site will never use (issue 29).
 */
export function bodyLimit(options: BodyLimitOptions) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const declared = req.get("content-length");
    const chunked = req.get("transfer-encoding") !== undefined;
    if (declared === undefined) {
      if (!chunked) return next(); // no body at all
      res.status(411).type("text/plain").send("Length Required");
      return;
    }
    const length = Number(declared);
    const isJson = (req.get("content-type") ?? "").includes("json");
    const limit = isJson ? JSON_BODY_LIMIT : FORM_BODY_LIMIT;
    if (Number.isFinite(length) && length > limit && length <= options.uploadLimit && isUploadRequest(req)) {
      try {
        if (await options.isAdmin(req)) {
          (res.locals.allowSlowUpload as (() => void) | undefined)?.();
          return next();
        }
      } catch (error) {
        closeAfterAnswer(req, res);
        return next(error);
      }
    }
    if (!Number.isFinite(length) || length > limit) {
      closeAfterAnswer(req, res);
      refuse(req, res, 413, "tooLarge", "Payload Too Large");
      return;
    }
    next();
  };
}

/** How long a refused request's connection may linger after its answer, for the answer to arrive whole. */
const LINGER_MS = 2_000;

/**
 * Ends the connection of a request whose body will not be read, once its answer is sent: the body
 * is neither read nor waited for (a client trickling it would hold the connection). A trusted
 * proxy's connection is kept (below).
 */
export function closeAfterAnswer(req: Request, res: Response) {
  // Not a trusted proxy's: nginx streams a client's body on (request buffering off under /admin/)
  // and takes a connection closed while it is still sending for a failed upstream, answering 502 in
  // place of this answer. Node reads and drops an unread body on a kept-alive connection; the body
  // timeout still bounds it, and nginx bounds the client's own pace (client_body_timeout).
  const fromTrustedProxy = req.app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  if (fromTrustedProxy(req.socket.remoteAddress ?? "", 0)) return;
  res.setHeader("Connection", "close");
  res.once("finish", () => setTimeout(() => req.socket.destroy(), LINGER_MS).unref());
}

/** How long a request's body may take to arrive; an upload's (below) is far longer. */
export const BODY_TIMEOUT_MS = 30_000;
/** How long an upload's body may take: 1 GiB in an hour is about 2.4 Mbit/s. */
export const UPLOAD_TIMEOUT_MS = 60 * 60_000;

/**
 * Closes the connection of a request whose body has not arrived in time (a client that trickles
 * it, holding a connection). Node's own requestTimeout is one number for every request, so the
 * server sets it to the upload's time and this applies the short one to everything else. Every
 * body starts with the short time; bodyLimit gives an upload the long one once the session has
 * shown it is an admin's (res.locals.allowSlowUpload) — never on the strength of its address alone.
 */
export function bodyTimeout(options: { ms: number; uploadMs: number; log: Logger }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.complete) return next();
    let upload = false;
    const expire = () => {
      if (req.complete) return;
      options.log.warn(
        {
          reqId: res.locals.requestId,
          method: req.method,
          path: req.path,
          upload,
          client: req.ip ?? req.socket.remoteAddress,
        },
        "request body too slow: connection closed",
      );
      req.socket.destroy();
    };
    let timer = setTimeout(expire, options.ms);
    timer.unref();
    res.locals.allowSlowUpload = () => {
      upload = true;
      clearTimeout(timer);
      timer = setTimeout(expire, options.uploadMs);
      timer.unref();
    };
    const clear = () => clearTimeout(timer);
    req.once("end", clear).once("close", clear);
    next();
  };
}
