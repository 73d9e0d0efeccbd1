import type { Kysely } from "kysely";

/**
 * Issue 33, decision 0046: Lomda's own orders, for a payment provider whose notification proves
 * nothing (Cardcom). An order is written before the provider's hosted page is opened, with what the
 * buyer is asked to pay; its id travels with the deal (Cardcom's ReturnValue) and the provider's id
 * of the page comes back into `provider_ref`. A deal read back from the provider grants access only
 * when it matches its order, once (`status` goes from "open" to "paid" in the transaction that
 * grants). A plan's first payment keeps the card's token for the renewals Lomda will charge itself
 * (the token is the provider's reference to a card it keeps; no card number ever reaches Lomda).
 * An order goes with its learner; the payment it became stays (`payments`, its user set null).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("payment_orders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("provider", "text", (c) => c.notNull())
    // The provider's id of the hosted page and its deal (Cardcom: LowProfileId), once it exists.
    .addColumn("provider_ref", "text", (c) => c.unique())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    // No foreign key: a course deleted while its buyer pays is still what was paid for.
    .addColumn("course_id", "text")
    .addColumn("plan_interval", "text")
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("paid_at", "text")
    .addColumn("payment_id", "text")
    .addColumn("subscription_id", "text")
    .addColumn("card_token", "text")
    .addColumn("card_expiry", "text")
    .addColumn("token_expires_on", "text")
    .execute();
  await db.schema.createIndex("payment_orders_user").on("payment_orders").column("user_id").execute();
  // Housekeeping removes orders never paid, oldest first.
  await db.schema
    .createIndex("payment_orders_status_created")
    .on("payment_orders")
    .columns(["status", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payment_orders").execute();
}
