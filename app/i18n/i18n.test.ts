import { describe, expect, it, vi } from "vitest";
import { en } from "./en";
import { he } from "./he";
import { createI18n } from "./i18n";
import { fromAcceptLanguage, resolveLocale } from "./locale";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value === "string") return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

/** "{{count, number}}" → "count, number": the name and its format, so both must match. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*(?:,\s*([^}]*?))?\s*\}\}/g)].map((m) => (m[2] ? `${m[1]}, ${m[2]}` : m[1]!));
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Keys with plural forms grouped under their base key: { "video.count": { one: "…", other: "…" }, "nav.home": { "": "Home" } }. */
function groups(translation: object): Map<string, Record<string, string>> {
  const result = new Map<string, Record<string, string>>();
  for (const key of keys(translation)) {
    const text = key.split(".").reduce<any>((o, p) => o[p], translation) as string;
    const form = PLURAL.exec(key)?.[1] ?? "";
    const base = form ? key.slice(0, -form.length - 1) : key;
    result.set(base, { ...result.get(base), [form]: text });
  }
  return result;
}

/** Problems with the key sets: the same base keys, and the plural forms each language needs. */
function keyProblems(reference: object, hebrew: object): string[] {
  const enGroups = groups(reference);
  const heGroups = groups(hebrew);
  const problems: string[] = [];
  for (const base of new Set([...enGroups.keys(), ...heGroups.keys()])) {
    const enForms = enGroups.get(base);
    const heForms = heGroups.get(base);
    if (!enForms) problems.push(`${base}: only in Hebrew`);
    else if (!heForms) problems.push(`${base}: missing in Hebrew`);
    else {
      const enPlural = Object.keys(enForms).some(Boolean);
      const hePlural = Object.keys(heForms).some(Boolean);
      if (enPlural !== hePlural) {
        problems.push(`${base}: plural in one language only`);
        continue;
      }
      if (!enPlural) continue;
      const want = (forms: Record<string, string>, needed: string[], lang: string) => {
        const have = Object.keys(forms).sort().join(",");
        if (have !== [...needed].sort().join(","))
          problems.push(`${base}: ${lang} has forms [${have}], needs [${needed.join(",")}]`);
      };
      want(enForms, ["one", "other"], "English");
      want(heForms, ["one", "two", "other"], "Hebrew");
    }
  }
  return problems;
}

