import { randomUUID } from "node:crypto";
import { sql, type Selectable } from "kysely";
import { writeTransaction, type Database } from "~/lib/db.server";
import type { LessonInput } from "~/models/catalogue-admin.schema";
import type { Locale } from "~/i18n/locale";
import { bumpCatalogueVersion } from "~/models/catalogue-version.server";
import {
  lessonResourceFiles,
  flag,
  invalid,
  nextPosition,
  nextVersion,
  NOT_FOUND,
  now,
  parse,
  refOf,
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

/** A lesson of a video list: a YouTube video or an uploaded file, and its length. */

export interface AdminLesson extends AdminText {
  id: string;
  listId: string;
  slug: string;
  descriptionEn: string;
  descriptionHe: string | null;
  duration: string | null;
  youtubeId: string | null;
  videoFile: string | null;
  /** The uploaded file's own name, when it was kept (uploads since migration 0029). */
  videoFileName: string | null;
  published: boolean;
}

export function toLesson(row: Selectable<Database["lessons"]>): AdminLesson {
  return {
    id: row.id,
    listId: row.list_id,
    slug: row.slug,
    titleEn: row.title_en,
    titleHe: row.title_he,
    descriptionEn: row.description_en,
    descriptionHe: row.description_he,
    duration: row.duration,
    youtubeId: row.youtube_id,
    videoFile: row.video_file,
    videoFileName: row.video_file_name,
    published: row.published === 1,
  };
}

/** The columns a lesson's form sets, on create and on save alike (its uploaded file is set by an upload). */
const lessonRow = (input: LessonInput) => ({
  slug: input.slug,
  title_en: input.titleEn,
  title_he: input.titleHe,
  description_en: input.descriptionEn,
  description_he: input.descriptionHe,
  duration: input.duration,
  youtube_id: input.youtube,
  published: flag(input.published),
});

/** A lesson learners cannot watch: published, with neither a YouTube id nor a file, nor a checked exercise (issue 34). */
const noVideo = sql<number>`sum(case when published = 1 and youtube_id is null and video_file is null and not exists (select 1 from lesson_exercises where lesson_exercises.lesson_id = lessons.id and lesson_exercises.checked_at is not null) then 1 else 0 end)`;
/** A lesson learners cannot complete by watching: published, with a video, but no known length. */
const noLength = sql<number>`sum(case when published = 1 and (youtube_id is not null or video_file is not null) and (duration is null or duration = '') then 1 else 0 end)`;

/**
 * Published lessons with an uploaded video and no captions in each language (issue 32; IS 5568 asks
 * captions of every video lesson). YouTube lessons are left out: they show YouTube's own captions.
 */
export async function lessonsWithoutCaptions(db: Db): Promise<Record<Locale, number>> {
  const missing = (language: Locale) =>
    sql<number>`sum(case when not exists (select 1 from lesson_captions where lesson_captions.lesson_id = lessons.id and lesson_captions.language = ${language}) then 1 else 0 end)`;
  const row = await db
    .selectFrom("lessons")
    .select([missing("en").as("en"), missing("he").as("he")])
    .where("published", "=", 1)
    .where("video_file", "is not", null)
    .executeTakeFirst();
  return { en: Number(row?.en ?? 0), he: Number(row?.he ?? 0) };
}

/** Per list: its lessons, the published ones without a video, and those without a length. */
export async function lessonCounts(db: Db, listIds?: string[]) {
  let query = db
    .selectFrom("lessons")
    .select([
      "list_id",
      (eb) => eb.fn.countAll<number | string>().as("total"),
      noVideo.as("missing"),
      noLength.as("unmeasured"),
    ])
    .groupBy("list_id");
  if (listIds) {
    if (listIds.length === 0) return new Map<string, { total: number; missing: number; unmeasured: number }>();
    query = query.where("list_id", "in", listIds);
  }
  const rows = await query.execute();
  return new Map(
    rows.map((r) => [
      r.list_id,
      { total: Number(r.total), missing: Number(r.missing ?? 0), unmeasured: Number(r.unmeasured ?? 0) },
    ]),
  );
}

/** A lesson, its list, and its version (read with it, for its edit form). */
export async function getLessonForAdmin(db: Db, id: string) {
  const row = await db.selectFrom("lessons").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  return { version: row.version, lesson: toLesson(row), list: await refOf(db, "video_lists", row.list_id) };
}

async function lessonSlugTaken(trx: Trx, listId: string, slug: string, exceptId?: string) {
  let query = trx.selectFrom("lessons").select("id").where("list_id", "=", listId).where("slug", "=", slug);
  if (exceptId) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A new lesson at the end of its list. */
export async function createLesson(db: Db, listId: string, raw: unknown): Promise<WriteResult> {
  const parsed = parse("lesson", raw);
  if (!parsed.ok) return invalid(parsed.errors);
  const input = parsed.data;
  return write(db, async (trx) => {
    if (!(await trx.selectFrom("video_lists").select("id").where("id", "=", listId).executeTakeFirst()))
      return NOT_FOUND;
    if (await lessonSlugTaken(trx, listId, input.slug)) return invalid({ slug: "courseAdmin.errors.slugTaken" });
    const id = randomUUID();
    const at = now();
    await trx
      .insertInto("lessons")
      .values({
        ...lessonRow(input),
        id,
        list_id: listId,
        position: await nextPosition(trx.selectFrom("lessons").where("list_id", "=", listId)),
        video_file: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return { ok: true as const, id };
  });
}

/** Edits a lesson. Its uploaded file (if any) stays: setLessonVideoFile changes that. */
export async function updateLesson(db: Db, id: string, raw: unknown, options: SaveOptions = {}): Promise<WriteResult> {
  const parsed = parse("lesson", raw);
  if (!parsed.ok) return invalid(parsed.errors);
  const input = parsed.data;
  return write(db, async (trx) => {
    const lesson = await trx
      .selectFrom("lessons")
      .select(["list_id", "video_file"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!lesson) return NOT_FOUND;
    // An uploaded video keeps a length (read from the file, or typed): watching is measured against it.
    if (lesson.video_file !== null && input.duration === null)
      return invalid({ duration: "courseAdmin.errors.lessonDurationNeeded" });
    if (await lessonSlugTaken(trx, lesson.list_id, input.slug, id))
      return invalid({ slug: "courseAdmin.errors.slugTaken" });
    const result = await trx
      .updateTable("lessons")
      .set({ ...lessonRow(input), ...nextVersion() })
      .where("id", "=", id)
      .$if(options.version !== undefined, (q) => q.where("version", "=", options.version!))
      .executeTakeFirst();
    return result.numUpdatedRows === 0n ? unsaved(trx, "lessons", id) : { ok: true as const, id };
  });
}

async function unusedVideoFiles(trx: Trx, files: string[]): Promise<string[]> {
  const unique = [...new Set(files)];
  if (unique.length === 0) return [];
  const still = await trx.selectFrom("lessons").select("video_file").where("video_file", "in", unique).execute();
  const used = new Set(still.map((r) => r.video_file));
  return unique.filter((f) => !used.has(f));
}

/** The uploaded video files of a list about to be deleted that no other lesson uses. */
export async function deleteListLessons(trx: Trx, listId: string): Promise<string[]> {
  const files = await trx
    .selectFrom("lessons")
    .select("video_file")
    .where("list_id", "=", listId)
    .where("video_file", "is not", null)
    .execute();
  await trx.deleteFrom("lessons").where("list_id", "=", listId).execute();
  return unusedVideoFiles(
    trx,
    files.map((f) => f.video_file!),
  );
}

export async function deleteLesson(db: Db, id: string): Promise<WriteResult<Removed & { listId: string }>> {
  return write(db, async (trx) => {
    const lesson = await trx
      .selectFrom("lessons")
      .select(["list_id", "video_file"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!lesson) return NOT_FOUND;
    const resourceFiles = await lessonResourceFiles(trx, [id]);
    await trx.deleteFrom("lessons").where("id", "=", id).execute();
    return {
      ok: true as const,
      listId: lesson.list_id,
      files: await unusedVideoFiles(trx, lesson.video_file ? [lesson.video_file] : []),
      resourceFiles,
    };
  });
}

/** Moves a lesson up or down in its list. */
export async function moveLesson(db: Db, id: string, direction: Direction) {
  return write(db, async (trx) => {
    const lesson = await trx.selectFrom("lessons").select("list_id").where("id", "=", id).executeTakeFirst();
    if (!lesson) return NOT_FOUND;
    const siblings = await trx
      .selectFrom("lessons")
      .select(["id", "position"])
      .where("list_id", "=", lesson.list_id)
      .orderBy("position")
      .orderBy("id")
      .execute();
    return swapWithNeighbour(siblings, id, direction, (rowId, position) =>
      trx.updateTable("lessons").set({ position }).where("id", "=", rowId).execute(),
    );
  });
}

/** "m:ss" or "h:mm:ss", as lessons show their length. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/**
 * Sets (or, with null, removes) a lesson's uploaded video file — a name the upload helper made —
 * with the name it had on the admin's computer (shown in the builder instead of the stored one),
 * and, when it could be read from the file, its length: a save of the lesson, so an edit form
 * opened before it is refused rather than undoing it. Returns the previous file so the caller can
 * remove it; null when there is no such lesson.
 */
export async function setLessonVideoFile(
  db: Db,
  lessonId: string,
  file: string | null,
  durationSeconds?: number,
  originalName: string | null = null,
): Promise<{ previous: string | null; files: string[] } | null> {
  return writeTransaction(db, async (trx) => {
    const lesson = await trx.selectFrom("lessons").select("video_file").where("id", "=", lessonId).executeTakeFirst();
    if (!lesson) return null;
    await trx
      .updateTable("lessons")
      .set({
        video_file: file,
        video_file_name: file === null ? null : originalName,
        ...(durationSeconds !== undefined && Number.isFinite(durationSeconds) && durationSeconds > 0
          ? { duration: formatDuration(durationSeconds) }
          : {}),
        ...nextVersion(),
      })
      .where("id", "=", lessonId)
      .execute();
    await bumpCatalogueVersion(trx);
    return {
      previous: lesson.video_file,
      files: lesson.video_file ? await unusedVideoFiles(trx, [lesson.video_file]) : [],
    };
  });
}
