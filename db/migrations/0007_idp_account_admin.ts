import type { Kysely } from "kysely";

/**
 * Accounts of the embedded provider made by the site owner (`npm run accounts`): an admin flag (the
 * first admin of a site without ADMIN_EMAILS) and a disabled state (no sign-in, sessions ended).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("idp_accounts")
    .addColumn("is_admin", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("idp_accounts").addColumn("disabled_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("idp_accounts").dropColumn("disabled_at").execute();
  await db.schema.alterTable("idp_accounts").dropColumn("is_admin").execute();
}
