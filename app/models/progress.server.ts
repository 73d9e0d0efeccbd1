import { sql, type Kysely } from "kysely";
import type { Database } from "~/lib/db.server";
import { canWatch, type Viewer } from "./access.server";
import { bumpCatalogueVersion } from "./catalogue-version.server";
import {
  catalogueOfList,
  listsOfCourse,
  listUrl,
  type CatalogueSnapshot,
  type CourseEntry,
  type LessonEntry,
  type ListEntry,
} from "./catalogue.server";
import type { Locale } from "~/i18n/locale";
import { clock, clockSeconds } from "~/lib/clock";
import type { ContinueView } from "./catalogue.types";
import { lessonUrl } from "./catalogue.urls";
import { COMPLETE_RATIO, MAX_SECONDS, WATCH_BANK_SECONDS, WATCH_RATE } from "./progress.limits";

/**
 * A learner's progress in lessons (issue 17): where they were, how much of each lesson the server has
 * seen them watch, and their own "Mark as complete" bookmark, one row per learner and lesson. Only the
 * viewer's own rows are ever read or written: every function takes the user id from the session,
 * never from the request.
 *
 * Watching is measured here, not taken from the player (issue 29): a report says where the video is,
 * and the server credits the time it saw pass — at most how far the position moved on, at most
 * WATCH_RATE times its own clock across all the learner's lessons, never more than the lesson's known
 * length. A lesson is "watched" (what certificates and reviews count) at COMPLETE_RATIO of that length.
 */

/** Closer than this to the start (or a tenth of a short video), "resume" would only confuse: start over. */
const RESUME_MARGIN_SECONDS = 5;

export interface LessonProgress {
  position: number;
  /** The length the player reported: for "resume" only. */
  duration: number | null;
  /** Seconds the server credited as watched. */
  watchedSeconds: number;
  /** Watched (server-credited ≥ 90 % of the lesson's known length): counts toward a certificate. */
  watched: boolean;
  /** The learner's own "Mark as complete": a bookmark that counts toward nothing. */
  marked: boolean;
  updatedAt: string;
}

/** A lesson's known length in seconds (set by the admin, or read from its uploaded file); null when unknown. */
export function lessonLength(lesson: Pick<LessonEntry, "duration">): number | null {
  const seconds = clockSeconds(lesson.duration);
  return seconds !== null && seconds > 0 ? seconds : null;
}

/** Where a lesson sits: its list and its place there (0-based), which decides who may watch it. */
export interface LessonLocation {
  list: ListEntry;
  lesson: LessonEntry;
  index: number;
}

const locations = new WeakMap<CatalogueSnapshot, Map<string, LessonLocation>>();

/** A published lesson by its id, with its list and place; undefined when no published list holds it. */
export function locateLesson(snapshot: CatalogueSnapshot, lessonId: string): LessonLocation | undefined {
  let index = locations.get(snapshot);
  if (!index) {
    index = new Map();
    for (const list of snapshot.lists.values())
      for (const [i, lesson] of list.lessons.entries()) index.set(lesson.id, { list, lesson, index: i });
    locations.set(snapshot, index);
  }
  return index.get(lessonId);
}

/** May this viewer record progress in this lesson? Only in one they may watch, and only signed in. */
export function mayTrack(viewer: Viewer, location: LessonLocation): boolean {
  return viewer.isAuthenticated && canWatch(viewer, location.list, location.index);
}

/**
 * The second to start a lesson at: where the learner left off, unless that is near the start, or in
 * the last tenth (watched to the end, or as good as: the next viewing starts over), or the learner
 * marked the lesson complete (done with it: offering to resume at 0:03 contradicts them, issue 31).
 */
export function resumeAt(progress: LessonProgress | undefined): number {
  if (!progress || progress.marked) return 0;
  const { position, duration } = progress;
  const margin = duration !== null ? Math.min(RESUME_MARGIN_SECONDS, duration / 10) : RESUME_MARGIN_SECONDS;
  if (position < margin) return 0;
  if (duration !== null && position >= duration * COMPLETE_RATIO) return 0;
  return position;
}

/** Two reports of one learner crossed: the later one is read and credited again. */
class ReportCrossed extends Error {}

const PROGRESS_COLUMNS = [
  "position_seconds",
  "duration_seconds",
  "watched_seconds",
  "watched_at",
  "marked_at",
  "updated_at",
] as const;

/**
 * Records a report of where the learner is, and credits what the server saw them watch since their
 * previous report: at most how far the position moved forward in this lesson (a seek back or a first
 * report credits nothing), at most WATCH_RATE × the time its clock moved on since the learner's
 * watching was last accounted for (shared by all their lessons, so two lessons played at once share
 * it; a pause counts for WATCH_BANK_SECONDS at most), and never past the lesson's known `length`. The
 * player's `duration` is kept for "resume" and believed for nothing else. Once watched, a lesson stays
 * watched. Concurrent reports of one learner are applied one after the other (compare-and-set).
 */
