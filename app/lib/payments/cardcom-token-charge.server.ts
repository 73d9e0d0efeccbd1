import { z } from "zod";
import { CardcomApi, CardcomError, COIN_IDS, toAmount, toCents, type CardcomCredentials } from "./cardcom-api.server";

/**
 * A plan's renewal charged to the card Cardcom kept for it (issue 33, decision 0049): one
 * `Transactions/Transaction` with the token and the card's expiry (TransactionReq in Cardcom's OpenAPI
 * document, "CardCom API" 11.0). A token charge takes no ApiPassword: TransactionReq has no such field,
 * and `Advanced.ApiPassword` is "Required only if 'IsRefund' is true".
 *
 * Never twice: every charge carries Lomda's own id for it, `ExternalUniqTranId` ("send your uniq
 * transaction id to prevent duplication of transaction. if the same ExternalUniqTranId will be send you
 * will receive an error code 608"). A caller that did not hear the answer (a cut connection, a timeout)
 * sends the same id again: Cardcom refuses the second charge with 608, and
 * `Transactions/GetTransactionByExternalUniqTran` ("use to validate if there is a successful transaction
 * using the External UniqTranId parameter") tells whether the first went through. Lomda also sets
 * `ExternalUniqUniqTranIdResponse`, the flag the document names beside it (its effect is not described
 * beyond that): should Cardcom answer a repeat with the first charge's own answer, that is read as it.
 */

export type TokenChargeOutcome =
  /** Charged: Cardcom's transaction (what its reports and a refund name). */
  | { outcome: "paid"; transactionId: string }
  /** Cardcom answered and did not charge: a declined card, a refused token, an invalid request. */
  | { outcome: "declined"; problem: string }
  /** No answer to go by (network, timeout, 5xx, an unreadable body): it may or may not have been charged. */
  | { outcome: "unknown"; problem: string };

export interface TokenCharge {
  /** Cardcom's token for the card (a GUID) and the card's expiry, MMYY. */
  token: string;
  expiry: string;
  amountCents: number;
  currency: string;
  /** Lomda's id for this charge (ExternalUniqTranId): the same on a retry of the same attempt. */
  chargeRef: string;
}

/** Cardcom's answer when an ExternalUniqTranId was sent before. */
export const DUPLICATE_CHARGE = 608;

/** TransactionInfo, reduced to the outcome and the amount: zod drops the card's digits and owner. */
const transactionAnswer = z.object({
  ResponseCode: z.number().int(),
  Description: z.string().nullish(),
  TranzactionId: z.number().int().nullish(),
  TerminalNumber: z.number().int().nullish(),
  Amount: z.number().nullish(),
  CoinId: z.number().int().nullish(),
  IsRefund: z.boolean().nullish(),
});
type TransactionAnswer = z.infer<typeof transactionAnswer>;

export class CardcomTokenCharges {
  private readonly api: CardcomApi;

  constructor(credentials: CardcomCredentials | CardcomApi) {
    this.api = credentials instanceof CardcomApi ? credentials : new CardcomApi(credentials);
  }

  async charge(charge: TokenCharge): Promise<TokenChargeOutcome> {
    const coin = COIN_IDS.get(charge.currency);
    if (coin === undefined) return { outcome: "declined", problem: `no Cardcom coin for ${charge.currency}` };
    const path = "Transactions/Transaction";
    const answer = await this.ask(path, {
      ...this.api.user,
      Amount: toAmount(charge.amountCents),
      Token: charge.token,
      CardExpirationMMYY: charge.expiry,
      ISOCoinId: coin,
      ExternalUniqTranId: charge.chargeRef,
      ExternalUniqUniqTranIdResponse: true,
    });
    if ("outcome" in answer) return answer;
    if (answer.data?.ResponseCode === DUPLICATE_CHARGE) return this.readBack(charge, coin);
    return this.judge(path, answer, charge, coin);
  }

  /** Whether the charge with this ExternalUniqTranId went through (after a 608). */
  private async readBack(charge: TokenCharge, coin: number): Promise<TokenChargeOutcome> {
    const path = "Transactions/GetTransactionByExternalUniqTran";
    const answer = await this.ask(path, { ...this.api.user, ExternalUniqTranId: charge.chargeRef });
    if ("outcome" in answer) return answer;
    const judged = this.judge(path, answer, charge, coin);
    // No successful charge under this id: the first attempt did not go through (the next one takes a new id).
    return judged.outcome === "declined"
      ? { outcome: "declined", problem: `an earlier charge with this id did not go through (${judged.problem})` }
      : judged;
  }

  /** One call: its status and parsed body, or the outcome when there is nothing to read. */
  private async ask(
    path: string,
    payload: object,
  ): Promise<{ status: number; data: TransactionAnswer | null; body: unknown } | TokenChargeOutcome> {
    let status: number;
    let body: unknown;
    try {
      ({ status, body } = await this.api.call(path, payload));
    } catch (error) {
      if (error instanceof CardcomError) return { outcome: "unknown", problem: error.message };
      throw error;
    }
    // A server error or a bad user name (Lomda's set-up, not the card) says nothing about the charge.
    if (status >= 500 || status === 401) return { outcome: "unknown", problem: `${path} answered ${status}` };
    const parsed = transactionAnswer.safeParse(body);
    return { status, data: parsed.success ? parsed.data : null, body };
  }

  private judge(
    path: string,
    answer: { status: number; data: TransactionAnswer | null; body: unknown },
    charge: TokenCharge,
    coin: number,
  ): TokenChargeOutcome {
    const { status, data } = answer;
    if (!data) {
      const refused = status >= 400 && status < 500;
      return {
        outcome: refused ? "declined" : "unknown",
        problem: `${path} answered ${status} ${refused ? "(refused)" : "with a body that is not a transaction"}`,
      };
    }
    const said = `${data.ResponseCode} ${data.Description ?? ""}`.trim();
    if (status !== 200 || data.ResponseCode !== 0) return { outcome: "declined", problem: `${path}: ${said}` };
    const terminal = this.api.credentials.terminal;
    if (data.TranzactionId == null) return { outcome: "unknown", problem: `${path}: success without a transaction` };
    if ((data.TerminalNumber ?? terminal) !== terminal || data.IsRefund)
      return { outcome: "unknown", problem: `${path}: another terminal's or a refund's transaction` };
    // The amount and currency charged are what Lomda asked; anything else is for a person to look at.
    if (toCents(data.Amount) !== charge.amountCents || (data.CoinId ?? coin) !== coin)
      return {
        outcome: "unknown",
        problem: `${path}: transaction ${data.TranzactionId} of ${data.Amount ?? "?"} (coin ${data.CoinId ?? "?"})`,
      };
    return { outcome: "paid", transactionId: String(data.TranzactionId) };
  }
}
