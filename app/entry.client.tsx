import { startTransition, StrictMode, useEffect, useState, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import type { Translation } from "./i18n/en";
import type { Locale } from "./i18n/locale";
import { createTranslator, type Translator } from "./i18n/translator";
import { TranslatorContext } from "./i18n/use-translation";
import { initClientErrorReporting } from "./lib/error-reporting.client";

initClientErrorReporting();

// The server chose the language and wrote it on <html lang>; load only that language's strings.
const locale: Locale = document.documentElement.lang === "he" ? "he" : "en";
const translation: Translation = locale === "he" ? (await import("./i18n/he")).he : (await import("./i18n/en")).en;
const translator = createTranslator(locale, translation);

// `npm run dev`: an edited translation replaces the strings in the open page, without a reload.
const hotListeners = new Set<(translator: Translator) => void>();
if (import.meta.hot) {
  import.meta.hot.accept(["./i18n/en", "./i18n/he"], ([enModule, heModule]) => {
    const fresh = (locale === "he" ? heModule?.he : enModule?.en) as Translation | undefined;
    if (fresh) for (const listener of hotListeners) listener(createTranslator(locale, fresh));
  });
}

function Translations({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState(translator);
  useEffect(() => {
    if (!import.meta.hot) return;
    hotListeners.add(setCurrent);
    return () => void hotListeners.delete(setCurrent);
  }, []);
  return <TranslatorContext value={current}>{children}</TranslatorContext>;
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <Translations>
        <HydratedRouter />
      </Translations>
    </StrictMode>,
  );
});
