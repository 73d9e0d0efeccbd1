import { describe, expect, it } from "vitest";
import { isCommonPassword, passwordProblem } from "./password-policy.server";

describe("the password rule", () => {
  it("refuses short, overlong and common passwords, and accepts an uncommon long one", () => {
    expect(passwordProblem("short-pass1")).toBe("tooShort");
    expect(passwordProblem("x".repeat(201))).toBe("tooLong");
    for (const common of [
      "123qweasdzxc",
      "qwerty123456",
      "Password1234",
      "passwordpassword",
      "iloveyou!!!!!!",
      "123456789012",
      "aaaaaaaaaaaa",
      "abcabcabcabc",
      "!!Football2024",
    ]) {
      expect(passwordProblem(common), common).toBe("common");
    }
    expect(passwordProblem("violet-kettle-harbour-7")).toBeNull();
    expect(passwordProblem("גשם בחיפה ביום שלישי")).toBeNull();
  });

  it("counts characters, not bytes (a 12-letter Hebrew password is long enough)", () => {
    expect(passwordProblem("שלוםעולםטובה")).toBeNull();
    expect(isCommonPassword("שלוםעולםטובה")).toBe(false);
  });
});
