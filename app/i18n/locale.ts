/** Language detection shared by the server middleware and the server entry's fallback. */

export const LOCALES = ["en", "he"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "lng";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export function direction(locale: Locale): "rtl" | "ltr" {
  return locale === "he" ? "rtl" : "ltr";
}

/** BCP 47 tag for Intl formatting. */
export function intlLocale(locale: Locale): string {
  return locale === "he" ? "he-IL" : "en-US";
}

/** Picks the first supported language of an Accept-Language header, honouring q-values. */
export function fromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { base: tag.toLowerCase().split("-")[0] ?? "", quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((r) => r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { base } of ranked) {
    if (base === "iw") return "he"; // the old code for Hebrew, still sent by some systems
    if (isLocale(base)) return base;
  }
  return undefined;
}

export interface LocaleChoice {
  locale: Locale;
  /** True when `?lng=` chose it: the response then remembers the choice in a cookie. */
  fromQuery: boolean;
}

/**
 * `?lng=he|en`, then the cookie, then Accept-Language, then English. The cookies come parsed
 * (by the server's safe cookie parser), so this stays pure and a malformed cookie cannot break it.
 */
export function resolveLocale(request: Request, cookies: Readonly<Record<string, string | undefined>>): LocaleChoice {
  // ?lng=HE as ?lng=he: the language tag is case-insensitive.
  const query = new URL(request.url).searchParams.get("lng")?.toLowerCase();
  if (isLocale(query)) return { locale: query, fromQuery: true };
  const cookie = cookies[LOCALE_COOKIE];
  if (isLocale(cookie)) return { locale: cookie, fromQuery: false };
  return { locale: fromAcceptLanguage(request.headers.get("accept-language")) ?? DEFAULT_LOCALE, fromQuery: false };
}
