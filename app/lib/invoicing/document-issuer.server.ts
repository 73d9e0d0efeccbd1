/**
 * Issuing tax documents, apart from taking payments (issue 33, point 2; decision 0048): a school can
 * pair any payment gateway with any invoicing service that implements this. Lomda decides what the
 * document is (its type, its lines, its amount); the issuer only issues it and says where it is.
 * Money is in minor units (agorot, cents), VAT included; currencies are ISO 4217 upper case.
 */

/**
 * What Israeli bookkeeping asks for (the Income Tax bookkeeping rules, 1973): an exempt dealer (עוסק
 * פטור) issues a receipt (קבלה) and charges no VAT; a licensed dealer (עוסק מורשה) or a company issues
 * a tax invoice and receipt (חשבונית מס/קבלה). A refund gets the matching refund document.
 */
export const DOCUMENT_TYPES = [
  "Receipt",
  "ReceiptRefund",
  "TaxInvoiceAndReceipt",
  "TaxInvoiceAndReceiptRefund",
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export interface DocumentLine {
  description: string;
  /** The price of one, VAT included, in minor units (positive; a refund document says it is a refund by its type). */
  unitAmountCents: number;
  quantity: number;
}

export interface DocumentRequest {
  type: DocumentType;
  customer: { name: string; email: string | null };
  lines: DocumentLine[];
  currency: string;
  /** The document's language. */
  language: "he" | "en";
  /** No VAT on any line (an exempt dealer). */
  vatFree: boolean;
  /** The card deal it settles, as the gateway names it (Cardcom: the payment's TranzactionId). */
  dealReference: string | null;
  /** Lomda's own id for it, printed on the document (the tax_documents row's id). */
  externalId: string;
}

export interface IssuedDocument {
  /** The issuer's number for it: unique for its type. */
  number: string;
  /** Where the buyer and the school read it (the issuer's page), or null if it gives none. */
  url: string | null;
  /** The type the issuer says it issued. */
  type: string;
}

export interface DocumentIssuer {
  /** Stored with each document ("cardcom"). */
  readonly name: string;
  /** Issues one document; throws when it was not issued (the outbox retries). */
  issue(request: DocumentRequest): Promise<IssuedDocument>;
}

/** The issuer refused the document or could not be asked; `retry` is false when asking again cannot help. */
export class DocumentIssueError extends Error {
  readonly retry: boolean;
  constructor(message: string, retry = true) {
    super(message);
    this.name = "DocumentIssueError";
    this.retry = retry;
  }
}
