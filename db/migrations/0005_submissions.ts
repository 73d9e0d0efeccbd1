import type { Kysely } from "kysely";

async function submissionTable(db: Kysely<unknown>, name: "contact_messages" | "registration_requests") {
  await db.schema
    .createTable(name)
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    // pending → approved / rejected (registration requests); pending → handled (contact messages)
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("handled_at", "text")
    .addColumn("handled_by", "text")
    // Optional forwarding to a form service: none, pending, sent, failed.
    .addColumn("forward_status", "text", (c) => c.notNull())
    .addColumn("forward_attempts", "integer", (c) => c.notNull())
    .addColumn("forward_error", "text")
    .execute();
  await db.schema.createIndex(`${name}_created_idx`).on(name).column("created_at").execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await submissionTable(db, "contact_messages");
  await submissionTable(db, "registration_requests");
  await db.schema
    .createTable("newsletter_subscribers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // Spent captcha challenges (replay protection), shared by every process.
  await db.schema
    .createTable("captcha_used")
    .addColumn("challenge_id", "text", (c) => c.primaryKey())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["captcha_used", "newsletter_subscribers", "registration_requests", "contact_messages"]) {
    await db.schema.dropTable(table).execute();
  }
}
