import type { Kysely } from "kysely";

/**
 * One-time links of the embedded provider's accounts: set a first password (after an approved
 * registration) or reset a forgotten one. Only the SHA-256 of the token is stored; a link is used
 * once (used_at) and expires. An account made by an approval has an empty password_hash: it
 * cannot sign in until its password is set.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("account_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("account_tokens_expires_idx").on("account_tokens").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("account_tokens").execute();
}
