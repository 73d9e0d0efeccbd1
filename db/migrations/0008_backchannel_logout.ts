import type { Kysely } from "kysely";

/**
 * Back-Channel Logout: the provider's session id (`sid` of the ID token) on each Lomda session, so a
 * logout token ends the sessions it names; and the logout tokens already used (by issuer and jti,
 * until they expire), so a replayed token is refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("provider_sid", "text").execute();
  await db.schema.createIndex("sessions_provider_sid_idx").on("sessions").column("provider_sid").execute();
  await db.schema
    .createTable("logout_tokens_seen")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("logout_tokens_seen_expires_idx").on("logout_tokens_seen").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("logout_tokens_seen").execute();
  await db.schema.dropIndex("sessions_provider_sid_idx").execute();
  await db.schema.alterTable("sessions").dropColumn("provider_sid").execute();
}
