import { createContext, useContext } from "react";
import type { Locale } from "./locale";
import type { Section, Strings } from "./sections";
import type { Translator } from "./translator";

/** The page's translator, over the sections the page asked for (set by <Translations>). */
export const TranslatorContext = createContext<Translator | null>(null);

/**
 * The translation hook of every component: `const { t, i18n } = useTranslation()`, as with
 * react-i18next, over the small translator of translator.ts. The language never changes within a
 * page (the language switch loads a new one).
 */
export function useTranslation(): Translator {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error("useTranslation outside a TranslatorContext");
  return translator;
}

/**
 * Where a page's strings come from: on the server the whole dictionary of its language
 * (resources.server.ts); in the browser the sections the page arrived with, and those it fetches
 * when a navigation needs more (strings.client.ts).
 */
export interface StringsSource {
  readonly locale: Locale;
  /** The dictionaries' version: the browser asks for sections with it (they are cached for good). */
  readonly version: string;
  has(section: Section): boolean;
  pick(sections: readonly Section[]): Strings;
  /** Fetches sections it lacks; the same promise while they load (React waits on it). */
  load(sections: readonly Section[]): Promise<void>;
  /** Told when the source gains or replaces strings. */
  subscribe(listener: () => void): () => void;
  revision(): number;
}

export const StringsSourceContext = createContext<StringsSource | null>(null);

export function useStringsSource(): StringsSource {
  const source = useContext(StringsSourceContext);
  if (!source) throw new Error("useStringsSource outside a StringsSourceContext");
  return source;
}
