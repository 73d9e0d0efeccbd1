import { describe, expect, it } from "vitest";
import {
  cancellationFee,
  cancellationWindow,
  feeCap,
  refundDue,
  SHEKEL_FEE_CAP_AGOROT,
  withinCancellationWindow,
} from "./cancellation";

describe("the cancellation fee (5 % or ₪100, whichever is less)", () => {
  it("is 5 % of a price below the cap, rounded down to a whole agora or cent", () => {
    expect(cancellationFee(10_000, "ILS")).toBe(500); // ₪100 → ₪5
    expect(cancellationFee(4_900, "USD")).toBe(245); // $49 → $2.45
    // 5 % of ₪0.39 is 1.95 agorot: 1, in the buyer's favour.
    expect(cancellationFee(39, "ILS")).toBe(1);
    expect(cancellationFee(19, "ILS")).toBe(0);
    expect(cancellationFee(24_999, "USD")).toBe(1_249);
    expect(refundDue(24_999, "USD")).toBe(24_999 - 1_249);
  });

  it("is ₪100 at most, however dear the purchase", () => {
    expect(SHEKEL_FEE_CAP_AGOROT).toBe(10_000);
    // ₪2,000 is where 5 % reaches the cap.
    expect(cancellationFee(199_999, "ILS")).toBe(9_999);
    expect(cancellationFee(200_000, "ILS")).toBe(10_000);
    expect(cancellationFee(200_020, "ILS")).toBe(10_000);
    expect(cancellationFee(1_000_000, "ILS")).toBe(10_000);
    expect(refundDue(1_000_000, "ILS")).toBe(990_000);
  });

  it("caps a price in dollars at $20, below ₪100 while a dollar costs less than ₪5", () => {
    expect(feeCap("USD")).toBe(2_000);
    expect(cancellationFee(39_000, "USD")).toBe(1_950); // $390 a year → $19.50
    expect(cancellationFee(40_000, "USD")).toBe(2_000);
    expect(cancellationFee(99_900, "USD")).toBe(2_000);
  });

  it("is nothing for a currency the rule has no cap for, for nothing paid, or for a broken amount", () => {
    expect(feeCap("EUR")).toBe(0);
    expect(cancellationFee(10_000, "EUR")).toBe(0);
    expect(refundDue(10_000, "EUR")).toBe(10_000);
    expect(feeCap("constructor")).toBe(0);
    expect(cancellationFee(0, "ILS")).toBe(0);
    expect(cancellationFee(-500, "ILS")).toBe(0);
    expect(cancellationFee(12.5, "ILS")).toBe(0);
  });
});

describe("the 14 days (counted on Israel's calendar)", () => {
  it("run from the day of the purchase to the end of the 14th day after it", () => {
    // 10:00 in Israel (UTC+2) on March 1, 2027: the last day is March 15, until 23:59:59 in Israel.
    const bought = new Date("2027-03-01T08:00:00Z");
    expect(cancellationWindow(bought)).toEqual({
      lastDay: "2027-03-15",
      closesAt: new Date("2027-03-15T22:00:00Z"),
    });
    expect(withinCancellationWindow(bought, bought)).toBe(true);
    expect(withinCancellationWindow(bought, new Date("2027-03-15T21:59:59.999Z"))).toBe(true);
    expect(withinCancellationWindow(bought, new Date("2027-03-15T22:00:00Z"))).toBe(false);
    expect(withinCancellationWindow(bought, new Date("2027-04-01T00:00:00Z"))).toBe(false);
  });

  it("take the purchase's day in Israel, not in UTC: late at night it is already the next day", () => {
    // 23:30 UTC on Nov 30 is 01:30 on December 1 in Israel (UTC+2).
    const bought = new Date("2026-11-30T23:30:00Z");
    expect(cancellationWindow(bought).lastDay).toBe("2026-12-15");
    expect(withinCancellationWindow(bought, new Date("2026-12-15T21:59:59Z"))).toBe(true);
    expect(withinCancellationWindow(bought, new Date("2026-12-15T22:00:00Z"))).toBe(false);
  });

  it("end at Israel's midnight across a change of the clocks (summer time, UTC+3)", () => {
    // Bought on March 20, 2027 (winter time); the last day, April 3, is in summer time.
    const bought = new Date("2027-03-20T12:00:00Z");
    expect(cancellationWindow(bought)).toEqual({
      lastDay: "2027-04-03",
      closesAt: new Date("2027-04-03T21:00:00Z"),
    });
  });
});
