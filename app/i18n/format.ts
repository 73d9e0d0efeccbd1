import { intlLocale, type Locale } from "./locale";

/** The business runs in Israel: times are shown in its time zone, whatever the server's. */
export const BUSINESS_TIME_ZONE = "Asia/Jerusalem";

export function formatDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: BUSINESS_TIME_ZONE,
  }).format(new Date(iso));
}

export function formatDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "medium", timeZone: BUSINESS_TIME_ZONE }).format(
    new Date(iso),
  );
}
