/**
 * Control characters no field of the site takes: C0 (but tab, line feed and carriage return, which
 * text areas hold), DEL and C1. Nobody types them; they arrive from a bad paste or a crafted request,
 * and PostgreSQL refuses a NUL in text outright (the save would fail with a server error).
 */
// oxlint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/** Whether any string in a parsed JSON value (keys included) has such a character. */
export function jsonHasControlCharacters(value: unknown): boolean {
  if (typeof value === "string") return hasControlCharacters(value);
  if (Array.isArray(value)) return value.some(jsonHasControlCharacters);
  if (value !== null && typeof value === "object")
    return Object.entries(value).some(([key, inner]) => hasControlCharacters(key) || jsonHasControlCharacters(inner));
  return false;
}

/** Percent-encoded control characters in a URL's path or query (%00–%1F, %7F). */
export function urlHasControlCharacters(url: string): boolean {
  return /%(?:[01][0-9a-f]|7f)/i.test(url);
}
