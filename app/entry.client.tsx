import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import type { Translation } from "./i18n/en";
import type { Locale } from "./i18n/locale";
import { clientStringsSource } from "./i18n/strings.client";
import { StringsSourceContext } from "./i18n/use-translation";
import { initClientErrorReporting } from "./lib/error-reporting.client";

initClientErrorReporting();

// The server chose the language and wrote it on <html lang>, and the page's strings into the page.
const locale: Locale = document.documentElement.lang === "he" ? "he" : "en";
const strings = clientStringsSource(locale);

// `npm run dev`: an edited translation replaces the strings in the open page, without a reload.
// (Production builds drop this block: import.meta.hot is undefined there.)
if (import.meta.hot) {
  // The dictionaries join the page's module graph only here, so that edits to them reach it.
  void import("./i18n/en");
  void import("./i18n/he");
  import.meta.hot.accept(["./i18n/en", "./i18n/he"], ([enModule, heModule]) => {
    const fresh = (locale === "he" ? heModule?.he : enModule?.en) as Translation | undefined;
    if (fresh) strings.replace(fresh);
  });
}

// A task of its own for hydration: evaluating the modules above (React DOM's first run among them)
// and starting to hydrate were one long main-thread task, and the length of a single task is what
// Total Blocking Time counts (issue 35). React then hydrates in slices (a transition).
await new Promise((resolve) => setTimeout(resolve, 0));
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <StringsSourceContext value={strings}>
        <HydratedRouter />
      </StringsSourceContext>
    </StrictMode>,
  );
});
