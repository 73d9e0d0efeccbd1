import { z } from "zod";
import { CardcomError, toAmount, type CardcomApi } from "./cardcom-api.server";
import { RefundRefusedError, type RefundRequest } from "./provider.server";

/**
 * Cardcom's refund of a charge (issue 33, decision 0050): `POST /api/v11/Transactions/RefundByTransactionId`
 * with `RefundByTransactionIdReq` of Cardcom's OpenAPI document ("CardCom API" 11.0): `ApiName`,
 * `ApiPassword` and `TransactionId` required; `PartialSum` ("Partial Sum for refund", a decimal) and
 * `AllowMultipleRefunds` ("Allow Multiple Refunds on the same transaction", default false) for part of
 * it, as the document's sample "Partial refund with the ability to refund partially from the
 * transaction sum" sends them. The answer, `RefundByTransactionIdResp`: `ResponseCode` ("if equel zero
 * then success"), `Description`, `NewTranzactionId` (the refund's own transaction); 400 ("Invalid
 * request") and 401 ("Invalid username") answer an `ErrorInfo`.
 *
 * Cardcom takes no idempotency key: Lomda's refund row, written before this call, is what keeps a
 * double submit from refunding twice. A call that is not answered is not repeated here.
 */

const refundAnswer = z.object({
  ResponseCode: z.number().int(),
  Description: z.string().nullish(),
  NewTranzactionId: z.number().int().nullish(),
});
const errorAnswer = z.object({ ResponseCode: z.number().int().nullish(), Description: z.string().nullish() });

const PATH = "Transactions/RefundByTransactionId";

/** Refunds a Cardcom transaction, all of it or `amountCents` of it; returns the refund's transaction id. */
export async function refundCardcomTransaction(api: CardcomApi, request: RefundRequest): Promise<{ id: string }> {
  if (!/^\d{1,18}$/.test(request.paymentRef))
    throw new RefundRefusedError(`not a Cardcom transaction: ${request.paymentRef}`);
  const { status, body } = await api.call(PATH, {
    ...api.passwordUser,
    TransactionId: Number(request.paymentRef),
    // The whole transaction as it is; otherwise the part, and allowing the refunds that may follow.
    ...(request.whole ? {} : { PartialSum: toAmount(request.amountCents), AllowMultipleRefunds: true }),
  });
  // A 4xx is Cardcom's answer, not a failure to reach it: nothing was refunded.
  if (status >= 400 && status < 500) {
    const error = errorAnswer.safeParse(body);
    const words = error.success ? `${error.data.ResponseCode ?? ""} ${error.data.Description ?? ""}`.trim() : "";
    throw new RefundRefusedError(`${status}${words ? ` ${words}` : ""}`);
  }
  const answer = refundAnswer.safeParse(body);
  if (status !== 200 || !answer.success) throw new CardcomError(`${PATH} answered ${status}`, status);
  const { ResponseCode, Description, NewTranzactionId } = answer.data;
  if (ResponseCode !== 0) throw new RefundRefusedError(`${ResponseCode} ${Description ?? ""}`.trim());
  if (NewTranzactionId == null) throw new CardcomError(`${PATH} answered success without NewTranzactionId`, status);
  return { id: String(NewTranzactionId) };
}
