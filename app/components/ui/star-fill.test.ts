import { describe, expect, it } from "vitest";
import { ROW_WIDTH, filledWidth, starFills } from "./star-fill";

describe("starFills", () => {
  it("fills whole stars, then the fraction of the next", () => {
    expect(starFills(4.7)).toEqual([100, 100, 100, 100, 70]);
    expect(starFills(3.25)).toEqual([100, 100, 100, 25, 0]);
    expect(starFills(0.5)).toEqual([50, 0, 0, 0, 0]);
  });

  it("fills whole numbers exactly", () => {
    expect(starFills(5)).toEqual([100, 100, 100, 100, 100]);
    expect(starFills(4)).toEqual([100, 100, 100, 100, 0]);
    expect(starFills(0)).toEqual([0, 0, 0, 0, 0]);
  });

  it("clamps what is out of range or not a number", () => {
    expect(starFills(7)).toEqual([100, 100, 100, 100, 100]);
    expect(starFills(-1)).toEqual([0, 0, 0, 0, 0]);
    expect(starFills(Number.NaN)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe("filledWidth", () => {
  it("reaches past the whole stars and their gaps, then into the next star", () => {
    expect(filledWidth(4.7)).toBe(4 * 22.5 + 14);
    expect(filledWidth(4.9)).toBe(108);
    expect(filledWidth(3.25)).toBe(3 * 22.5 + 5);
    expect(filledWidth(0.5)).toBe(10);
  });

  it("is the whole row at 5 and nothing at 0 or below", () => {
    expect(filledWidth(5)).toBe(ROW_WIDTH);
    expect(ROW_WIDTH).toBe(110);
    expect(filledWidth(4)).toBe(90);
    expect(filledWidth(0)).toBe(0);
    expect(filledWidth(-3)).toBe(0);
    expect(filledWidth(Number.NaN)).toBe(0);
  });
});
