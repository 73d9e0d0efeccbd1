import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { Database } from "~/lib/db.server";
import type { FieldErrors, ListUpdateInput } from "~/models/catalogue-admin.schema";
import { deleteListLessons, toLesson } from "./lesson.server";
import { sharedPriceProblem } from "./pricing.server";
import {
  lessonResourceFiles,
  flag,
  invalid,
  InvalidWrite,
  nextPosition,
  nextVersion,
  newPublicPath,
  NOT_FOUND,
  now,
  parse,
  pathIsFree,
  pathsOf,
  refOf,
  unsaved,
  write,
  type AdminText,
  type Db,
  type Removed,
  type SaveOptions,
  type Trx,
  type WriteResult,
} from "./write.server";

/** A video list (/courses/<slug>): its lessons, its free samples, and the courses it is part of. */

export interface AdminList extends AdminText {
  id: string;
  slug: string;
  descriptionEn: string;
  descriptionHe: string | null;
  freeSamples: number;
  /** Every lesson free for signed-in learners (the teacher's explicit choice). */
  allFree: boolean;
  /** Its lessons without a video are listed as "Coming soon" (otherwise left out of the public pages). */
  comingSoon: boolean;
  published: boolean;
  paths: string[];
}

function toList(row: Selectable<Database["video_lists"]>, paths: string[]): AdminList {
  return {
    id: row.id,
    slug: row.slug,
    titleEn: row.title_en,
    titleHe: row.title_he,
    descriptionEn: row.description_en,
    descriptionHe: row.description_he,
    freeSamples: Number(row.free_samples),
    allFree: Number(row.all_free) === 1,
    comingSoon: Number(row.coming_soon) === 1,
    published: row.published === 1,
    paths,
  };
}

/** The columns a list's form sets, on create and on save alike (its slug is set once). */
const listRow = (input: ListUpdateInput) => ({
  title_en: input.titleEn,
  title_he: input.titleHe,
  description_en: input.descriptionEn,
  description_he: input.descriptionHe,
  free_samples: input.freeSamples,
  all_free: flag(input.allFree),
  coming_soon: flag(input.comingSoon),
  published: flag(input.published),
});

/** A list with its lessons in order, its courses, and its version (read with it, for its edit form). */
export async function getListForAdmin(db: Db, id: string) {
  const row = await db.selectFrom("video_lists").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const paths = (await pathsOf(db, "list", [id])).get(id) ?? [];
  const lessons = await db
    .selectFrom("lessons")
    .selectAll()
    .where("list_id", "=", id)
    .orderBy("position")
    .orderBy("id")
    .execute();
  const courseIds = await db.selectFrom("course_video_lists").select("course_id").where("list_id", "=", id).execute();
  return {
    version: row.version,
    list: toList(row, paths),
    lessons: lessons.map(toLesson),
    courseIds: courseIds.map((c) => c.course_id),
  };
}

/** The parent of a new lesson, for the new-lesson page. */
export const getListRef = (db: Db, id: string) => refOf(db, "video_lists", id);

/** Makes the list a member of exactly these courses (new memberships go last in their course). */
async function setMemberships(trx: Trx, listId: string, courseIds: string[]): Promise<FieldErrors | null> {
  const wanted = [...new Set(courseIds)];
  if (wanted.length > 0) {
    const found = await trx.selectFrom("courses").select("id").where("id", "in", wanted).execute();
    if (found.length !== wanted.length) return { courses: "courseAdmin.errors.courses" };
  }
  const current = await trx
    .selectFrom("course_video_lists")
    .select("course_id")
    .where("list_id", "=", listId)
    .execute();
  const pricing = await sharedPriceProblem(trx, wanted);
  if (pricing) return pricing;
  const have = new Set(current.map((c) => c.course_id));
  const gone = [...have].filter((id) => !wanted.includes(id));
  if (gone.length > 0)
    await trx.deleteFrom("course_video_lists").where("list_id", "=", listId).where("course_id", "in", gone).execute();
  for (const courseId of wanted.filter((id) => !have.has(id))) {
    const position = await nextPosition(trx.selectFrom("course_video_lists").where("course_id", "=", courseId));
    await trx.insertInto("course_video_lists").values({ course_id: courseId, list_id: listId, position }).execute();
  }
  return null;
}

/** A new video list, shown at /courses/<slug>, in the courses ticked. */
export async function createVideoList(db: Db, raw: unknown): Promise<WriteResult<{ id: string; path: string }>> {
  const parsed = parse("list", raw);
  if (!parsed.ok) return invalid(parsed.errors);
  const input = parsed.data;
  return write(db, async (trx) => {
    const path = newPublicPath(input.slug);
    if (await trx.selectFrom("video_lists").select("id").where("slug", "=", input.slug).executeTakeFirst())
      return invalid({ slug: "courseAdmin.errors.slugTaken" });
    if (!(await pathIsFree(trx, path))) return invalid({ slug: "courseAdmin.errors.pathTaken" });
    const id = randomUUID();
    const at = now();
    await trx
      .insertInto("video_lists")
      .values({ ...listRow(input), id, slug: input.slug, created_at: at, updated_at: at })
      .execute();
    await trx.insertInto("catalogue_paths").values({ path, kind: "list", target_id: id, in_sitemap: 1 }).execute();
    const membershipProblem = await setMemberships(trx, id, input.courses);
    // Nothing may stay behind: undo the inserts by failing the transaction.
    if (membershipProblem) throw new InvalidWrite(membershipProblem);
    return { ok: true as const, id, path };
  });
}

export async function updateVideoList(
  db: Db,
  id: string,
  raw: unknown,
  options: SaveOptions = {},
): Promise<WriteResult> {
  const parsed = parse("listUpdate", raw);
  if (!parsed.ok) return invalid(parsed.errors);
  const input = parsed.data;
  return write(db, async (trx) => {
    const result = await trx
      .updateTable("video_lists")
      .set({ ...listRow(input), ...nextVersion() })
      .where("id", "=", id)
      .$if(options.version !== undefined, (q) => q.where("version", "=", options.version!))
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return unsaved(trx, "video_lists", id);
    const membershipProblem = await setMemberships(trx, id, input.courses);
    if (membershipProblem) throw new InvalidWrite(membershipProblem);
    return { ok: true as const, id };
  });
}

/** Deletes a list with its lessons, its course memberships and its URLs. */
export async function deleteVideoList(db: Db, id: string): Promise<WriteResult<Removed>> {
  return write(db, async (trx) => {
    if (!(await trx.selectFrom("video_lists").select("id").where("id", "=", id).executeTakeFirst())) return NOT_FOUND;
    await trx.deleteFrom("course_video_lists").where("list_id", "=", id).execute();
    await trx.deleteFrom("catalogue_paths").where("kind", "=", "list").where("target_id", "=", id).execute();
    const lessons = await trx.selectFrom("lessons").select("id").where("list_id", "=", id).execute();
    const resourceFiles = await lessonResourceFiles(
      trx,
      lessons.map((lesson) => lesson.id),
    );
    const files = await deleteListLessons(trx, id);
    await trx.deleteFrom("video_lists").where("id", "=", id).execute();
    return { ok: true as const, files, resourceFiles };
  });
}
