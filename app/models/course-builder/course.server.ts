import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { Database } from "~/lib/db.server";
import {
  BUNDLED_COVERS,
  centsToAmount,
  DEFAULT_COVER,
  tenthsToRating,
  type CourseInput,
} from "~/models/catalogue-admin.schema";
import { coverProblem, setCover, unusedCovers } from "./cover.server";
import { lessonCounts } from "./lesson.server";
import { coursePriceProblem } from "./pricing.server";
import {
  flag,
  invalid,
  nextPosition,
  nextVersion,
  NOT_FOUND,
  now,
  parse,
  swapWithNeighbour,
  unsaved,
  write,
  type AdminText,
  type Db,
  type Direction,
  type Removed,
  type SaveOptions,
  type Trx,
  type WriteResult,
} from "./write.server";

/** A course card of a catalogue: its page, its price, its cover and its video lists in order. */

export interface AdminCourse extends AdminText {
  id: string;
  catalogueId: string;
  slug: string;
  teacherEn: string;
  teacherHe: string | null;
  summaryEn: string;
  summaryHe: string | null;
  duration: string;
  students: number;
  /** As the form shows it: "49.99". */
  price: string;
  currency: string;
  soldSeparately: boolean;
  /** As the form shows it: "4.5". */
  rating: string;
  reviews: number;
  cover: string;
  readMore: string | null;
  join: string | null;
  published: boolean;
}

function toCourse(row: Selectable<Database["courses"]>): AdminCourse {
  return {
    id: row.id,
    catalogueId: row.catalogue_id,
    slug: row.slug,
    titleEn: row.title_en,
    titleHe: row.title_he,
    teacherEn: row.teacher_en,
    teacherHe: row.teacher_he,
    summaryEn: row.summary_en,
    summaryHe: row.summary_he,
    duration: row.duration,
    students: Number(row.students),
    price: centsToAmount(Number(row.price_cents)),
    currency: row.currency,
    soldSeparately: Number(row.sold_separately) === 1,
    rating: tenthsToRating(Number(row.rating_tenths)),
    reviews: Number(row.reviews),
    cover: row.cover,
    readMore: row.read_more,
    join: row.join_target,
    published: row.published === 1,
  };
}

/** The columns a course's form sets, on create and on save alike; `cover` is the one it wears. */
const courseRow = (input: CourseInput, cover: string) => ({
  slug: input.slug,
  title_en: input.titleEn,
  title_he: input.titleHe,
  teacher_en: input.teacherEn,
  teacher_he: input.teacherHe,
  summary_en: input.summaryEn,
  summary_he: input.summaryHe,
  duration: input.duration,
  students: input.students,
  price_cents: input.price,
  currency: input.currency,
  sold_separately: flag(input.soldSeparately),
  rating_tenths: input.rating,
  reviews: input.reviews,
  cover,
  read_more: input.readMore,
  join_target: input.join,
  published: flag(input.published),
});

/** A course with its catalogue, its lists in order, and its version (read with it, for its edit form). */
export async function getCourseForAdmin(db: Db, id: string) {
  const row = await db.selectFrom("courses").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const catalogue = await db
    .selectFrom("catalogues")
    .select(["id", "title_en", "title_he"])
    .where("id", "=", row.catalogue_id)
    .executeTakeFirst();
  const lists = await db
    .selectFrom("course_video_lists")
    .innerJoin("video_lists", "video_lists.id", "course_video_lists.list_id")
    .select([
      "video_lists.id",
      "video_lists.slug",
      "video_lists.title_en",
      "video_lists.title_he",
      "video_lists.published",
    ])
    .where("course_video_lists.course_id", "=", id)
    .orderBy("course_video_lists.position")
    .orderBy("video_lists.id")
    .execute();
  const counts = await lessonCounts(
    db,
    lists.map((l) => l.id),
  );
  return {
    version: row.version,
    course: toCourse(row),
    catalogue: catalogue ? { id: catalogue.id, titleEn: catalogue.title_en, titleHe: catalogue.title_he } : null,
    lists: lists.map((l) => ({
      id: l.id,
      slug: l.slug,
      titleEn: l.title_en,
      titleHe: l.title_he,
      published: l.published === 1,
      lessons: counts.get(l.id)?.total ?? 0,
    })),
  };
}

/** Every course, for a list's membership checkboxes. */
export async function listCourseChoices(db: Db) {
  const rows = await db
    .selectFrom("courses")
    .innerJoin("catalogues", "catalogues.id", "courses.catalogue_id")
    .select([
      "courses.id",
      "courses.title_en",
      "courses.title_he",
      "catalogues.title_en as catalogue_en",
      "catalogues.title_he as catalogue_he",
    ])
    .orderBy("catalogues.position")
    .orderBy("courses.position")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    titleEn: r.title_en,
    titleHe: r.title_he,
    catalogueEn: r.catalogue_en,
    catalogueHe: r.catalogue_he,
  }));
}

