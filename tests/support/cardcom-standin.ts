// A local stand-in for Cardcom's REST API v11 at the network edge (issue 33, decision 0046). It answers
// what Lomda's client sends (JSON, as Cardcom's OpenAPI document "CardCom API" 11.0 describes):
// POST /api/v11/LowProfile/Create (a hosted payment page, its LowProfileId and Url) and
// POST /api/v11/LowProfile/GetLpResult (the deal, as a LowProfileResult). It serves the hosted page the
// buyer sees (GET /EA/LPC6/<terminal>/<LowProfileId>, in the page's Language, Hebrew right to left), and
// when the buyer pays it POSTs the deal (a LowProfileResult, JSON) to the page's WebHookUrl as Cardcom does:
// with no signature, retried when the answer is not 200 (Cardcom: up to 7 times, after 1, 2, 2, 16 and
// 60 minutes, then twice 12 hours; here when a test calls retry()). A test can make that notification late
// (held until released) or sent twice, and can make GetLpResult read a deal back with another amount,
// currency, order or outcome than the truth (misreport), as a tampered or broken deal would read.
// POST /api/v11/Documents/CreateDocument issues a tax document for a deal (a CreateDocumentRequest, with
// ApiName and ApiPassword): its number counts up per document type, and its DocumentUrl, on the stand-in's
// own origin, serves the document as a small HTML page; a test can make it fail (failDocuments) to see
// Lomda retry.
// In process (`startCardcomStandin()`) or on its own for the browser tests (CARDCOM_STANDIN_PORT,
// CARDCOM_TERMINAL, CARDCOM_API_NAME), with POST /__control/<action>[/<LowProfileId>]. Run by Node's type
// stripping: erasable syntax only.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

/** Cardcom's documented example test terminal and API user (its developer article's examples). */
export const TEST_TERMINAL = 1000;
export const TEST_API_NAME = "test2025";
/** The API password of the OpenAPI document's samples for the test terminal (CreateTaxInvoice's "New Sample 2"). */
export const TEST_API_PASSWORD = "test5000$";

/** The settings that make a Lomda take payments through the stand-in at `url` (tests add their own). */
export const cardcomEnv = (url: string) => ({
  PAYMENT_PROVIDER: "cardcom",
  CARDCOM_TERMINAL: String(TEST_TERMINAL),
  CARDCOM_API_NAME: TEST_API_NAME,
  CARDCOM_API_URL: url,
});

type Json = Record<string, unknown>;
const OPERATIONS = ["ChargeOnly", "ChargeAndCreateToken", "CreateTokenOnly", "SuspendedDeal", "Do3DSAndSubmit"];
const COINS: Record<number, string> = { 1: "ILS", 2: "USD" };
// Not documented: what GetLpResult answers for a page not paid yet, or a declined card. Lomda grants only
// on ResponseCode 0 with a TranzactionInfo whose ResponseCode is 0, so any other answer reads as unpaid.
const NOT_COMPLETED = { code: 701_001, description: "The deal has not been completed" };
const DECLINED = { code: 5, description: "Declined by the card issuer" };

/** A hosted page and its deal, as the stand-in keeps it. */
export interface StandinDeal {
  lowProfileId: string;
  /** The LowProfile/Create request as Lomda sent it. */
  request: Json;
  status: "open" | "paid" | "declined";
  transactionId: number | null;
  token: string | null;
  paidAt: string | null;
}
/** One notification POSTed to a WebHookUrl: `status` is Lomda's answer, null if it failed. */
export interface NoticeDelivery {
  lowProfileId: string;
  url: string;
  body: Json;
  status: number | null;
  error?: string;
}
export interface RecordedRequest {
  path: string;
  body: unknown;
}
/** What GetLpResult answers for a deal instead of the truth: top-level fields, and TranzactionInfo's. */
export interface Misreport {
  ReturnValue?: string;
  Operation?: string;
  ResponseCode?: number;
  TranzactionInfo?: { Amount?: number; CoinId?: number; ResponseCode?: number; IsRefund?: boolean };
}
/** A tax document the stand-in issued (Documents/CreateDocument). */
export interface StandinDocument {
  type: string;
  number: number;
  url: string;
  /** The CreateDocumentRequest as Lomda sent it (without the password). */
  request: Json;
}
export interface CardcomStandin {
  url: string;
  port: number;
  readonly state: {
    deals: StandinDeal[];
    requests: RecordedRequest[];
    notices: NoticeDelivery[];
    documents: StandinDocument[];
  };
  /** The next `count` CreateDocument calls fail (503, as a service that is down); 0 ends it. */
  failDocuments(count: number): void;
  /** As pressing Pay on the hosted page (without the redirect); then notifies as set. */
  pay(lowProfileId: string): Promise<StandinDeal>;
  /** As a declined card on the hosted page. */
  decline(lowProfileId: string): Promise<StandinDeal>;
  /** The LowProfileResult GetLpResult answers now (with any misreport). */
  result(lowProfileId: string): Json;
  misreport(lowProfileId: string, report: Misreport): void;
  /** Sends the deal's notification now (again). */
  notify(lowProfileId: string): Promise<NoticeDelivery>;
  /** From now on: hold notifications until release() (late), and/or send each twice. */
  setNotifications(how: { hold?: boolean; twice?: boolean }): void;
  /** Sends the held notifications (each as many times as when it was held), and stops holding. */
  release(): Promise<NoticeDelivery[]>;
  /** Cardcom's retry: sends again each deal whose last notification was not answered 200. */
  retry(): Promise<NoticeDelivery[]>;
  /** Waits for notifications a payment started in the background. */
  settled(): Promise<void>;
  /** The refunds made (RefundByTransactionId), in order. */
  readonly refunds: StandinRefund[];
  /** From now on, RefundByTransactionId answers this refusal (ResponseCode ≠ 0); null: refunds again. */
  refuseRefunds(description: string | null): void;
  reset(): void;
  close(): Promise<void>;
  // ---- Token charges (renewals, decision 0049): Transactions/Transaction and its read-back ----
  /** Every token charge the stand-in made or refused, in order (a duplicate id makes none). */
  readonly charges: TokenChargeRecord[];
  /** The next `times` charges of this token are declined (as a card the issuer refuses). */
  declineToken(token: string, times?: number): void;
  /** The next token charge is made, then its connection cut before the answer (a network failure). */
  cutNextCharge(): void;
  /**
   * A repeated ExternalUniqTranId: "error" answers 608 (what the OpenAPI document says); "original"
   * answers the first charge's TransactionInfo again when ExternalUniqUniqTranIdResponse is true (the
   * flag's effect is not described: Lomda must read either).
   */
  setDuplicateAnswer(mode: "error" | "original"): void;
}
/** One Transactions/Transaction the stand-in received, and what it did. */
export interface TokenChargeRecord {
  externalId: string | null;
  token: string;
  expiry: string;
  amount: number;
  coinId: number;
  outcome: "charged" | "declined" | "duplicate";
  transactionId: number | null;
  answer: Json;
}

