import { describe, expect, it } from "vitest";
import { starFills } from "./star-fill";

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
