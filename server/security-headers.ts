import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

export interface CspOptions {
  /** Origins allowed in frames (the contact map, video embeds). */
  frameSrc: string[];
  /** Extra origins the browser may call (the error-reporting ingest when configured). */
  connectSrc?: string[];
  /** Extra worker origins (none by default). */
  workerSrc?: string[];
  /** Extra origins forms may post to or be redirected to (an external sign-in provider). */
  formAction?: string[];
  /** Extra image origins (book covers from the library's upstream). */
  imgSrc?: string[];
  /**
   * Pages the sign-in provider may show in a frame (Front-Channel Logout: its logout page embeds
   * ours), and the origins allowed to: every other response stays unframeable.
   */
  framedBy?: { paths: string[]; origins: string[] };
  /** Send HSTS: only when the site is served over https. */
  https: boolean;
  /**
   * `npm run dev` only: Vite injects styles as inline <style> elements and talks to its hot-reload
   * websocket; production never sets this.
   */
  development?: boolean;
}

export function buildCsp(nonce: string, options: CspOptions, frameAncestors: string[] = ["'none'"]): string {
  const directives: [string, string[]][] = [
    ["default-src", ["'none'"]],
    ["script-src", [`'nonce-${nonce}'`, "'strict-dynamic'"]],
    ["style-src", ["'self'", ...(options.development ? ["'unsafe-inline'"] : [])]],
    ["img-src", ["'self'", "data:", ...(options.imgSrc ?? [])]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'", ...(options.development ? ["ws:"] : []), ...(options.connectSrc ?? [])]],
    ["media-src", ["'self'"]],
    ["frame-src", options.frameSrc.length ? options.frameSrc : ["'none'"]],
    ["manifest-src", ["'self'"]],
    // The captcha widget solves its proof of work in a worker built into our assets.
    ["worker-src", ["'self'", ...(options.workerSrc ?? [])]],
    ["form-action", ["'self'", ...(options.formAction ?? [])]],
    ["frame-ancestors", frameAncestors],
    ["base-uri", ["'none'"]],
    ["object-src", ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}

const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
  "interest-cohort=()",
  "browsing-topics=()",
].join(", ");

/** One middleware, on every response: pages, API, assets, 404 and 500 alike. */
export function securityHeaders(options: CspOptions) {
  const framed = options.framedBy && options.framedBy.origins.length > 0 ? options.framedBy : undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const frameable = framed !== undefined && framed.paths.includes(req.path);
    res.setHeader("Content-Security-Policy", buildCsp(nonce, options, frameable ? framed.origins : undefined));
    if (options.https) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    // Browsers that know frame-ancestors ignore X-Frame-Options; older ones get DENY except where framing is the point.
    if (!frameable) res.setHeader("X-Frame-Options", "DENY");
    next();
  };
}
