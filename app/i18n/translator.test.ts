import { describe, expect, it } from "vitest";
import { en } from "./en";
import { he } from "./he";
import { createI18n } from "./i18n";
import { createTranslator } from "./translator";

/** Every string's key, plural forms folded into their base key (`x_one`, `x_other` → `x`). */
function baseKeys(node: Record<string, unknown>, prefix = ""): string[] {
  const keys = new Set<string>();
  for (const [name, value] of Object.entries(node)) {
    const path = `${prefix}${name.replace(/_(zero|one|two|few|many|other)$/, "")}`;
    if (typeof value === "string") keys.add(path);
    else for (const key of baseKeys(value as Record<string, unknown>, `${path}.`)) keys.add(key);
  }
  return [...keys];
}

function rawString(translation: unknown, key: string): string {
  let node = translation;
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === "string" ? node : "";
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)/g)].map((m) => m[1]!);
}

describe.each([
  ["en", en],
  ["he", he],
] as const)("the components' translator in %s", (locale, translation) => {
  const i18next = createI18n(locale, translation);
  const ours = createTranslator(locale, translation);
  const reference = i18next.t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const t = ours.t as unknown as (key: string, options?: Record<string, unknown>) => string;

  it("gives i18next's answer for every string, every plural form and every placeholder", () => {
    const keys = baseKeys(translation as unknown as Record<string, unknown>);
    expect(keys.length).toBeGreaterThan(400);
    let compared = 0;
    for (const key of keys) {
      expect(t(key), key).toBe(reference(key));
      const names = new Set(
        ["", "_one", "_two", "_other"].flatMap((suffix) => placeholders(rawString(translation, `${key}${suffix}`))),
      );
      for (const count of [0, 1, 2, 3, 5, 11, 21, 100, 1024, 1_000_000]) {
        const values: Record<string, unknown> = { count, title: "React", name: "Dana", n: count, total: 1234 };
        for (const name of names) values[name] ??= `<${name}>`;
        for (const name of ["position", "number", "rating", "score", "page"]) values[name] = count;
        expect(t(key, values), `${key} count=${count}`).toBe(reference(key, values));
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(4000);
  });

  it("answers the key itself for a missing string, and keeps a placeholder with no value, as i18next does", () => {
    expect(t("no.such.key")).toBe(reference("no.such.key"));
    expect(t("no.such.key", { count: 2 })).toBe(reference("no.such.key", { count: 2 }));
    expect(t("footer.galleryImage", {})).toBe(reference("footer.galleryImage", {}));
    expect(t("footer.galleryImage", { n: 3 })).toBe(reference("footer.galleryImage", { n: 3 }));
  });
});