/** A refund the stand-in made: of which transaction, how much (agorot), and the refund's own transaction. */
export interface StandinRefund {
  transactionId: number;
  newTransactionId: number;
  amountCents: number;
  request: Json;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown, max: number) => typeof value === "string" && value.length <= max;

/** Cardcom's error shape (ErrorInfo): a ResponseCode and a Description; 400 for a bad request, 401 for a bad user. */
class CardcomApiError extends Error {
  readonly status: number;
  readonly code: number;
  constructor(status: number, code: number, description: string) {
    super(description);
    this.status = status;
    this.code = code;
  }
}
const invalid = (description: string) => new CardcomApiError(400, 1, description);

/** LowProfile/Create's request, checked against the OpenAPI document's CreateLowProfile schema. */
function checkCreate(body: unknown): Json {
  if (!isObject(body)) throw invalid("The request body must be a JSON object");
  if (!Number.isInteger(body.TerminalNumber)) throw invalid("TerminalNumber is required");
  if (!text(body.ApiName, 1000) || body.ApiName === "") throw invalid("ApiName is required");
  const amount = body.Amount;
  if (typeof amount !== "number" || !(amount > 0)) throw invalid("Amount must be a positive number");
  if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) throw invalid("Amount has at most two decimal places");
  for (const url of ["SuccessRedirectUrl", "FailedRedirectUrl", "WebHookUrl"])
    if (!text(body[url], 500) || body[url] === "" || !URL.canParse(body[url] as string))
      throw invalid(`${url} is required (a URL of at most 500 characters)`);
  if (
    body.CancelRedirectUrl != null &&
    (!text(body.CancelRedirectUrl, 2000) || !URL.canParse(body.CancelRedirectUrl as string))
  )
    throw invalid("CancelRedirectUrl must be a URL");
  if (body.ReturnValue != null && !text(body.ReturnValue, 250)) throw invalid("ReturnValue is at most 250 characters");
  if (body.ProductName != null && !text(body.ProductName, 250)) throw invalid("ProductName is at most 250 characters");
  if (body.Language != null && !text(body.Language, 2)) throw invalid("Language is two letters");
  if (body.Operation != null && !OPERATIONS.includes(body.Operation as string)) throw invalid("Operation is not valid");
  if (body.ISOCoinId != null && !Number.isInteger(body.ISOCoinId)) throw invalid("ISOCoinId must be an integer");
  const ui = body.UIDefinition;
  if (ui != null && (!isObject(ui) || (ui.CardOwnerEmailValue != null && !text(ui.CardOwnerEmailValue, 50))))
    throw invalid("UIDefinition.CardOwnerEmailValue is at most 50 characters");
  return body;
}

