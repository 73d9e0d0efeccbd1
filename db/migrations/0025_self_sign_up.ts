import { sql, type Kysely } from "kysely";

/**
 * Self-service sign-up on the embedded provider (issue 31). An account a person made themselves
 * cannot sign in until its email is confirmed (email_verified_at), by the link mailed to it or by
 * an admin. The terms and privacy notice they agreed to are recorded with when (terms_version,
 * terms_accepted_at). Every account there is was made by an admin, an approval or the demo seed,
 * and counts as confirmed from when it was made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("idp_accounts").addColumn("email_verified_at", "text").execute();
  await db.schema.alterTable("idp_accounts").addColumn("terms_version", "text").execute();
  await db.schema.alterTable("idp_accounts").addColumn("terms_accepted_at", "text").execute();
  await sql`update idp_accounts set email_verified_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["terms_accepted_at", "terms_version", "email_verified_at"])
    await db.schema.alterTable("idp_accounts").dropColumn(column).execute();
}
