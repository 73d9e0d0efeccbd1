import { z } from "zod";
import {
  CardcomApi,
  CardcomError,
  COIN_IDS,
  COINS,
  GUID,
  isTimeout,
  refusal,
  toAmount,
  toCents,
  type CardcomCredentials,
} from "./cardcom-api.server";
import { refundCardcomTransaction } from "./cardcom-refund.server";
import { CheckoutCache } from "./checkout-cache.server";
import {
  InvalidNoticeError,
  type CheckoutRequest,
  type ProviderDeal,
  type RefundRequest,
  type ReadBackProvider,
  type SavedCard,
} from "./provider.server";

/**
 * Cardcom's REST API v11 (issue 33, decision 0046), spoken with plain `fetch` and JSON: the hosted
 * payment page (`LowProfile/Create`, the buyer is redirected to its `Url`) and the read-back of its
 * deal (`LowProfile/GetLpResult`). Field names and shapes are those of Cardcom's OpenAPI document
 * ("CardCom API" 11.0) and its developer article on steps 1 and 2; the decision record lists them.
 *
 * Cardcom's notification (a POST of the deal to `WebHookUrl`) carries no signature, so nothing in it
 * is believed: `readNotice` takes only the deal's id from it, and `readDeal` asks Cardcom. No card
 * data ever reaches Lomda: the buyer types the card on Cardcom's page, and what is read back is
 * parsed through a schema that keeps only the deal's outcome, its amount, and a plan's token.
 */

export interface CardcomOptions extends CardcomCredentials {
  /** Where Cardcom notifies Lomda of a finished deal (WebHookUrl). */
  webhookUrl: string;
  /** How long a deal read back is reused (simultaneous notifications and thank-you pages share one call). */
  dealTtlMs?: number;
}

/** ProductName: 250 in the OpenAPI document, 50 in the developer article; the stricter holds. */
const PRODUCT_NAME_MAX = 50;
/** UIDefinition.CardOwnerEmailValue takes at most 50 characters. */
const EMAIL_MAX = 50;

const createAnswer = z.object({
  ResponseCode: z.number().int(),
  Description: z.string().nullish(),
  LowProfileId: z.string().nullish(),
  Url: z.string().nullish(),
});

/** LowProfileResult, reduced: zod drops every other field (the card's digits, the owner's name…). */
const dealAnswer = z.object({
  ResponseCode: z.number().int(),
  Description: z.string().nullish(),
  TerminalNumber: z.number().int().nullish(),
  LowProfileId: z.string().nullish(),
  ReturnValue: z.string().nullish(),
  Operation: z.string().nullish(),
  TokenInfo: z
    .object({
      Token: z.string().nullish(),
      TokenExDate: z.string().nullish(),
      CardYear: z.number().int().nullish(),
      CardMonth: z.number().int().nullish(),
    })
    .nullish(),
  TranzactionInfo: z
    .object({
      ResponseCode: z.number().int(),
      Description: z.string().nullish(),
      TranzactionId: z.number().int().nullish(),
      TerminalNumber: z.number().int().nullish(),
      Amount: z.number().nullish(),
      CoinId: z.number().int().nullish(),
      IsRefund: z.boolean().nullish(),
    })
    .nullish(),
});
type DealAnswer = z.infer<typeof dealAnswer>;

const sameId = (a: string | null | undefined, b: string) =>
  typeof a === "string" && a.toLowerCase() === b.toLowerCase();

export class CardcomProvider implements ReadBackProvider {
  readonly name = "cardcom";
  readonly confirmation = "read-back";
  private readonly options: CardcomOptions;
  private readonly api: CardcomApi;
  private readonly deals: CheckoutCache<ProviderDeal>;

  constructor(options: CardcomOptions) {
    this.options = options;
    this.api = new CardcomApi(options);
    this.deals = new CheckoutCache<ProviderDeal>({ ttlMs: options.dealTtlMs ?? 5_000 });
  }

