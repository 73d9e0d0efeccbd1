import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database, TaxDocumentsTable } from "~/lib/db.server";
import {
  DocumentIssueError,
  type DocumentIssuer,
  type DocumentLine,
  type DocumentRequest,
  type DocumentType,
} from "~/lib/invoicing/document-issuer.server";
import type { Logger } from "~/lib/logger.server";
import { chargesVat, type BusinessDetails } from "./business";
import { businessDetails } from "./business.server";

/**
 * Tax documents (issue 33, point 2; decision 0048): a receipt or a tax invoice/receipt for every paid
 * payment, and the refund document for every refund, issued by the configured DocumentIssuer. Issuing
 * goes through an outbox (the tax_documents rows): the row is queued in the payment's own transaction,
 * and a background round in any process claims it, issues it and records the number and the link —
 * retried on a schedule, a row that keeps failing marked failed for the admin to see. A payment is never
 * lost or held up because the invoicing service is down, and each document is issued once.
 */

type Db = Kysely<Database> | Transaction<Database>;

/* ---------- configuration ---------- */

/**
 * Which issuer issues the documents of which provider's payments, for this process: set once at start
 * (server/services.ts) from the configuration — Cardcom's payments with CARDCOM_API_PASSWORD, nothing
 * otherwise. A payment is recorded deep inside the payment code (billing.server.ts: insertPayment), which
 * is handed no configuration; the process's setting is read there, as the thumbnail keys are
 * (catalogue.server.ts). Null: no documents are issued.
 */
let issuing: { issuer: string; providers: ReadonlySet<string> } | null = null;

export function setTaxDocumentIssuing(setting: { issuer: string; providers: readonly string[] } | null): void {
  issuing = setting ? { issuer: setting.issuer, providers: new Set(setting.providers) } : null;
}

/** The issuer of this provider's payments' documents, or null when Lomda issues none for them. */
export function taxDocumentIssuerFor(provider: string): string | null {
  return issuing?.providers.has(provider) ? issuing.issuer : null;
}

/* ---------- queueing ---------- */

/**
 * Queues the document of a payment (refundId null) or of one of its refunds: once — a second call for
 * the same payment or refund changes nothing. Queues nothing when no issuer issues the documents of
 * the payment's provider, or for nothing paid. Call it in the transaction that records the payment or
 * the refund, so the document cannot be forgotten. True when a row was added.
 */
