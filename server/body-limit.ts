import type { NextFunction, Request, Response } from "express";

export const FORM_BODY_LIMIT = 16 * 1024;
export const JSON_BODY_LIMIT = 64 * 1024;

/**
 * Refuses oversized bodies before anything reads them (the router reads the raw stream itself,
 * so no body parser runs here). Node's parser never delivers more than Content-Length, so the
 * declared length is the real one; a body without a length is refused.
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
    res.status(413).type("text/plain").send("Payload Too Large");
    req.resume();
    return;
  }
  next();
}