export async function saveProgress(
  db: Kysely<Database>,
  input: { userId: string; lessonId: string; position: number; duration: number | null; length: number | null },
  now: Date = new Date(),
): Promise<LessonProgress> {
  const position = Math.round(input.position);
  const duration = input.duration === null ? null : Math.round(input.duration);
  const length = input.length !== null && input.length > 0 ? Math.round(input.length) : null;
  const at = now.toISOString();
  for (let round = 0; round < 5; round++) {
    const [clockRow, row] = await Promise.all([
      db.selectFrom("watch_clocks").select("spent_until").where("user_id", "=", input.userId).executeTakeFirst(),
      db
        .selectFrom("lesson_progress")
        .select(PROGRESS_COLUMNS)
        .where("user_id", "=", input.userId)
        .where("lesson_id", "=", input.lessonId)
        .executeTakeFirst(),
    ]);
    // The learner's time not yet spent on watching, capped by the bank: what this report may credit.
    const spentFrom = Math.max(
      clockRow ? Date.parse(clockRow.spent_until) : Number.NEGATIVE_INFINITY,
      now.getTime() - WATCH_BANK_SECONDS * 1000,
    );
    const available = Math.floor(Math.max(0, ((now.getTime() - spentFrom) / 1000) * WATCH_RATE) + 1e-9);
    const before = row ? Number(row.watched_seconds) : 0;
    const advance = row ? position - Number(row.position_seconds) : 0;
    const credit = Math.max(0, Math.min(advance, available, (length ?? MAX_SECONDS) - before));
    const watchedSeconds = before + credit;
    const watchedAt = row?.watched_at ?? (length !== null && watchedSeconds >= length * COMPLETE_RATIO ? at : null);
    const next = {
      position_seconds: position,
      duration_seconds: duration ?? (row ? row.duration_seconds : null),
      watched_seconds: watchedSeconds,
      watched_at: watchedAt,
      marked_at: row ? row.marked_at : null,
      updated_at: at,
    };
    const spentUntil = new Date(spentFrom + (credit / WATCH_RATE) * 1000).toISOString();
    try {
      await db.transaction().execute(async (trx) => {
        const clocked = clockRow
          ? await trx
              .updateTable("watch_clocks")
              .set({ spent_until: spentUntil })
              .where("user_id", "=", input.userId)
              .where("spent_until", "=", clockRow.spent_until)
              .executeTakeFirst()
          : await trx
              .insertInto("watch_clocks")
              .values({ user_id: input.userId, spent_until: spentUntil })
              .onConflict((oc) => oc.column("user_id").doNothing())
              .executeTakeFirst();
        if (changed(clocked) !== 1) throw new ReportCrossed();
        const written = row
          ? await trx
              .updateTable("lesson_progress")
              .set(next)
              .where("user_id", "=", input.userId)
              .where("lesson_id", "=", input.lessonId)
              .where("position_seconds", "=", row.position_seconds)
              .where("watched_seconds", "=", row.watched_seconds)
              .where("updated_at", "=", row.updated_at)
              .executeTakeFirst()
          : await trx
              .insertInto("lesson_progress")
              .values({ user_id: input.userId, lesson_id: input.lessonId, ...next })
              .onConflict((oc) => oc.columns(["user_id", "lesson_id"]).doNothing())
              .executeTakeFirst();
        if (changed(written) !== 1) throw new ReportCrossed();
      });
      if (!row) await noteNewLearner(db, input.userId, input.lessonId);
      return toProgress(next);
    } catch (error) {
      if (!(error instanceof ReportCrossed)) throw error;
    }
  }
  // Crossed again and again: keep what is stored (the next report carries the position again).
  const stored = await db
    .selectFrom("lesson_progress")
    .select(PROGRESS_COLUMNS)
    .where("user_id", "=", input.userId)
    .where("lesson_id", "=", input.lessonId)
    .executeTakeFirstOrThrow();
  return toProgress(stored);
}

function changed(result: { numUpdatedRows?: bigint; numInsertedOrUpdatedRows?: bigint }): number {
  return Number(result.numUpdatedRows ?? result.numInsertedOrUpdatedRows ?? 0n);
}

/** "Mark as complete" (or, with `complete` false, the mark taken off): the learner's own bookmark. */
export async function markLesson(
  db: Kysely<Database>,
  input: { userId: string; lessonId: string; complete: boolean },
  now: Date = new Date(),
): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto("lesson_progress")
    .values({
      user_id: input.userId,
      lesson_id: input.lessonId,
      position_seconds: 0,
      duration_seconds: null,
      watched_at: null,
      marked_at: input.complete ? at : null,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.columns(["user_id", "lesson_id"]).doUpdateSet({
        marked_at: input.complete ? sql<string | null>`coalesce(lesson_progress.marked_at, excluded.marked_at)` : null,
        updated_at: at,
      }),
    )
    .execute();
  await noteNewLearner(db, input.userId, input.lessonId);
}

