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
const translation: Translation =
  locale === "he" ? (await import("./i18n/he")).he : (await import("./i18n/en")).en;
const i18n = createI18n(locale, translation);

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
