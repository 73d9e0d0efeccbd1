import { describe, expect, it } from "vitest";
import { hasControlCharacters, jsonHasControlCharacters, urlHasControlCharacters } from "./control-characters";

describe("control characters", () => {
  it("finds the ones no field takes, and lets tabs, new lines and every script through", () => {
    for (const bad of ["a\u0000b", "\u0007", "x\u001By", "\u007F", "\u0085", "\u009F", "\u000B", "\u000C"])
      expect(hasControlCharacters(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ["", "tab\there", "line\nnext\r\n", "שלום", "😀", "\u200F\u202E rtl marks", "\\u0000 as text"])
      expect(hasControlCharacters(good), JSON.stringify(good)).toBe(false);
  });

  it("looks into every string of a JSON value, keys too", () => {
    expect(jsonHasControlCharacters({ name: "a", list: [1, "b\u0000"] })).toBe(true);
    expect(jsonHasControlCharacters({ "k\u0001": "v" })).toBe(true);
    expect(jsonHasControlCharacters({ name: "a", n: 1, ok: true, none: null, text: "\\u0000" })).toBe(false);
  });

  it("finds percent-encoded ones in a URL, not the characters that look like them", () => {
    for (const url of ["/a%00b", "/x?q=%0a", "/x?q=%1F", "/x?q=%7f"])
      expect(urlHasControlCharacters(url), url).toBe(true);
    for (const url of ["/a%20b", "/x?q=%2F%3D", "/x?q=%C3%A9", "/x?q=100%25"])
      expect(urlHasControlCharacters(url), url).toBe(false);
  });
});
