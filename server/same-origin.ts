import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../app/lib/logger.server.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for every state change: a browser's cross-site POST (Origin not ours, or
 * Sec-Fetch-Site: cross-site) is refused with 403. Requests without either header are not from a
 * browser page (curl, server-to-server) and cannot ride on a visitor's cookies, so they pass.
 * The embedded provider's endpoints carry their own protection (xsrf tokens, client authentication);
 * so does back-channel logout (a provider's server calls it with a signed logout token, no cookies).
 */
export function sameOriginOnly(publicOrigin: string, log: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (
      SAFE.has(req.method) ||
      req.path === "/auth/backchannel-logout" ||
      (req.path.startsWith("/idp/") && !req.path.startsWith("/idp/interaction/"))
    )
      return next();
    const origin = req.get("origin");
    const site = req.get("sec-fetch-site");
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    const originOk = origin === undefined || origin === publicOrigin || origin === ownOrigin;
    const siteOk = site === undefined || site === "same-origin" || site === "none";
    if (originOk && siteOk) return next();
    log.warn({ reqId: res.locals.requestId, path: req.path, origin, site }, "cross-site request refused");
    res.status(403).type("text/plain").send("Forbidden: cross-site request");
  };
}
