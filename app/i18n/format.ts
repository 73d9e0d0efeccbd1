import { intlLocale, isLocale, type Locale } from "./locale";

/**
 * All formatting of numbers, money, percentages and dates for display, in the page's language.
 * Intl formatters are costly to build, so each (locale, options) pair is built once and cached.
 * Translations format counts through i18next's "number" format (`{{count, number}}`), which
 * `createI18n` routes to `formatNumber` here.
 */

/** The business runs in Israel: times are shown in its time zone, whatever the server's. */
export const BUSINESS_TIME_ZONE = "Asia/Jerusalem";

/**
 * The business clock's reading of an instant: year, month, day, hour, minute, second. Built on
 * first use, not when the module loads: every page's browser bundle includes this module, and a
 * formatter with a time zone loads the zone's data, 15–50 ms of the main thread on this machine's
 * Chromium, inside the task that starts the page's scripts; no public page uses it (issue 35).
 */
let businessClockFormat: Intl.DateTimeFormat | undefined;
function businessClock(): Intl.DateTimeFormat {
  return (businessClockFormat ??= new Intl.DateTimeFormat("en-US", {
    timeZone: BUSINESS_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }));
}

/** How far the business clock is ahead of UTC at this instant, in milliseconds. */
function businessOffsetMs(at: Date): number {
  const part = Object.fromEntries(
    businessClock()
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  );
  const asUtc = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The calendar day ("2027-03-31") an instant falls on, on the business clock. */
export function businessDay(at: Date): string {
  const part = Object.fromEntries(
    businessClock()
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${part.year}-${part.month!.padStart(2, "0")}-${part.day!.padStart(2, "0")}`;
}

/**
 * The last second of a calendar day ("2027-03-31") on the business clock: what "until March 31"
 * means to the school and to the person it is said to, and shown as that day again. Undefined for
 * a day that is not on the calendar (2027-02-30), which `Date` would quietly roll into March.
 */
export function endOfBusinessDay(day: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const asUtc = new Date(Date.UTC(year, month - 1, date, 23, 59, 59));
  if (asUtc.getUTCFullYear() !== year || asUtc.getUTCMonth() !== month - 1 || asUtc.getUTCDate() !== date)
    return undefined;
  // Israel's offset is +2 or +3 hours; read it at the guess, then again at the answer in case a
  // clock change falls between them.
  let end = new Date(asUtc.getTime() - businessOffsetMs(asUtc));
  const again = new Date(asUtc.getTime() - businessOffsetMs(end));
  if (again.getTime() !== end.getTime()) end = again;
  return end;
}

const numberFormats = new Map<string, RememberingFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A number format that keeps its answers: pages show the same few prices, ratings and counts over
 * and over, and Intl's format() takes microseconds a call (a price about 10 µs, issue 16).
 */
class RememberingFormat {
  private readonly texts = new Map<number, string>();
  private readonly format: Intl.NumberFormat;
  constructor(format: Intl.NumberFormat) {
    this.format = format;
  }
  of(value: number): string {
    let text = this.texts.get(value);
    if (text === undefined) {
      text = this.format.format(value);
      if (this.texts.size >= MAX_TEXTS) this.texts.clear();
      this.texts.set(value, text);
    }
    return text;
  }
}
const MAX_TEXTS = 1000;

/** `key` names `options` (each distinct options object has its own key), so a call needs no JSON. */
function numberFormat(locale: Locale, key: string, options: Intl.NumberFormatOptions): RememberingFormat {
  const fullKey = `${locale}|${key}`;
  let format = numberFormats.get(fullKey);
  if (!format) {
    format = new RememberingFormat(new Intl.NumberFormat(intlLocale(locale), options));
    numberFormats.set(fullKey, format);
  }
  return format;
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: BUSINESS_TIME_ZONE });
    dateFormats.set(key, format);
  }
  return format;
}

/** A locale tag from i18next ("he", "en") as one of ours; anything else reads as English. */
export function asLocale(lng: string | undefined): Locale {
  return isLocale(lng) ? lng : "en";
}

/** Intl's default: no fraction digits required, at most three (or as many as required, if more). */
const DEFAULT_MAX_FRACTION_DIGITS = 3;

/**
 * A plain number with the locale's grouping: 1024 → "1,024" (both languages group the same way).
 *
 * Written out here rather than by Intl.NumberFormat for the numbers pages show (counts, ratings,
 * hours: zero or more, not huge): the first number formatter a browser tab builds loads ICU's
 * number data, 40–240 ms of the main thread on this project's test machine, and it happened inside
 * hydration, the largest task Lighthouse counted on `/` (issue 35). English and Hebrew write such
 * numbers alike (Latin digits, "," every three digits, "." before the fraction), and the rounding is
 * Intl's: half away from zero on the number's shortest decimal form (1.005 → "1.01"). A unit test
 * holds this to Intl's own answers in both languages. Anything else (negative, -0, exponent forms,
 * more digits than the test covers) is still Intl's.
 */
export function formatNumber(
  value: number,
  locale: Locale,
  options: Pick<Intl.NumberFormatOptions, "minimumFractionDigits" | "maximumFractionDigits"> = {},
): string {
  const { minimumFractionDigits: min, maximumFractionDigits: max } = options;
  return (
    plainDecimal(value, min ?? 0, max ?? Math.max(min ?? 0, DEFAULT_MAX_FRACTION_DIGITS)) ??
    numberFormat(locale, `number|${min}|${max}`, { minimumFractionDigits: min, maximumFractionDigits: max }).of(value)
  );
}

/** At most this many fraction digits are written out by hand; more go to Intl. */
const MAX_PLAIN_FRACTION_DIGITS = 6;

/** `value` with `min`–`max` fraction digits, as Intl writes it in en-US and he-IL; undefined when not simple. */
export function plainDecimal(value: number, min: number, max: number): string | undefined {
  if (!(value >= 0) || Object.is(value, -0) || min > max || max > MAX_PLAIN_FRACTION_DIGITS) return undefined;
  const shortest = String(value);
  if (!/^\d+(\.\d+)?$/.test(shortest)) return undefined; // 1e+21, 1e-7, Infinity
  let [whole, fraction = ""] = shortest.split(".") as [string, string?];
  if (fraction.length > max) {
    const roundsUp = fraction[max]! >= "5";
    fraction = fraction.slice(0, max);
    if (roundsUp) {
      // One more in the last digit kept, carried leftwards (0.995 → 1.00).
      const digits = `${whole}${fraction}`;
      const carried = (BigInt(digits) + 1n).toString().padStart(digits.length, "0");
      whole = carried.slice(0, carried.length - fraction.length);
      fraction = carried.slice(carried.length - fraction.length);
    }
  }
  fraction = fraction.replace(/0+$/, "").padEnd(min, "0");
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ",");
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** A star rating with one decimal, as the stars show it: 4.7 → "4.7", 5 → "5.0". */
export function formatRating(rating: number, locale: Locale): string {
  return formatNumber(rating, locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

const FILE_SIZE_UNITS = [
  ["gigabyte", 1024 ** 3],
  ["megabyte", 1024 ** 2],
  ["kilobyte", 1024],
] as const;

/** A file size, as upload limits are set (binary multiples): 5 MiB → "5 MB", 1 GiB → "1 GB", 1.5 MiB → "1.5 MB". */
export function formatFileSize(bytes: number, locale: Locale): string {
  for (const [unit, size] of FILE_SIZE_UNITS) {
    if (bytes >= size)
      return numberFormat(locale, `unit|${unit}`, { style: "unit", unit, maximumFractionDigits: 1 }).of(bytes / size);
  }
  return numberFormat(locale, "unit|byte", { style: "unit", unit: "byte", unitDisplay: "long" }).of(bytes);
}

/** Hours of a course, as the content gives them ("9.50"): always two decimals, like the original. */
export function formatHours(hours: number, locale: Locale): string {
  return formatNumber(hours, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A percentage from 0–100, at most two decimals (docs/product.md#behaviour: score*100/total): 66.666… → "66.67%". */
export function formatPercent(percent: number, locale: Locale): string {
  return numberFormat(locale, "percent", { style: "percent", maximumFractionDigits: 2 }).of(percent / 100);
}

/**
 * Money in the given currency (ISO 4217), laid out the locale's way: "$389.00" in English,
 * "‏389.00 $" in Hebrew. An unknown currency code falls back to "12.5 XYZ" instead of throwing.
 */
export function formatMoney(
  amount: number,
  currency: string,
  locale: Locale,
  options: { cents?: boolean; whole?: boolean } = {},
): string {
  try {
    const cents = options.cents === true;
    // A round sum stated as a rule ("at most ₪100"), not a price: no decimals.
    const whole = options.whole === true && Number.isInteger(amount);
    return numberFormat(locale, `currency|${currency}|${cents}|${whole}`, {
      style: "currency",
      currency,
      ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : cents ? { minimumFractionDigits: 2 } : {}),
    }).of(amount);
  } catch {
    return `${formatNumber(amount, locale)} ${currency}`;
  }
}

/** A course or subscription price: dollars with cents, as the catalogue shows them. */
export function formatPrice(amount: number, locale: Locale, currency = "USD"): string {
  return formatMoney(amount, currency, locale, { cents: true });
}

/** "Nov 23, 2026, 3:05 PM" / "23 בנוב׳ 2026, 15:05", in Israel's time zone. */
export function formatDateTime(iso: string | Date, locale: Locale): string {
  return dateFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** "Nov 23, 2026" / "23 בנוב׳ 2026", in Israel's time zone. */
export function formatDate(iso: string | Date, locale: Locale): string {
  return dateFormat(locale, { dateStyle: "medium" }).format(new Date(iso));
}

/** docs/product.md#numbers-the-product-keeps: feedback dates "like Jan 5, 2024" (en-US short month); "5 בינו׳ 2024" in Hebrew. */
export function formatShortDate(iso: string | Date, locale: Locale): string {
  return dateFormat(locale, { month: "short", day: "numeric", year: "numeric" }).format(new Date(iso));
}
