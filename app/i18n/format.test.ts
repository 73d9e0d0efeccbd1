import { describe, expect, it, vi } from "vitest";
import {
  endOfBusinessDay,
  formatDate,
  formatFileSize,
  formatDateTime,
  formatHours,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPrice,
  formatShortDate,
  plainDecimal,
} from "./format";

/** Intl puts direction marks and narrow spaces in some outputs; compare what a reader sees. */
const plain = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, "").replace(/[\u00a0\u202f]/g, " ");

describe("format", () => {
  it("groups numbers the same way in both languages", () => {
    expect(formatNumber(1024, "en")).toBe("1,024");
    expect(formatNumber(1024, "he")).toBe("1,024");
    expect(formatNumber(1234567.5, "he")).toBe("1,234,567.5");
    expect(formatNumber(5, "en")).toBe("5");
    expect(formatHours(9.5, "en")).toBe("9.50");
    expect(formatHours(12, "he")).toBe("12.00");
  });

  it("writes plain numbers exactly as Intl does, in both languages, without building an Intl formatter", () => {
    // formatNumber writes non-negative numbers itself (building the first Intl.NumberFormat in a tab
    // costs tens of milliseconds); it must never differ from Intl's answer.
    const spy = vi.spyOn(Intl, "NumberFormat");
    const ties = [0.5, 1.5, 2.5, 0.125, 0.375, 1.005, 2.675, 9.995, 99.95, 999.9995, 0.0005, 1.00049, 4.45, 4.55];
    const random = Array.from({ length: 3000 }, (_, i) =>
      i % 3 === 0 ? Math.floor(Math.random() * 1e9) : Number((Math.random() * 10 ** (i % 9)).toFixed(i % 7)),
    );
    const values = [0, 1, 7, 10, 999, 1000, 1001, 12345, 1234567.5, 2 ** 53, 0.1 + 0.2, 1 / 3, ...ties, ...random];
    const optionSets = [
      {},
      { minimumFractionDigits: 1, maximumFractionDigits: 1 },
      { minimumFractionDigits: 2, maximumFractionDigits: 2 },
      { minimumFractionDigits: 0, maximumFractionDigits: 0 },
      { minimumFractionDigits: 1 },
      { maximumFractionDigits: 4 },
    ];
    const ours = values.flatMap((value) =>
      optionSets.flatMap((options) => (["en", "he"] as const).map((locale) => formatNumber(value, locale, options))),
    );
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    const intl = values.flatMap((value) =>
      optionSets.flatMap((options) =>
        ["en-US", "he-IL"].map((tag) => new Intl.NumberFormat(tag, options).format(value)),
      ),
    );
    expect(ours).toEqual(intl);
  });

  it("leaves to Intl the numbers it does not write itself", () => {
    for (const value of [-5, -0, -1234.5, 1e21, 1e-7, Number.POSITIVE_INFINITY, Number.NaN])
      expect(plainDecimal(value, 0, 3)).toBeUndefined();
    expect(plain(formatNumber(-1234.5, "he"))).toBe("-1,234.5");
    expect(formatNumber(-0, "en")).toBe(new Intl.NumberFormat("en-US").format(-0));
    expect(formatNumber(1e21, "en")).toBe("1,000,000,000,000,000,000,000");
    expect(formatNumber(1e-7, "he", { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe("0.0");
  });

  it("shows money in the item's currency, laid out per language", () => {
    expect(formatPrice(389, "en")).toBe("$389.00");
    expect(plain(formatPrice(389, "he"))).toBe("389.00 $");
    expect(formatPrice(1249.5, "en")).toBe("$1,249.50");
    expect(plain(formatMoney(49.9, "ILS", "he"))).toBe("49.90 ₪");
    expect(formatMoney(49.9, "ILS", "en")).toBe("₪49.90");
    expect(formatMoney(12.5, "EUR", "en")).toBe("€12.50");
    expect(formatMoney(12.5, "NOT-A-CURRENCY", "en")).toBe("12.5 NOT-A-CURRENCY");
  });

  it("shows file sizes in binary multiples, at most one decimal", () => {
    expect(plain(formatFileSize(5 * 1024 * 1024, "en"))).toBe("5 MB");
    expect(plain(formatFileSize(1024 ** 3, "en"))).toBe("1 GB");
    expect(plain(formatFileSize(1.5 * 1024 ** 3, "he"))).toBe("1.5 GB");
    expect(plain(formatFileSize(512 * 1024, "en"))).toBe("512 kB");
    expect(plain(formatFileSize(1500 * 1024 * 1024, "en"))).toBe("1.5 GB");
    expect(plain(formatFileSize(100, "en"))).toBe("100 bytes");
    expect(plain(formatFileSize(100, "he"))).toBe("100 בייט");
  });

  it("shows percentages with at most two decimals", () => {
    expect(formatPercent(200 / 3, "en")).toBe("66.67%");
    expect(formatPercent(100 / 3, "he")).toBe("33.33%");
    expect(formatPercent(100, "en")).toBe("100%");
    expect(formatPercent(12.5, "he")).toBe("12.5%");
    expect(formatPercent(0, "en")).toBe("0%");
  });

  it("shows dates and times in Israel's time zone", () => {
    // 22:30 UTC on 31 December is already 1 January in Jerusalem (UTC+2 in winter).
    const iso = "2025-12-31T22:30:00.000Z";
    expect(formatDate(iso, "en")).toBe("Jan 1, 2026");
    expect(formatShortDate(iso, "en")).toBe("Jan 1, 2026");
    expect(plain(formatDateTime(iso, "en"))).toBe("Jan 1, 2026, 12:30 AM");
    expect(plain(formatDate(iso, "he"))).toBe("1 בינו׳ 2026");
    expect(plain(formatDateTime(iso, "he"))).toBe("1 בינו׳ 2026, 0:30");
    // Summer time: UTC+3.
    expect(plain(formatDateTime("2026-07-01T09:05:00Z", "he"))).toMatch(/^1 ביולי 2026,? 12:05$/);
    expect(formatDate(new Date("2024-01-05T10:00:00Z"), "en")).toBe("Jan 5, 2024");
  });

  it("ends a chosen day at its last second in Israel, and shows it as that day", () => {
    // Summer (UTC+3), winter (UTC+2), and the days of the clock changes in 2027 (26 March, 31 October).
    expect(endOfBusinessDay("2027-03-31")?.toISOString()).toBe("2027-03-31T20:59:59.000Z");
    expect(endOfBusinessDay("2027-01-15")?.toISOString()).toBe("2027-01-15T21:59:59.000Z");
    expect(endOfBusinessDay("2027-03-26")?.toISOString()).toBe("2027-03-26T20:59:59.000Z");
    expect(endOfBusinessDay("2027-10-31")?.toISOString()).toBe("2027-10-31T21:59:59.000Z");
    for (const day of ["2027-03-31", "2027-01-15", "2027-03-26", "2027-10-31", "2028-02-29", "9999-12-31"]) {
      const end = endOfBusinessDay(day)!;
      expect(formatDate(end, "en")).toBe(
        new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" }),
      );
      // A second later is the next day on the business clock.
      expect(formatDate(new Date(end.getTime() + 1000), "en")).not.toBe(formatDate(end, "en"));
    }
    expect(plain(formatDate(endOfBusinessDay("2027-03-31")!, "he"))).toBe("31 במרץ 2027");
    // Not on the calendar, or not a day at all: no date (Date would roll 30 February into March).
    for (const day of ["2027-02-29", "2027-02-30", "2027-13-01", "2027-04-31", "2027-3-1", "", "2027-03-31T00:00"])
      expect(endOfBusinessDay(day)).toBeUndefined();
  });

  it("builds no formatter when it is loaded: every page's scripts load it (issue 35)", async () => {
    const real = globalThis.Intl.DateTimeFormat;
    let built = 0;
    globalThis.Intl.DateTimeFormat = new Proxy(real, {
      construct: (target, args) => (built++, Reflect.construct(target, args)),
    });
    try {
      vi.resetModules();
      const fresh = await import("./format");
      expect(built).toBe(0);
      expect(fresh.businessDay(new Date("2027-03-31T21:30:00Z"))).toBe("2027-04-01");
      expect(fresh.endOfBusinessDay("2027-03-31")?.toISOString()).toBe("2027-03-31T20:59:59.000Z");
      expect(built).toBe(1);
    } finally {
      globalThis.Intl.DateTimeFormat = real;
    }
  });

  it("reuses one formatter per locale and options", () => {
    const spy = globalThis.Intl.NumberFormat;
    let built = 0;
    globalThis.Intl.NumberFormat = new Proxy(spy, {
      construct: (target, args) => (built++, Reflect.construct(target, args)),
    });
    try {
      // Negative numbers are Intl's to write (the others are written without it).
      for (let i = 1; i <= 50; i++) formatNumber(-i, "he", { maximumFractionDigits: 1 });
    } finally {
      globalThis.Intl.NumberFormat = spy;
    }
    expect(built).toBeLessThanOrEqual(1);
  });

  it("keeps what it formatted: a price shown on every card is formatted once per language", () => {
    const format = vi.spyOn(Intl.NumberFormat.prototype as unknown as { format: unknown }, "format", "get"); // a getter of a bound function
    try {
      const first = formatPrice(123.45, "en");
      const calls = format.mock.calls.length;
      expect(calls).toBeGreaterThan(0);
      for (let i = 0; i < 5; i++) expect(formatPrice(123.45, "en")).toBe(first);
      expect(format.mock.calls.length).toBe(calls);
      // Another value, language or style is its own text.
      expect(formatPrice(123.46, "en")).toBe("$123.46");
      expect(plain(formatPrice(123.45, "he"))).toBe("123.45 $");
      expect(formatMoney(123.45, "USD", "en")).toBe("$123.45");
      expect(formatNumber(-123.45, "en")).toBe("-123.45");
      expect(format.mock.calls.length).toBe(calls + 4);
    } finally {
      format.mockRestore();
    }
  });
});
