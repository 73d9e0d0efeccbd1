import { sql, type Kysely } from "kysely";

/**
 * A catalogue's own cover (finding D-L6): a URL path, /images/… (bundled) or /media/covers/<file>
 * (uploaded in the course builder), as a course's is. Until now /courses drew a card with a picture
 * borrowed by its slug (the three seeded catalogues' pictures under /images/catalogues/), else its
 * first published course's cover, else Java's. Each catalogue there is gets that picture now, so no
 * card changes; from here on the admin chooses it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("catalogues")
    .addColumn("cover", "text", (c) => c.notNull().defaultTo("/images/courses/plain.svg"))
    .execute();
  // Ordered as the catalogue snapshot orders a catalogue's courses (position, then slug).
  await sql`update catalogues set cover = coalesce(
      (select c.cover from courses c
        where c.catalogue_id = catalogues.id and c.published = 1
        order by c.position, c.slug limit 1),
      '/images/courses/java.svg')`.execute(db);
  await sql`update catalogues set cover = '/images/catalogues/' || slug || '.svg'
    where slug in ('mern', 'fullstack', 'programming')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("catalogues").dropColumn("cover").execute();
}
