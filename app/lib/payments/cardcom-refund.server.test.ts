import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startCardcomStandin,
  TEST_API_NAME,
  TEST_API_PASSWORD,
  TEST_TERMINAL,
  type CardcomStandin,
} from "../../../tests/support/cardcom-standin.ts";
import { CardcomApi, CardcomError } from "./cardcom-api.server";
import { refundCardcomTransaction } from "./cardcom-refund.server";
import { RefundRefusedError } from "./provider.server";

/**
 * Transactions/RefundByTransactionId against the stand-in (decision 0050): what is sent for a whole
 * and a partial refund, and which answers are Cardcom's "no" (nothing refunded) rather than no answer.
 */
describe("Cardcom's refund of a transaction", () => {
  let cardcom: CardcomStandin;
  let transactionId: string;
  const api = (overrides: { apiPassword?: string | null; apiUrl?: string } = {}) =>
    new CardcomApi({
      terminal: TEST_TERMINAL,
      apiName: TEST_API_NAME,
      apiPassword: TEST_API_PASSWORD,
      apiUrl: cardcom.url,
      ...overrides,
    });
  const request = (amountCents: number, whole = false, paymentRef = transactionId) => ({
    paymentRef,
    amountCents,
    currency: "ILS",
    whole,
    idempotencyKey: "unused-by-cardcom",
  });

  beforeAll(async () => {
    cardcom = await startCardcomStandin();
    // A deal paid on the stand-in's page: ₪100.00.
    const created = await api().call("LowProfile/Create", {
      ...api().user,
      Amount: 100,
      SuccessRedirectUrl: "https://lomda.example/ok",
      FailedRedirectUrl: "https://lomda.example/no",
      WebHookUrl: "http://127.0.0.1:9/hook",
    });
    const lowProfileId = (created.body as { LowProfileId: string }).LowProfileId;
    transactionId = String((await cardcom.pay(lowProfileId)).transactionId);
  });
  afterAll(async () => cardcom?.close());

  it("sends PartialSum with AllowMultipleRefunds for a part, and answers the refund's own transaction", async () => {
    const first = await refundCardcomTransaction(api(), request(2550));
    expect(first.id).toMatch(/^\d+$/);
    expect(first.id).not.toBe(transactionId);
    expect(cardcom.refunds.at(-1)!.request).toEqual({
      ApiName: TEST_API_NAME,
      ApiPassword: TEST_API_PASSWORD,
      TransactionId: Number(transactionId),
      PartialSum: 25.5,
      AllowMultipleRefunds: true,
    });
  });

  it("reads Cardcom's refusals as refusals: more than is left, a wrong password, an unknown transaction", async () => {
    await expect(refundCardcomTransaction(api(), request(7451))).rejects.toThrow(RefundRefusedError);
    await expect(refundCardcomTransaction(api({ apiPassword: "wrong" }), request(100))).rejects.toThrow(
      new RefundRefusedError("401 2 Invalid username"),
    );
    await expect(refundCardcomTransaction(api(), request(100, false, "999999999"))).rejects.toThrow(RefundRefusedError);
    await expect(refundCardcomTransaction(api(), request(100, false, "not-a-number"))).rejects.toThrow(
      RefundRefusedError,
    );
    expect(cardcom.refunds.map((r) => r.amountCents)).toEqual([2550]);
  });

  it("without the password it asks nothing; with no answer it is an error, not a refusal", async () => {
    const asked = cardcom.state.requests.length;
    await expect(refundCardcomTransaction(api({ apiPassword: null }), request(100))).rejects.toThrow(CardcomError);
    expect(cardcom.state.requests.length).toBe(asked);
    const error = await refundCardcomTransaction(api({ apiUrl: "http://127.0.0.1:9" }), request(100)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CardcomError);
    expect(error).not.toBeInstanceOf(RefundRefusedError);
  });
});
