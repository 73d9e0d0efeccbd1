import type { Kysely } from "kysely";

/**
 * The name an uploaded lesson video had on the admin's computer (finding D-L9). The store keeps it
 * under a random name (`video_file`, decision 0014), which the course builder showed — a string of
 * hex nobody recognises. Kept only to show it back to admins, sanitized and at most 200 characters
 * (app/lib/uploads.server.ts: originalFileName); null for files uploaded before it was kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("lessons").addColumn("video_file_name", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("lessons").dropColumn("video_file_name").execute();
}
