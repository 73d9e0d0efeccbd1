import type { Kysely } from "kysely";

/**
 * Coupons (issue 33, point 4; decision 0051): a percentage or a fixed amount off a plan, a course or
 * anything, until an expiry and for a number of uses, which the admin makes and a buyer enters on
 * the order page.
 *
 * `coupons.code` is stored in upper case (what the buyer types is upper-cased before it is looked
 * up), so its unique index makes codes unique whatever their case. `coupon_redemptions` holds the
 * uses: a checkout opened with a coupon reserves one (held until `held_until`, as long as the
 * provider's page is meant to stay open), its payment redeems it; a lapsed reservation no longer
 * counts. Reserving locks the coupon's row first, so two buyers racing for the last use are served
 * one after the other and only one gets it.
 *
 * The order (Cardcom) and the payment keep the code and the amount taken off, for the admin's list
 * and the tax document.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("coupons")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    // "percent" (percent_off, 1–100) or "fixed" (amount_off_cents in currency).
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("percent_off", "integer")
    .addColumn("amount_off_cents", "integer")
    .addColumn("currency", "text")
    // "all", "plan" (plan_interval: month or year) or "course" (course_id).
    .addColumn("applies_to", "text", (c) => c.notNull())
    .addColumn("plan_interval", "text")
    // No foreign key: a course deleted later leaves its coupon on the admin's list, unusable.
    .addColumn("course_id", "text")
    // The last moment it can be used (null: no expiry).
    .addColumn("expires_at", "text")
    // How many payments may use it (null: no limit).
    .addColumn("max_uses", "integer")
    .addColumn("active", "integer", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("coupon_redemptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("coupon_id", "text", (c) => c.notNull().references("coupons.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    // "reserved" (a checkout is open), then "redeemed" (paid).
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("discount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    // Lomda's order (a read-back provider) and the provider's checkout, once they exist.
    .addColumn("order_id", "text")
    .addColumn("checkout_id", "text")
    .addColumn("payment_id", "text")
    .addColumn("held_until", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("redeemed_at", "text")
    .execute();
  // Counting a coupon's uses, and finding a redemption by its order or checkout.
  await db.schema
    .createIndex("coupon_redemptions_coupon")
    .on("coupon_redemptions")
    .columns(["coupon_id", "status"])
    .execute();
  await db.schema.createIndex("coupon_redemptions_order").on("coupon_redemptions").column("order_id").execute();
  await db.schema.createIndex("coupon_redemptions_checkout").on("coupon_redemptions").column("checkout_id").execute();
  for (const table of ["payment_orders", "payments"]) {
    await db.schema.alterTable(table).addColumn("coupon_code", "text").execute();
    await db.schema.alterTable(table).addColumn("discount_cents", "integer").execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["payments", "payment_orders"]) {
    await db.schema.alterTable(table).dropColumn("discount_cents").execute();
    await db.schema.alterTable(table).dropColumn("coupon_code").execute();
  }
  await db.schema.dropTable("coupon_redemptions").execute();
  await db.schema.dropTable("coupons").execute();
}
