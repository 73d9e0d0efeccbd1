/**
 * The page's own path, also when React Router fetches its data: client navigations and form posts
 * go to "<path>.data" (and "/_root.data" for "/"), and loaders and actions see that URL.
 */
export function routePathname(request: Request): string {
  const { pathname } = new URL(request.url);
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/**
 * The page's own address, path and query, as the browser shows it (what a sign-in comes back to): also
 * when React Router fetches its data, whose "<path>.data?_routes=…" is not an address to return to.
 */
export function routeAddress(request: Request): string {
  const params = new URL(request.url).searchParams;
  params.delete("_routes");
  const query = params.toString();
  return routePathname(request) + (query ? `?${query}` : "");
}

/** An ASCII letter, digit, "-", "_" or "~": RFC 3986's unreserved characters but for ".", which stays
 * encoded so that decoding can never make a dot-segment ("/%2e%2e/") of what was none. */
const DECODABLE = /^[A-Za-z0-9_~-]$/;

/**
 * One spelling of a path (RFC 3986 §6.2.2): unreserved characters written as themselves ("%61" → "a"),
 * other escapes in upper case ("%c3" → "%C3"), and no trailing slash but the root's. Every other
 * spelling of a page is redirected to this one before anything renders it, so a stranger cannot
 * make the page cache render and keep the same page under endless addresses.
 */
export function normalizedPath(path: string): string {
  const decoded = path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return DECODABLE.test(char) ? char : `%${hex.toUpperCase()}`;
  });
  const trimmed = decoded.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/**
 * The canonical path of a page reached at `path`: its normalized spelling in lower case. Every page
 * address of the site is lower case but for those a route names itself (`/Payments`, a certificate's
 * id): such a route gives its own canonical path to `pageContext`.
 */
export function canonicalPagePath(path: string): string {
  return normalizedPath(path).replace(/%[0-9A-F]{2}|[^%]+/g, (part) =>
    part.startsWith("%") ? part : part.toLowerCase(),
  );
}
