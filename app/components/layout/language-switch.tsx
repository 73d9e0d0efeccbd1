import { useTranslation } from "~/i18n/use-translation";
import { useLocation } from "react-router";

/**
 * A plain link to the same page with `?lng=`: the server remembers the choice in a cookie and
 * renders the page in the other language (a full load, so <html lang dir> and fonts switch cleanly).
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const target = i18n.language === "he" ? "en" : "he";
  const params = new URLSearchParams(location.search);
  params.set("lng", target);
  return (
    <a
      href={`${location.pathname}?${params.toString()}`}
      hrefLang={target}
      lang={target}
      title={t("nav.switchLanguageLabel")}
      className={`inline-flex items-center gap-1.5 rounded-md px-3 py-2 text-sm font-semibold text-ink-700 hover:bg-brand-50 hover:text-brand-800 ${className}`}
      data-testid="language-switch"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
      </svg>
      {t("nav.switchLanguage")}
    </a>
  );
}
