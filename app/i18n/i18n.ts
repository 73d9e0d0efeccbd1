import i18next, { type i18n } from "i18next";
import type { en, Translation } from "./en";
import type { Locale } from "./locale";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
  }
}

/**
 * One i18next instance per request on the server, one per page load in the browser. Resources
 * are passed in: the server has both languages, the browser loads only the page's language.
 */
export function createI18n(locale: Locale, translation: Translation): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation } },
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}
