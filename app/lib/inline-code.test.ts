import { describe, expect, it } from "vitest";
import { looksLikeCode, splitInlineCode } from "./inline-code";

describe("splitInlineCode", () => {
  it("marks the spans between backticks as code", () => {
    expect(splitInlineCode("אם דורסים את `equals()` במחלקה, מה עם `hashCode()`?")).toEqual([
      { text: "אם דורסים את ", code: false },
      { text: "equals()", code: true },
      { text: " במחלקה, מה עם ", code: false },
      { text: "hashCode()", code: true },
      { text: "?", code: false },
    ]);
  });

  it("keeps text without code, a lone backtick and an empty pair as typed", () => {
    expect(splitInlineCode("What does this code print?")).toEqual([
      { text: "What does this code print?", code: false },
    ]);
    expect(splitInlineCode("a ` b")).toEqual([{ text: "a ` b", code: false }]);
    expect(splitInlineCode("a `` b `c`")).toEqual([
      { text: "a `` b ", code: false },
      { text: "c", code: true },
    ]);
    expect(splitInlineCode("`x`")).toEqual([{ text: "x", code: true }]);
    expect(splitInlineCode("")).toEqual([]);
  });
});

describe("looksLikeCode", () => {
  it("is true for code-like answers and false for prose in either language", () => {
    for (const code of [
      "hashCode()",
      "DELETE /users/42",
      "[20, 40]",
      "#header",
      "1 5 { c: 3, d: 4 }",
      "HashSet",
      'import add, { PI } from "./math.js";',
      'import add, PI from "./math.js";',
      "GET /deleteUser?id=42",
    ])
      expect(looksLikeCode(code), code).toBe(true);
    for (const prose of [
      "Compilation error",
      "שגיאת קומפילציה",
      "מודפס `undefined`",
      "It prints 5",
      "3 3.0",
      "Props are passed in by the parent and are read-only for the component; state is owned and updated by the component",
      "Store the response but revalidate it with the server before each use",
      "Only when System.gc() is called",
      "package-private (no modifier)",
    ])
      expect(looksLikeCode(prose), prose).toBe(false);
  });
});
