import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Locale } from "~/i18n/locale";
import { clock } from "~/lib/clock";
import { writeTransaction } from "~/lib/db.server";
import { catalogueOfList, listUrl, publicLessons, type CatalogueSnapshot } from "./catalogue.server";
import { lessonUrl } from "./catalogue.urls";
import type { Db } from "./course-builder/write.server";
import { NOTES_PER_LESSON } from "./lesson-notes.limits";

/**
 * A learner's private notes on lessons (issue 32, point 4; migration 0035). Every read and write
 * names its owner: a change or deletion is made `where user_id = owner`, so another learner's note
 * id changes nothing and answers as a note that does not exist. Nobody else reads them, admins
 * included: no admin screen, export or backup view lists them.
 */

export interface Note {
  id: string;
  lessonId: string;
  /** Whole seconds into the video when written; null when the player gave none. */
  position: number | null;
  body: string;
  createdAt: string;
  updatedAt: string;
}

export type CreateNoteResult = { ok: true; id: string } | { ok: false; reason: "limit" };

const toNote = (row: {
  id: string;
  lesson_id: string;
  position_seconds: number | null;
  body: string;
  created_at: string;
  updated_at: string;
}): Note => ({
  id: row.id,
  lessonId: row.lesson_id,
  position: row.position_seconds,
  body: row.body,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Writes a note, unless the learner already keeps NOTES_PER_LESSON on the lesson (counted in the same transaction). */
export async function createNote(
  db: Db,
  input: { userId: string; lessonId: string; body: string; position: number | null },
  now: Date = new Date(),
): Promise<CreateNoteResult> {
  return writeTransaction(db, async (trx) => {
    const { count } = await trx
      .selectFrom("lesson_notes")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("user_id", "=", input.userId)
      .where("lesson_id", "=", input.lessonId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= NOTES_PER_LESSON) return { ok: false as const, reason: "limit" as const };
    const id = randomUUID();
    const at = now.toISOString();
    await trx
      .insertInto("lesson_notes")
      .values({
        id,
        user_id: input.userId,
        lesson_id: input.lessonId,
        position_seconds: input.position,
        body: input.body,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return { ok: true as const, id };
  });
}

/** Rewrites the owner's note; false (nothing changed) when it is not theirs or does not exist. */
export async function updateNote(
  db: Db,
  userId: string,
  noteId: string,
  body: string,
  now: Date = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable("lesson_notes")
    .set({ body, updated_at: now.toISOString() })
    .where("id", "=", noteId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the owner's note; false (nothing deleted) when it is not theirs or does not exist. */
export async function deleteNote(db: Db, userId: string, noteId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("lesson_notes")
    .where("id", "=", noteId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A learner's notes on these lessons (a list page), in video order, by lesson. */
export async function notesOn(db: Db, userId: string, lessonIds: readonly string[]): Promise<Map<string, Note[]>> {
  const out = new Map<string, Note[]>();
  if (lessonIds.length === 0) return out;
  const rows = await db
    .selectFrom("lesson_notes")
    .selectAll()
    .where("user_id", "=", userId)
    .where("lesson_id", "in", [...lessonIds])
    .orderBy(unstampedLast("position_seconds"))
    .orderBy("position_seconds")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  for (const row of rows) {
    const notes = out.get(row.lesson_id) ?? [];
    notes.push(toNote(row));
    out.set(row.lesson_id, notes);
  }
  return out;
}

export interface NotesOfList {
  listId: string;
  title: string;
  /** The list page, when it is published; null otherwise. */
  href: string | null;
  /** Each lesson with its own page, when it is published (null otherwise). */
  lessons: { lessonId: string; slug: string; title: string; href: string | null; notes: Note[] }[];
}

/**
 * All of a learner's notes, by video list and lesson in the lists' order (the profile and the export).
 * A note on a lesson since unpublished is still theirs: listed, without a link.
 */
export async function notesOfLearner(
  db: Db,
  snapshot: CatalogueSnapshot,
  userId: string,
  locale: Locale,
): Promise<NotesOfList[]> {
  const rows = await db
    .selectFrom("lesson_notes as n")
    .innerJoin("lessons as l", "l.id", "n.lesson_id")
    .innerJoin("video_lists as v", "v.id", "l.list_id")
    .select([
      "n.id",
      "n.lesson_id",
      "n.position_seconds",
      "n.body",
      "n.created_at",
      "n.updated_at",
      "l.slug as lesson_slug",
      "l.title_en as lesson_en",
      "l.title_he as lesson_he",
      "l.position as lesson_position",
      "v.id as list_id",
      "v.title_en as list_en",
      "v.title_he as list_he",
    ])
    .where("n.user_id", "=", userId)
    .orderBy("v.title_en")
    .orderBy("v.id")
    .orderBy("l.position")
    .orderBy(unstampedLast("n.position_seconds"))
    .orderBy("n.position_seconds")
    .orderBy("n.created_at")
    .orderBy("n.id")
    .execute();
  const lists = new Map<string, NotesOfList>();
  for (const row of rows) {
    let list = lists.get(row.list_id);
    if (!list) {
      const entry = snapshot.lists.get(row.list_id);
      list = {
        listId: row.list_id,
        title: entry?.title[locale] ?? (locale === "he" ? (row.list_he ?? row.list_en) : row.list_en),
        href: entry ? listUrl(entry, catalogueOfList(snapshot, entry, "")) : null,
        lessons: [],
      };
      lists.set(row.list_id, list);
    }
    let lesson = list.lessons.at(-1);
    if (lesson?.lessonId !== row.lesson_id) {
      const entry = snapshot.lists.get(row.list_id);
      const shown = entry && publicLessons(entry).some((shown) => shown.lesson.id === row.lesson_id);
      lesson = {
        lessonId: row.lesson_id,
        slug: row.lesson_slug,
        href: shown ? lessonUrl(entry.slug, row.lesson_slug) : null,
        title: locale === "he" ? (row.lesson_he ?? row.lesson_en) : row.lesson_en,
        notes: [],
      };
      list.lessons.push(lesson);
    }
    lesson.notes.push(toNote(row));
  }
  return [...lists.values()];
}

/** Markdown of a learner's notes: a heading per list and lesson, each note with its time stamp. */
export function notesMarkdown(heading: string, lists: readonly NotesOfList[]): string {
  const lines = [`# ${heading}`, ""];
  for (const list of lists) {
    lines.push(`## ${oneLine(list.title)}`, "");
    for (const lesson of list.lessons) {
      lines.push(`### ${oneLine(lesson.title)}`, "");
      for (const note of lesson.notes) {
        const [first = "", ...rest] = note.body.split("\n");
        const stamp = note.position === null ? "" : `[${clock(note.position)}] `;
        lines.push(`- ${stamp}${first}`, ...rest.map((line) => (line ? `  ${line}` : "")));
      }
      lines.push("");
    }
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

/** A note without a time stamp after those with one, the same on both databases (they sort nulls apart). */
const unstampedLast = (column: string) => sql<number>`case when ${sql.ref(column)} is null then 1 else 0 end`;

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
