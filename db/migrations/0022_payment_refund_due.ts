import type { Kysely } from "kysely";

/**
 * Issue 29. `payments.refund_due`: why a payment taken by the provider must be given back (today
 * only "course-deleted": the course was deleted while the buyer was on the provider's page, so
 * nothing could be granted). It stays as the record of why; the payment needs a refund while its
 * status is still "paid", and the provider's refund event ends that. `payments.checkout_id`: the
 * provider's checkout a payment came from, so the thank-you page finds a confirmed payment in the
 * database instead of asking the provider (a subscription's payment is keyed by its checkout already;
 * a course's by the provider's payment).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("payments").addColumn("refund_due", "text").execute();
  await db.schema.alterTable("payments").addColumn("checkout_id", "text").execute();
  await db.schema.createIndex("payments_checkout").on("payments").column("checkout_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("payments_checkout").execute();
  await db.schema.alterTable("payments").dropColumn("checkout_id").execute();
  await db.schema.alterTable("payments").dropColumn("refund_due").execute();
}
