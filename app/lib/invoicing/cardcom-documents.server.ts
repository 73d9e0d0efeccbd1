import { z } from "zod";
import { type CardcomApi, CardcomError, COIN_IDS, refusal, toAmount } from "~/lib/payments/cardcom-api.server";
import {
  DocumentIssueError,
  type DocumentIssuer,
  type DocumentRequest,
  type IssuedDocument,
} from "./document-issuer.server";

/**
 * Cardcom as the invoicing service (decision 0048): `POST /api/v11/Documents/CreateDocument`, as
 * Cardcom's OpenAPI document ("CardCom API" 11.0) describes it. The request is a
 * CreateDocumentRequest: `ApiName` and `ApiPassword` (both required; no TerminalNumber in this
 * schema), the `Document` (Name, Email, IsSendByEmail, DocumentTypeToCreate, Products, IsVatFree,
 * ISOCoinID, Languge — Cardcom's spelling — and ExternalId), and `DealNumbers`, the card deals it
 * settles. The answer is a DocumentInfo: ResponseCode 0, DocumentType, DocumentNumber, DocumentUrl;
 * 400 and 401 answer an ErrorInfo.
 */
const PATH = "Documents/CreateDocument";

/** DocumentBase's limits: Name, Email and ExternalId at most 50 characters, a product's Description 250. */
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const documentInfo = z.object({
  ResponseCode: z.number().int(),
  Description: z.string().nullish(),
  DocumentType: z.string().nullish(),
  DocumentNumber: z.number().int().nullish(),
  DocumentUrl: z.string().nullish(),
});

export class CardcomDocumentIssuer implements DocumentIssuer {
  readonly name = "cardcom";
  readonly api: CardcomApi;

  constructor(api: CardcomApi) {
    this.api = api;
  }

  /** The CreateDocumentRequest for a document (exported for the stand-in's tests and this module's). */
  payload(request: DocumentRequest) {
    const coin = COIN_IDS.get(request.currency);
    if (coin === undefined) throw new DocumentIssueError(`Cardcom issues no document in ${request.currency}`, false);
    const deal =
      request.dealReference && /^\d{1,18}$/.test(request.dealReference) ? Number(request.dealReference) : null;
    return {
      ...this.api.passwordUser,
      Document: {
        Name: cut(request.customer.name.trim() || (request.language === "he" ? "לקוח" : "Customer"), 50),
        Email: request.customer.email && request.customer.email.length <= 50 ? request.customer.email : null,
        // Cardcom emails the document to the buyer at once, as the law asks a receipt be given.
        IsSendByEmail: request.customer.email !== null && request.customer.email.length <= 50,
        DocumentTypeToCreate: request.type,
        Products: request.lines.map((line) => ({
          Description: cut(line.description, 250),
          Quantity: line.quantity,
          // VAT included, as the deal's amount is (the document's total must be what was charged).
          UnitCost: toAmount(line.unitAmountCents),
          TotalLineCost: toAmount(line.unitAmountCents * line.quantity),
        })),
        IsVatFree: request.vatFree,
        ISOCoinID: coin,
        Languge: request.language,
        ExternalId: cut(request.externalId, 50),
      },
      DealNumbers: deal === null ? null : [{ DealNumber: deal }],
    };
  }

  async issue(request: DocumentRequest): Promise<IssuedDocument> {
    let answer: { status: number; body: unknown };
    try {
      answer = await this.api.call(PATH, this.payload(request));
    } catch (error) {
      if (error instanceof CardcomError) throw new DocumentIssueError(error.message);
      throw error;
    }
    // A 400 is a request Cardcom will refuse again (its Description says why); anything else may pass later.
    if (answer.status !== 200)
      throw new DocumentIssueError(refusal(PATH, answer.status, answer.body).message, answer.status !== 400);
    const info = documentInfo.safeParse(answer.body);
    if (!info.success) throw new DocumentIssueError(`${PATH}: an answer that is not a DocumentInfo`);
    const { ResponseCode, Description, DocumentNumber, DocumentUrl, DocumentType } = info.data;
    if (ResponseCode !== 0 || DocumentNumber == null)
      throw new DocumentIssueError(`${PATH}: ${ResponseCode} ${Description ?? ""}`.trim());
    return {
      number: String(DocumentNumber),
      url: DocumentUrl && /^https?:\/\//i.test(DocumentUrl) ? DocumentUrl : null,
      type: DocumentType ?? request.type,
    };
  }
}
