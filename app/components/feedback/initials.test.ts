import { describe, expect, it } from "vitest";
import { initialsOf } from "./initials";

describe("initials for the avatar", () => {
  it("takes the first letters of the first and last words, in any script", () => {
    expect(initialsOf("Dana Levi")).toBe("DL");
    expect(initialsOf("  ada   lovelace byron ")).toBe("AB");
    expect(initialsOf("דנה לוי")).toBe("דל");
    expect(initialsOf("Ada")).toBe("A");
    expect(initialsOf("émile zola")).toBe("ÉZ");
    expect(initialsOf("😀 Smile")).toBe("😀S");
    expect(initialsOf("   ")).toBe("");
  });
});
