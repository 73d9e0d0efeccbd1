import { writeTransaction } from "~/lib/db.server";
import type { FieldErrors } from "~/models/catalogue-admin.schema";
import { bumpCatalogueVersion } from "~/models/catalogue-version.server";
import { nextVersion, type Db, type Trx } from "./write.server";

/**
 * Covers, which course cards and catalogue cards both wear (finding D-L6): a bundled picture
 * (/images/…) or an uploaded one (/media/covers/<file>). An uploaded file may be worn by more than
 * one row (a catalogue given its first course's upload by migration 0031), so it is removed only
 * once no course and no catalogue wears it.
 */

/** The tables whose rows wear a cover. */
export type CoverTable = "courses" | "catalogues";

/** A cover is one bundled with the site (of `bundled`), or the one the row already has (an uploaded one). */
export function coverProblem(
  cover: string | null,
  current: string | null,
  bundled: readonly string[],
): FieldErrors | null {
  if (cover === null || cover === current || bundled.includes(cover)) return null;
  return { cover: "courseAdmin.errors.cover" };
}

/** An uploaded file (under /media/), as opposed to one bundled with the site. */
const isUploadedCover = (cover: string) => cover.startsWith("/media/");

/** Of these covers (left by a change), the uploaded ones no course and no catalogue wears any more (bundled ones stay). */
export async function unusedCovers(trx: Trx, covers: string[]): Promise<string[]> {
  const uploaded = [...new Set(covers.filter(isUploadedCover))];
  if (uploaded.length === 0) return [];
  // One after the other: a transaction is one connection.
  const courses = await trx.selectFrom("courses").select("cover").where("cover", "in", uploaded).execute();
  const catalogues = await trx.selectFrom("catalogues").select("cover").where("cover", "in", uploaded).execute();
  const used = new Set([...courses, ...catalogues].map((r) => r.cover));
  return uploaded.filter((c) => !used.has(c));
}

/**
 * Sets a course's or a catalogue's cover (a URL path such as /media/covers/<file>, made by the
 * upload helper): a save of the row, so an edit form opened before it is refused rather than
 * undoing it, and a change of the catalogue. Returns the previous cover and the uploaded files left
 * unworn, for the caller to remove; null when there is no such row.
 */
export async function setCover(
  db: Db,
  table: CoverTable,
  id: string,
  coverPath: string,
): Promise<{ previous: string; files: string[] } | null> {
  return writeTransaction(db, async (trx) => {
    const row = await trx.selectFrom(table).select("cover").where("id", "=", id).executeTakeFirst();
    if (!row) return null;
    await trx
      .updateTable(table)
      .set({ cover: coverPath, ...nextVersion() })
      .where("id", "=", id)
      .execute();
    await bumpCatalogueVersion(trx);
    return { previous: row.cover, files: await unusedCovers(trx, [row.cover]) };
  });
}
