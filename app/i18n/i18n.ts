import i18next, { type i18n } from "i18next";
import type { en, Translation } from "./en";
import { asLocale, formatNumber } from "./format";
import type { Locale } from "./locale";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
  }
}

/**
 * The server's i18next instance for a language (loaders, actions, mail: resources.server.ts keeps one
 * per language). Components translate with translator.ts, which gives the same answers without
 * i18next in the browser bundle.
 * Plurals follow Intl.PluralRules (English one/other, Hebrew one/two/other: keys `x_one`,
 * `x_two`, `x_other`, chosen by `count`); `{{count, number}}` formats through format.ts.
 */
const MAX_KEPT = 5000;

export function createI18n(locale: Locale, translation: Translation): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation } },
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
  });
  instance.services.formatter?.add("number", (value: unknown, lng: string | undefined) =>
    typeof value === "number" ? formatNumber(value, asLocale(lng)) : String(value),
  );
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  const plain = new Map<string, unknown>();
  instance.t = ((...args: unknown[]) => {
    const [key] = args;
    if (args.length !== 1 || typeof key !== "string") return translate(...args);
    let text = plain.get(key);
    if (text === undefined) {
      text = translate(key);
      // Keys come from the code, a few hundred; the bound only guards against a caller passing others.
      if (plain.size >= MAX_KEPT) plain.clear();
      plain.set(key, text);
    }
    return text;
  }) as unknown as typeof instance.t;
  return instance;
}
