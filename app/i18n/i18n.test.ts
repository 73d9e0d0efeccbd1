import { describe, expect, it } from "vitest";
import { en } from "./en.ts";
import { he } from "./he.ts";
import { createI18n } from "./i18n.ts";
import { fromAcceptLanguage, resolveLocale } from "./locale.ts";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value === "string") return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
}

describe("translations", () => {
  it("have exactly the same keys in English and Hebrew", () => {
    expect(keys(he).sort()).toEqual(keys(en).sort());
  });

  it("use the same placeholders in both languages and leave no string empty", () => {
    const heFlat = Object.fromEntries(keys(he).map((k) => [k, k.split(".").reduce<any>((o, p) => o[p], he)]));
    for (const key of keys(en)) {
      const enText = key.split(".").reduce<any>((o, p) => o[p], en) as string;
      expect(enText.trim(), key).not.toBe("");
      expect((heFlat[key] as string).trim(), key).not.toBe("");
      expect(placeholders(heFlat[key] as string), key).toEqual(placeholders(enText));
    }
  });

  it("interpolate values", () => {
    expect(createI18n("he", he).t("footer.copyright", { year: 2026 })).toBe("© 2026 לומדה. כל הזכויות שמורות.");
    expect(createI18n("en", en).t("error.status", { status: 500 })).toBe("Status 500");
  });
});

describe("language detection", () => {
  const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

  it("prefers ?lng=, then the cookie, then Accept-Language, then English", () => {
    expect(resolveLocale(request("http://x/?lng=he", { "accept-language": "en" }), { lng: "en" })).toEqual({
      locale: "he",
      fromQuery: true,
    });
    expect(resolveLocale(request("http://x/", { "accept-language": "en" }), { a: "1", lng: "he" }).locale).toBe("he");
    expect(resolveLocale(request("http://x/", { "accept-language": "he-IL,he;q=0.9,en;q=0.8" }), {}).locale).toBe("he");
    expect(resolveLocale(request("http://x/", { "accept-language": "fr-FR" }), {}).locale).toBe("en");
    expect(resolveLocale(request("http://x/"), {}).locale).toBe("en");
  });

  it("ignores unsupported or malicious values", () => {
    expect(resolveLocale(request("http://x/?lng=fr"), { lng: "<script>" }).locale).toBe("en");
    expect(resolveLocale(request("http://x/?lng=he%0d%0aSet-Cookie:x"), {}).fromQuery).toBe(false);
  });

  it("honours q-values and the old code iw", () => {
    expect(fromAcceptLanguage("en;q=0.5, he;q=0.9")).toBe("he");
    expect(fromAcceptLanguage("iw")).toBe("he");
    expect(fromAcceptLanguage("he;q=0, en")).toBe("en");
    expect(fromAcceptLanguage("")).toBeUndefined();
  });
});
