import { sql, type Kysely } from "kysely";
import type { Database } from "~/lib/db.server";
import { canWatch, type Viewer } from "./access.server";
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
import { clock } from "~/lib/clock";
import type { ContinueView } from "./catalogue.types";
import { COMPLETE_RATIO } from "./progress.limits";

/**
 * A learner's progress in lessons (issue 17): where they were and whether they finished, one row per
 * learner and lesson. Only the viewer's own rows are ever read or written: every function takes the
 * user id from the session, never from the request.
 */

/** Closer than this to the start (or a tenth of a short video), "resume" would only confuse: start over. */
const RESUME_MARGIN_SECONDS = 5;

export interface LessonProgress {
  position: number;
  duration: number | null;
  completed: boolean;
  updatedAt: string;
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
 * the last tenth (watched to the end, or as good as: the next viewing starts over).
 */
export function resumeAt(progress: LessonProgress | undefined): number {
  if (!progress) return 0;
  const { position, duration } = progress;
  const margin = duration !== null ? Math.min(RESUME_MARGIN_SECONDS, duration / 10) : RESUME_MARGIN_SECONDS;
  if (position < margin) return 0;
  if (duration !== null && position >= duration * COMPLETE_RATIO) return 0;
  return position;
}

/**
 * Records where the learner is. Completion is decided here from the numbers (≥ 90 % of the length)
 * and, once set, kept: watching a finished lesson again does not unfinish it.
 */
export async function saveProgress(
  db: Kysely<Database>,
  input: { userId: string; lessonId: string; position: number; duration: number | null },
  now: Date = new Date(),
): Promise<LessonProgress> {
  const position = Math.round(input.position);
  const duration = input.duration === null ? null : Math.round(input.duration);
  const reached = duration !== null && duration > 0 && position >= duration * COMPLETE_RATIO;
  const at = now.toISOString();
  const row = await db
    .insertInto("lesson_progress")
    .values({
      user_id: input.userId,
      lesson_id: input.lessonId,
      position_seconds: position,
      duration_seconds: duration,
      completed_at: reached ? at : null,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.columns(["user_id", "lesson_id"]).doUpdateSet({
        position_seconds: position,
        duration_seconds: sql<number | null>`coalesce(excluded.duration_seconds, lesson_progress.duration_seconds)`,
        completed_at: sql<string | null>`coalesce(lesson_progress.completed_at, excluded.completed_at)`,
        updated_at: at,
      }),
    )
    .returning(["position_seconds", "duration_seconds", "completed_at", "updated_at"])
    .executeTakeFirstOrThrow();
  return toProgress(row);
}

/** "Mark as complete" (or, with `complete` false, as not complete); the position is kept. */
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
      completed_at: input.complete ? at : null,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.columns(["user_id", "lesson_id"]).doUpdateSet({
        completed_at: input.complete
          ? sql<string | null>`coalesce(lesson_progress.completed_at, excluded.completed_at)`
          : null,
        updated_at: at,
      }),
    )
    .execute();
}

function toProgress(row: {
  position_seconds: number;
  duration_seconds: number | null;
  completed_at: string | null;
  updated_at: string;
}): LessonProgress {
  return {
    position: Number(row.position_seconds),
    duration: row.duration_seconds === null ? null : Number(row.duration_seconds),
    completed: row.completed_at !== null,
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
    .select(["lesson_id", "position_seconds", "duration_seconds", "completed_at", "updated_at"])
    .where("user_id", "=", userId)
    .where("lesson_id", "in", [...lessonIds])
    .execute();
  return new Map(rows.map((row) => [row.lesson_id, toProgress(row)]));
}

/** Every lesson this learner has finished (for cards and the profile: one indexed read). */
export async function completedLessons(db: Kysely<Database>, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom("lesson_progress")
    .select("lesson_id")
    .where("user_id", "=", userId)
    .where("completed_at", "is not", null)
    .execute();
  return new Set(rows.map((row) => row.lesson_id));
}

export interface Tally {
  done: number;
  total: number;
}

/** How many of these lessons are finished. */
export function tally(lessons: readonly LessonEntry[], completed: ReadonlySet<string>): Tally {
  return { done: lessons.filter((lesson) => completed.has(lesson.id)).length, total: lessons.length };
}

export interface NextLesson {
  list: ListEntry;
  lesson: LessonEntry;
  /** The list page's URL, at the lesson. */
  href: string;
  /** Where to start, in seconds (0: from the beginning). */
  resumeAt: number;
}

/** How many of the learner's latest lessons "Continue learning" looks through for one to go on with. */
const RECENT_LOOKUP = 20;

/**
 * "Continue learning": the lesson to go on with. The most recently watched lesson if it is not
 * finished; else the next unfinished one in its list that the learner may watch; else the same for
 * the lists watched before it. Nothing when there is no history or everything watched is finished.
 */
export async function nextLesson(
  db: Kysely<Database>,
  snapshot: CatalogueSnapshot,
  viewer: Viewer,
): Promise<NextLesson | undefined> {
  if (!viewer.user) return undefined;
  const recent = await db
    .selectFrom("lesson_progress")
    .select(["lesson_id", "position_seconds", "duration_seconds", "completed_at", "updated_at"])
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
      return !progress.get(lesson.id)?.completed && mayTrack(viewer, where) && (lesson.youtubeId || lesson.videoFile);
    });
    if (!next) continue;
    const href = listUrl(list, catalogueOfList(snapshot, list, ""));
    if (!href) continue;
    return { list, lesson: next, href: `${href}#lesson-${next.slug}`, resumeAt: resumeAt(progress.get(next.id)) };
  }
  return undefined;
}

/** The lessons a signed-in viewer finished, or nothing for a visitor (whose pages show no progress). */
export async function completedFor(db: Kysely<Database>, viewer: Viewer): Promise<Set<string> | undefined> {
  return viewer.user ? completedLessons(db, viewer.user.id) : undefined;
}

/** How much of a course (all its lists' lessons) is finished. */
export function courseTally(snapshot: CatalogueSnapshot, course: CourseEntry, completed: ReadonlySet<string>): Tally {
  return tally(
    listsOfCourse(snapshot, course).flatMap((list) => list.lessons),
    completed,
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
    .select(["lesson_id", "completed_at", "updated_at"])
    .where("user_id", "=", userId)
    .execute();
  const byList = new Map<string, { list: ListEntry; completed: Set<string>; updatedAt: string }>();
  for (const row of rows) {
    const location = locateLesson(snapshot, row.lesson_id);
    if (!location) continue;
    const entry = byList.get(location.list.id) ?? { list: location.list, completed: new Set(), updatedAt: "" };
    if (row.completed_at !== null) entry.completed.add(row.lesson_id);
    if (row.updated_at > entry.updatedAt) entry.updatedAt = row.updated_at;
    byList.set(location.list.id, entry);
  }
  return [...byList.values()]
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0))
    .map(({ list, completed, updatedAt }) => ({
      list,
      href: listUrl(list, catalogueOfList(snapshot, list, "")),
      tally: tally(list.lessons, completed),
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
