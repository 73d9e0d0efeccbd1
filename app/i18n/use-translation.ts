import { createContext, useContext } from "react";
import type { Translator } from "./translator";

/** The page's translator: set by the server entry (one per language, shared) and the browser entry. */
export const TranslatorContext = createContext<Translator | null>(null);

/**
 * The translation hook of every component: `const { t, i18n } = useTranslation()`, as with
 * react-i18next, over the small translator of translator.ts. The language never changes within a
 * page (the language switch loads a new one), so nothing needs to re-render on a change.
 */
export function useTranslation(): Translator {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error("useTranslation outside a TranslatorContext");
  return translator;
}