  async createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }> {
    if (!request.orderId) throw new Error("a Cardcom checkout needs Lomda's order id (ReturnValue)");
    const coin = COIN_IDS.get(request.currency);
    if (coin === undefined) throw new Error(`Cardcom is not set up here for ${request.currency}`);
    const { status, body } = await this.api.call("LowProfile/Create", {
      ...this.api.user,
      // A plan's first payment keeps the card (a token) for the renewals Lomda will charge.
      Operation: request.kind === "subscription" ? "ChargeAndCreateToken" : "ChargeOnly",
      ReturnValue: request.orderId,
      Amount: toAmount(request.amountCents),
      SuccessRedirectUrl: request.successUrl,
      // A declined card and a buyer who turns back both leave with nothing charged.
      FailedRedirectUrl: request.cancelUrl,
      CancelRedirectUrl: request.cancelUrl,
      WebHookUrl: this.options.webhookUrl,
      ProductName: request.productName.slice(0, PRODUCT_NAME_MAX),
      Language: request.locale,
      ISOCoinId: coin,
      ...(request.email && request.email.length <= EMAIL_MAX
        ? { UIDefinition: { CardOwnerEmailValue: request.email } }
        : {}),
    });
    const answer = createAnswer.safeParse(body);
    if (status !== 200 || !answer.success) throw refusal("LowProfile/Create", status, body);
    const { ResponseCode, Description, LowProfileId, Url } = answer.data;
    if (ResponseCode !== 0 || !LowProfileId || !Url)
      throw new CardcomError(
        `LowProfile/Create refused: ${ResponseCode} ${Description ?? ""}`.trim(),
        status,
        ResponseCode,
      );
    // The buyer is sent there: only to Cardcom's own pages (CSP form-action allows that origin only).
    let page: URL;
    try {
      page = new URL(Url);
    } catch {
      throw new CardcomError("LowProfile/Create answered a page address that is not a URL", status);
    }
    if (page.origin !== this.api.origin)
      throw new CardcomError(`LowProfile/Create answered a page on another origin (${page.origin})`, status);
    return { id: LowProfileId, url: page.href };
  }

  /** Refunds need the API user's password (CARDCOM_API_PASSWORD). */
  get canRefund(): boolean {
    return this.options.apiPassword !== null && this.options.apiPassword !== "";
  }

  refund(request: RefundRequest): Promise<{ id: string }> {
    return refundCardcomTransaction(this.api, request);
  }

  readNotice(body: unknown): string {
    if (typeof body !== "object" || body === null || Array.isArray(body))
      throw new InvalidNoticeError("the notification is not an object");
    // Own properties only, by name in any case (the older API wrote "lowprofilecode"): nothing else is read.
    const fields = new Map(Object.keys(body).map((key) => [key.toLowerCase(), (body as Record<string, unknown>)[key]]));
    const id = fields.get("lowprofileid") ?? fields.get("lowprofilecode");
    if (typeof id !== "string" || !GUID.test(id)) throw new InvalidNoticeError("no LowProfileId in the notification");
    const terminal = fields.get("terminalnumber");
    if (terminal !== undefined && String(terminal) !== String(this.options.terminal))
      throw new InvalidNoticeError("the notification names another terminal");
    return id.toLowerCase();
  }

  readDeal(id: string): Promise<ProviderDeal | null> {
    return this.deals.read(id.toLowerCase(), () => this.fetchDeal(id));
  }

  private async fetchDeal(id: string): Promise<ProviderDeal | null> {
    const request = { ...this.api.user, LowProfileId: id };
    // A read changes nothing at Cardcom: once more after a network error or a 5xx (not after a
    // timeout: whoever waits has waited long enough).
    const first = await this.api.call("LowProfile/GetLpResult", request).catch((error: unknown) => {
      if (error instanceof CardcomError && error.status === null && !isTimeout(error)) return null;
      throw error;
    });
    const { status, body } =
      first === null || first.status >= 500 ? await this.api.call("LowProfile/GetLpResult", request) : first;
    // "Invalid request": no such page at this terminal.
    if (status === 400 || status === 404) return null;
    const parsed = dealAnswer.safeParse(body);
    if (status !== 200 || !parsed.success) throw refusal("LowProfile/GetLpResult", status, body);
    return this.deal(id, parsed.data);
  }

  private deal(id: string, answer: DealAnswer): ProviderDeal {
    const transaction = answer.TranzactionInfo ?? null;
    const terminal = this.options.terminal;
    const problem =
      answer.ResponseCode !== 0
        ? `ResponseCode ${answer.ResponseCode}: ${answer.Description ?? ""}`
        : answer.LowProfileId != null && !sameId(answer.LowProfileId, id)
          ? "another LowProfileId"
          : (answer.TerminalNumber ?? terminal) !== terminal || (transaction?.TerminalNumber ?? terminal) !== terminal
            ? "another terminal"
            : !transaction
              ? "no transaction"
              : transaction.ResponseCode !== 0
                ? `transaction ResponseCode ${transaction.ResponseCode}: ${transaction.Description ?? ""}`
                : transaction.IsRefund
                  ? "a refund"
                  : null;
    return {
      id: answer.LowProfileId?.toLowerCase() ?? id.toLowerCase(),
      orderId: answer.ReturnValue ?? null,
      kind:
        answer.Operation === "ChargeOnly"
          ? "course"
          : answer.Operation === "ChargeAndCreateToken"
            ? "subscription"
            : null,
      paid: problem === null,
      problem: problem?.trim() ?? null,
      amountCents: toCents(transaction?.Amount),
      currency: transaction?.CoinId != null ? (COINS.get(transaction.CoinId) ?? `coin ${transaction.CoinId}`) : null,
      transactionId: transaction?.TranzactionId != null ? String(transaction.TranzactionId) : null,
      card: savedCard(answer.TokenInfo),
    };
  }
}

function savedCard(info: DealAnswer["TokenInfo"]): SavedCard | null {
  if (!info?.Token || !GUID.test(info.Token)) return null;
  const month = info.CardMonth;
  const year = info.CardYear;
  const expiry =
    month != null && year != null && month >= 1 && month <= 12
      ? `${String(month).padStart(2, "0")}${String(year % 100).padStart(2, "0")}`
      : null;
  const date = /^(\d{4})(\d{2})(\d{2})$/.exec(info.TokenExDate ?? "");
  return { token: info.Token, expiry, tokenExpiresOn: date ? `${date[1]}-${date[2]}-${date[3]}` : null };
}
