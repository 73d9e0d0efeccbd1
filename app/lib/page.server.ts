import type { RouterContextProvider } from "react-router";
import type { Locale } from "../i18n/locale.ts";
import { localeContext, requestContext } from "./context.server.ts";
import { pageUrls, type PageMeta } from "./meta.ts";
import { routePathname } from "./route-path.ts";

/** The language, translator and a meta builder for a page's loader. */
export function pageContext(context: Readonly<RouterContextProvider>, request: Request) {
  const { locale, i18n } = context.get(localeContext);
  const { config } = context.get(requestContext);
  const meta = (title: string, description: string): PageMeta => ({
    title,
    description,
    ...pageUrls(config.PUBLIC_URL, routePathname(request), locale as Locale),
    locale,
    siteName: i18n.t("site.name"),
  });
  return { locale: locale as Locale, t: i18n.t.bind(i18n), meta, config };
}
