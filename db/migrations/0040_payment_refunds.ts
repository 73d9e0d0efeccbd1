import type { Kysely } from "kysely";

/**
 * Issue 33, point 1; decision 0050: refunds made from the admin area through the payment provider.
 * One row per refund of a payment, in the payment's minor units and currency. A row is written
 * ("pending") before the provider is asked, under a key the admin's form carries
 * (`idempotency_key`, unique): a double submit or a retry of the same form finds the row and asks the
 * provider no second time, and the amounts of pending and done rows together can never exceed what
 * was paid (checked while the payment's row is locked). The provider refusing removes the row; a
 * refund the provider made becomes "done" with the provider's id of it. A row outlives its admin.
 * A cancellation request that was approved records the refund it made (`refund_id`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("payment_refunds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("payment_id", "text", (c) => c.notNull().references("payments.id"))
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    // "pending" while the provider is asked, then "done".
    .addColumn("status", "text", (c) => c.notNull())
    // The provider's id of the refund (Stripe: re_…; Cardcom: the refund's NewTranzactionId).
    .addColumn("provider_refund_id", "text")
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("reason", "text")
    // "admin:<user id>".
    .addColumn("requested_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("completed_at", "text")
    .execute();
  await db.schema
    .createIndex("payment_refunds_payment")
    .on("payment_refunds")
    .columns(["payment_id", "created_at"])
    .execute();
  await db.schema.alterTable("cancellation_requests").addColumn("refund_id", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("cancellation_requests").dropColumn("refund_id").execute();
  await db.schema.dropTable("payment_refunds").execute();
}