describe("translations", () => {
  it("have the same keys in English and Hebrew, a plural group x_one/x_other counting as key x", () => {
    expect(keyProblems(en, he)).toEqual([]);
  });

  it("require English one/other and Hebrew one/two/other for a pluralised key", () => {
    const enOk = { a: { n_one: "1 thing", n_other: "{{count}} things", plain: "x" } };
    const heOk = { a: { n_one: "דבר אחד", n_two: "שני דברים", n_other: "{{count}} דברים", plain: "x" } };
    expect(keyProblems(enOk, heOk)).toEqual([]);
    expect(keyProblems({ a: { n_other: "{{count}} things", plain: "x" } }, heOk)).toEqual([
      "a.n: English has forms [other], needs [one,other]",
    ]);
    expect(keyProblems(enOk, { a: { n_one: "דבר אחד", n_other: "{{count}} דברים", plain: "x" } })).toEqual([
      "a.n: Hebrew has forms [one,other], needs [one,two,other]",
    ]);
    expect(keyProblems(enOk, { a: { n: "{{count}} דברים", plain: "x" } })).toEqual([
      "a.n: plural in one language only",
    ]);
    expect(keyProblems(enOk, { a: { n_one: "x", n_two: "x", n_other: "x" } })).toEqual(["a.plain: missing in Hebrew"]);
  });

  it("agree with Intl: English plurals are one/other, Hebrew one/two/other", () => {
    expect(new Intl.PluralRules("en").resolvedOptions().pluralCategories.sort()).toEqual(["one", "other"]);
    expect(new Intl.PluralRules("he").resolvedOptions().pluralCategories.sort()).toEqual(["one", "other", "two"]);
  });

  it("use the same placeholders in both languages and leave no string empty", () => {
    const enGroups = groups(en);
    for (const [base, heForms] of groups(he)) {
      const enForms = enGroups.get(base)!;
      const enTexts = Object.values(enForms);
      const heTexts = Object.values(heForms);
      for (const text of [...enTexts, ...heTexts]) expect(text.trim(), base).not.toBe("");
      const union = (texts: string[]) => [...new Set(texts.flatMap(placeholders))].sort();
      if (!("" in enForms)) {
        // Plural forms may leave the count out ("סרטון אחד"), but use no placeholder English does not.
        const enUnion = union(enTexts).filter((p) => !p.startsWith("count"));
        expect(
          union(heTexts).filter((p) => !p.startsWith("count")),
          base,
        ).toEqual(enUnion);
        for (const text of heTexts)
          expect(enUnion.concat(union(enTexts)), base).toEqual(expect.arrayContaining(placeholders(text)));
      } else {
        expect(union(heTexts), base).toEqual(union(enTexts));
      }
      // Counts always render formatted ("1,024"), never raw.
      for (const text of [...enTexts, ...heTexts]) expect(placeholders(text), base).not.toContain("count");
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
    expect(resolveLocale(request("http://x/?lng=HE"), {})).toEqual({ locale: "he", fromQuery: true });
    expect(resolveLocale(request("http://x/?lng=he%0d%0aSet-Cookie:x"), {}).fromQuery).toBe(false);
  });

  it("honours q-values and the old code iw", () => {
    expect(fromAcceptLanguage("en;q=0.5, he;q=0.9")).toBe("he");
    expect(fromAcceptLanguage("iw")).toBe("he");
    expect(fromAcceptLanguage("he;q=0, en")).toBe("en");
    expect(fromAcceptLanguage("")).toBeUndefined();
  });
});

describe("plural forms through the real instances", () => {
  const enT = createI18n("en", en).t;
  const heT = createI18n("he", he).t;

  it("say 1 video / 2 videos / 1,024 videos in English", () => {
    expect(enT("video.count", { count: 1 })).toBe("1 video");
    expect(enT("video.count", { count: 2 })).toBe("2 videos");
    expect(enT("video.count", { count: 5 })).toBe("5 videos");
    expect(enT("video.count", { count: 1024 })).toBe("1,024 videos");
    expect(enT("video.count", { count: 0 })).toBe("0 videos");
    expect(enT("card.students", { count: 1 })).toBe("1 Student");
    expect(enT("card.students", { count: 1024 })).toBe("1,024 Students");
    expect(enT("rating.withReviews", { rating: "4.5", count: 1 })).toBe("Rated 4.5 out of 5, 1 review");
    expect(enT("rating.withReviews", { rating: "4.7", count: 1024 })).toBe("Rated 4.7 out of 5, 1,024 reviews");
    expect(enT("video.lockedHeading", { count: 29 })).toBe("29 locked videos");
    expect(enT("card.hours", { count: 9.5, hours: "9.50" })).toBe("9.50 Hours");
    expect(enT("test.questions", { count: 1 })).toBe("1 question");
    expect(enT("library.tooMany", { count: 1 })).toBe("Too many searches. Please wait 1 second and try again.");
    expect(enT("feedback.stars", { count: 1 })).toBe("1 Star");
    expect(enT("feedback.stars", { count: 3 })).toBe("3 Stars");
  });

  it("use the Hebrew one, two (dual where the word has one) and other forms", () => {
    expect(heT("video.count", { count: 1 })).toBe("סרטון אחד");
    expect(heT("video.count", { count: 2 })).toBe("שני סרטונים");
    expect(heT("video.count", { count: 5 })).toBe("5 סרטונים");
    expect(heT("video.count", { count: 1024 })).toBe("1,024 סרטונים");
    expect(heT("video.count", { count: 0 })).toBe("0 סרטונים");
    expect(heT("card.students", { count: 1 })).toBe("תלמיד אחד");
    expect(heT("card.students", { count: 335 })).toBe("335 תלמידים");
    expect(heT("card.hours", { count: 1, hours: "1.00" })).toBe("שעה אחת");
    expect(heT("card.hours", { count: 2, hours: "2.00" })).toBe("שעתיים");
    expect(heT("card.hours", { count: 9.5, hours: "9.50" })).toBe("9.50 שעות");
    expect(heT("test.questions", { count: 2 })).toBe("שתי שאלות");
    expect(heT("rating.withReviews", { rating: "4.5", count: 1 })).toBe("דירוג 4.5 מתוך 5, ביקורת אחת");
    expect(heT("rating.withReviews", { rating: "4.7", count: 2 })).toBe("דירוג 4.7 מתוך 5, שתי ביקורות");
    expect(heT("video.lockedHeadingMore", { count: 2 })).toBe("עוד שני סרטונים, למנויים");
    expect(heT("feedback.tooMany", { count: 2 })).toBe("יותר מדי שליחות. נסו שוב בעוד שתי שניות.");
    expect(heT("feedback.tooMany", { count: 60 })).toBe("יותר מדי שליחות. נסו שוב בעוד 60 שניות.");
    // Feedback, not reviews: the course reviews are another list.
    expect(enT("feedback.summary", { count: 1, average: 4 })).toBe("Feedback: 1 post · average 4 out of 5");
    expect(heT("feedback.summary", { count: 1, average: 4 })).toBe("משוב אחד · ממוצע 4 מתוך 5");
    expect(heT("feedback.summary", { count: 2, average: 4.5 })).toBe("שני משובים · ממוצע 4.5 מתוך 5");
    expect(heT("feedback.summary", { count: 12, average: 4.5 })).toBe("12 משובים · ממוצע 4.5 מתוך 5");
  });

  it("format other numbers in sentences and leave years alone", () => {
    expect(enT("feedback.summary", { count: 1024, average: 4.25 })).toBe(
      "Feedback: 1,024 posts · average 4.25 out of 5",
    );
    expect(heT("admin.newsletter", { count: 12345 })).toBe("נרשמים לניוזלטר: 12,345");
    expect(enT("footer.copyright", { year: 2026 })).toBe("© 2026 Lomda. All rights reserved.");
  });

  it("looks a key asked for without options up once, and one with options every time", () => {
    const i18n = createI18n("en", en);
    // i18next does its lookups in its Translator (not in its public types).
    const translate = vi.spyOn(
      (i18n as unknown as { translator: { translate: () => string } }).translator,
      "translate",
    );
    expect(i18n.t("site.name")).toBe(en.site.name);
    expect(i18n.t("site.name")).toBe(en.site.name);
    expect(translate).toHaveBeenCalledTimes(1);
    const one = i18n.t("card.students", { count: 1 });
    const many = i18n.t("card.students", { count: 3 });
    expect(translate).toHaveBeenCalledTimes(3);
    expect(one).not.toBe(many);
  });
});
