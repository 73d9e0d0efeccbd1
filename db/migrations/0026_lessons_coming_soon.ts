import type { Kysely } from "kysely";

/**
 * Lessons without a video are no longer sold as locked lessons (issue 31, D-H2). A lesson with neither
 * a YouTube id nor an uploaded file is left out of the public pages, their counts and their free
 * previews, unless its list's teacher chose to show such lessons as "Coming soon": this column.
 *
 * New lists start with it off. Lists that exist already start with it on: until now their lessons
 * without a video were on the public pages (as "Locked", or "Video coming soon"), and the product's
 * lists keep their lengths (docs/product.md#pages); they now say "Coming soon" instead, and the teacher
 * can hide them in the course builder.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("video_lists")
    .addColumn("coming_soon", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.updateTable("video_lists").set({ coming_soon: 1 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("video_lists").dropColumn("coming_soon").execute();
}
