import type { TFunction } from "i18next";
import { formatNumber } from "./format";
import { intlLocale, type Locale } from "./locale";
import type { Strings } from "./sections";

/**
 * What components translate with, on the server and in the browser: the page's language and a `t`
 * over that language's strings. It does what our strings use of i18next's format (nested keys,
 * plurals chosen by `count` with the language's plural rules — `x_one`, `x_two`, `x_other` —
 * `{{name}}` and `{{name, number}}`), and is checked to give i18next's answer for every string
 * (translator.test.ts). i18next and react-i18next together cost the browser about 18 kB of the
 * 125 kB budget of every page (issue 16, docs/decisions/0018); the server's loaders keep i18next.
 */
export interface Translator {
  t: TFunction<"translation">;
  i18n: { language: Locale };
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*(?:,\s*(\w+)\s*)?\}\}/g;

/**
 * `strings`: the whole dictionary (the server's loaders) or the sections a page asked for
 * (sections.ts). A key it does not have is returned as it is, and told to `onMissing` once.
 */
/**
 * One plural rule set per language, built when a count is first said: building one loads ICU data,
 * up to ~13 ms of a browser tab's main thread the first time (measured on this project's test
 * machine), and a page that says no count needs none (issue 35).
 */
const pluralRules = new Map<Locale, Intl.PluralRules>();
function pluralCategory(locale: Locale, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(intlLocale(locale));
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

export function createTranslator(locale: Locale, translation: Strings, onMissing?: (key: string) => void): Translator {
  const plain = new Map<string, string>();

  const reported = new Set<string>();
  const missing = (key: string): string => {
    if (onMissing && !reported.has(key)) {
      reported.add(key);
      onMissing(key);
    }
    return key;
  };

  const lookup = (key: string): string | undefined => {
    let node: unknown = translation;
    for (const part of key.split(".")) {
      // Own keys only: "checkout.constructor" is a missing key, not Object's constructor.
      if (node === null || typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    return typeof node === "string" ? node : undefined;
  };

  const interpolate = (text: string, values: Record<string, unknown>) =>
    text.replace(PLACEHOLDER, (whole: string, name: string, format: string | undefined) => {
      const value = values[name];
      if (value === undefined || value === null) return whole; // as i18next: a visible gap, not a silent one
      if (format === "number" && typeof value === "number") return formatNumber(value, locale);
      return String(value);
    });

  const t = (key: string, options?: Record<string, unknown>): string => {
    if (options === undefined) {
      let text = plain.get(key);
      if (text === undefined) {
        text = interpolate(lookup(key) ?? missing(key), {});
        plain.set(key, text);
      }
      return text;
    }
    const count = options.count;
    const text =
      (typeof count === "number" ? lookup(`${key}_${pluralCategory(locale, count)}`) : undefined) ??
      lookup(key) ??
      missing(key);
    return interpolate(text, options);
  };

  return { t: t as unknown as TFunction<"translation">, i18n: { language: locale } };
}
