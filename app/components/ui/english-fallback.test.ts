import { describe, expect, it } from "vitest";
import { englishFallback } from "./english-fallback";

describe("englishFallback", () => {
  it("marks a text without Hebrew letters on a Hebrew page as English, left to right", () => {
    for (const text of ["Learn testing.", "React (hooks)", "SQL?"])
      expect(englishFallback(text, "he"), text).toEqual({ lang: "en", dir: "ltr", "data-english-fallback": "" });
  });
  it("leaves Hebrew text alone, even when it starts with a Latin word, and every English page", () => {
    for (const text of ["לומדים React.", "React בעברית", "MongoDB ו-Mongoose", "", "2024", "—"])
      expect(englishFallback(text, "he"), text).toBeUndefined();
    expect(englishFallback("Learn testing.", "en")).toBeUndefined();
    expect(englishFallback(null, "he")).toBeUndefined();
  });
});
