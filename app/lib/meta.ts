import type { MetaDescriptor } from "react-router";

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page (PUBLIC_URL + path). */
  url: string;
  locale: "en" | "he";
  siteName: string;
}

/** Title, description and Open Graph tags for a page, from what its loader computed. */
export function pageMeta(meta: PageMeta | undefined): MetaDescriptor[] {
  if (!meta) return [];
  return [
    { title: meta.title },
    { name: "description", content: meta.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: meta.siteName },
    { property: "og:title", content: meta.title },
    { property: "og:description", content: meta.description },
    { property: "og:url", content: meta.url },
    { property: "og:locale", content: meta.locale === "he" ? "he_IL" : "en_US" },
    { tagName: "link", rel: "canonical", href: meta.url },
  ];
}
