import { describe, expect, it } from "vitest";
import { safeReturnTo } from "./http";

describe("safeReturnTo", () => {
  it("keeps same-origin paths with their query and hash", () => {
    expect(safeReturnTo("/courses?x=1#top")).toBe("/courses?x=1#top");
    expect(safeReturnTo("/a/../about")).toBe("/about");
  });

  it("refuses anything that could leave the site, before and after normalising", () => {
    for (const value of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "/.//evil.example",
      "/..//evil.example",
      "/a/..//evil.example",
      "/%2e//evil.example",
      "/././/evil.example/path?x=1",
      "/\u0000evil",
      "about",
      "",
      null,
      42,
    ]) {
      expect(safeReturnTo(value), String(value)).toBe("/");
    }
  });
});
