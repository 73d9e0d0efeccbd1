import type { HeadersFunction } from "react-router";

/**
 * A route's `headers` export that passes on what its loader or action set (Set-Cookie,
 * Retry-After…). React Router drops them on document requests otherwise.
 */
export const passHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers();
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    source?.forEach((value, key) => {
      if (key.toLowerCase() === "set-cookie") return; // appended below, one by one
      headers.set(key, value);
    });
    for (const cookie of source?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  }
  return headers;
};

/** A JSON answer for the API: UTF-8 declared, never cached. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

/**
 * Only same-origin relative paths: "/courses?x=1" yes; "//evil", "/\\evil", "https://evil",
 * "javascript:…" and anything with control characters become "/". The check runs again after
 * the URL is normalised: dot segments can turn "/.//evil" into "//evil", which a browser reads
 * as another host.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== "string" || value.length > 2000) return "/";
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  // Control characters are exactly what this refuses (header and log injection).
  // oxlint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return "/";
  const url = new URL(value, "http://lomda.invalid");
  if (url.origin !== "http://lomda.invalid") return "/";
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith("//") || path.startsWith("/\\")) return "/";
  return path;
}
