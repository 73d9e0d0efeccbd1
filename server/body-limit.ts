import type { NextFunction, Request, Response } from "express";
import { ALTCHA_PAYLOAD_MAX } from "../app/lib/captcha.server.ts";
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
 * Refuses oversized bodies before anything reads them (the router reads the raw stream itself,
 * so no body parser runs here). Node's parser never delivers more than Content-Length, so the
 * declared length is the real one; a body without a length is refused. A page form past the limit
 * gets a readable page in the visitor's language (413), the API a plain 413.
 */
export function bodyLimit(req: Request, res: Response, next: NextFunction) {
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
  if (!Number.isFinite(length) || length > limit) {
    req.resume();
    refuse(req, res, 413, "tooLarge", "Payload Too Large");
    return;
  }
  next();
}
