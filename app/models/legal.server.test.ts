import { describe, expect, it } from "vitest";
import { span } from "./legal.server";

describe("the privacy notice's times", () => {
  it("words a time in whole days, else whole hours, else seconds", () => {
    expect(span(7 * 86_400)).toEqual({ unit: "days", count: 7 });
    expect(span(72 * 3600)).toEqual({ unit: "days", count: 3 });
    expect(span(3600)).toEqual({ unit: "hours", count: 1 });
    expect(span(36 * 3600)).toEqual({ unit: "hours", count: 36 });
    expect(span(60)).toEqual({ unit: "seconds", count: 60 });
  });
});
