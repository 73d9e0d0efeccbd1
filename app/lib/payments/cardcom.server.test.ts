import { describe, expect, it } from "vitest";
import { toAmount, toCents } from "./cardcom-api.server";
import { CardcomProvider } from "./cardcom.server";
import { InvalidNoticeError } from "./provider.server";

describe("Cardcom's amounts and agorot", () => {
  it("agorot go out as a decimal amount and come back only as whole agorot", () => {
    expect([toAmount(4900), toAmount(12345), toAmount(1)]).toEqual([49, 123.45, 0.01]);
    expect([toCents(49), toCents(123.45), toCents(10.5), toCents(0.07)]).toEqual([4900, 12345, 1050, 7]);
    expect([toCents(10.555), toCents(Number.NaN), toCents(null), toCents(undefined)]).toEqual([null, null, null, null]);
  });
});

describe("what Lomda takes from Cardcom's notification", () => {
  const cardcom = new CardcomProvider({
    terminal: 1000,
    apiName: "test2025",
    apiPassword: null,
    apiUrl: "https://secure.cardcom.solutions",
    webhookUrl: "https://lomda.example/webhooks/cardcom",
  });
  const id = "8C92820A-2F6F-4120-A699-AB1969B2F78B";

  it("only the deal's id (LowProfileId, or the older lowprofilecode), and only for this terminal", () => {
    expect(cardcom.readNotice({ LowProfileId: id, ResponseCode: 0, TranzactionInfo: { Amount: 1 } })).toBe(
      id.toLowerCase(),
    );
    expect(cardcom.readNotice({ terminalnumber: "1000", lowprofilecode: id })).toBe(id.toLowerCase());
    for (const body of [
      null,
      [],
      "x",
      {},
      { LowProfileId: 42 },
      { LowProfileId: `${id} ` },
      { LowProfileId: id, TerminalNumber: 1001 },
      JSON.parse(`{"__proto__": {"LowProfileId": "${id}"}}`) as unknown,
    ])
      expect(() => cardcom.readNotice(body), JSON.stringify(body)).toThrow(InvalidNoticeError);
  });
});