async function courseSlugTaken(trx: Trx, slug: string, exceptId?: string) {
  let query = trx.selectFrom("courses").select("id").where("slug", "=", slug);
  if (exceptId) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function createCourse(db: Db, catalogueId: string, raw: unknown): Promise<WriteResult> {
  const parsed = parse("course", raw);
  if (!parsed.ok) return invalid(parsed.errors);
  const input = parsed.data;
  const badCover = coverProblem(input.cover, null, BUNDLED_COVERS);
  if (badCover) return invalid(badCover);
  return write(db, async (trx) => {
    if (!(await trx.selectFrom("catalogues").select("id").where("id", "=", catalogueId).executeTakeFirst()))
      return NOT_FOUND;
    if (await courseSlugTaken(trx, input.slug)) return invalid({ slug: "courseAdmin.errors.slugTaken" });
    const id = randomUUID();
    const at = now();
    await trx
      .insertInto("courses")
      .values({
        ...courseRow(input, input.cover ?? DEFAULT_COVER),
        id,
        catalogue_id: catalogueId,
        position: await nextPosition(trx.selectFrom("courses").where("catalogue_id", "=", catalogueId)),
        created_at: at,
        updated_at: at,
      })
      .execute();
    return { ok: true as const, id };
  });
}

/** Saves a course; an uploaded cover it no longer wears (and nothing else does) is returned for removal. */
export async function updateCourse(
  db: Db,
  id: string,
  raw: unknown,
  options: SaveOptions = {},
): Promise<WriteResult<{ id: string } & Removed>> {
  const parsed = parse("course", raw);
  if (!parsed.ok) return invalid(parsed.errors);
  const input = parsed.data;
  return write(db, async (trx) => {
    const current = await trx.selectFrom("courses").select(["id", "cover"]).where("id", "=", id).executeTakeFirst();
    if (!current) return NOT_FOUND;
    const badCover = coverProblem(input.cover, current.cover, BUNDLED_COVERS);
    if (badCover) return invalid(badCover);
    if (await courseSlugTaken(trx, input.slug, id)) return invalid({ slug: "courseAdmin.errors.slugTaken" });
    const pricing = await coursePriceProblem(trx, id, {
      soldSeparately: input.soldSeparately,
      price_cents: input.price,
      currency: input.currency,
    });
    if (pricing) return invalid(pricing);
    const result = await trx
      .updateTable("courses")
      .set({ ...courseRow(input, input.cover ?? current.cover), ...nextVersion() })
      .where("id", "=", id)
      .$if(options.version !== undefined, (q) => q.where("version", "=", options.version!))
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return unsaved(trx, "courses", id);
    const replaced = input.cover !== null && input.cover !== current.cover;
    return { ok: true as const, id, files: replaced ? await unusedCovers(trx, [current.cover]) : [] };
  });
}

export async function deleteCourse(db: Db, id: string): Promise<WriteResult<Removed & { catalogueId: string }>> {
  return write(db, async (trx) => {
    const course = await trx
      .selectFrom("courses")
      .select(["id", "cover", "catalogue_id"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!course) return NOT_FOUND;
    await trx.deleteFrom("course_video_lists").where("course_id", "=", id).execute();
    await trx.deleteFrom("courses").where("id", "=", id).execute();
    return { ok: true as const, catalogueId: course.catalogue_id, files: await unusedCovers(trx, [course.cover]) };
  });
}

/** Moves a course card up or down in its catalogue. */
export async function moveCourse(db: Db, id: string, direction: Direction) {
  return write(db, async (trx) => {
    const course = await trx.selectFrom("courses").select("catalogue_id").where("id", "=", id).executeTakeFirst();
    if (!course) return NOT_FOUND;
    const siblings = await trx
      .selectFrom("courses")
      .select(["id", "position"])
      .where("catalogue_id", "=", course.catalogue_id)
      .orderBy("position")
      .orderBy("id")
      .execute();
    return swapWithNeighbour(siblings, id, direction, (rowId, position) =>
      trx.updateTable("courses").set({ position }).where("id", "=", rowId).execute(),
    );
  });
}

/** Sets a course's cover (see setCover): the previous one and the files left unworn; null when there is no such course. */
export const setCourseCover = (db: Db, courseId: string, coverPath: string) =>
  setCover(db, "courses", courseId, coverPath);

/** Moves a video list up or down among a course's lists. */
export async function moveListInCourse(
  db: Db,
  courseId: string,
  listId: string,
  direction: Direction,
): Promise<WriteResult<{ moved: boolean }>> {
  return write(db, async (trx) => {
    const rows = await trx
      .selectFrom("course_video_lists")
      .select(["list_id as id", "position"])
      .where("course_id", "=", courseId)
      .orderBy("position")
      .orderBy("list_id")
      .execute();
    return swapWithNeighbour(rows, listId, direction, (id, position) =>
      trx
        .updateTable("course_video_lists")
        .set({ position })
        .where("course_id", "=", courseId)
        .where("list_id", "=", id)
        .execute(),
    );
  });
}
