import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { Database } from "~/lib/db.server";
import {
  BUNDLED_CATALOGUE_COVERS,
  DEFAULT_COVER,
  type CatalogueInput,
  type CatalogueUpdateInput,
} from "~/models/catalogue-admin.schema";
import { coverProblem, setCover, unusedCovers } from "./cover.server";
import {
  flag,
  invalid,
  nextPosition,
  nextVersion,
  newPublicPath,
  NOT_FOUND,
  now,
  parse,
  pathIsFree,
  pathsOf,
  refOf,
  swapWithNeighbour,
  unsaved,
  write,
  type AdminText,
  type Db,
  type Direction,
  type Removed,
  type SaveOptions,
  type WriteResult,
} from "./write.server";

/** A catalogue of course cards (/courses/<slug>), and its own card on /courses, as the builder edits it. */

export interface AdminCatalogue extends AdminText {
  id: string;
  slug: string;
  descriptionEn: string;
  descriptionHe: string | null;
  /** Its card's picture on /courses: bundled (/images/…) or uploaded (/media/covers/…). */
  cover: string;
  published: boolean;
  paths: string[];
}

export function toCatalogue(row: Selectable<Database["catalogues"]>, paths: string[]): AdminCatalogue {
  return {
    id: row.id,
    slug: row.slug,
    titleEn: row.title_en,
    titleHe: row.title_he,
    descriptionEn: row.description_en,
    descriptionHe: row.description_he,
    cover: row.cover,
    published: row.published === 1,
    paths,
  };
}

/** The columns a catalogue's form sets, on create and on save alike (its slug is set once); `cover` is the one it wears. */
const catalogueRow = (input: CatalogueUpdateInput, cover: string) => ({
  title_en: input.titleEn,
  title_he: input.titleHe,
  description_en: input.descriptionEn,
  description_he: input.descriptionHe,
  cover,
  published: flag(input.published),
});

/** A catalogue with its course cards in order, and its version (read with it, for its edit form). */
export async function getCatalogueForAdmin(db: Db, id: string) {
  const row = await db.selectFrom("catalogues").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const paths = (await pathsOf(db, "catalogue", [id])).get(id) ?? [];
  const courses = await db
    .selectFrom("courses")
    .select(["id", "slug", "title_en", "title_he", "published"])
    .where("catalogue_id", "=", id)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return {
    version: row.version,
    catalogue: toCatalogue(row, paths),
    courses: courses.map((c) => ({
      id: c.id,
      slug: c.slug,
      titleEn: c.title_en,
      titleHe: c.title_he,
      published: c.published === 1,
    })),
  };
}

/** The parent of a new course, for the new-course page. */
export const getCatalogueRef = (db: Db, id: string) => refOf(db, "catalogues", id);

/** A new catalogue of course cards, shown at /courses/<slug>. */
export async function createCatalogue(db: Db, raw: unknown): Promise<WriteResult> {
  const parsed = parse("catalogue", raw);
  if (!parsed.ok) return invalid(parsed.errors);
  const input: CatalogueInput = parsed.data;
  const badCover = coverProblem(input.cover, null, BUNDLED_CATALOGUE_COVERS);
  if (badCover) return invalid(badCover);
  return write(db, async (trx) => {
    const path = newPublicPath(input.slug);
    if (await trx.selectFrom("catalogues").select("id").where("slug", "=", input.slug).executeTakeFirst())
      return invalid({ slug: "courseAdmin.errors.slugTaken" });
    if (!(await pathIsFree(trx, path))) return invalid({ slug: "courseAdmin.errors.pathTaken" });
    const id = randomUUID();
    const at = now();
    await trx
      .insertInto("catalogues")
      .values({
        ...catalogueRow(input, input.cover ?? DEFAULT_COVER),
        id,
        slug: input.slug,
        position: await nextPosition(trx.selectFrom("catalogues")),
        created_at: at,
        updated_at: at,
      })
      .execute();
    await trx.insertInto("catalogue_paths").values({ path, kind: "catalogue", target_id: id, in_sitemap: 1 }).execute();
    return { ok: true as const, id };
  });
}

/** Saves a catalogue; an uploaded cover it no longer wears (and nothing else does) is returned for removal. */
export async function updateCatalogue(
  db: Db,
  id: string,
  raw: unknown,
  options: SaveOptions = {},
): Promise<WriteResult<{ id: string } & Removed>> {
  const parsed = parse("catalogueUpdate", raw);
  if (!parsed.ok) return invalid(parsed.errors);
  const input = parsed.data;
  return write(db, async (trx) => {
    const current = await trx.selectFrom("catalogues").select("cover").where("id", "=", id).executeTakeFirst();
    if (!current) return NOT_FOUND;
    const badCover = coverProblem(input.cover, current.cover, BUNDLED_CATALOGUE_COVERS);
    if (badCover) return invalid(badCover);
    const result = await trx
      .updateTable("catalogues")
      .set({ ...catalogueRow(input, input.cover ?? current.cover), ...nextVersion() })
      .where("id", "=", id)
      .$if(options.version !== undefined, (q) => q.where("version", "=", options.version!))
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return unsaved(trx, "catalogues", id);
    const replaced = input.cover !== null && input.cover !== current.cover;
    return { ok: true as const, id, files: replaced ? await unusedCovers(trx, [current.cover]) : [] };
  });
}

/** Sets a catalogue's cover (see setCover): the previous one and the files left unworn; null when there is no such catalogue. */
export const setCatalogueCover = (db: Db, catalogueId: string, coverPath: string) =>
  setCover(db, "catalogues", catalogueId, coverPath);

/** Deletes a catalogue, its course cards (and their list memberships) and its URLs; the video lists stay. Names the uploaded covers left unworn. */
export async function deleteCatalogue(db: Db, id: string): Promise<WriteResult<Removed>> {
  return write(db, async (trx) => {
    const catalogue = await trx.selectFrom("catalogues").select("cover").where("id", "=", id).executeTakeFirst();
    if (!catalogue) return NOT_FOUND;
    const courses = await trx.selectFrom("courses").select(["id", "cover"]).where("catalogue_id", "=", id).execute();
    const courseIds = courses.map((c) => c.id);
    if (courseIds.length > 0) {
      await trx.deleteFrom("course_video_lists").where("course_id", "in", courseIds).execute();
      await trx.deleteFrom("courses").where("id", "in", courseIds).execute();
    }
    await trx.deleteFrom("catalogue_paths").where("kind", "=", "catalogue").where("target_id", "=", id).execute();
    await trx.deleteFrom("catalogues").where("id", "=", id).execute();
    return {
      ok: true as const,
      files: await unusedCovers(trx, [catalogue.cover, ...courses.map((c) => c.cover)]),
    };
  });
}

export async function moveCatalogue(db: Db, id: string, direction: Direction) {
  return write(db, async (trx) =>
    swapWithNeighbour(
      await trx.selectFrom("catalogues").select(["id", "position"]).orderBy("position").orderBy("id").execute(),
      id,
      direction,
      (rowId, position) => trx.updateTable("catalogues").set({ position }).where("id", "=", rowId).execute(),
    ),
  );
}
