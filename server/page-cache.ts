import { createHash } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import accepts from "accepts";
import { parse as parseCookies } from "cookie";
import type { NextFunction, Request, Response } from "express";
import { NON_PAGE_PREFIXES } from "./security-headers.ts";
import { fromAcceptLanguage, isLocale, LOCALE_COOKIE, DEFAULT_LOCALE, type Locale } from "../app/i18n/locale.ts";

/**
 * Pages as a visitor sees them, rendered once and served from memory (docs/decisions/0017).
 *
 * Only requests that cannot be personal are looked up or stored: GET or HEAD, no cookie but the
 * language one, no query but `?lng=`, no Authorization. Only what the app itself marks as shareable
 * is stored: a 200 HTML page with no Set-Cookie (but the language one) and no private/no-store.
 * Entries are keyed by language and path, and served only while the public content (catalogue and
 * feedback) is at the version they were rendered at, and for at most TTL_MS (the footer's year).
 *
 * A cached page is the same bytes for everyone, so it carries no nonce: its own inline scripts are
 * allowed by their hashes (computed once, when it is stored). That also lets it be compressed once,
 * and lets a CDN keep it (s-maxage, stale-while-revalidate); browsers revalidate with its ETag.
 *
 * One address per page (issue 29): a page is kept only under its canonical path (the one its
 * `<link rel="canonical">` names). Another spelling of it (/About, /test/React) is rendered once,
 * to learn that path, and answered with a redirect there; from then on that spelling, whatever its
 * letter case, is redirected without rendering anything. (Escapes and trailing slashes never get here:
 * request-guard.ts redirects them to the one spelling first.) So the pages kept, and the renders and
 * compressions a stranger can cause, are bounded by the site's pages, not by the addresses it is sent.
 */

const MAX_ENTRIES = 300;
/** Letter-case spellings remembered (each leads to a page the site has: bounded by its pages). */
const MAX_ALIASES = 2_000;
/**
 * Compression of a stored page: brotli 5 and gzip 6 cost a few milliseconds for a 50–80 kB page where
 * brotli 9 cost hundreds on the libuv pool that sign-in's scrypt and video reads also wait for, for
 * 1 % fewer bytes (measured for issue 29; bench/cache-stall.mjs).
 */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;