/**
 * A passed exercise (issue 34; graded on the server, never the browser's word): the lesson counts as
 * watched, so tallies, "n of N" and certificates count it as they count a watched video. The first
 * pass's time is kept.
 */
export async function completeExercise(
  db: Kysely<Database>,
  input: { userId: string; lessonId: string },
  now: Date = new Date(),
): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto("lesson_progress")
    .values({
      user_id: input.userId,
      lesson_id: input.lessonId,
      position_seconds: 0,
      duration_seconds: null,
      watched_at: at,
      marked_at: null,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.columns(["user_id", "lesson_id"]).doUpdateSet({
        watched_at: sql<string>`coalesce(lesson_progress.watched_at, excluded.watched_at)`,
        updated_at: at,
      }),
    )
    .execute();
  await noteNewLearner(db, input.userId, input.lessonId);
}

/**
 * After a learner's first progress in a list (their first row among its lessons): they are now one of
 * the learners its courses' cards count (D-M6), and the card figures live in the catalogue's snapshot,
 * so its version moves. Once per learner and list, not per report.
 */
async function noteNewLearner(db: Kysely<Database>, userId: string, lessonId: string): Promise<void> {
  const row = await db
    .selectFrom("lesson_progress")
    .innerJoin("lessons", "lessons.id", "lesson_progress.lesson_id")
    .innerJoin("lessons as this_lesson", "this_lesson.list_id", "lessons.list_id")
    .select((eb) => eb.fn.countAll<number>().as("rows"))
    .where("this_lesson.id", "=", lessonId)
    .where("lesson_progress.user_id", "=", userId)
    .executeTakeFirst();
  if (Number(row?.rows ?? 0) === 1) await bumpCatalogueVersion(db);
}

function toProgress(row: {
  position_seconds: number;
  duration_seconds: number | null;
  watched_seconds: number;
  watched_at: string | null;
  marked_at: string | null;
  updated_at: string;
}): LessonProgress {
  return {
    position: Number(row.position_seconds),
    duration: row.duration_seconds === null ? null : Number(row.duration_seconds),
    watchedSeconds: Number(row.watched_seconds),
    watched: row.watched_at !== null,
    marked: row.marked_at !== null,
    updatedAt: row.updated_at,
  };
}