export async function queueTaxDocument(
  db: Db,
  p: { paymentId: string; refundId: string | null; amountCents: number; currency: string; now: Date },
): Promise<boolean> {
  if (!(p.amountCents > 0)) return false;
  const payment = await db.selectFrom("payments").select("provider").where("id", "=", p.paymentId).executeTakeFirst();
  const issuer = payment ? taxDocumentIssuerFor(payment.provider) : null;
  if (!issuer) return false;
  const at = p.now.toISOString();
  const inserted = await db
    .insertInto("tax_documents")
    .values({
      id: randomUUID(),
      document_key: p.refundId === null ? p.paymentId : `${p.paymentId}:${p.refundId}`,
      payment_id: p.paymentId,
      refund_id: p.refundId,
      kind: p.refundId === null ? "payment" : "refund",
      document_type: null,
      amount_cents: p.amountCents,
      currency: p.currency,
      vat_basis_points: null,
      issuer,
      status: "pending",
      number: null,
      url: null,
      attempts: 0,
      next_attempt_at: at,
      claimed_until: null,
      last_error: null,
      created_at: at,
      issued_at: null,
    })
    .onConflict((oc) => oc.column("document_key").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/* ---------- what a document says ---------- */

/** The document's type for the business's kind: a receipt from an exempt dealer, else a tax invoice/receipt. */
export function documentTypeFor(
  business: Pick<BusinessDetails, "dealerKind" | "vatPercent">,
  refund: boolean,
): DocumentType {
  if (!chargesVat(business)) return refund ? "ReceiptRefund" : "Receipt";
  return refund ? "TaxInvoiceAndReceiptRefund" : "TaxInvoiceAndReceipt";
}

/** The payment as its document needs it. */
export interface DocumentPayment {
  kind: "subscription" | "course";
  planInterval: string | null;
  courseTitle: { en: string; he: string } | null;
  /** The document's amount (a refund's own), VAT included, in minor units. */
  amountCents: number;
  /** The coupon the payment was charged with (issue 33 point 4): its code and what it took off. */
  coupon: { code: string; discountCents: number } | null;
}

const LINE_WORDS = {
  he: { course: "קורס", month: "מנוי חודשי", year: "מנוי שנתי", plan: "מנוי", refund: "זיכוי", coupon: "קופון" },
  en: {
    course: "Course",
    month: "Monthly subscription",
    year: "Yearly subscription",
    plan: "Subscription",
    refund: "Refund",
    coupon: "Coupon",
  },
} as const;

/**
 * The document's lines, built from the payment in one place: what was bought, VAT included. A payment
 * with a coupon shows the full price and the coupon's line below it, taking its discount off (Cardcom's
 * Products take a negative UnitCost), so the lines still add up to what was charged. A refund's
 * document has one line: the amount given back.
 */
export function documentLines(payment: DocumentPayment, language: "he" | "en", refund: boolean): DocumentLine[] {
  const words = LINE_WORDS[language];
  const what =
    payment.kind === "course"
      ? `${words.course}: ${payment.courseTitle ? payment.courseTitle[language] : "—"}`
      : payment.planInterval === "month" || payment.planInterval === "year"
        ? words[payment.planInterval]
        : words.plan;
  if (refund) return [{ description: `${words.refund}: ${what}`, unitAmountCents: payment.amountCents, quantity: 1 }];
  const coupon = payment.coupon && payment.coupon.discountCents > 0 ? payment.coupon : null;
  if (!coupon) return [{ description: what, unitAmountCents: payment.amountCents, quantity: 1 }];
  return [
    { description: what, unitAmountCents: payment.amountCents + coupon.discountCents, quantity: 1 },
    { description: `${words.coupon} ${coupon.code}`, unitAmountCents: -coupon.discountCents, quantity: 1 },
  ];
}

/** Documents are in Hebrew: the school's books are kept in Israel, and its accountant reads them. */
export const DOCUMENT_LANGUAGE = "he" as const;

async function requestFor(
  db: Kysely<Database>,
  row: TaxDocumentsTable,
  business: BusinessDetails,
): Promise<DocumentRequest> {
  const payment = await db
    .selectFrom("payments")
    .leftJoin("users", "users.id", "payments.user_id")
    .leftJoin("courses", "courses.id", "payments.course_id")
    .select([
      "payments.kind",
      "payments.plan_interval",
      "payments.provider_payment_id",
      "payments.provider_ref",
      "payments.coupon_code",
      "payments.discount_cents",
      "users.name",
      "users.email",
      "courses.title_en",
      "courses.title_he",
    ])
    .where("payments.id", "=", row.payment_id)
    .executeTakeFirstOrThrow();
  const refund = row.kind === "refund";
  return {
    type: documentTypeFor(business, refund),
    customer: { name: payment.name ?? payment.email ?? "", email: payment.email },
    lines: documentLines(
      {
        kind: payment.kind,
        planInterval: payment.plan_interval,
        courseTitle: payment.title_en
          ? { en: payment.title_en, he: payment.title_he?.trim() || payment.title_en }
          : null,
        amountCents: Number(row.amount_cents),
        coupon:
          payment.coupon_code && payment.discount_cents
            ? { code: payment.coupon_code, discountCents: Number(payment.discount_cents) }
            : null,
      },
      DOCUMENT_LANGUAGE,
      refund,
    ),
    currency: row.currency,
    language: DOCUMENT_LANGUAGE,
    vatFree: !chargesVat(business),
    // The card deal it settles: the provider's payment (Cardcom: the deal's TranzactionId).
    dealReference: payment.provider_payment_id ?? payment.provider_ref,
    externalId: row.id,
  };
}

/* ---------- the outbox round ---------- */

/**
 * Between attempts: at once, then after a minute, 5 minutes, half an hour, 2 hours, 6 hours and a day;
 * after the last, the document is marked failed (the admin sees it, and can ask again).
 */
export const DEFAULT_DOCUMENT_DELAYS = [0, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 86_400_000];

/**
 * How long a process holds a row it is issuing (longer than the issuer's timeout): a process that
 * dies mid-call leaves it to another after this. The issuer may then have issued it already and be
 * asked again; ExternalId (the row's id) on the document lets the school find such a twin.
 */
export const DOCUMENT_CLAIM_MS = 2 * 60_000;

export interface DocumentRoundOptions {
  db: Kysely<Database>;
  issuer: DocumentIssuer;
  log: Logger;
  delays?: number[];
}

export interface DocumentRoundResult {
  issued: number;
  failed: number;
  /** When the rows that failed this round are due again. */
  retries: Date[];
}

/**
 * Issues every due document (pending, its next attempt passed, not held by another process). Each row
 * is claimed with a conditional update before the issuer is called, so two rounds — in this process or
 * another — never issue the same document; the outcome is written with the next attempt's time.
 */
export async function issueDueTaxDocuments(
  options: DocumentRoundOptions,
  now: Date = new Date(),
): Promise<DocumentRoundResult> {
  const { db, issuer, log } = options;
  const delays = options.delays ?? DEFAULT_DOCUMENT_DELAYS;
  const result: DocumentRoundResult = { issued: 0, failed: 0, retries: [] };
  const t0 = Date.now();
  const clock = () => new Date(now.getTime() + Date.now() - t0);
  const due = await db
    .selectFrom("tax_documents")
    .select("id")
    .where("status", "=", "pending")
    .where("issuer", "=", issuer.name)
    .where("next_attempt_at", "<=", now.toISOString())
    .orderBy("next_attempt_at")
    .limit(20)
    .execute();
  if (due.length === 0) return result;
  const business = await businessDetails(db);
  for (const { id } of due) {
    const claimedAt = clock();
    const claim = await db
      .updateTable("tax_documents")
      .set({ claimed_until: new Date(claimedAt.getTime() + DOCUMENT_CLAIM_MS).toISOString() })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", claimedAt.toISOString())
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", claimedAt.toISOString())]))
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) continue; // another round has it
    const row = await db.selectFrom("tax_documents").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const attempts = Number(row.attempts) + 1;
    let request: DocumentRequest | null = null;
    let outcome: { ok: true; number: string; url: string | null } | { ok: false; error: string; retry: boolean };
    try {
      request = await requestFor(db, row, business);
      const issued = await issuer.issue(request);
      outcome = { ok: true, number: issued.number, url: issued.url };
    } catch (error) {
      outcome = {
        ok: false,
        error: String(error instanceof Error ? error.message : error).slice(0, 300),
        retry: !(error instanceof DocumentIssueError) || error.retry,
      };
    }
    const last = !outcome.ok && (!outcome.retry || attempts >= delays.length);
    const nextAt = outcome.ok || last ? null : new Date(clock().getTime() + (delays[attempts] ?? 0));
    const at = clock().toISOString();
    await db
      .updateTable("tax_documents")
      .set({
        attempts,
        status: outcome.ok ? "issued" : last ? "failed" : "pending",
        document_type: request?.type ?? row.document_type,
        vat_basis_points: request
          ? Math.round((request.vatFree ? 0 : business.vatPercent) * 100)
          : row.vat_basis_points,
        number: outcome.ok ? outcome.number : null,
        url: outcome.ok ? outcome.url : null,
        last_error: outcome.ok ? null : outcome.error,
        issued_at: outcome.ok ? at : null,
        next_attempt_at: nextAt?.toISOString() ?? null,
        claimed_until: null,
      })
      .where("id", "=", id)
      .execute();
    const fields = { documentId: id, paymentId: row.payment_id, kind: row.kind, attempts };
    if (outcome.ok) {
      result.issued += 1;
      log.info({ ...fields, type: request?.type, number: outcome.number }, "tax document issued");
      continue;
    }
    if (nextAt) result.retries.push(nextAt);
    else result.failed += 1;
    log.warn(
      { ...fields, error: outcome.error },
      last ? "tax document failed for good: the admin's payments page shows it" : "tax document failed; will retry",
    );
  }
  return result;
}

/** The admin asks again for a failed document: due at once, its attempts counted afresh. False if it was not failed. */
export async function retryTaxDocument(db: Kysely<Database>, id: string, now: Date = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("tax_documents")
    .set({ status: "pending", attempts: 0, next_attempt_at: now.toISOString(), claimed_until: null })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/* ---------- reading ---------- */

export interface TaxDocumentView {
  id: string;
  paymentId: string;
  kind: "payment" | "refund";
  type: string | null;
  status: "pending" | "issued" | "failed";
  number: string | null;
  url: string | null;
  amountCents: number;
  currency: string;
  issuedAt: string | null;
  createdAt: string;
  attempts: number;
  lastError: string | null;
}

const viewColumns = [
  "tax_documents.id",
  "tax_documents.payment_id",
  "tax_documents.kind",
  "tax_documents.document_type",
  "tax_documents.status",
  "tax_documents.number",
  "tax_documents.url",
  "tax_documents.amount_cents",
  "tax_documents.currency",
  "tax_documents.issued_at",
  "tax_documents.created_at",
  "tax_documents.attempts",
  "tax_documents.last_error",
] as const;

function view(r: {
  id: string;
  payment_id: string;
  kind: "payment" | "refund";
  document_type: string | null;
  status: "pending" | "issued" | "failed";
  number: string | null;
  url: string | null;
  amount_cents: number;
  currency: string;
  issued_at: string | null;
  created_at: string;
  attempts: number;
  last_error: string | null;
}): TaxDocumentView {
  return {
    id: r.id,
    paymentId: r.payment_id,
    kind: r.kind,
    type: r.document_type,
    status: r.status,
    number: r.number,
    url: r.url,
    amountCents: Number(r.amount_cents),
    currency: r.currency,
    issuedAt: r.issued_at,
    createdAt: r.created_at,
    attempts: Number(r.attempts),
    lastError: r.last_error,
  };
}

/** A learner's own documents, newest first: those of their payments only. */
export async function documentsOfUser(db: Kysely<Database>, userId: string, limit = 100): Promise<TaxDocumentView[]> {
  const rows = await db
    .selectFrom("tax_documents")
    .innerJoin("payments", "payments.id", "tax_documents.payment_id")
    .select(viewColumns)
    .where("payments.user_id", "=", userId)
    .orderBy("tax_documents.created_at", "desc")
    .orderBy("tax_documents.id", "desc")
    .limit(limit)
    .execute();
  return rows.map(view);
}

/** The documents of these payments (the admin's page of payments), by payment. */
export async function documentsOfPayments(
  db: Kysely<Database>,
  paymentIds: readonly string[],
): Promise<Map<string, TaxDocumentView[]>> {
  const byPayment = new Map<string, TaxDocumentView[]>();
  if (paymentIds.length === 0) return byPayment;
  const rows = await db
    .selectFrom("tax_documents")
    .select(viewColumns)
    .where("tax_documents.payment_id", "in", [...paymentIds])
    .orderBy("tax_documents.created_at", "asc")
    .execute();
  for (const row of rows) byPayment.set(row.payment_id, [...(byPayment.get(row.payment_id) ?? []), view(row)]);
  return byPayment;
}

/** How many documents wait and how many failed for good: the admin's page says so at the top. */
export async function documentCounts(db: Kysely<Database>): Promise<{ pending: number; failed: number }> {
  const rows = await db
    .selectFrom("tax_documents")
    .select(["status", db.fn.countAll<number>().as("count")])
    .where("status", "in", ["pending", "failed"])
    .groupBy("status")
    .execute();
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.count ?? 0);
  return { pending: count("pending"), failed: count("failed") };
}

/** One line of the accountant's export: a payment with its document (or a refund's), oldest first. */
export interface LedgerRow {
  paymentId: string;
  paidAt: string;
  email: string | null;
  name: string | null;
  what: string;
  amountCents: number;
  currency: string;
  /** The coupon it was charged with, and what that took off (minor units); null without one. */
  couponCode: string | null;
  discountCents: number | null;
  provider: string;
  reference: string;
  status: "paid" | "refunded";
  document: TaxDocumentView | null;
  vatBasisPoints: number | null;
}

/** Every payment with its documents (a payment with none gives one row without), oldest first. */
export async function ledger(db: Kysely<Database>): Promise<LedgerRow[]> {
  const rows = await db
    .selectFrom("payments")
    .leftJoin("users", "users.id", "payments.user_id")
    .leftJoin("courses", "courses.id", "payments.course_id")
    .leftJoin("tax_documents", "tax_documents.payment_id", "payments.id")
    .select([
      "payments.id as pid",
      "payments.created_at as paid_at",
      "users.email",
      "users.name",
      "payments.kind as payment_kind",
      "payments.plan_interval",
      "courses.title_en",
      "payments.amount_cents as paid_cents",
      "payments.currency as paid_currency",
      "payments.coupon_code",
      "payments.discount_cents",
      "payments.provider",
      "payments.provider_ref",
      "payments.status as payment_status",
      ...viewColumns,
      "tax_documents.vat_basis_points",
    ])
    .orderBy("payments.created_at", "asc")
    .orderBy("payments.id", "asc")
    .orderBy("tax_documents.created_at", "asc")
    .execute();
  return rows.map((r) => ({
    paymentId: r.pid,
    paidAt: r.paid_at,
    email: r.email ?? null,
    name: r.name ?? null,
    what:
      r.payment_kind === "course"
        ? `course: ${r.title_en ?? "(deleted)"}`
        : `subscription${r.plan_interval ? ` (${r.plan_interval})` : ""}`,
    amountCents: Number(r.paid_cents),
    currency: r.paid_currency,
    couponCode: r.coupon_code ?? null,
    discountCents: r.discount_cents === null ? null : Number(r.discount_cents),
    provider: r.provider,
    reference: r.provider_ref,
    status: r.payment_status,
    vatBasisPoints: r.vat_basis_points === null || r.vat_basis_points === undefined ? null : Number(r.vat_basis_points),
    document: r.id
      ? view({
          id: r.id,
          payment_id: r.payment_id!,
          kind: r.kind!,
          document_type: r.document_type ?? null,
          status: r.status!,
          number: r.number ?? null,
          url: r.url ?? null,
          amount_cents: r.amount_cents!,
          currency: r.currency!,
          issued_at: r.issued_at ?? null,
          created_at: r.created_at!,
          attempts: r.attempts!,
          last_error: r.last_error ?? null,
        })
      : null,
  }));
}

/**
 * The VAT within a VAT-inclusive amount, in minor units: amount × rate / (100 % + rate), rounded to
 * the nearest agora (half up). This is the one rounding of the export; the issuer computes its own.
 */
export function vatWithin(amountCents: number, basisPoints: number): number {
  if (basisPoints <= 0) return 0;
  return Math.round((amountCents * basisPoints) / (10_000 + basisPoints));
}
