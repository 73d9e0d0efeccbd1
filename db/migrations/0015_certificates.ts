import type { Kysely } from "kysely";

/**
 * Certificates (issue 17): one per learner and video list, issued when every lesson of the list is
 * complete (and its quiz, if it has one, passed with at least 70 %). The id is random and long: the
 * verification URL is public. The list's titles and the learner's name are kept as they were at
 * issue, so a certificate says the same thing after the list is renamed or removed (no foreign key
 * to the list for that reason). The admin can revoke one; a revoked certificate says so when checked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("certificates")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("list_id", "text", (c) => c.notNull())
    .addColumn("learner_name", "text", (c) => c.notNull())
    .addColumn("title_en", "text", (c) => c.notNull())
    .addColumn("title_he", "text", (c) => c.notNull())
    .addColumn("issued_at", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text")
    .addColumn("revoked_by", "text")
    .addUniqueConstraint("certificates_user_list", ["user_id", "list_id"])
    .execute();
  await db.schema.createIndex("certificates_issued").on("certificates").columns(["issued_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("certificates_issued").execute();
  await db.schema.dropTable("certificates").execute();
}