/** This learner's progress in these lessons (a list page's), by lesson id. */
export async function progressIn(
  db: Kysely<Database>,
  userId: string,
  lessonIds: readonly string[],
): Promise<Map<string, LessonProgress>> {
  if (lessonIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("lesson_progress")
    .select(["lesson_id", ...PROGRESS_COLUMNS])
    .where("user_id", "=", userId)
    .where("lesson_id", "in", [...lessonIds])
    .execute();
  return new Map(rows.map((row) => [row.lesson_id, toProgress(row)]));
}

/** Every lesson this learner has watched (for cards and the profile: one indexed read). */
export async function watchedLessons(db: Kysely<Database>, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom("lesson_progress")
    .select("lesson_id")
    .where("user_id", "=", userId)
    .where("watched_at", "is not", null)
    .execute();
  return new Set(rows.map((row) => row.lesson_id));
}

export interface Tally {
  done: number;
  total: number;
}

/** How many of these lessons are watched ("n of N lessons watched": the learner's marks are not counted). */
export function tally(lessons: readonly LessonEntry[], watched: ReadonlySet<string>): Tally {
  return { done: lessons.filter((lesson) => watched.has(lesson.id)).length, total: lessons.length };
}

export interface NextLesson {
  list: ListEntry;
  lesson: LessonEntry;
  /** The lesson's own page. */
  href: string;
  /** Where to start, in seconds (0: from the beginning). */
  resumeAt: number;
}

/** How many of the learner's latest lessons "Continue learning" looks through for one to go on with. */
const RECENT_LOOKUP = 20;

/**
 * "Continue learning": the lesson to go on with. The most recently watched lesson if it is not
 * finished (watched, or marked complete by the learner); else the next unfinished one in its list
 * that the learner may watch; else the same for the lists watched before it. Nothing when there is no
 * history or everything watched is finished.
 */
export async function nextLesson(
  db: Kysely<Database>,
  snapshot: CatalogueSnapshot,
  viewer: Viewer,
): Promise<NextLesson | undefined> {
  if (!viewer.user) return undefined;
  const recent = await db
    .selectFrom("lesson_progress")
    .select(["lesson_id", "updated_at"])
    .where("user_id", "=", viewer.user.id)
    .orderBy("updated_at", "desc")
    .orderBy("lesson_id")
    .limit(RECENT_LOOKUP)
    .execute();
  if (recent.length === 0) return undefined;
  const listIds = new Set<string>();
  for (const row of recent) {
    const location = locateLesson(snapshot, row.lesson_id);
    if (location) listIds.add(location.list.id);
  }
  const progress = await progressIn(
    db,
    viewer.user.id,
    [...listIds].flatMap((id) => snapshot.lists.get(id)!.lessons.map((lesson) => lesson.id)),
  );
  const looked = new Set<string>();
  for (const row of recent) {
    const location = locateLesson(snapshot, row.lesson_id);
    // Each list once, from its most recent lesson.
    if (!location || looked.has(location.list.id)) continue;
    looked.add(location.list.id);
    const { list } = location;
    const candidates = [...list.lessons.slice(location.index), ...list.lessons.slice(0, location.index)];
    const next = candidates.find((lesson) => {
      const where = locateLesson(snapshot, lesson.id)!;
      const mine = progress.get(lesson.id);
      return !mine?.watched && !mine?.marked && mayTrack(viewer, where) && (lesson.youtubeId || lesson.videoFile);
    });
    if (!next) continue;
    return { list, lesson: next, href: lessonUrl(list.slug, next.slug), resumeAt: resumeAt(progress.get(next.id)) };
  }
  return undefined;
}

/** The lessons a signed-in viewer watched and those they marked, or nothing for a visitor (a course's curriculum). */
export async function lessonStatesFor(
  db: Kysely<Database>,
  viewer: Viewer,
): Promise<{ watched: Set<string>; marked: Set<string> } | undefined> {
  if (!viewer.user) return undefined;
  const rows = await db
    .selectFrom("lesson_progress")
    .select(["lesson_id", "watched_at", "marked_at"])
    .where("user_id", "=", viewer.user.id)
    .where((eb) => eb.or([eb("watched_at", "is not", null), eb("marked_at", "is not", null)]))
    .execute();
  return {
    watched: new Set(rows.filter((row) => row.watched_at !== null).map((row) => row.lesson_id)),
    marked: new Set(rows.filter((row) => row.marked_at !== null).map((row) => row.lesson_id)),
  };
}

/** The lessons a signed-in viewer watched, or nothing for a visitor (whose pages show no progress). */
export async function watchedFor(db: Kysely<Database>, viewer: Viewer): Promise<Set<string> | undefined> {
  return viewer.user ? watchedLessons(db, viewer.user.id) : undefined;
}

/** How much of a course (all its lists' lessons) is watched. */
export function courseTally(snapshot: CatalogueSnapshot, course: CourseEntry, watched: ReadonlySet<string>): Tally {
  return tally(
    listsOfCourse(snapshot, course).flatMap((list) => list.lessons),
    watched,
  );
}

export interface ListProgress {
  list: ListEntry;
  href: string | null;
  tally: Tally;
  /** The latest report or mark in the list. */
  updatedAt: string;
}

/** The lists this learner has started, most recent first, with how far they are (the profile). */
export async function startedLists(
  db: Kysely<Database>,
  snapshot: CatalogueSnapshot,
  userId: string,
): Promise<ListProgress[]> {
  const rows = await db
    .selectFrom("lesson_progress")
    .select(["lesson_id", "watched_at", "updated_at"])
    .where("user_id", "=", userId)
    .execute();
  const byList = new Map<string, { list: ListEntry; watched: Set<string>; updatedAt: string }>();
  for (const row of rows) {
    const location = locateLesson(snapshot, row.lesson_id);
    if (!location) continue;
    const entry = byList.get(location.list.id) ?? { list: location.list, watched: new Set(), updatedAt: "" };
    if (row.watched_at !== null) entry.watched.add(row.lesson_id);
    if (row.updated_at > entry.updatedAt) entry.updatedAt = row.updated_at;
    byList.set(location.list.id, entry);
  }
  return [...byList.values()]
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0))
    .map(({ list, watched, updatedAt }) => ({
      list,
      href: listUrl(list, catalogueOfList(snapshot, list, "")),
      tally: tally(list.lessons, watched),
      updatedAt,
    }));
}

/** "Continue learning" for a page, in the page's language; undefined when there is nothing to go on with. */
export async function continueLearning(
  db: Kysely<Database>,
  snapshot: CatalogueSnapshot,
  viewer: Viewer,
  locale: Locale,
): Promise<ContinueView | undefined> {
  const next = await nextLesson(db, snapshot, viewer);
  if (!next) return undefined;
  return {
    lesson: next.lesson.title[locale],
    list: next.list.title[locale],
    href: next.href,
    resumeAt: next.resumeAt > 0 ? clock(next.resumeAt) : null,
  };
}
