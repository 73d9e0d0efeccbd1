import { randomUUID } from "node:crypto";
import { writeTransaction } from "~/lib/db.server";
import type { UploadedFile } from "~/lib/uploads.server";
import { bumpCatalogueVersion } from "./catalogue-version.server";
import { NOT_FOUND, now, type Db } from "./course-builder/write.server";

/**
 * Files a teacher attaches to a lesson (issue 32, migration 0034): PDF, ZIP or text, kept in the media
 * store and downloaded under the name the admin's file had. Adding or removing one moves the
 * catalogue's version: the list pages list them under the lesson's player.
 */

/** A lesson holds at most this many: a reading list, not a file share. */
export const MAX_RESOURCES_PER_LESSON = 20;

export interface LessonResource {
  id: string;
  name: string;
  contentType: string;
  size: number;
}

export type AddResult = { ok: true; id: string } | { ok: false; status: 404 } | { ok: false; status: 409 };

/** Attaches a stored upload to the lesson, last in its list; the caller deletes the file when refused. */
export async function addLessonResource(db: Db, lessonId: string, upload: UploadedFile): Promise<AddResult> {
  return writeTransaction(db, async (trx) => {
    if (!(await trx.selectFrom("lessons").select("id").where("id", "=", lessonId).executeTakeFirst())) return NOT_FOUND;
    const held = await trx
      .selectFrom("lesson_resources")
      .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.max("position").as("last")])
      .where("lesson_id", "=", lessonId)
      .executeTakeFirst();
    if (Number(held?.count ?? 0) >= MAX_RESOURCES_PER_LESSON) return { ok: false as const, status: 409 as const };
    const id = randomUUID();
    await trx
      .insertInto("lesson_resources")
      .values({
        id,
        lesson_id: lessonId,
        file: upload.file,
        name: downloadName(upload.originalName, upload.file),
        content_type: upload.contentType,
        size: upload.size,
        position: held?.last === null || held?.last === undefined ? 0 : Number(held.last) + 1,
        created_at: now(),
      })
      .execute();
    await bumpCatalogueVersion(trx);
    return { ok: true as const, id };
  });
}

/** Takes a resource off its lesson; answers the stored file, for the caller to delete. */
export async function removeLessonResource(db: Db, lessonId: string, id: string) {
  return writeTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom("lesson_resources")
      .select("file")
      .where("id", "=", id)
      .where("lesson_id", "=", lessonId)
      .executeTakeFirst();
    if (!row) return NOT_FOUND;
    await trx.deleteFrom("lesson_resources").where("id", "=", id).execute();
    await bumpCatalogueVersion(trx);
    return { ok: true as const, files: [row.file] };
  });
}

/** Every lesson's resources, in order (for the catalogue's snapshot). */
export async function resourcesByLesson(db: Db): Promise<Map<string, LessonResource[]>> {
  const rows = await db
    .selectFrom("lesson_resources")
    .select(["id", "lesson_id", "name", "content_type", "size"])
    .orderBy("lesson_id")
    .orderBy("position")
    .execute();
  const byLesson = new Map<string, LessonResource[]>();
  for (const row of rows)
    byLesson.set(row.lesson_id, [
      ...(byLesson.get(row.lesson_id) ?? []),
      { id: row.id, name: row.name, contentType: row.content_type, size: Number(row.size) },
    ]);
  return byLesson;
}

/** A lesson's resources, in order, for its editor. */
export async function lessonResources(db: Db, lessonId: string): Promise<LessonResource[]> {
  const rows = await db
    .selectFrom("lesson_resources")
    .select(["id", "name", "content_type", "size"])
    .where("lesson_id", "=", lessonId)
    .orderBy("position")
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, contentType: row.content_type, size: Number(row.size) }));
}

/** One resource with its lesson and stored file, for its download (the caller checks access). */
export async function resourceForDownload(db: Db, id: string) {
  return db
    .selectFrom("lesson_resources")
    .select(["lesson_id", "file", "name", "content_type", "size"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The name a file is downloaded under: the admin's own (sanitized on upload), else the stored one. */
function downloadName(original: string | null, stored: string): string {
  return original && original.trim() !== "" ? original : stored;
}
