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
  /**
   * Script origins a page loads from (the hCaptcha widget). Nonce'd pages need none ('strict-dynamic'
   * trusts what our scripts load); cached pages, whose scripts are allowed by hash, list them.
   */
  scriptOrigins?: string[];
  /** Extra image origins (book covers from the library's upstream). */
  imgSrc?: string[];
  /** Extra media origins (the bucket lesson videos are redirected to, MEDIA_S3_URL). */
  mediaSrc?: string[];
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

/** The page policy: scripts by this response's nonce, and what those scripts load ('strict-dynamic'). */
export function buildCsp(nonce: string, options: CspOptions, frameAncestors: string[] = ["'none'"]): string {
  return policy([`'nonce-${nonce}'`, "'strict-dynamic'"], options, frameAncestors);
}

/**
 * The policy of a page cached for visitors (server/page-cache.ts, docs/decisions/0017): the same
 * bytes go to everyone, so a nonce would be shared and guessable. Its inline scripts are allowed by
 * their hashes instead, and its module scripts by origin: 'self' serves only our built files and
 * files with a non-script type (nosniff), so nothing else of ours can run as a script.
 */
export function buildHashCsp(hashes: string[], options: CspOptions): string {
  return policy(["'self'", ...hashes.map((h) => `'${h}'`), ...(options.scriptOrigins ?? [])], options, ["'none'"]);
}

function policy(scriptSrc: string[], options: CspOptions, frameAncestors: string[]): string {
  const directives: [string, string[]][] = [
    ["default-src", ["'none'"]],
    ["script-src", scriptSrc],
    ["style-src", ["'self'", ...(options.development ? ["'unsafe-inline'"] : [])]],
    ["img-src", ["'self'", "data:", ...(options.imgSrc ?? [])]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'", ...(options.development ? ["ws:"] : []), ...(options.connectSrc ?? [])]],
    ["media-src", ["'self'", ...(options.mediaSrc ?? [])]],
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

/**
 * Responses that are not pages (built assets, static files, media, JSON, the health check) get the
 * short set: no scripts can run in them, so the page policy (about 1 kB with its nonce) buys nothing.
 */
export const NON_PAGE_PREFIXES = [
  "/assets/",
  "/images/",
  "/favicon.",
  "/video/",
  "/thumb/",
  "/captions/",
  "/lesson-files/",
  "/api/",
  "/healthz",
];
const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";
/**
 * The exercise's Run worker (app/lib/exercises/browser-run.worker.ts) lives under the policy its own
 * script is served with: it compiles QuickJS and SQLite (WebAssembly) fetched from our assets, and
 * may do nothing else: no other script, no other origin.
 */
const RUN_WORKER = /^\/assets\/browser-run\.worker-[\w-]+\.js$/;
const RUN_WORKER_CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; base-uri 'none'";

/**
 * What every response carries: pages, API, assets, media, the health check, 404 and 500 alike. A JSON
 * answer or a file opened on its own is a document too (its address leaks through Referer, it can
 * be opened by another window), so the referrer, opener and permissions policies go on it as well.
 */
function commonHeaders(options: Pick<CspOptions, "https">): [string, string][] {
  return [
    ...(options.https
      ? ([["Strict-Transport-Security", "max-age=63072000; includeSubDomains"]] as [string, string][])
      : []),
    ["X-Content-Type-Options", "nosniff"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", PERMISSIONS_POLICY],
  ];
}

/** What a response that is not a page gets (files, JSON, health): the common headers and a CSP that allows nothing. */
export function nonPageHeaders(options: Pick<CspOptions, "https">): [string, string][] {
  return [...commonHeaders(options), ["Content-Security-Policy", NON_PAGE_CSP]];
}

/**
 * What securityHeaders sets on a page that may not be framed, in its order, its policy left empty
 * (the nonce is per response): a cached page answered by the fast lane starts from these and puts
 * its hash policy in that place, as the page cache does after this middleware (decision 0059).
 */
export function pageHeaders(options: Pick<CspOptions, "https">): [string, string][] {
  return [...commonHeaders(options), ["Content-Security-Policy", ""], ["X-Frame-Options", "DENY"]];
}

export function securityHeaders(options: CspOptions) {
  const framed = options.framedBy && options.framedBy.origins.length > 0 ? options.framedBy : undefined;
  // The policy is the same for every page but for its nonce: built once, around a marker.
  const MARK = "\u0000";
  const [pageBefore, pageAfter] = buildCsp(MARK, options).split(MARK) as [string, string];
  const [framedBefore, framedAfter] = buildCsp(MARK, options, framed?.origins).split(MARK) as [string, string];
  const common = commonHeaders(options);
  const nonPage = nonPageHeaders(options);
  return (req: Request, res: Response, next: NextFunction) => {
    const path = req.path;
    if (NON_PAGE_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      for (const [name, value] of nonPage) res.setHeader(name, value);
      if (RUN_WORKER.test(path)) res.setHeader("Content-Security-Policy", RUN_WORKER_CSP);
      return next();
    }
    for (const [name, value] of common) res.setHeader(name, value);
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const frameable = framed !== undefined && framed.paths.includes(path);
    res.setHeader(
      "Content-Security-Policy",
      frameable ? framedBefore + nonce + framedAfter : pageBefore + nonce + pageAfter,
    );
    // Browsers that know frame-ancestors ignore X-Frame-Options; older ones get DENY except where framing is the point.
    if (!frameable) res.setHeader("X-Frame-Options", "DENY");
    next();
  };
}
