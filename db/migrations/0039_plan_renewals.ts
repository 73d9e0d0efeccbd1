import type { Kysely } from "kysely";

/**
 * Issue 33, decision 0049: the renewals of plans Lomda charges itself (Cardcom keeps no subscription:
 * a plan's first payment kept the card's token, decision 0046). One row per subscription and paid
 * period it would start (unique `subscription_id` + `period_start`, the period's first moment being the
 * subscription's end when the renewal began), so however many processes look, a period is renewed by
 * one row. A process claims the row before it calls the provider (`claimed_by` until `claimed_until`);
 * `charge_ref` is the id sent with the charge (Cardcom's ExternalUniqTranId), kept until the attempt's
 * outcome is known, so a retry after a lost answer names the same charge and is not charged twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("plan_renewals")
    .addColumn("id", "text", (c) => c.primaryKey())
    // A renewal goes with its subscription (a deleted learner's); the payment it made stays in payments.
    .addColumn("subscription_id", "text", (c) => c.notNull().references("subscriptions.id").onDelete("cascade"))
    .addColumn("period_start", "text", (c) => c.notNull())
    // The order whose card is charged (payment_orders.id), and what is charged, fixed when it began.
    .addColumn("order_id", "text", (c) => c.notNull())
    .addColumn("plan_interval", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    // "due", "charging" (claimed), "retry" (failed, tried again at next_attempt_at), "paid", "stopped".
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("next_attempt_at", "text")
    .addColumn("claimed_by", "text")
    .addColumn("claimed_until", "text")
    .addColumn("charge_ref", "text")
    // The provider's transaction that paid it, and the payment recorded for it.
    .addColumn("transaction_id", "text")
    .addColumn("payment_id", "text")
    // Why it stopped: "declined", "unreachable", "expired", "withdrawn", "cancelled".
    .addColumn("stop_reason", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("plan_renewals_period", ["subscription_id", "period_start"])
    .execute();
  // The scheduler's look: what is due, by state and time.
  await db.schema.createIndex("plan_renewals_due").on("plan_renewals").columns(["state", "next_attempt_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("plan_renewals").execute();
}
