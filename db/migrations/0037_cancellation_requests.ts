import type { Kysely } from "kysely";

/**
 * A buyer's requests under the Consumer Protection Law's distance-sale rules (issue 33, point 3;
 * decision 0047): to cancel a purchase within the legal period, or to stop a subscription's renewal.
 * What the buyer was told is kept with the request — the amount, the fee the rule gave and what is
 * due back, the purchase's date — so a later change of the rule or the price does not rewrite it.
 * One request per purchase (unique payment_id) and per subscription (unique subscription_id): asked
 * once, never again. The admin approves or declines; the refund itself is made at the provider.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("cancellation_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    // A request outlives its buyer's account: the school must answer it and keep the record.
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    // The buyer's address when they asked: where the answer goes.
    .addColumn("email", "text")
    .addColumn("locale", "text", (c) => c.notNull())
    // "purchase": cancel a payment; "renewal": stop a subscription from renewing.
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("payment_id", "text", (c) => c.references("payments.id").unique())
    .addColumn("subscription_id", "text", (c) => c.references("subscriptions.id").unique())
    // What was bought: a course (its id) or a plan (its interval).
    .addColumn("course_id", "text")
    .addColumn("plan_interval", "text")
    .addColumn("amount_cents", "integer")
    .addColumn("currency", "text")
    .addColumn("fee_cents", "integer")
    .addColumn("refund_cents", "integer")
    .addColumn("purchased_at", "text")
    .addColumn("reason", "text")
    // "pending", then "approved" or "declined".
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("decided_at", "text")
    .addColumn("decided_by", "text")
    .execute();
  // The admin's list, newest first (keyset on created_at, id), and a buyer's own requests.
  await db.schema
    .createIndex("cancellation_requests_created")
    .on("cancellation_requests")
    .columns(["created_at", "id"])
    .execute();
  await db.schema.createIndex("cancellation_requests_user").on("cancellation_requests").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("cancellation_requests").execute();
}
