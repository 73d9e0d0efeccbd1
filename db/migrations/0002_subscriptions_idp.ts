import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // A subscription belongs to a user, or to an email until that person first signs in.
  await db.schema
    .createTable("subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("email", "text")
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text")
    .addColumn("granted_by", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text")
    .addColumn("revoked_by", "text")
    .addColumn("note", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("subscriptions_user_idx").on("subscriptions").column("user_id").execute();
  await db.schema.createIndex("subscriptions_email_idx").on("subscriptions").column("email").execute();

  // Accounts of the embedded OpenID provider (demo mode); passwords are scrypt hashes.
  await db.schema
    .createTable("idp_accounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("address", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  // oidc-provider's state (sessions, grants, codes, interactions…), so a restart keeps sign-ins.
  await db.schema
    .createTable("idp_payloads")
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("id", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("grant_id", "text")
    .addColumn("user_code", "text")
    .addColumn("uid", "text")
    .addColumn("expires_at", "text")
    .addColumn("consumed_at", "text")
    .addPrimaryKeyConstraint("idp_payloads_pk", ["model", "id"])
    .execute();
  await db.schema.createIndex("idp_payloads_grant_idx").on("idp_payloads").column("grant_id").execute();
  await db.schema.createIndex("idp_payloads_uid_idx").on("idp_payloads").column("uid").execute();
  await db.schema.createIndex("idp_payloads_expires_idx").on("idp_payloads").column("expires_at").execute();

  // Generated once and kept: the embedded provider's signing keys.
  await db.schema
    .createTable("key_store")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("key_store").execute();
  await db.schema.dropTable("idp_payloads").execute();
  await db.schema.dropTable("idp_accounts").execute();
  await db.schema.dropTable("subscriptions").execute();
}