const TTL_MS = 5 * 60_000;
const SHARED_MAX_AGE = 60;
const STALE_WHILE_REVALIDATE = 300;
export const CACHEABLE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE}, stale-while-revalidate=${STALE_WHILE_REVALIDATE}`;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface PageCacheOptions {
  /** The site's public origin: cached pages are rendered for it, whatever Host a request names. */
  publicOrigin: string;
  /** The public content's version now; when it fails, the request is served uncached. */
  version(): Promise<string>;
  /** The Content-Security-Policy of a page whose inline scripts have these hashes ("sha256-…"). */
  policy(hashes: string[]): string;
  /** The Set-Cookie remembering a `?lng=` choice (sent per request, never stored). */
  localeCookie(locale: Locale): string;
  /**
   * What the stack in front sets on a page before the page's own headers, in its order (the request
   * id aside; securityHeaders' page headers, security-headers.ts pageHeaders): a hit the fast lane
   * answers starts from these, so it sends what the stack's hit sends (decision 0059).
   */
  pageHeaders?: readonly (readonly [string, string])[];
  now?: () => number;
}

/** A stored page's answer as the fast lane writes it: everything but the request id, in order. */
export interface CachedAnswer {
  status: number;
  /** The pattern the page was rendered for: its hits count under it in /metrics. */
  route: string;
  /** Flat name, value, name, value…: one writeHead. */
  headers: readonly string[];
  /** Undefined for a 304 and for HEAD. */
  body: Buffer | undefined;
}

type Encoding = "br" | "gzip" | "identity";

interface Entry {
  version: string;
  /** The route pattern it was rendered for (res.locals.route): its hits count under it in /metrics. */
  route: unknown;
  storedAt: number;
  etag: string;
  headers: [string, string][];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** The fast lane's header lists, by status, encoding and language cookie set: built on first use. */
  lane: Map<string, string[]>;
}

/** What the lookup found out about a request the cache may serve, for the renderer after it. */
interface Slot {
  key: string;
  /** The same key in lower case: where another spelling's canonical address is remembered. */
  aliasKey: string;
  version: string;
  /** `?lng=` asks for a language the cookie does not hold yet. */
  setLocale?: Locale;
}

export type RenderPage = (request: globalThis.Request) => Promise<globalThis.Response>;

export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  /** Lower-case key → the canonical path of that page, as at a content version. */
  const aliases = new Map<string, { path: string; version: string }>();

  /**
   * First: serves a stored page, redirects a spelling already known to be another page's, or marks
   * the request as one to store once rendered.
   */
  async function lookup(req: Request, res: Response, next: NextFunction) {
    const candidate = candidateOf(req.method, req.headers, req.path, req.originalUrl);
    if (!candidate) return next();
    let version: string;
    try {
      version = await options.version();
    } catch {
      return next();
    }
    const entry = entries.get(candidate.key);
    if (entry && entry.version === version && now() - entry.storedAt < TTL_MS) {
      res.locals.route = entry.route;
      send(req, res, entry, candidate.setLocale);
      return;
    }
    const alias = aliases.get(candidate.aliasKey);
    if (alias && alias.version === version && alias.path !== req.path) {
      redirectToCanonical(req, res, alias.path);
      return;
    }
    res.locals.pageCache = { ...candidate, version } satisfies Slot;
    next();
  }

  function remember(slot: Slot, canonicalPath: string) {
    aliases.delete(slot.aliasKey);
    aliases.set(slot.aliasKey, { path: canonicalPath, version: slot.version });
    while (aliases.size > MAX_ALIASES) aliases.delete(aliases.keys().next().value!);
  }

  /**
   * Last: renders a request the lookup marked, stores it when the app marked it shareable, answers.
   * `nonce` is the one this render put on its own scripts: only those are allowed (by hash), and the
   * attribute is removed from what is sent (see pageScripts).
   */
  async function render(req: Request, res: Response, nonce: string, renderPage: RenderPage): Promise<void> {
    const slot = res.locals.pageCache as Slot;
    const url = new URL(req.originalUrl, options.publicOrigin);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    // HEAD renders as GET: the stored page then serves both.
    const response = await renderPage(new Request(url, { method: "GET", headers, signal: controller.signal }));
    const rendered = Buffer.from(await response.arrayBuffer());
    const type = response.headers.get("content-type") ?? "";
    const html = type.startsWith("text/html");
    const scripts = html ? pageScripts(rendered.toString("utf8"), nonce) : undefined;
    const body = scripts ? Buffer.from(scripts.html, "utf8") : rendered;
    const setCookies = response.headers.getSetCookie();
    const onlyLocaleCookie = setCookies.every((c) => c.startsWith(`${LOCALE_COOKIE}=`));
    const shareable =
      response.status === 200 &&
      html &&
      onlyLocaleCookie &&
      !/private|no-store/i.test(response.headers.get("cache-control") ?? "");
    if (shareable) {
      const canonical = canonicalPathOf(body.toString("utf8"), options.publicOrigin);
      // A page that names no canonical address of ours is sent as rendered and not kept.
      if (canonical !== undefined) {
        remember(slot, canonical);
        if (canonical !== req.path) {
          redirectToCanonical(req, res, canonical);
          return;
        }
        const entry = await store(slot, res.locals.route, response.headers, body, scripts!.hashes);
        send(req, res, entry, slot.setLocale);
        return;
      }
    }
    // Not shareable (a redirect, a 404, a personal answer): sent as rendered, with its scripts' hashes.
    res.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") res.setHeader(name, value);
    });
    for (const cookie of setCookies) res.append("Set-Cookie", cookie);
    if (scripts) res.setHeader("Content-Security-Policy", options.policy(scripts.hashes));
    if (req.method === "HEAD") res.end();
    else res.end(body);
  }

  async function store(
    slot: Slot,
    route: unknown,
    responseHeaders: Headers,
    body: Buffer,
    hashes: string[],
  ): Promise<Entry> {
    const headers: [string, string][] = [];
    responseHeaders.forEach((value, name) => {
      if (!["set-cookie", "content-length", "content-encoding", "cache-control", "vary", "date"].includes(name))
        headers.push([name, value]);
    });
    const vary = new Set(["Accept-Encoding", "Cookie", "Accept-Language"]);
    for (const name of (responseHeaders.get("vary") ?? "").split(",")) if (name.trim()) vary.add(name.trim());
    headers.push(["Vary", [...vary].join(", ")]);
    headers.push(["Cache-Control", CACHEABLE_CONTROL]);
    headers.push(["Content-Security-Policy", options.policy(hashes)]);
    const [gzipped, brotli] = await Promise.all([
      gzipAsync(body, { level: GZIP_LEVEL }),
      brotliAsync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    ]);
    const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    const entry: Entry = {
      version: slot.version,
      route,
      storedAt: now(),
      etag,
      headers,
      identity: body,
      gzip: gzipped,
      br: brotli,
      lane: new Map(),
    };
    entries.delete(slot.key);
    entries.set(slot.key, entry);
    while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    return entry;
  }

  function send(req: Request, res: Response, entry: Entry, setLocale: Locale | undefined) {
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("ETag", entry.etag);
    if (setLocale) {
      // This answer also sets the language cookie: a shared cache must not keep it for others.
      res.setHeader("Cache-Control", "private, max-age=0");
      res.append("Set-Cookie", options.localeCookie(setLocale));
    }
    if (matchesEtag(req.headers["if-none-match"], entry.etag)) {
      res.removeHeader("Content-Type");
      res.status(304).end();
      return;
    }
    // Brotli when accepted at all (it is the smaller), then gzip, whatever order the client lists them in.
    const encoding = encodingOf(req.headers["accept-encoding"]);
    const body = entry[encoding];
    if (encoding === "br" || encoding === "gzip") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.status(200);
    if (req.method === "HEAD") res.end();
    else res.end(body);
  }

  /**
   * The fast lane's look-up (decision 0059): for a request the cache may serve and a page it holds,
   * the answer `send` would give through the stack, header for header; undefined at once when it
   * holds none (the stack then does everything as before), or once the page turns out stale or the
   * version cannot be read (the lane then hands the request to the stack, which renders it).
   * `path` and `url` are the request's path and whole target, as Express's req.path and req.originalUrl.
   */
  function answer(req: IncomingMessage, path: string, url: string): Promise<CachedAnswer | undefined> | undefined {
    const candidate = candidateOf(req.method, req.headers, path, url);
    if (!candidate || !entries.has(candidate.key)) return undefined;
    return options.version().then(
      (version) => {
        const entry = entries.get(candidate.key);
        if (!entry || entry.version !== version || now() - entry.storedAt >= TTL_MS) return undefined;
        laneHits += 1;
        const notModified = matchesEtag(req.headers["if-none-match"], entry.etag);
        const encoding = encodingOf(req.headers["accept-encoding"]);
        const status = notModified ? 304 : 200;
        const variant = `${status} ${encoding} ${candidate.setLocale ?? ""}`;
        let headers = entry.lane.get(variant);
        if (!headers) {
          headers = laneHeaders(entry, status, encoding, candidate.setLocale);
          entry.lane.set(variant, headers);
        }
        return {
          status,
          route: typeof entry.route === "string" ? entry.route : "(other)",
          headers,
          body: notModified || req.method === "HEAD" ? undefined : entry[encoding],
        };
      },
      () => undefined,
    );
  }

  /**
   * The headers `send` leaves on a response after the stack's (requestLog's id aside), computed the
   * way node keeps them: setting a name again keeps its place and takes the new spelling, removing
   * it frees the place, a new name goes last. So the lane's bytes are the stack's by construction.
   */
  function laneHeaders(entry: Entry, status: number, encoding: Encoding, setLocale: Locale | undefined): string[] {
    const kept = new Map<string, [string, string]>();
    const set = (name: string, value: string) => kept.set(name.toLowerCase(), [name, value]);
    for (const [name, value] of options.pageHeaders ?? []) set(name, value);
    for (const [name, value] of entry.headers) set(name, value);
    set("ETag", entry.etag);
    if (setLocale) {
      set("Cache-Control", "private, max-age=0");
      set("Set-Cookie", options.localeCookie(setLocale));
    }
    if (status === 304) kept.delete("content-type");
    else {
      if (encoding !== "identity") set("Content-Encoding", encoding);
      set("Content-Length", String(entry[encoding].length));
    }
    return [...kept.values()].flat();
  }

  let laneHits = 0;
  return { lookup, render, answer, size: () => entries.size, laneHits: () => laneHits };
}

/** Accept-Encoding's answers, remembered: a handful of spellings come from every browser. */
const encodings = new Map<string, Encoding>();

/**
 * Brotli when accepted at all (it is the smaller), then gzip, whatever order the client lists them
 * in: Express's req.acceptsEncodings (the same `accepts`), once per spelling of the header.
 */
function encodingOf(header: string | undefined): Encoding {
  const key = header ?? "";
  let encoding = encodings.get(key);
  if (!encoding) {
    const accepted = accepts({ headers: { "accept-encoding": key } } as IncomingMessage);
    encoding = accepted.encodings("br") ? "br" : accepted.encodings("gzip") ? "gzip" : "identity";
    // Bounded: at most 100 spellings of up to 200 characters (a stranger's are not kept long).
    if (key.length <= 200) {
      if (encodings.size >= 100) encodings.clear();
      encodings.set(key, encoding);
    }
  }
  return encoding;
}

/**
 * A permanent redirect to the page's canonical path, keeping the query (only `?lng=` reaches the
 * cache). Shared caches may keep it like the page itself.
 */
function redirectToCanonical(req: Request, res: Response, path: string) {
  const queryAt = req.originalUrl.indexOf("?");
  res.setHeader("Cache-Control", CACHEABLE_CONTROL);
  res.setHeader("Vary", "Accept-Encoding, Cookie, Accept-Language");
  res.redirect(301, path + (queryAt === -1 ? "" : req.originalUrl.slice(queryAt)));
}

const CANONICAL_LINK = /<link\b[^>]*\brel="canonical"[^>]*>/i;

/** The path of the page's `<link rel="canonical">` when it names a page of this origin. */
export function canonicalPathOf(html: string, publicOrigin: string): string | undefined {
  const link = CANONICAL_LINK.exec(html)?.[0];
  const href = link && /\bhref="([^"]*)"/i.exec(link)?.[1];
  if (!href) return undefined;
  try {
    const url = new URL(href.replaceAll("&amp;", "&"), publicOrigin);
    return url.origin === new URL(publicOrigin).origin ? url.pathname : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The key of a request that may be served from the cache, or undefined when it may be personal.
 * `path` and `url` are Express's req.path and req.originalUrl (the fast lane passes its own split).
 */
function candidateOf(
  method: string | undefined,
  headers: IncomingHttpHeaders,
  path: string,
  url: string,
): Omit<Slot, "version"> | undefined {
  if (method !== "GET" && method !== "HEAD") return undefined;
  if (headers.authorization) return undefined;
  // Client navigations (.data), the route manifest, the sign-in provider and the sign-in flow (whose
  // front-channel logout page is framed by the provider, with a policy of its own) are never shared.
  if (path.endsWith(".data") || path.startsWith("/__manifest") || path.startsWith("/idp/") || path.startsWith("/auth/"))
    return undefined;
  if (NON_PAGE_PREFIXES.some((prefix) => path.startsWith(prefix))) return undefined;
  let queryLocale: Locale | undefined;
  const queryAt = url.indexOf("?");
  if (queryAt !== -1) {
    const params = new URLSearchParams(url.slice(queryAt + 1));
    for (const [name, value] of params) {
      if (name !== "lng" || !isLocale(value) || (queryLocale && queryLocale !== value)) return undefined;
      queryLocale = value;
    }
  }
  let cookieLocale: string | undefined;
  const cookieHeader = headers.cookie;
  if (cookieHeader) {
    let cookies: Record<string, string | undefined>;
    try {
      cookies = parseCookies(cookieHeader);
    } catch {
      return undefined;
    }
    for (const name of Object.keys(cookies)) if (name !== LOCALE_COOKIE) return undefined;
    cookieLocale = cookies[LOCALE_COOKIE];
  }
  const locale =
    queryLocale ??
    (isLocale(cookieLocale) ? cookieLocale : undefined) ??
    fromAcceptLanguage(headers["accept-language"]) ??
    DEFAULT_LOCALE;
  return {
    key: `${locale} ${path}`,
    aliasKey: `${locale} ${path.toLowerCase()}`,
    setLocale: queryLocale && queryLocale !== cookieLocale ? queryLocale : undefined,
  };
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The CSP hashes of the inline scripts this render wrote itself — those carrying its nonce — and the
 * page without that nonce (it is no secret once the page is shared). The nonce is made for this
 * render, after any content it shows was stored, so a script that reached the page some other way
 * (content that slipped past escaping) cannot carry it and gets no hash: it is blocked, as the
 * nonce policy blocks it on a personal page. The hash is of the text between the tags, as the
 * browser computes it.
 */
export function pageScripts(html: string, nonce: string): { html: string; hashes: string[] } {
  const hashes = new Set<string>();
  if (!nonce) return { html, hashes: [] };
  const attribute = ` nonce="${nonce}"`;
  for (const [, attributes = "", text = ""] of html.matchAll(SCRIPT)) {
    if (!attributes.includes(attribute) || /\bsrc\s*=/i.test(attributes)) continue;
    hashes.add(`sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`);
  }
  return { html: html.replaceAll(attribute, ""), hashes: [...hashes] };
}
