import type { Kysely } from "kysely";

/**
 * A list made wholly free by its teacher (issue 29, finding 3). Free samples are the first lessons
 * of a list that signed-in learners may watch without paying, and they never cover the whole list
 * (app/models/access.server.ts caps them at one lesson fewer): a one-lesson course sold at $219 was
 * entirely a "free sample", certificate included. The one way to give every lesson away is this
 * explicit choice in the course builder, off for every list there is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("video_lists")
    .addColumn("all_free", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("video_lists").dropColumn("all_free").execute();
}
