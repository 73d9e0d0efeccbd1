import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { LOCALES, type Locale } from "~/i18n/locale";
import { parseCaptions } from "~/lib/captions.server";
import { writeTransaction } from "~/lib/db.server";
import type { MediaKind, MediaStore } from "~/lib/media-store.server";
import { bumpCatalogueVersion } from "./catalogue-version.server";
import { DEMO_LIST, demoLessons, demoResource } from "./content.server";
import { formatDuration } from "./course-builder/lesson.server";
import { nextVersion, type Db } from "./course-builder/write.server";

/**
 * Demo mode's lessons that play (issue 32, docs/decisions/0044-demo-lessons-that-play.md): the first
 * lessons of the seeded JavaScript list get the short videos of content/demo-media/ (slides and a
 * synthetic voice, made by scripts/demo-media/make.ts), their English and Hebrew captions and one
 * resource, so that a newcomer who runs `npm start` can watch, resume, read the transcript, finish
 * the list, pass its quiz and get its certificate without the internet.
 *
 * Only a demo start calls this (server/services.ts), and it does its work once per database, as the
 * catalogue's seed does: a site_settings row records it, and from then on the lessons are the admin
 * area's. A lesson is given its demo video only while it still has the seed's placeholder (no video
 * at all): a lesson a teacher gave a video, or deleted, is left as it is. The files go into the media
 * store as an upload's do (type sniffed from the bytes, length read from the file, a name of the
 * store's own), and the captions through the same parser as an uploaded file.
 */

/** The site_settings key that records the demo lessons were given (its value: when). */
export const DEMO_LESSONS_SETTING = "demo_lessons_seeded_at";

/** Far more than any demo file (a few hundred kB): the store refuses past it. */
const MAX_DEMO_FILE_BYTES = 16 * 1024 * 1024;

interface Prepared {
  lessonId: string;
  slug: string;
  video: { file: string; name: string; seconds: number };
  captions: { language: Locale; name: string; vtt: string; cues: number }[];
  resource?: { file: string; name: string; contentType: string; size: number };
}

async function store(media: MediaStore, kind: MediaKind, path: string) {
  const saved = await media.saveStream(kind, createReadStream(path), { maxBytes: MAX_DEMO_FILE_BYTES });
  if (!saved.ok) throw new Error(`${path} cannot be stored as a ${kind}: ${saved.error}`);
  return saved;
}

/**
 * Gives the demo lessons their files, once per database. Returns the slugs of the lessons it gave
 * videos (none when it had done so before, or when every lesson already had a video of its own).
 */
export async function seedDemoLessons(
  db: Db,
  media: MediaStore,
  dir: string,
  now: Date = new Date(),
): Promise<string[]> {
  const done = await db.selectFrom("site_settings").select("key").where("key", "=", DEMO_LESSONS_SETTING).execute();
  if (done.length > 0) return [];

  const rows = await db
    .selectFrom("lessons")
    .innerJoin("video_lists", "video_lists.id", "lessons.list_id")
    .select(["lessons.id", "lessons.slug"])
    .where("video_lists.slug", "=", DEMO_LIST)
    .where(
      "lessons.slug",
      "in",
      demoLessons.map((lesson) => lesson.slug),
    )
    .where("lessons.youtube_id", "is", null)
    .where("lessons.video_file", "is", null)
    .execute();
  const placeholders = new Map(rows.map((row) => [row.slug, row.id]));

  // The files first, outside the transaction (a few hundred kB each): whatever the transaction does not
  // use is removed again below, so a second process starting at the same moment leaves nothing behind.
  const stored: { kind: MediaKind; file: string }[] = [];
  const used = new Set<string>();
  try {
    const prepared: Prepared[] = [];
    for (const { slug } of demoLessons) {
      const lessonId = placeholders.get(slug);
      if (!lessonId) continue;
      const video = await store(media, "video", join(dir, `${slug}.mp4`));
      stored.push({ kind: "video", file: video.file });
      if (!video.durationSeconds) throw new Error(`${slug}.mp4: its length cannot be read`);
      const captions: Prepared["captions"] = [];
      for (const language of LOCALES) {
        const name = `${slug}.${language}.vtt`;
        const parsed = await parseCaptions(await readFile(join(dir, name)));
        if (!parsed.ok) throw new Error(`${name}: ${parsed.problem} on line ${parsed.line}`);
        captions.push({ language, name, vtt: parsed.vtt, cues: parsed.cues.length });
      }
      let resource: Prepared["resource"];
      if (demoResource.lesson === slug) {
        const saved = await store(media, "resource", join(dir, demoResource.file));
        stored.push({ kind: "resource", file: saved.file });
        resource = { file: saved.file, name: demoResource.name, contentType: saved.contentType, size: saved.size };
      }
      prepared.push({
        lessonId,
        slug,
        video: { file: video.file, name: `${slug}.mp4`, seconds: video.durationSeconds },
        captions,
        resource,
      });
    }

    return await writeTransaction(db, async (trx) => {
      // The claim: only one start ever does this (a second process finds the row and stops here).
      const claimed = await trx
        .insertInto("site_settings")
        .values({ key: DEMO_LESSONS_SETTING, value: now.toISOString(), updated_at: now.toISOString() })
        .onConflict((oc) => oc.column("key").doNothing())
        .returning("key")
        .executeTakeFirst();
      if (!claimed) return [];
      const given: string[] = [];
      for (const lesson of prepared) {
        // Still a placeholder, checked again inside the transaction.
        const updated = await trx
          .updateTable("lessons")
          .set({
            video_file: lesson.video.file,
            video_file_name: lesson.video.name,
            duration: formatDuration(lesson.video.seconds),
            ...nextVersion(),
          })
          .where("id", "=", lesson.lessonId)
          .where("youtube_id", "is", null)
          .where("video_file", "is", null)
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) continue;
        used.add(lesson.video.file);
        given.push(lesson.slug);
        for (const captions of lesson.captions) {
          // Captions a teacher already gave the lesson stay.
          await trx
            .insertInto("lesson_captions")
            .values({
              lesson_id: lesson.lessonId,
              language: captions.language,
              vtt: captions.vtt,
              cues: captions.cues,
              file_name: captions.name,
              updated_at: now.toISOString(),
            })
            .onConflict((oc) => oc.columns(["lesson_id", "language"]).doNothing())
            .execute();
        }
        if (lesson.resource) {
          const last = await trx
            .selectFrom("lesson_resources")
            .select((eb) => eb.fn.max("position").as("last"))
            .where("lesson_id", "=", lesson.lessonId)
            .executeTakeFirst();
          await trx
            .insertInto("lesson_resources")
            .values({
              id: randomUUID(),
              lesson_id: lesson.lessonId,
              file: lesson.resource.file,
              name: lesson.resource.name,
              content_type: lesson.resource.contentType,
              size: lesson.resource.size,
              position: last?.last === null || last?.last === undefined ? 0 : Number(last.last) + 1,
              created_at: now.toISOString(),
            })
            .execute();
          used.add(lesson.resource.file);
        }
      }
      await bumpCatalogueVersion(trx);
      return given;
    });
  } finally {
    for (const { kind, file } of stored) if (!used.has(file)) await media.delete(kind, file).catch(() => false);
  }
}