export async function startCardcomStandin(
  options: { port?: number; terminal?: number; apiName?: string; apiPassword?: string } = {},
): Promise<CardcomStandin> {
  const terminal = options.terminal ?? TEST_TERMINAL;
  const apiName = options.apiName ?? TEST_API_NAME;
  const apiPassword = options.apiPassword ?? TEST_API_PASSWORD;
  const deals = new Map<string, StandinDeal>();
  const misreports = new Map<string, Misreport>();
  const requests: RecordedRequest[] = [];
  const notices: NoticeDelivery[] = [];
  /** Notifications held back (late), each with the copies it is to be sent in. */
  const held: { id: string; copies: number }[] = [];
  const pending = new Set<Promise<unknown>>();
  let hold = false;
  let twice = false;
  let nextTransaction = 209_413_394;
  let base = "";

  function credentials(body: Json) {
    if (body.TerminalNumber !== terminal || body.ApiName !== apiName)
      throw new CardcomApiError(401, 2, "Invalid username");
  }
  function find(id: string): StandinDeal {
    const deal = deals.get(id.toLowerCase());
    if (!deal) throw invalid(`No low profile deal ${id}`);
    return deal;
  }

  function create(body: unknown): Json {
    const request = checkCreate(body);
    credentials(request);
    const lowProfileId = randomUUID();
    deals.set(lowProfileId, { lowProfileId, request, status: "open", transactionId: null, token: null, paidAt: null });
    return {
      ResponseCode: 0,
      Description: "The transaction was successful",
      LowProfileId: lowProfileId,
      Url: `${base}/EA/LPC6/${terminal}/${lowProfileId}`,
      UrlToPayPal: `${base}/External/LowProfileRedirectToPayPal.aspx?TerminalNumber=${terminal}&LowProfileCode=${lowProfileId}`,
      UrlToBit: `${base}/api/LPC5/Bit?`,
    };
  }

  /** The deal as a LowProfileResult (the documented response of GetLpResult, and the notification's body). */
  function truth(deal: StandinDeal): Json {
    const r = deal.request;
    const operation = (r.Operation as string | undefined) ?? "ChargeOnly";
    const common = {
      TerminalNumber: terminal,
      LowProfileId: deal.lowProfileId,
      ReturnValue: (r.ReturnValue as string | undefined) ?? null,
      Operation: operation,
      UIValues: {
        CardOwnerEmail: (isObject(r.UIDefinition) ? r.UIDefinition.CardOwnerEmailValue : null) ?? "buyer@example.org",
        CardOwnerName: "Card Owner",
        CardOwnerPhone: "039436100",
        CardOwnerIdentityNumber: "000000018",
        NumOfPayments: 1,
        CardYear: 2030,
        CardMonth: 12,
        CustomFields: [],
        IsAbroadCard: false,
      },
      DocumentInfo: null,
      SuspendedInfo: null,
      ExternalPaymentVector: "NoneOrUnknown",
      Country: "IL",
      UTM: null,
    };
    if (deal.status === "open")
      return {
        ResponseCode: NOT_COMPLETED.code,
        Description: NOT_COMPLETED.description,
        TranzactionId: 0,
        ...common,
        TokenInfo: null,
        TranzactionInfo: null,
      };
    const paid = deal.status === "paid";
    const code = paid ? 0 : DECLINED.code;
    const description = paid ? "The transaction was successful" : DECLINED.description;
    return {
      ResponseCode: code,
      Description: description,
      TranzactionId: deal.transactionId ?? 0,
      ...common,
      TokenInfo:
        paid && deal.token
          ? {
              Token: deal.token,
              TokenExDate: "20301231",
              CardYear: 2030,
              CardMonth: 12,
              TokenApprovalNumber: "12345",
              CardOwnerIdentityNumber: "000000018",
            }
          : null,
      TranzactionInfo: {
        ResponseCode: code,
        Description: description,
        TranzactionId: deal.transactionId ?? 0,
        TerminalNumber: terminal,
        Amount: r.Amount,
        CoinId: (r.ISOCoinId as number | undefined) ?? 1,
        CouponNumber: "38038259",
        CreateDate: deal.paidAt,
        Last4CardDigits: 0,
        Last4CardDigitsString: "0000",
        FirstCardDigits: 458000,
        JParameter: "0",
        CardMonth: 12,
        CardYear: 30,
        ApprovalNumber: "12345",
        FirstPaymentAmount: 0,
        ConstPaymentAmount: 0,
        NumberOfPayments: 1,
        CardInfo: "Israeli",
        CardOwnerName: "Card Owner",
        Token: paid ? deal.token : null,
        CardName: "Visa",
        Uid: "21121517002429612920744",
        DocumentNumber: null,
        DocumentType: null,
        Brand: "Visa",
        Acquire: "Laumicard",
        Issuer: "CAL",
        PaymentType: "Standard",
        CardNumberEntryMode: "Internet",
        DealType: "Debit",
        IsRefund: false,
        DocumentUrl: null,
        CustomFields: [],
        IsAbroadCard: false,
      },
      IssuerAuthCodeDescription: paid ? "Approved" : null,
    };
  }
  function result(id: string): Json {
    const deal = find(id);
    const answer = truth(deal);
    const report = misreports.get(deal.lowProfileId);
    if (!report) return answer;
    const { TranzactionInfo: transaction, ...top } = report;
    return {
      ...answer,
      ...top,
      TranzactionInfo:
        transaction && isObject(answer.TranzactionInfo)
          ? { ...answer.TranzactionInfo, ...transaction }
          : answer.TranzactionInfo,
    };
  }
  function getLpResult(body: unknown): Json {
    if (!isObject(body)) throw invalid("The request body must be a JSON object");
    credentials(body);
    if (typeof body.LowProfileId !== "string" || !GUID.test(body.LowProfileId))
      throw invalid("LowProfileId is required");
    return result(body.LowProfileId);
  }

  // ---- The notification (WebHookUrl) ---------------------------------------------------------------

  async function notify(id: string): Promise<NoticeDelivery> {
    const deal = find(id);
    const url = deal.request.WebHookUrl as string;
    // The deal as it is: the notification is Cardcom's, not a misreported read-back.
    const body = truth(deal);
    const delivery: NoticeDelivery = { lowProfileId: deal.lowProfileId, url, body, status: null };
    notices.push(delivery);
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8", "user-agent": "CardCom-WebHook" },
        body: JSON.stringify(body),
        redirect: "manual",
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      delivery.status = res.status;
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    return delivery;
  }
  /** After a payment: now (once or twice), or held until released. */
  async function notifyAfterPayment(id: string): Promise<void> {
    if (hold) {
      held.push({ id, copies: twice ? 2 : 1 });
      return;
    }
    await notify(id);
    if (twice) await notify(id);
  }
  function inBackground(work: Promise<unknown>) {
    const running: Promise<unknown> = work.finally(() => pending.delete(running));
    pending.add(running);
  }

  function complete(id: string, outcome: "paid" | "declined"): StandinDeal {
    const deal = find(id);
    if (deal.status === "paid") throw new CardcomApiError(409, 3, "This deal is already complete");
    deal.status = outcome;
    deal.transactionId = nextTransaction++;
    deal.paidAt = new Date().toISOString().slice(0, 19);
    if (outcome === "paid" && deal.request.Operation === "ChargeAndCreateToken") deal.token = randomUUID();
    return deal;
  }

  // ---- Token charges: Transactions/Transaction and GetTransactionByExternalUniqTran (decision 0049) ----
  // TransactionReq (required TerminalNumber, ApiName, Amount; a Token with CardExpirationMMYY; ISOCoinId;
  // ExternalUniqTranId "to prevent duplication of transaction. if the same ExternalUniqTranId will be
  // send you will receive and error code 608"), answered with a TransactionInfo, 200 whatever the outcome
  // ("see 'ResponseCode' if request succeeded"). Not documented, and chosen here: a duplicate's 608 comes
  // as a 200 TransactionInfo; the read-back of an id with no successful charge is a 400 ErrorInfo.
  const charges: TokenChargeRecord[] = [];
  const declines = new Map<string, number>();
  let cutNext = false;
  let duplicateAnswer: "error" | "original" = "error";
  const DUPLICATE = { code: 608, description: "Duplicate ExternalUniqTranId: the transaction was already sent" };

  function transactionInfo(charge: Omit<TokenChargeRecord, "answer">, code: number, description: string): Json {
    return {
      ResponseCode: code,
      Description: description,
      TranzactionId: charge.transactionId ?? 0,
      TerminalNumber: terminal,
      Amount: charge.amount,
      CoinId: charge.coinId,
      CreateDate: new Date().toISOString().slice(0, 19),
      Last4CardDigits: 0,
      Last4CardDigitsString: "0000",
      CardMonth: Number(charge.expiry.slice(0, 2)),
      CardYear: Number(charge.expiry.slice(2)),
      ApprovalNumber: code === 0 ? "12345" : null,
      NumberOfPayments: 1,
      Token: charge.token,
      Uid: `${charge.transactionId ?? 0}`,
      DealType: "Debit",
      IsRefund: false,
      IsAbroadCard: false,
    };
  }
  function tokenCharge(body: unknown): { answer: Json; cut: boolean } {
    if (!isObject(body)) throw invalid("The request body must be a JSON object");
    if (!Number.isInteger(body.TerminalNumber)) throw invalid("TerminalNumber is required");
    if (!text(body.ApiName, 1000) || body.ApiName === "") throw invalid("ApiName is required");
    credentials(body);
    const amount = body.Amount;
    if (typeof amount !== "number" || !(amount > 0)) throw invalid("Amount must be a positive number");
    if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6)
      throw invalid("Amount has at most two decimal places");
    if (typeof body.Token !== "string" || !GUID.test(body.Token)) throw invalid("Token (or CardNumber) is required");
    if (typeof body.CardExpirationMMYY !== "string" || !/^(0[1-9]|1[0-2])\d{2}$/.test(body.CardExpirationMMYY))
      throw invalid("CardExpirationMMYY must be MMYY");
    if (body.ISOCoinId != null && !Number.isInteger(body.ISOCoinId)) throw invalid("ISOCoinId must be an integer");
    if (body.ExternalUniqTranId != null && typeof body.ExternalUniqTranId !== "string")
      throw invalid("ExternalUniqTranId must be a string");
    const externalId = (body.ExternalUniqTranId as string | null | undefined) ?? null;
    const base = {
      externalId,
      token: body.Token,
      expiry: body.CardExpirationMMYY,
      amount,
      coinId: (body.ISOCoinId as number | undefined) ?? 1,
    };
    const first =
      externalId === null ? undefined : charges.find((c) => c.externalId === externalId && c.outcome !== "duplicate");
    if (first) {
      const original = duplicateAnswer === "original" && body.ExternalUniqUniqTranIdResponse === true;
      const answer = original
        ? first.answer
        : transactionInfo(
            { ...base, outcome: "duplicate", transactionId: null },
            DUPLICATE.code,
            DUPLICATE.description,
          );
      charges.push({ ...base, outcome: "duplicate", transactionId: null, answer });
      return { answer, cut: false };
    }
    const declinesLeft = declines.get(body.Token.toLowerCase()) ?? 0;
    if (declinesLeft > 0) declines.set(body.Token.toLowerCase(), declinesLeft - 1);
    const record = {
      ...base,
      outcome: declinesLeft > 0 ? ("declined" as const) : ("charged" as const),
      transactionId: nextTransaction++,
    };
    const answer =
      record.outcome === "charged"
        ? transactionInfo(record, 0, "The transaction was successful")
        : transactionInfo(record, DECLINED.code, DECLINED.description);
    charges.push({ ...record, answer });
    const cut = cutNext;
    cutNext = false;
    return { answer, cut };
  }
  function chargeByExternalId(body: unknown): Json {
    if (!isObject(body)) throw invalid("The request body must be a JSON object");
    credentials(body);
    if (typeof body.ExternalUniqTranId !== "string" || body.ExternalUniqTranId === "")
      throw invalid("ExternalUniqTranId is required");
    const charged = charges.find((c) => c.externalId === body.ExternalUniqTranId && c.outcome === "charged");
    if (!charged) throw invalid("No successful transaction with this ExternalUniqTranId");
    return charged.answer;
  }
  const tokenCharges = {
    /** Answers the two calls; true when the path was one of them. */
    route(path: string, raw: string, res: ServerResponse): boolean {
      const call = /^\/api\/v11\/Transactions\/(Transaction|GetTransactionByExternalUniqTran)$/.exec(path);
      if (!call) return false;
      let body: unknown;
      try {
        body = JSON.parse(raw) as unknown;
      } catch {
        throw invalid("The request body is not JSON");
      }
      requests.push({ path, body });
      const { answer, cut } =
        call[1] === "Transaction" ? tokenCharge(body) : { answer: chargeByExternalId(body), cut: false };
      // Charged, and the answer lost on the way: the caller cannot know.
      if (cut) res.socket?.destroy();
      else res.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(answer));
      return true;
    },
    reset() {
      charges.length = 0;
      declines.clear();
      cutNext = false;
      duplicateAnswer = "error";
    },
  };

  // ---- Refunds: Transactions/RefundByTransactionId (RefundByTransactionIdReq → RefundByTransactionIdResp) ----
  // Required: ApiName, ApiPassword, TransactionId; PartialSum (a decimal) refunds part of the charge, and
  // AllowMultipleRefunds lets a transaction be refunded more than once. The answer: ResponseCode (0 for
  // success), Description, NewTranzactionId; a wrong user or password is 401 "Invalid username" (ErrorInfo).
  // Not documented, and answered here as a refusal (ResponseCode ≠ 0): an unknown transaction, more than
  // is left, a second refund without AllowMultipleRefunds.
  const refunds: StandinRefund[] = [];
  let refusal: string | null = null;
  const refused = (code: number, description: string) => ({
    ResponseCode: code,
    Description: description,
    NewTranzactionId: null,
  });
  function refundByTransactionId(body: unknown): Json {
    if (!isObject(body)) throw invalid("The request body must be a JSON object");
    if (body.ApiName !== apiName || body.ApiPassword !== apiPassword)
      throw new CardcomApiError(401, 2, "Invalid username");
    if (!Number.isInteger(body.TransactionId)) throw invalid("TransactionId is required");
    // A hosted page's deal, or a saved card's charge (a renewal): both are transactions of the terminal.
    const deal = [...deals.values()].find((d) => d.status === "paid" && d.transactionId === body.TransactionId);
    const charge = charges.find((c) => c.outcome === "charged" && c.transactionId === body.TransactionId);
    const paidAmount = deal ? (deal.request.Amount as number) : charge?.amount;
    if (paidAmount === undefined) return refused(601, "Transaction not found");
    if (refusal) return refused(607, refusal);
    const transactionId = body.TransactionId as number;
    const paidCents = Math.round(paidAmount * 100);
    const before = refunds.filter((r) => r.transactionId === transactionId);
    const left = paidCents - before.reduce((sum, r) => sum + r.amountCents, 0);
    if (before.length > 0 && body.AllowMultipleRefunds !== true)
      return refused(608, "The transaction was refunded already");
    let cents = left;
    if (body.PartialSum != null) {
      const sum = body.PartialSum;
      if (typeof sum !== "number" || !(sum > 0) || Math.abs(sum * 100 - Math.round(sum * 100)) > 1e-6)
        throw invalid("PartialSum must be a positive amount with at most two decimal places");
      cents = Math.round(sum * 100);
    }
    if (cents <= 0 || cents > left) return refused(609, "The refund is more than is left of the transaction");
    const refund = {
      transactionId,
      newTransactionId: nextTransaction++,
      amountCents: cents,
      request: body,
    };
    refunds.push(refund);
    return { ResponseCode: 0, Description: "The refund was successful", NewTranzactionId: refund.newTransactionId };
  }

  // ---- The hosted page -------------------------------------------------------------------------------

  const escape = (value: unknown) => String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const PAGE_TEXT = {
    en: {
      title: "Secure payment",
      amount: "Amount to pay",
      pay: "Pay",
      decline: "Decline (a test card refused)",
      back: "Cancel",
      done: "This deal is complete.",
      none: "This page does not exist.",
    },
    he: {
      title: "תשלום מאובטח",
      amount: "סכום לתשלום",
      pay: "לתשלום",
      decline: "סירוב (כרטיס בדיקה שנדחה)",
      back: "ביטול",
      done: "העסקה הושלמה.",
      none: "הדף לא קיים.",
    },
  };
  function page(res: ServerResponse, status: number, language: "en" | "he", title: string, body: string) {
    res
      .writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
      .end(
        `<!doctype html>\n<html lang="${language}" dir="${language === "he" ? "rtl" : "ltr"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head><body><main>${body}</main></body></html>`,
      );
  }
  async function hosted(req: IncomingMessage, res: ServerResponse, id: string, action: string | undefined) {
    const deal = deals.get(id.toLowerCase());
    if (!deal) return page(res, 404, "en", "Not found", `<h1>${PAGE_TEXT.en.none}</h1>`);
    const language = deal.request.Language === "he" ? "he" : "en";
    const words = PAGE_TEXT[language];
    if (req.method === "POST") {
      if (deal.status === "paid") return page(res, 409, language, words.title, `<h1>${words.done}</h1>`);
      const declined = action === "decline";
      complete(deal.lowProfileId, declined ? "declined" : "paid");
      inBackground(notifyAfterPayment(deal.lowProfileId));
      // The buyer goes back to the shop; the notification is Cardcom's own business, not theirs.
      const to = declined ? deal.request.FailedRedirectUrl : deal.request.SuccessRedirectUrl;
      return void res.writeHead(303, { location: String(to) }).end();
    }
    if (deal.status === "paid") return page(res, 200, language, words.title, `<h1>${words.done}</h1>`);
    const coin = COINS[(deal.request.ISOCoinId as number | undefined) ?? 1] ?? "ILS";
    const amount = new Intl.NumberFormat(language === "he" ? "he-IL" : "en", {
      style: "currency",
      currency: coin,
    }).format(deal.request.Amount as number);
    const product = deal.request.ProductName ? `<p>${escape(deal.request.ProductName)}</p>` : "";
    const email =
      isObject(deal.request.UIDefinition) && deal.request.UIDefinition.CardOwnerEmailValue
        ? `<p><bdi>${escape(deal.request.UIDefinition.CardOwnerEmailValue)}</bdi></p>`
        : "";
    const back = deal.request.CancelRedirectUrl ?? deal.request.FailedRedirectUrl;
    return page(
      res,
      200,
      language,
      words.title,
      `<h1>${words.title}</h1>${product}<p>${words.amount}: <bdi data-testid="cardcom-amount">${escape(amount)}</bdi></p>${email}` +
        `<form method="post"><button type="submit">${words.pay}</button></form>` +
        `<form method="post" action="/EA/LPC6/${terminal}/${deal.lowProfileId}/decline"><button type="submit">${words.decline}</button></form>` +
        `<p><a href="${escape(back)}">${words.back}</a></p>`,
    );
  }

  // ---- Tax documents (Documents/CreateDocument) ---------------------------------------------------------

  const DOCUMENT_TYPES = ["TaxInvoiceAndReceipt", "TaxInvoiceAndReceiptRefund", "Receipt", "ReceiptRefund"];
  const documents: StandinDocument[] = [];
  /** Each type's numbers count up from its own start, as Cardcom numbers each type on its own. */
  const lastNumber = new Map<string, number>();
  let documentFailures = 0;

  /** A CreateDocumentRequest, checked against the OpenAPI document (CreateDocumentRequest, Document, Products). */
  function createDocument(body: unknown): Json {
    if (!isObject(body)) throw invalid("The request body must be a JSON object");
    if (body.ApiName !== apiName || body.ApiPassword !== apiPassword)
      throw new CardcomApiError(401, 2, "Invalid username");
    if (documentFailures > 0) {
      documentFailures -= 1;
      throw new CardcomApiError(503, 503, "The documents service is not available");
    }
    const doc = body.Document;
    if (!isObject(doc)) throw invalid("Document is required");
    if (!text(doc.Name, 50) || doc.Name === "") throw invalid("Document.Name is required (at most 50 characters)");
    if (doc.Email != null && !text(doc.Email, 50)) throw invalid("Document.Email is at most 50 characters");
    if (doc.ExternalId != null && !text(doc.ExternalId, 50))
      throw invalid("Document.ExternalId is at most 50 characters");
    const type = doc.DocumentTypeToCreate;
    if (typeof type !== "string" || !DOCUMENT_TYPES.includes(type)) throw invalid("DocumentTypeToCreate is not valid");
    if (doc.ISOCoinID != null && !Number.isInteger(doc.ISOCoinID)) throw invalid("ISOCoinID must be an integer");
    if (doc.Languge != null && doc.Languge !== "he" && doc.Languge !== "en") throw invalid("Languge is he or en");
    const products = doc.Products;
    if (!Array.isArray(products) || products.length === 0) throw invalid("Products are required");
    for (const product of products)
      if (
        !isObject(product) ||
        !text(product.Description, 250) ||
        product.Description === "" ||
        typeof product.UnitCost !== "number"
      )
        throw invalid("Each product needs a Description (at most 250) and a UnitCost");
    const deals = body.DealNumbers;
    if (deals != null && (!Array.isArray(deals) || deals.some((d) => !isObject(d) || !Number.isInteger(d.DealNumber))))
      throw invalid("DealNumbers: each a DealNumber");
    const number = (lastNumber.get(type) ?? (type.startsWith("Receipt") ? 5000 : 10_000)) + 1;
    lastNumber.set(type, number);
    const url = `${base}/documents/${type}/${number}`;
    const { ApiPassword: _password, ...request } = body;
    documents.push({ type, number, url, request });
    return {
      ResponseCode: 0,
      Description: "OK",
      DocumentType: type,
      DocumentNumber: number,
      AccountId: 1,
      ForeignAccountNumber: null,
      SiteUniqueId: null,
      DocumentUrl: url,
    };
  }

  /** GET /documents/<type>/<number>: the document, as a small page in its language. */
  function documentPage(res: ServerResponse, type: string, number: string) {
    const found = documents.find((d) => d.type === type && String(d.number) === number);
    if (!found) return page(res, 404, "en", "Not found", "<h1>No such document</h1>");
    const doc = found.request.Document as Json;
    const language = doc.Languge === "en" ? "en" : "he";
    const products = doc.Products as Json[];
    const total = products.reduce(
      (sum, p) => sum + (p.UnitCost as number) * ((p.Quantity as number | undefined) ?? 1),
      0,
    );
    const coin = COINS[(doc.ISOCoinID as number | undefined) ?? 1] ?? "ILS";
    return page(
      res,
      200,
      language,
      `${type} ${number}`,
      `<h1 data-testid="document-title">${escape(type)} <bdi>${number}</bdi></h1><p>${escape(doc.Name)}</p><ul>` +
        products.map((p) => `<li>${escape(p.Description)}: <bdi>${escape(p.UnitCost)}</bdi></li>`).join("") +
        `</ul><p data-testid="document-total"><bdi>${escape(total.toFixed(2))} ${coin}</bdi></p>`,
    );
  }

  // ---- The test API, the control API and the server -------------------------------------------------------

  const standin: Omit<CardcomStandin, "url" | "port" | "state" | "close" | "charges"> & {
    charges: TokenChargeRecord[];
  } = {
    async pay(id) {
      const deal = complete(id, "paid");
      await notifyAfterPayment(deal.lowProfileId);
      return deal;
    },
    async decline(id) {
      const deal = complete(id, "declined");
      await notifyAfterPayment(deal.lowProfileId);
      return deal;
    },
    result,
    misreport(id, report) {
      misreports.set(find(id).lowProfileId, report);
    },
    notify,
    setNotifications(how) {
      if (how.hold !== undefined) hold = how.hold;
      if (how.twice !== undefined) twice = how.twice;
    },
    async release() {
      hold = false;
      const sent: NoticeDelivery[] = [];
      for (const { id, copies } of held.splice(0)) for (let i = 0; i < copies; i++) sent.push(await notify(id));
      return sent;
    },
    async retry() {
      const last = new Map(notices.map((n) => [n.lowProfileId, n]));
      const sent: NoticeDelivery[] = [];
      for (const [id, notice] of last) {
        const tries = notices.filter((n) => n.lowProfileId === id).length;
        if (notice.status !== 200 && tries < 8) sent.push(await notify(id));
      }
      return sent;
    },
    async settled() {
      while (pending.size) await Promise.all(pending);
    },
    charges,
    declineToken(token, times = 1) {
      declines.set(token.toLowerCase(), times);
    },
    cutNextCharge() {
      cutNext = true;
    },
    setDuplicateAnswer(mode) {
      duplicateAnswer = mode;
    },
    failDocuments(count) {
      documentFailures = count;
    },
    refunds,
    refuseRefunds(description) {
      refusal = description;
    },
    reset() {
      tokenCharges.reset();
      refunds.length = 0;
      refusal = null;
      deals.clear();
      misreports.clear();
      requests.length = notices.length = held.length = documents.length = 0;
      lastNumber.clear();
      hold = twice = false;
      documentFailures = 0;
    },
  };
  // POST /__control/<action>[/<LowProfileId>], a JSON body for the other arguments; answers JSON.
  const control: Record<string, (id: string, body: Json) => unknown> = {
    pay: (id) => standin.pay(id),
    decline: (id) => standin.decline(id),
    notify: (id) => standin.notify(id),
    misreport: (id, body) => standin.misreport(id, body as Misreport),
    notifications: (_, body) =>
      standin.setNotifications({
        hold: typeof body.hold === "boolean" ? body.hold : undefined,
        twice: typeof body.twice === "boolean" ? body.twice : undefined,
      }),
    release: () => standin.release(),
    retry: () => standin.retry(),
    settled: () => standin.settled(),
    refuserefunds: (_, body) => standin.refuseRefunds(typeof body.description === "string" ? body.description : null),
    refunds: () => refunds,
    reset: () => standin.reset(),
    state: () => ({ deals: [...deals.values()], requests, notices, charges, documents }),
    declinetoken: (id, body) => standin.declineToken(id, typeof body.times === "number" ? body.times : undefined),
    cutcharge: () => standin.cutNextCharge(),
    failDocuments: (_, body) => standin.failDocuments(typeof body.count === "number" ? body.count : 0),
  };

  const server: Server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://local").pathname;
      void (async () => {
        if (path === "/health") return void res.writeHead(200, { "content-type": "text/plain" }).end("ok");
        if (req.method === "POST" && tokenCharges.route(path, raw, res)) return;
        if (path === "/api/v11/Transactions/RefundByTransactionId" && req.method === "POST") {
          let body: unknown;
          try {
            body = JSON.parse(raw) as unknown;
          } catch {
            throw invalid("The request body is not JSON");
          }
          requests.push({ path, body });
          const answer = refundByTransactionId(body);
          return void res
            .writeHead(200, { "content-type": "application/json; charset=utf-8" })
            .end(JSON.stringify(answer));
        }
        const api = /^\/api\/v11\/LowProfile\/(Create|GetLpResult)$/.exec(path);
        if (api && req.method === "POST") {
          let body: unknown;
          try {
            body = JSON.parse(raw) as unknown;
          } catch {
            throw invalid("The request body is not JSON");
          }
          requests.push({ path, body });
          const answer = api[1] === "Create" ? create(body) : getLpResult(body);
          return void res
            .writeHead(200, { "content-type": "application/json; charset=utf-8" })
            .end(JSON.stringify(answer));
        }
        if (path === "/api/v11/Documents/CreateDocument" && req.method === "POST") {
          let body: unknown;
          try {
            body = JSON.parse(raw) as unknown;
          } catch {
            throw invalid("The request body is not JSON");
          }
          requests.push({ path, body: isObject(body) ? { ...body, ApiPassword: "(hidden)" } : body });
          const document = createDocument(body);
          return void res
            .writeHead(200, { "content-type": "application/json; charset=utf-8" })
            .end(JSON.stringify(document));
        }
        const documentAddress = /^\/documents\/([A-Za-z]+)\/(\d+)$/.exec(path);
        if (documentAddress && req.method === "GET") return documentPage(res, documentAddress[1]!, documentAddress[2]!);
        const hostedPage = /^\/EA\/LPC6\/(\d+)\/([^/]+)(?:\/(decline))?$/.exec(path);
        if (hostedPage && hostedPage[1] === String(terminal)) return hosted(req, res, hostedPage[2]!, hostedPage[3]);
        const action = /^\/__control\/([a-z]+)(?:\/([^/]+))?$/.exec(path);
        if (action && req.method === "POST" && Object.hasOwn(control, action[1]!)) {
          const result = await control[action[1]!]!(
            decodeURIComponent(action[2] ?? ""),
            raw ? (JSON.parse(raw) as Json) : {},
          );
          return void res
            .writeHead(200, { "content-type": "application/json" })
            .end(JSON.stringify(result ?? { ok: true }));
        }
        res.writeHead(404).end();
      })().catch((error: unknown) => {
        const failure = error instanceof CardcomApiError ? error : new CardcomApiError(500, 500, String(error));
        if (!res.headersSent)
          res
            .writeHead(failure.status, { "content-type": "application/json; charset=utf-8" })
            .end(JSON.stringify({ ResponseCode: failure.code, Description: failure.message }));
      });
    });
  });
  await new Promise<void>((ok) => server.listen(options.port ?? 0, "127.0.0.1", ok));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  return {
    ...standin,
    url: base,
    port,
    get state() {
      return { deals: [...deals.values()], requests, notices, documents };
    },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const standin = await startCardcomStandin({
    port: Number(process.env.CARDCOM_STANDIN_PORT ?? 12112),
    terminal: process.env.CARDCOM_TERMINAL ? Number(process.env.CARDCOM_TERMINAL) : undefined,
    apiName: process.env.CARDCOM_API_NAME || undefined,
    apiPassword: process.env.CARDCOM_API_PASSWORD || undefined,
  });
  console.log(`cardcom stand-in on ${standin.url}`);
  process.on("SIGTERM", () => {
    void standin.close();
    process.exit(0);
  });
}
