import type { Locale } from "~/i18n/locale";
import { parseCaptions, type CaptionsProblem } from "~/lib/captions.server";
import { originalFileName } from "~/lib/uploads.server";
import { writeTransaction } from "~/lib/db.server";
import { bumpCatalogueVersion } from "./catalogue-version.server";
import { NOT_FOUND, now, type Db } from "./course-builder/write.server";

/**
 * A lesson's captions, one WebVTT file per language (issue 32, migration 0033). The upload is parsed
 * first (app/lib/captions.server.ts); a broken file is refused with its line and reason and stores
 * nothing. A saved or removed file moves the catalogue's version: the list pages name the languages
 * a lesson has captions in (their <track> elements).
 */

export type CaptionsSaveResult =
  | { ok: true; cues: number }
  | { ok: false; status: 400; problem: CaptionsProblem; line: number }
  | { ok: false; status: 404 };

export interface AdminCaptions {
  language: Locale;
  cues: number;
  fileName: string | null;
  updatedAt: string;
}

export async function saveLessonCaptions(
  db: Db,
  lessonId: string,
  language: Locale,
  bytes: Uint8Array,
  fileName?: string | null,
): Promise<CaptionsSaveResult> {
  const parsed = await parseCaptions(bytes);
  if (!parsed.ok) return { ok: false, status: 400, problem: parsed.problem, line: parsed.line };
  const row = {
    vtt: parsed.vtt,
    cues: parsed.cues.length,
    file_name: originalFileName(fileName),
    updated_at: now(),
  };
  return writeTransaction(db, async (trx) => {
    if (!(await trx.selectFrom("lessons").select("id").where("id", "=", lessonId).executeTakeFirst())) return NOT_FOUND;
    // A second upload in the same language replaces the first.
    await trx
      .insertInto("lesson_captions")
      .values({ lesson_id: lessonId, language, ...row })
      .onConflict((oc) => oc.columns(["lesson_id", "language"]).doUpdateSet(row))
      .execute();
    await bumpCatalogueVersion(trx);
    return { ok: true as const, cues: parsed.cues.length };
  });
}

export async function removeLessonCaptions(db: Db, lessonId: string, language: Locale) {
  return writeTransaction(db, async (trx) => {
    const result = await trx
      .deleteFrom("lesson_captions")
      .where("lesson_id", "=", lessonId)
      .where("language", "=", language)
      .executeTakeFirst();
    if (result.numDeletedRows === 0n) return NOT_FOUND;
    await bumpCatalogueVersion(trx);
    return { ok: true as const };
  });
}

/** The lesson's captions files for its editor, English first. */
export async function captionsForAdmin(db: Db, lessonId: string): Promise<AdminCaptions[]> {
  const rows = await db
    .selectFrom("lesson_captions")
    .select(["language", "cues", "file_name", "updated_at"])
    .where("lesson_id", "=", lessonId)
    .orderBy("language")
    .execute();
  return rows.map((row) => ({
    language: row.language,
    cues: Number(row.cues),
    fileName: row.file_name,
    updatedAt: row.updated_at,
  }));
}

/** The WebVTT of a lesson's captions in a language; undefined when there is none. The caller checks access. */
export async function lessonCaptionsVtt(db: Db, lessonId: string, language: Locale): Promise<string | undefined> {
  const row = await db
    .selectFrom("lesson_captions")
    .select("vtt")
    .where("lesson_id", "=", lessonId)
    .where("language", "=", language)
    .executeTakeFirst();
  return row?.vtt;
}
