import type { Kysely } from "kysely";

/**
 * The tax document issued for each payment and each refund (issue 33, point 2; decision 0048): a
 * receipt or a tax invoice/receipt, or its refund. A row is queued with the payment (or right after
 * the refund) and issued by the background round (app/models/tax-documents.server.ts), so a payment is
 * never lost or held up while the invoicing service is down. The row is also the outbox: its status,
 * attempts, next attempt and claim let any process take it, one at a time, and retry it on a schedule.
 * `document_key` makes it one per payment ("<payment id>") and one per refund ("<payment id>:<refund
 * id>"), whichever process or retry queues it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("tax_documents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("document_key", "text", (c) => c.notNull().unique())
    // A document is part of the books: it outlives nothing it names, so its payment is never deleted.
    .addColumn("payment_id", "text", (c) => c.notNull().references("payments.id"))
    // The refund it is for (a refund's own id); null for the payment's own document.
    .addColumn("refund_id", "text")
    // "payment" or "refund".
    .addColumn("kind", "text", (c) => c.notNull())
    // Decided when it is issued (the business's kind then): Receipt, TaxInvoiceAndReceipt, or their refunds.
    .addColumn("document_type", "text")
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    // The VAT rate the document was issued with, in hundredths of a percent (18 % is 1800; 0 for an
    // exempt dealer), an integer as money is; null until issued.
    .addColumn("vat_basis_points", "integer")
    // Who issued it ("cardcom").
    .addColumn("issuer", "text", (c) => c.notNull())
    // "pending", then "issued" or, after the last attempt, "failed".
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("number", "text")
    .addColumn("url", "text")
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("next_attempt_at", "text")
    .addColumn("claimed_until", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("issued_at", "text")
    .execute();
  // The round's look for due rows, and a payment's documents (the admin's list, the profile, the CSV).
  await db.schema.createIndex("tax_documents_due").on("tax_documents").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("tax_documents_payment").on("tax_documents").column("payment_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("tax_documents").execute();
}
