import { createHash } from "node:crypto";
import type { i18n } from "i18next";
import { en } from "./en";
import { he } from "./he";
import { createI18n } from "./i18n";
import type { Locale } from "./locale";
import { pickSections, type Section, type Strings } from "./sections";
import type { StringsSource } from "./use-translation";

export const resources = { en, he } as const;

export function translationFor(locale: Locale) {
  return resources[locale];
}

const instances = new Map<Locale, i18n>();

/**
 * The server's i18next instance for a language: made once and shared by every request in that
 * language (nothing ever changes its language or resources after init, so sharing is safe).
 * During `npm run dev` an edited translation reloads this module, and with it the instances.
 */
export function serverI18n(locale: Locale): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createI18n(locale, translationFor(locale));
    instances.set(locale, instance);
  }
  return instance;
}

/** Changes with any string of either language: the browser's fetched sections are cached under it. */
export const STRINGS_VERSION = createHash("sha256").update(JSON.stringify(resources)).digest("base64url").slice(0, 12);

const sources = new Map<Locale, StringsSource>();

/**
 * The server's source of a page's strings: the whole dictionary of its language, picked by section
 * (each combination of sections picked once and kept; there are a few dozen).
 */
export function serverStringsSource(locale: Locale): StringsSource {
  let source = sources.get(locale);
  if (!source) {
    const picked = new Map<string, Strings>();
    source = {
      locale,
      version: STRINGS_VERSION,
      has: () => true,
      pick(sections: readonly Section[]) {
        const key = sections.join(",");
        let strings = picked.get(key);
        if (!strings) {
          strings = pickSections(translationFor(locale), sections);
          picked.set(key, strings);
        }
        return strings;
      },
      load: () => Promise.resolve(),
      subscribe: () => () => {},
      revision: () => 0,
    };
    sources.set(locale, source);
  }
  return source;
}
