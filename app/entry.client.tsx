import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { createI18n } from "./i18n/i18n";
import type { Translation } from "./i18n/en";
import type { Locale } from "./i18n/locale";
import { initClientErrorReporting } from "./lib/error-reporting.client";

initClientErrorReporting();

// The server chose the language and wrote it on <html lang>; load only that language's strings.
const locale: Locale = document.documentElement.lang === "he" ? "he" : "en";
const translation: Translation = locale === "he" ? (await import("./i18n/he")).he : (await import("./i18n/en")).en;
const i18n = createI18n(locale, translation);

// `npm run dev`: an edited translation replaces the strings in place (no full reload).
if (import.meta.hot) {
  import.meta.hot.accept(["./i18n/en", "./i18n/he"], ([enModule, heModule]) => {
    const fresh = (locale === "he" ? heModule?.he : enModule?.en) as Translation | undefined;
    if (!fresh) return;
    i18n.addResourceBundle(locale, "translation", fresh, true, true);
    void i18n.changeLanguage(locale);
  });
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <HydratedRouter />
      </I18nextProvider>
    </StrictMode>,
  );
});
