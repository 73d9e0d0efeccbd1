import type { i18n } from "i18next";
import { en } from "./en";
import { he } from "./he";
import { createI18n } from "./i18n";
import type { Locale } from "./locale";
import { createTranslator, type Translator } from "./translator";

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

const translators = new Map<Locale, Translator>();

/** The components' translator for a language (translator.ts): made once, shared by every request. */
export function serverTranslator(locale: Locale): Translator {
  let translator = translators.get(locale);
  if (!translator) {
    translator = createTranslator(locale, translationFor(locale));
    translators.set(locale, translator);
  }
  return translator;
}
