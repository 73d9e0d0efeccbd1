import type { Kysely } from "kysely";

/**
 * Online payments (issue 18, decision 0024). The owner's offer: the subscription plans (one row per
 * interval; the admin sets price, currency and whether it is offered) and, per course, whether it is
 * sold on its own at its card price and in which currency. What buyers paid (`payments`), the
 * courses they own (`course_access`), their customer record at the provider (`billing_customers`),
 * and the provider's events already applied (`payment_events`: an event delivered twice changes
 * nothing). A subscription bought online is a `subscriptions` row like a granted one, tied to the
 * provider's subscription by `provider_subscription_id`; its end date follows the provider's period.
 * `site_settings` holds the owner's switches (online checkout on or off).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("billing_plans")
    .addColumn("interval", "text", (c) => c.primaryKey())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // The offer the site always showed (content/courses.ts): $49 a month, $390 a year.
  const now = new Date().toISOString();
  await db
    .insertInto("billing_plans" as never)
    .values([
      { interval: "month", amount_cents: 4900, currency: "USD", active: 1, updated_at: now },
      { interval: "year", amount_cents: 39000, currency: "USD", active: 1, updated_at: now },
    ] as never)
    .execute();

  await db.schema
    .createTable("site_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable("courses")
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("USD"))
    .execute();
  await db.schema
    .alterTable("courses")
    .addColumn("sold_separately", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema.alterTable("subscriptions").addColumn("provider_subscription_id", "text").execute();
  await db.schema.alterTable("subscriptions").addColumn("cancel_at_period_end", "integer").execute();
  await db.schema
    .createIndex("subscriptions_provider_subscription")
    .on("subscriptions")
    .column("provider_subscription_id")
    .unique()
    .execute();

  await db.schema
    .createTable("billing_customers")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("customer_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("payments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("course_id", "text")
    .addColumn("plan_interval", "text")
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("provider", "text", (c) => c.notNull())
    /** The provider's id of what was paid: a checkout session, or an invoice of a renewal. */
    .addColumn("provider_ref", "text", (c) => c.notNull().unique())
    /** The provider's payment (payment intent) a refund names. */
    .addColumn("provider_payment_id", "text")
    .addColumn("provider_subscription_id", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("refunded_at", "text")
    .execute();
  await db.schema.createIndex("payments_newest").on("payments").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("payments_user").on("payments").column("user_id").execute();
  await db.schema.createIndex("payments_provider_payment").on("payments").column("provider_payment_id").execute();

  await db.schema
    .createTable("course_access")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("course_id", "text", (c) => c.notNull().references("courses.id").onDelete("cascade"))
    /** "payment:<payment id>" or "admin:<user id>". */
    .addColumn("granted_by", "text", (c) => c.notNull())
    .addColumn("payment_id", "text")
    .addColumn("granted_at", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text")
    .addColumn("revoked_by", "text")
    .execute();
  await db.schema.createIndex("course_access_user").on("course_access").columns(["user_id", "revoked_at"]).execute();
  await db.schema.createIndex("course_access_payment").on("course_access").column("payment_id").execute();

  await db.schema
    .createTable("payment_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payment_events_received").on("payment_events").column("received_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payment_events").execute();
  await db.schema.dropTable("course_access").execute();
  await db.schema.dropTable("payments").execute();
  await db.schema.dropTable("billing_customers").execute();
  await db.schema.dropIndex("subscriptions_provider_subscription").execute();
  await db.schema.alterTable("subscriptions").dropColumn("cancel_at_period_end").execute();
  await db.schema.alterTable("subscriptions").dropColumn("provider_subscription_id").execute();
  await db.schema.alterTable("courses").dropColumn("sold_separately").execute();
  await db.schema.alterTable("courses").dropColumn("currency").execute();
  await db.schema.dropTable("site_settings").execute();
  await db.schema.dropTable("billing_plans").execute();
}
