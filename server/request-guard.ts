import { parse } from "cookie";
import type { NextFunction, Request, Response } from "express";
import { resources } from "../app/i18n/resources.server.ts";
import { urlHasControlCharacters } from "../app/lib/control-characters.ts";
import { normalizedPath } from "../app/lib/route-path.ts";
import {
  DEFAULT_LOCALE,
  direction,
  fromAcceptLanguage,
  isLocale,
  LOCALE_COOKIE,
  type Locale,
} from "../app/i18n/locale.ts";

/**
 * Refuses, with a 4xx, what the router cannot take: a method it does not serve, a missing or
 * malformed Host, a path whose percent-encoding does not decode (and, in formBodiesOnly, a
 * page-form body that is not a form). Each of these used to reach React Router (or Express's own request helpers) and throw,
 * answering 500. The API (/api/*) and the embedded provider (/idp) check their own bodies.
 */

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "OPTIONS"] as const;
const ALLOW = ALLOWED_METHODS.join(", ");

/** A host name, IPv4 or bracketed IPv6 address, with an optional port. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

type Message = keyof (typeof resources)["en"]["badRequest"];

function localeOf(req: Request): Locale {
  const query = typeof req.query.lng === "string" ? req.query.lng : undefined;
  if (isLocale(query)) return query;
  try {
    const cookie = parse(req.get("cookie") ?? "")[LOCALE_COOKIE];
    if (isLocale(cookie)) return cookie;
  } catch {
    // a cookie header that does not parse: no choice made
  }
  return fromAcceptLanguage(req.get("accept-language")) ?? DEFAULT_LOCALE;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A page (not the API, not a router data request) that a person sees: it answers in HTML. */
export function isPageRequest(req: Request): boolean {
  return !req.path.startsWith("/api/") && !req.path.endsWith(".data") && !isProviderPath(req.path);
}

/**
 * A 4xx answer: for a page, a small HTML page in the visitor's language with a way back (the
 * React app is not involved, so this works whatever broke); otherwise a short plain text.
 */
export function refuse(
  req: Request,
  res: Response,
  status: number,
  message: Message,
  plain: string,
  title: Message = "title",
) {
  res.status(status).set("Cache-Control", "no-store");
  if (!isPageRequest(req) || !req.accepts("html")) {
    res.type("text/plain").send(plain);
    return;
  }
  const locale = localeOf(req);
  const t = resources[locale].badRequest;
  const back = req.path.startsWith("/") && !req.path.startsWith("//") ? req.path : "/";
  res
    .type("html")
    .send(
      `<!doctype html><html lang="${locale}" dir="${direction(locale)}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t[title])}</title></head>` +
        `<body><main><h1>${escapeHtml(t[title])}</h1><p>${escapeHtml(t[message])}</p>` +
        `<p><a href="${escapeHtml(encodeURI(back))}">${escapeHtml(t.back)}</a></p></main></body></html>`,
    );
}

/** The embedded provider's own endpoints (its login page, /idp/interaction/…, is a page of ours). */
const isProviderPath = (path: string) => path.startsWith("/idp/") && !path.startsWith("/idp/interaction/");

function decodes(path: string): boolean {
  try {
    // The result is used, so the bundler keeps the call (it drops one whose value is unused).
    return typeof decodeURIComponent(path) === "string";
  } catch {
    return false;
  }
}

/** A Host (and, behind a trusted proxy, X-Forwarded-Host) that names a host: anything else is refused. */
export function acceptableHost(host: string | undefined, forwarded: string | undefined): boolean {
  return (
    host !== undefined && HOST.test(host) && (forwarded === undefined || HOST.test(forwarded.split(",")[0]!.trim()))
  );
}

/** A URL's path and its query (with the "?", or empty). */
function splitQuery(url: string): [string, string] {
  const at = url.indexOf("?");
  return at === -1 ? [url, ""] : [url.slice(0, at), url.slice(at)];
}

export function requestGuard(options: { trustProxy: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!(ALLOWED_METHODS as readonly string[]).includes(req.method)) {
      res.set("Allow", ALLOW);
      return refuse(req, res, 405, "methodNotAllowed", "Method Not Allowed");
    }
    if (!acceptableHost(req.get("host"), options.trustProxy ? req.get("x-forwarded-host") : undefined))
      return refuse(req, res, 400, "malformed", "Bad Request");
    if (!req.originalUrl.startsWith("/") || !decodes(req.path))
      return refuse(req, res, 400, "malformed", "Bad Request");
    // A NUL or another control character in an address is never a page's (and PostgreSQL cannot
    // even compare one): refused before anything looks it up.
    if (urlHasControlCharacters(req.originalUrl)) return refuse(req, res, 400, "controlCharacters", "Bad Request");
    // //about: the browser's router reads such a path differently from the server's, and the page
    // cannot hydrate. One slash between segments is the address; the query is left as it is.
    const [path, query] = splitQuery(req.originalUrl);
    if (path.includes("//")) {
      res.redirect(308, path.replace(/\/{2,}/g, "/") + query);
      return;
    }
    // Other spellings of an address ("%61" for "a", a trailing slash) go to the one spelling before
    // anything renders them: otherwise every spelling is a new page to render (and to keep in the
    // page cache), a cheap way for a stranger to make the site work (issue 29).
    if ((req.method === "GET" || req.method === "HEAD") && !isProviderPath(path)) {
      const normal = normalizedPath(path);
      if (normal !== path) {
        res.redirect(301, normal + query);
        return;
      }
    }
    if (req.method === "OPTIONS" && !isProviderPath(req.path)) {
      res.set("Allow", ALLOW).status(204).end();
      return;
    }
    next();
  };
}

/**
 * Page forms take form bodies only (after the body limit, so an oversized body is a 413 whatever
 * its type): anything else is 415, a multipart body without a boundary 400.
 */
export function formBodiesOnly(req: Request, res: Response, next: NextFunction) {
  if (req.method === "POST" && !req.path.startsWith("/api/") && !isProviderPath(req.path)) {
    const type = (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const hasBody = req.get("transfer-encoding") !== undefined || Number(req.get("content-length") ?? 0) > 0;
    if (hasBody && !FORM_TYPES.includes(type)) {
      req.resume();
      return refuse(req, res, 415, "unsupportedType", "Unsupported Media Type");
    }
    // An empty POST (a bare logout button, a fetch without a body) is an empty form, so an
    // action's request.formData() reads it instead of throwing for want of a content type.
    if (!hasBody && !type) req.headers["content-type"] = "application/x-www-form-urlencoded";
    if (type === "multipart/form-data" && !/;\s*boundary=/i.test(req.get("content-type") ?? "")) {
      req.resume();
      return refuse(req, res, 400, "malformed", "Bad Request");
    }
  }
  next();
}
