import type { MetaDescriptor } from "react-router";

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute canonical URL of the page in its language: PUBLIC_URL + path, plus `?lng=he` in Hebrew. */
  url: string;
  locale: "en" | "he";
  siteName: string;
  /** The page in each language (decision 0004): English at the plain path, Hebrew at `?lng=he`. */
  alternates: { en: string; he: string };
}

const OG_LOCALE = { en: "en_US", he: "he_IL" } as const;

/** The page's URLs: canonical in its own language, and one per language for `hreflang`. */
export function pageUrls(
  publicUrl: string,
  pathname: string,
  locale: "en" | "he",
): Pick<PageMeta, "url" | "alternates"> {
  const en = `${publicUrl}${pathname}`;
  const he = `${en}?lng=he`;
  return { url: locale === "he" ? he : en, alternates: { en, he } };
}

/**
 * Title, description, Open Graph tags, the canonical URL and the `hreflang` alternates (en, he,
 * and x-default: the plain path, which picks the language from the cookie or the browser).
 */
export function pageMeta(meta: PageMeta | undefined): MetaDescriptor[] {
  if (!meta) return [];
  const other = meta.locale === "he" ? "en" : "he";
  return [
    { title: meta.title },
    { name: "description", content: meta.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: meta.siteName },
    { property: "og:title", content: meta.title },
    { property: "og:description", content: meta.description },
    { property: "og:url", content: meta.url },
    { property: "og:locale", content: OG_LOCALE[meta.locale] },
    { property: "og:locale:alternate", content: OG_LOCALE[other] },
    { tagName: "link", rel: "canonical", href: meta.url },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: meta.alternates.en },
    { tagName: "link", rel: "alternate", hrefLang: "he", href: meta.alternates.he },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: meta.alternates.en },
  ];
}
