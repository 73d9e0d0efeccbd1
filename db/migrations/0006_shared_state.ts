import { sql, type Kysely } from "kysely";

/**
 * State shared by every process on one database: rate-limit counters, leases (one process at a
 * time runs a scheduled round) and the forwarding outbox on the submission tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per limiter, key and fixed window; incremented atomically with an upsert.
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_limits_expires_idx").on("rate_limits").column("expires_at").execute();
  // A named lease: taken by a conditional upsert, held until it expires.
  await db.schema
    .createTable("leases")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  for (const table of ["contact_messages", "registration_requests"]) {
    // When the next forwarding attempt is due (null: none due), and until when a process holds the row.
    await db.schema.alterTable(table).addColumn("forward_next_at", "text").execute();
    await db.schema.alterTable(table).addColumn("forward_claimed_until", "text").execute();
    await db.schema
      .createIndex(`${table}_forward_idx`)
      .on(table)
      .columns(["forward_status", "forward_next_at"])
      .execute();
  }
  // Rows left pending by an earlier version are due now.
  for (const table of ["contact_messages", "registration_requests"]) {
    await sql`update ${sql.table(table)} set forward_next_at = ${"1970-01-01T00:00:00.000Z"} where forward_status = ${"pending"}`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["contact_messages", "registration_requests"]) {
    await db.schema.dropIndex(`${table}_forward_idx`).execute();
    await db.schema.alterTable(table).dropColumn("forward_claimed_until").execute();
    await db.schema.alterTable(table).dropColumn("forward_next_at").execute();
  }
  await db.schema.dropTable("leases").execute();
  await db.schema.dropTable("rate_limits").execute();
}
