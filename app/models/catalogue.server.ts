import { createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/lib/db.server";
import type { Locale } from "~/i18n/locale";
import { canWatch, freeLessonCount, isFreeSample, type ListAccess, type Viewer } from "./access.server";
import { ONLINE_CHECKOUT_SETTING, readCatalogueVersion, takeLocalChange } from "./catalogue-version.server";
import { catalogueSpelling, COURSES_URL, lessonUrl, normalizeCataloguePath } from "./catalogue.urls";
import { optionsOfRow } from "./quiz-options";
import { resourcesByLesson, type LessonResource } from "./lesson-resources.server";
import type { VideoView } from "./catalogue.types";
import type { Bilingual } from "./content.schema";
import { getAboutVideo } from "./site-content.server";

/**
 * The catalogue as pages read it: the whole published catalogue as plain objects in memory, one
 * copy per database per process (docs/decisions/0013). `ensureCatalogueFresh(db)` — once per
 * request, from the root middleware — returns the current copy after checking the version row at
 * most once a second (so another process's change shows within about a second), and at once after
 * a change made by this process. Everything else here is synchronous over that copy.
 *
 * Only published items are in it: an unpublished catalogue hides its courses, an unpublished list
 * its lessons and URLs, and so on down. Hebrew text falls back to English where it is missing.
 */

/** How often, at most, a process asks the database whether the catalogue changed. */
export const CATALOGUE_CHECK_MS = 1000;

export interface LessonEntry {
  id: string;
  slug: string;
  title: Bilingual;
  description: Bilingual;
  duration: string | null;
  youtubeId: string | null;
  videoFile: string | null;
  /** The languages it has captions in (/captions/<id>/<language>.vtt, under the list's access rule). */
  captions: Locale[];
  /** Files its teacher attached (/lesson-files/<id>, under the list's access rule), in order. */
  resources: LessonResource[];
  /** Its place among the list's published lessons, videos or not: the teacher's order. */
  order: number;
  /** When it was made (ISO 8601): the upload date its page gives search engines; null for the about video. */
  createdAt: string | null;
  /** A JavaScript or SQL exercise instead of a video (issue 34): counted and locked as a video lesson is. */
  exercise: "javascript" | "sql" | null;
}

export interface ListEntry {
  id: string;
  slug: string;
  title: Bilingual;
  description: Bilingual;
  /**
   * How many lessons from the top a signed-in learner may watch free: the teacher's number as the
   * access rule caps it (`freeLessonCount`: never the whole list unless `allFree`).
   */
  freeSamples: number;
  /** The teacher made every lesson free for signed-in learners. */
  allFree: boolean;
  /**
   * Its published lessons that have a video (a YouTube id or an uploaded file), in order: the only
   * ones anyone may watch, count, earn or be offered as a free preview (issue 31, D-H2).
   */
  lessons: LessonEntry[];
  /**
   * Its published lessons without a video when the teacher shows them as "Coming soon"; empty when
   * they are left out of the public pages (the default).
   */
  comingSoon: LessonEntry[];
  /** The visible courses that hold it: owning one of them opens the whole list. */
  courseIds: string[];
  /** Its URLs (lower-case), those listed in the sitemap first. */
  paths: string[];
}

export interface CourseEntry {
  id: string;
  slug: string;
  catalogueId: string;
  title: Bilingual;
  teacher: Bilingual;
  summary: Bilingual;
  duration: string;
  /** The teacher's baseline (the seed's figure) plus the learners who started or own it (D-M6). */
  students: number;
  priceCents: number;
  /** ISO 4217 of the price: USD or ILS. */
  currency: string;
  /** Bought on its own online, at the price, for good. */
  soldSeparately: boolean;
  ratingTenths: number;
  reviews: number;
  cover: string;
  readMore: string | null;
  joinTarget: string | null;
  /** Its published video lists, in order. */
  listIds: string[];
}

export interface CatalogueEntry {
  id: string;
  slug: string;
  title: Bilingual;
  description: Bilingual;
  /** Its own card's picture on /courses (a URL path), chosen or uploaded in the course builder. */
  cover: string;
  courses: CourseEntry[];
  /** Its URLs (lower-case), those listed in the sitemap first; none for the home page's cards. */
  paths: string[];
}

export interface QuizQuestionEntry {
  id: string;
  question: string;
  code: string | null;
  options: string[];
  /** The right option's text (options are distinct). */
  answer: string;
  /** The Hebrew question and options (null: show the English); code between backticks. */
  he: { question: string | null; options: (string | null)[] };
  /** Why the answer is right, for the review (null: none written). */
  explanation: { en: string | null; he: string | null };
}

export interface QuizEntry {
  id: string;
  slug: string;
  title: Bilingual;
  description: Bilingual;
  followUp: string;
  /** The list whose certificate asks for a pass of this quiz (null: none), chosen in the quiz editor. */
  listId: string | null;
  /** The percentage a finished attempt needs to pass (50–100; 70 unless the teacher set another). */
  passPercent: number;
  questions: QuizQuestionEntry[];
}

export interface CataloguePath {
  kind: "catalogue" | "list";
  targetId: string;
  inSitemap: boolean;
}

export interface CatalogueSnapshot {
  readonly version: number;
  /** Published catalogues by position (the home page's cards among them). */
  readonly catalogues: readonly CatalogueEntry[];
  /** Published lists by id. */
  readonly lists: ReadonlyMap<string, ListEntry>;
  /** Visible courses (published, in a published catalogue) by slug. */
  readonly courses: ReadonlyMap<string, CourseEntry>;
  /** Paths of visible catalogues and lists. */
  readonly paths: ReadonlyMap<string, CataloguePath>;
  /** Published quizzes by position. */
  readonly quizzes: readonly QuizEntry[];
  /**
   * The owner's online-checkout switch (admin → Payments; turning it bumps the version). A course can
   * be bought online only when it is on and a payment provider is configured: see `sellsOnline`.
   */
  readonly checkoutOn: boolean;
}

function blankToNull(value: string | null): string | null {
  return value?.trim() ? value : null;
}

function text(en: string, he: string | null): Bilingual {
  return { en, he: he?.trim() ? he : en };
}

/**
 * Reads the published catalogue (labelled with the version read before it). `drafts`: everything,
 * published or not, for an admin's "Preview as student" (never cached, never shown to anyone else).
 */
export async function loadCatalogueSnapshot(
  db: Kysely<Database>,
  version: number,
  { drafts = false }: { drafts?: boolean } = {},
): Promise<CatalogueSnapshot> {
  const shown = drafts ? [0, 1] : [1];
  const [
    catalogueRows,
    courseRows,
    listRows,
    linkRows,
    lessonRows,
    pathRows,
    quizRows,
    questionRows,
    reviewRows,
    checkoutRow,
    learners,
    captionRows,
    resourceRows,
    exerciseRows,
  ] = await Promise.all([
    db
      .selectFrom("catalogues")
      .selectAll()
      .where("published", "in", shown)
      .orderBy("position")
      .orderBy("slug")
      .execute(),
    db.selectFrom("courses").selectAll().where("published", "in", shown).orderBy("position").orderBy("slug").execute(),
    db.selectFrom("video_lists").selectAll().where("published", "in", shown).execute(),
    db.selectFrom("course_video_lists").selectAll().orderBy("position").orderBy("list_id").execute(),
    db.selectFrom("lessons").selectAll().where("published", "in", shown).orderBy("position").orderBy("slug").execute(),
    db.selectFrom("catalogue_paths").selectAll().orderBy("in_sitemap", "desc").orderBy("path").execute(),
    db.selectFrom("quizzes").selectAll().where("published", "in", shown).orderBy("position").orderBy("slug").execute(),
    db.selectFrom("quiz_questions").selectAll().orderBy("position").orderBy("id").execute(),
    // Learners' visible reviews, per course (decision 0023): a review changes the catalogue's version.
    db
      .selectFrom("course_reviews")
      .select((eb) => ["course_id", eb.fn.countAll<number>().as("count"), eb.fn.sum<number>("rating").as("stars")])
      .where("hidden", "=", 0)
      .groupBy("course_id")
      .execute(),
    db.selectFrom("site_settings").select("value").where("key", "=", ONLINE_CHECKOUT_SETTING).executeTakeFirst(),
    learnerCounts(db),
    db.selectFrom("lesson_captions").select(["lesson_id", "language"]).orderBy("language").execute(),
    resourcesByLesson(db),
    // Only an exercise whose check passed (solution passes, starter fails) is public: decision 0053.
    db.selectFrom("lesson_exercises").select(["lesson_id", "language"]).where("checked_at", "is not", null).execute(),
  ]);
  const exerciseOf = new Map(exerciseRows.map((row) => [row.lesson_id, row.language]));
  const captionsOf = new Map<string, Locale[]>();
  for (const row of captionRows)
    captionsOf.set(row.lesson_id, [...(captionsOf.get(row.lesson_id) ?? []), row.language]);
  const reviewed = new Map(
    reviewRows.map((row) => [row.course_id, { count: Number(row.count), stars: Number(row.stars) }]),
  );

  const lists = new Map<string, ListEntry>();
  const showsComingSoon = new Set(listRows.filter((row) => Number(row.coming_soon) === 1).map((row) => row.id));
  const published = new Map<string, number>();
  for (const row of listRows) {
    lists.set(row.id, {
      id: row.id,
      slug: row.slug,
      title: text(row.title_en, row.title_he),
      description: text(row.description_en, row.description_he),
      freeSamples: Number(row.free_samples),
      allFree: Number(row.all_free) === 1,
      lessons: [],
      comingSoon: [],
      courseIds: [],
      paths: [],
    });
  }
  for (const row of lessonRows) {
    const list = lists.get(row.list_id);
    if (!list) continue;
    const order = published.get(list.id) ?? 0;
    published.set(list.id, order + 1);
    const lesson: LessonEntry = {
      id: row.id,
      slug: row.slug,
      title: text(row.title_en, row.title_he),
      description: text(row.description_en, row.description_he),
      duration: row.duration,
      youtubeId: row.youtube_id,
      videoFile: row.video_file,
      captions: captionsOf.get(row.id) ?? [],
      resources: resourceRows.get(row.id) ?? [],
      order,
      createdAt: row.created_at,
      exercise: exerciseOf.get(row.id) ?? null,
    };
    // A lesson without a video is never sold, counted or previewed as one (issue 31, D-H2): it is left
    // out, or shown as "Coming soon" when its teacher chose that for the list.
    if (hasVideo(lesson)) list.lessons.push(lesson);
    else if (showsComingSoon.has(list.id)) list.comingSoon.push(lesson);
  }
  // What learners get, now that the lessons are counted: pages show this number, and it is the one
  // canWatch allows (it applies the same cap again to whatever it is given).
  for (const list of lists.values()) list.freeSamples = freeLessonCount(list);

  const catalogues: CatalogueEntry[] = catalogueRows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: text(row.title_en, row.title_he),
    description: text(row.description_en, row.description_he),
    cover: row.cover,
    courses: [],
    paths: [],
  }));
  const catalogueById = new Map(catalogues.map((c) => [c.id, c]));
  const courses = new Map<string, CourseEntry>();
  const courseById = new Map<string, CourseEntry>();
  for (const row of courseRows) {
    const catalogue = catalogueById.get(row.catalogue_id);
    if (!catalogue) continue;
    const course: CourseEntry = {
      id: row.id,
      slug: row.slug,
      catalogueId: row.catalogue_id,
      title: text(row.title_en, row.title_he),
      teacher: text(row.teacher_en, row.teacher_he),
      summary: text(row.summary_en, row.summary_he),
      duration: row.duration,
      // The teacher's baseline plus real learners: unlike ratings (decision 0023), both count people,
      // so the baseline stands for those who learnt before Lomda and real ones are added to it.
      students: Number(row.students) + (learners.get(row.id) ?? 0),
      priceCents: Number(row.price_cents),
      currency: row.currency,
      soldSeparately: Number(row.sold_separately) === 1,
      // The seeded (or admin-set) figures until learners have reviewed the course; then theirs alone.
      ratingTenths: reviewed.has(row.id)
        ? Math.round((reviewed.get(row.id)!.stars * 10) / reviewed.get(row.id)!.count)
        : Number(row.rating_tenths),
      reviews: reviewed.get(row.id)?.count ?? Number(row.reviews),
      cover: row.cover,
      readMore: row.read_more,
      joinTarget: row.join_target,
      listIds: [],
    };
    catalogue.courses.push(course);
    courses.set(course.slug, course);
    courseById.set(course.id, course);
  }
  const heldByAnyCourse = new Set<string>();
  for (const link of linkRows) {
    heldByAnyCourse.add(link.list_id);
    const course = courseById.get(link.course_id);
    if (!course || !lists.has(link.list_id)) continue;
    course.listIds.push(link.list_id);
    lists.get(link.list_id)!.courseIds.push(course.id);
  }
  // A list is the lessons of its courses: while every course card holding it is a draft (or in a
  // draft catalogue), so is the list, whatever its own box says (D-M8). A list no course holds
  // stands alone, public by its own box.
  for (const list of [...lists.values()])
    if (heldByAnyCourse.has(list.id) && list.courseIds.length === 0) lists.delete(list.id);

  const paths = new Map<string, CataloguePath>();
  for (const row of pathRows) {
    const target = row.kind === "catalogue" ? catalogueById.get(row.target_id) : lists.get(row.target_id);
    if (!target) continue;
    const path = normalizeCataloguePath(row.path);
    paths.set(path, { kind: row.kind, targetId: row.target_id, inSitemap: Number(row.in_sitemap) === 1 });
    // Links are written as the page's canonical address (/advJava keeps the original's capital).
    target.paths.push(catalogueSpelling(path));
  }

  const questionsByQuiz = new Map<string, QuizQuestionEntry[]>();
  for (const row of questionRows) {
    const { options, optionsHe } = optionsOfRow(row);
    const answer = options[Number(row.answer) - 1];
    if (answer === undefined) continue;
    const questions = questionsByQuiz.get(row.quiz_id) ?? [];
    questions.push({
      id: row.id,
      question: row.question,
      code: row.code,
      options,
      answer,
      he: {
        question: blankToNull(row.question_he),
        options: optionsHe.map(blankToNull),
      },
      explanation: { en: blankToNull(row.explanation_en), he: blankToNull(row.explanation_he) },
    });
    questionsByQuiz.set(row.quiz_id, questions);
  }
  const quizzes: QuizEntry[] = quizRows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: text(row.title_en, row.title_he),
    description: text(row.description_en, row.description_he),
    followUp: row.follow_up,
    listId: row.list_id,
    passPercent: Number(row.pass_percent),
    questions: questionsByQuiz.get(row.id) ?? [],
  }));

  return { version, catalogues, lists, courses, paths, quizzes, checkoutOn: checkoutRow?.value !== "off" };
}

/**
 * The catalogue with its drafts, as an admin's "Preview as student" shows it: read afresh each time
 * (an admin previews one page now and then), never the per-process copy the public pages share.
 */
export async function loadCatalogueWithDrafts(db: Kysely<Database>): Promise<CatalogueSnapshot> {
  return loadCatalogueSnapshot(db, await readCatalogueVersion(db), { drafts: true });
}

/**
 * The catalogue a public page shows this viewer: the shared published copy, or, for an admin whose
 * address asks for it (`?preview=1`, the builder's "Preview as student"), the catalogue with its
 * drafts. Anyone else asking for a preview gets the published copy: a draft is "page not found".
 * A preview is personal (an admin's page is private, no-store), so no cache ever holds one.
 */
export async function catalogueForPage(
  db: Kysely<Database>,
  published: CatalogueSnapshot,
  viewer: Pick<Viewer, "isAdmin">,
  url: URL,
): Promise<{ snapshot: CatalogueSnapshot; preview: boolean }> {
  const preview = viewer.isAdmin && url.searchParams.get("preview") === "1";
  return { snapshot: preview ? await loadCatalogueWithDrafts(db) : published, preview };
}

/** Whether a lesson can be played: it has a YouTube id or an uploaded file. */
export function hasVideo(lesson: Pick<LessonEntry, "youtubeId" | "videoFile"> & { exercise?: string | null }): boolean {
  // An exercise is a lesson with something to do in it: counted, sold and previewed as a video is.
  return lesson.youtubeId !== null || lesson.videoFile !== null || (lesson.exercise ?? null) !== null;
}

/**
 * The learners of each course (D-M6): the distinct people who own it (a live grant or purchase) or
 * have progress in one of its lists. Counted with the catalogue; `noteNewLearner` moves the
 * catalogue's version when someone becomes one, so every process shows the new figure.
 */
async function learnerCounts(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom(
      db
        .selectFrom("lesson_progress")
        .innerJoin("lessons", "lessons.id", "lesson_progress.lesson_id")
        .innerJoin("course_video_lists", "course_video_lists.list_id", "lessons.list_id")
        .select(["course_video_lists.course_id as course_id", "lesson_progress.user_id as user_id"])
        .union(
          db
            .selectFrom("course_access")
            .select(["course_access.course_id as course_id", "course_access.user_id as user_id"])
            .where("course_access.revoked_at", "is", null),
        )
        .as("learners"),
    )
    .select((eb) => ["learners.course_id", eb.fn.count<number>("learners.user_id").distinct().as("count")])
    .groupBy("learners.course_id")
    .execute();
  return new Map(rows.map((row) => [row.course_id, Number(row.count)]));
}

/**
 * A list's public lessons in the teacher's order: those with a video with their place among them
 * (what `canWatch` and the free previews count), and the "Coming soon" ones without (index null).
 */
export function publicLessons(list: ListEntry): { lesson: LessonEntry; index: number | null }[] {
  return [
    ...list.lessons.map((lesson, index) => ({ lesson, index })),
    ...list.comingSoon.map((lesson) => ({ lesson, index: null })),
  ].sort((a, b) => a.lesson.order - b.lesson.order);
}

/* ---------- The per-process copy and its freshness ---------- */

interface CacheState {
  snapshot?: CatalogueSnapshot;
  checkedAt: number;
  /** The count of local changes this copy has seen. */
  localSeen: number;
  refreshing?: { promise: Promise<CatalogueSnapshot>; localSeen: number };
}

/** One state per database handle (tests open several in one process; a server has one). */
const states = new WeakMap<Kysely<Database>, CacheState>();
/** Changes made by this process so far (whatever the database: each state compares its own count). */
let localChanges = 0;

/**
 * The current catalogue of this database. Asks the database for its version at most once per
 * CATALOGUE_CHECK_MS (`now` is for tests), and at once after a change made in this process;
 * reloads everything when the version moved. Concurrent callers share one check.
 */
export async function ensureCatalogueFresh(db: Kysely<Database>, now: number = Date.now()): Promise<CatalogueSnapshot> {
  if (takeLocalChange()) localChanges += 1;
  let state = states.get(db);
  if (!state) {
    state = { checkedAt: Number.NEGATIVE_INFINITY, localSeen: localChanges };
    states.set(db, state);
  }
  for (;;) {
    if (state.snapshot && state.localSeen === localChanges && now - state.checkedAt < CATALOGUE_CHECK_MS)
      return state.snapshot;
    if (!state.refreshing) break;
    // A check started before the latest local change may have read the old version: wait, then look again.
    if (state.refreshing.localSeen === localChanges) return state.refreshing.promise;
    await state.refreshing.promise.catch(() => undefined);
  }
  const cache = state;
  const seen = localChanges;
  const promise = (async () => {
    const version = await readCatalogueVersion(db);
    if (!cache.snapshot || cache.snapshot.version !== version)
      cache.snapshot = await loadCatalogueSnapshot(db, version);
    cache.checkedAt = now;
    cache.localSeen = seen;
    return cache.snapshot;
  })().finally(() => {
    if (cache.refreshing?.promise === promise) cache.refreshing = undefined;
  });
  cache.refreshing = { promise, localSeen: seen };
  return promise;
}

/* ---------- Lookups over a snapshot ---------- */

export type ResolvedPath = { kind: "catalogue"; catalogue: CatalogueEntry } | { kind: "list"; list: ListEntry };

/** The catalogue or list a URL shows (any case, with or without a trailing slash). */
export function resolveCataloguePath(snapshot: CatalogueSnapshot, pathname: string): ResolvedPath | undefined {
  const entry = snapshot.paths.get(normalizeCataloguePath(pathname));
  if (!entry) return undefined;
  if (entry.kind === "list") {
    const list = snapshot.lists.get(entry.targetId);
    return list ? { kind: "list", list } : undefined;
  }
  const catalogue = snapshot.catalogues.find((c) => c.id === entry.targetId);
  return catalogue ? { kind: "catalogue", catalogue } : undefined;
}

export function findCatalogue(snapshot: CatalogueSnapshot, slug: string): CatalogueEntry | undefined {
  return snapshot.catalogues.find((c) => c.slug === slug);
}

export function findList(snapshot: CatalogueSnapshot, slug: string): ListEntry | undefined {
  for (const list of snapshot.lists.values()) if (list.slug === slug) return list;
  return undefined;
}

/** A course by its slug, in any case (/course/MERN-React), as catalogue and list addresses are. */
export function findCourse(snapshot: CatalogueSnapshot, slug: string): CourseEntry | undefined {
  return snapshot.courses.get(slug) ?? snapshot.courses.get(slug.toLowerCase());
}

export function catalogueOfCourse(snapshot: CatalogueSnapshot, course: CourseEntry): CatalogueEntry | undefined {
  return snapshot.catalogues.find((c) => c.id === course.catalogueId);
}

export function listsOfCourse(snapshot: CatalogueSnapshot, course: CourseEntry): ListEntry[] {
  return course.listIds.map((id) => snapshot.lists.get(id)).filter((list) => list !== undefined);
}

/**
 * A visible course sold on its own that holds one of this course's lists at a higher price or in
 * another currency, if any. Owning any course opens every list it holds, so selling this one would
 * sell that one's lessons for less (issue 29, decision 0031). The course builder refuses to make such
 * a pair; a database from before it may still hold one, and the checkout refuses to sell this course.
 */
export function dearerCourseSharingLists(snapshot: CatalogueSnapshot, course: CourseEntry): CourseEntry | undefined {
  let dearest: CourseEntry | undefined;
  for (const other of snapshot.courses.values()) {
    if (other.id === course.id || !other.soldSeparately) continue;
    if (!other.listIds.some((id) => course.listIds.includes(id))) continue;
    if (other.currency === course.currency && other.priceCents <= course.priceCents) continue;
    if (!dearest || other.priceCents > dearest.priceCents) dearest = other;
  }
  return dearest;
}

/**
 * The URL to show a list at from a course: the one under the course's catalogue when there is one
 * (the React list is both /courses/mern/react and /courses/fullstack/react), else its first.
 */
export function listUrl(list: ListEntry, catalogue?: CatalogueEntry): string | null {
  const under = catalogue?.paths.flatMap((base) => list.paths.filter((p) => p.startsWith(`${base}/`)))[0];
  return under ?? list.paths[0] ?? null;
}

/**
 * The catalogue a list page sits in: the one whose URL the list's URL continues
 * (/courses/mern/express is in /courses/mern), else the catalogue of a course that has the list.
 */
export function catalogueOfList(
  snapshot: CatalogueSnapshot,
  list: ListEntry,
  pathname: string,
): CatalogueEntry | undefined {
  const path = normalizeCataloguePath(pathname);
  return (
    snapshot.catalogues.find((c) => c.paths.some((base) => path.startsWith(`${base}/`))) ??
    snapshot.catalogues.find((c) => c.courses.some((course) => course.listIds.includes(list.id)))
  );
}

/** A catalogue's video lists (those of its courses, in order, each once) with the URL to show each at. */
export function listsOfCatalogue(
  snapshot: CatalogueSnapshot,
  catalogue: CatalogueEntry,
): { list: ListEntry; href: string }[] {
  const seen = new Set<string>();
  const out: { list: ListEntry; href: string }[] = [];
  for (const course of catalogue.courses) {
    for (const list of listsOfCourse(snapshot, course)) {
      const href = listUrl(list, catalogue);
      if (!href || seen.has(list.id)) continue;
      seen.add(list.id);
      out.push({ list, href });
    }
  }
  return out;
}

/** A quiz by its slug, in any case (/test/React). */
export function findQuiz(snapshot: CatalogueSnapshot, slug: string): QuizEntry | undefined {
  const wanted = slug.toLowerCase();
  return snapshot.quizzes.find((q) => q.slug.toLowerCase() === wanted);
}

/**
 * The quiz of a course: one attached to one of the course's lists, else one whose "Watch Now" leads
 * to its catalogue (the Full Stack quiz, which no single list asks for).
 */
export function quizOfCourse(snapshot: CatalogueSnapshot, course: CourseEntry): QuizEntry | undefined {
  const target = (quiz: QuizEntry) => snapshot.paths.get(normalizeCataloguePath(quiz.followUp));
  return (
    snapshot.quizzes.find((q) => q.listId !== null && course.listIds.includes(q.listId)) ??
    snapshot.quizzes.find((q) => {
      const t = target(q);
      return t?.kind === "catalogue" && t.targetId === course.catalogueId;
    })
  );
}

/**
 * Where a quiz's "Watch Now" leads: its follow-up, unless that is a catalogue, list or course page
 * which is no longer there (deleted or unpublished since the quiz was saved); then the course
 * catalogues, rather than a link to "page not found".
 */
export function followUpOf(snapshot: CatalogueSnapshot, quiz: QuizEntry): string {
  const path = normalizeCataloguePath(quiz.followUp.split(/[?#]/)[0]!);
  const gone = /^\/(?:courses|cources)\/./.test(path)
    ? !snapshot.paths.has(path)
    : path.startsWith("/course/") && !findCourse(snapshot, path.slice("/course/".length));
  return gone ? COURSES_URL : quiz.followUp;
}

/** Every catalogue and list URL that goes in the sitemap. */
export function sitemapCataloguePaths(snapshot: CatalogueSnapshot): string[] {
  return [...snapshot.paths.entries()].filter(([, p]) => p.inSitemap).map(([path]) => catalogueSpelling(path));
}

/** The pages of the lessons with a video in lists shown at an address of their own (issue 32). */
export function sitemapLessonPaths(snapshot: CatalogueSnapshot): string[] {
  return [...snapshot.lists.values()]
    .filter((list) => list.paths.length > 0)
    .flatMap((list) => list.lessons.map((lesson) => lessonUrl(list.slug, lesson.slug)));
}

/* ---------- What a viewer gets of a video (decided here, on the server) ---------- */

/** The about-us video (content/videos.ts, open to everyone), shaped like a lesson. */
export function aboutVideoLesson(): LessonEntry {
  const video = getAboutVideo();
  return {
    id: `about:${video.key}`,
    slug: video.key,
    title: video.title,
    description: video.description,
    exercise: null,
    duration: video.duration,
    youtubeId: video.source.kind === "youtube" ? video.source.videoId : null,
    videoFile: video.source.kind === "mp4" ? video.source.file : null,
    captions: [],
    resources: [],
    order: 0,
    createdAt: null,
  };
}

export const VIDEO_POSTER = "/images/video-poster.svg";
let thumbSecret = "lomda-thumbnails";

function thumbKeyFor(videoId: string): string {
  return createHmac("sha256", thumbSecret).update(`thumb:${videoId}`).digest("base64url").slice(0, 22);
}

/**
 * Called at start with the cookie secret: thumbnail keys are keyed hashes, so they cannot be turned
 * back into video ids by anyone without the secret.
 */
export function initThumbnailKeys(secret: string): void {
  thumbSecret = secret;
}

const thumbIndexes = new WeakMap<CatalogueSnapshot, { secret: string; ids: Map<string, string> }>();

/** The YouTube id behind an opaque thumbnail key: any published lesson's, including ones added later. */
export function videoIdForThumbKey(snapshot: CatalogueSnapshot, key: string): string | undefined {
  let index = thumbIndexes.get(snapshot);
  if (!index || index.secret !== thumbSecret) {
    const ids = new Map<string, string>();
    for (const list of snapshot.lists.values())
      for (const lesson of list.lessons) if (lesson.youtubeId) ids.set(thumbKeyFor(lesson.youtubeId), lesson.youtubeId);
    index = { secret: thumbSecret, ids };
    thumbIndexes.set(snapshot, index);
  }
  return index.ids.get(key);
}

/**
 * A lesson as this viewer gets it, at `index` in its list (whose free samples and courses decide
 * who may watch it). `alwaysOpen` for videos shown to everyone (the about page's).
 */
export function viewVideo(
  lesson: LessonEntry,
  index: number,
  list: ListAccess,
  viewer: Viewer,
  locale: Locale,
  alwaysOpen = false,
): VideoView {
  const allowed = alwaysOpen || canWatch(viewer, list, index);
  return {
    key: lesson.slug,
    title: lesson.title[locale],
    description: lesson.description[locale],
    duration: lesson.duration,
    thumb: lesson.youtubeId ? `/thumb/${thumbKeyFor(lesson.youtubeId)}` : VIDEO_POSTER,
    player: !allowed
      ? null
      : lesson.exercise
        ? { kind: "exercise", language: lesson.exercise }
        : lesson.youtubeId
          ? { kind: "youtube", videoId: lesson.youtubeId }
          : lesson.videoFile
            ? {
                kind: "mp4",
                src: `/video/${lesson.videoFile}`,
                captions: lesson.captions.map((language) => ({
                  language,
                  src: `/captions/${lesson.id}/${language}.vtt`,
                })),
              }
            : { kind: "soon" },
    freeSample: !alwaysOpen && isFreeSample(viewer, list, index),
    resources: allowed
      ? lesson.resources.map((r) => ({
          href: `/lesson-files/${r.id}`,
          name: r.name,
          size: r.size,
          type: r.contentType,
        }))
      : [],
  };
}

/**
 * A lesson its teacher shows as "Coming soon" (no video yet), the same for every viewer: no player,
 * no duration as if it could be played, never "Locked", never a free preview.
 */
export function viewComingSoon(lesson: LessonEntry, locale: Locale): VideoView {
  return {
    key: lesson.slug,
    title: lesson.title[locale],
    description: lesson.description[locale],
    duration: null,
    thumb: VIDEO_POSTER,
    player: { kind: "soon" },
    freeSample: false,
  };
}

/** A list's public lessons as this viewer gets them, in the teacher's order (see `publicLessons`). */
export function viewList(list: ListEntry, viewer: Viewer, locale: Locale): { lesson: LessonEntry; video: VideoView }[] {
  return publicLessons(list).map(({ lesson, index }) => ({
    lesson,
    video: {
      ...(index === null ? viewComingSoon(lesson, locale) : viewVideo(lesson, index, list, viewer, locale)),
      page: lessonUrl(list.slug, lesson.slug),
    },
  }));
}

/**
 * May this viewer fetch /video/<file>? The same rule as the lists: the file's position in a
 * published list that holds it, against that list's free samples. The about-us video is open to
 * everyone. undefined: no published lesson has this file.
 */
export function canFetchVideoFile(snapshot: CatalogueSnapshot, file: string, viewer: Viewer): boolean | undefined {
  if (aboutVideoLesson().videoFile === file) return true;
  let known = false;
  for (const list of snapshot.lists.values()) {
    for (const [index, lesson] of list.lessons.entries()) {
      if (lesson.videoFile !== file) continue;
      known = true;
      if (canWatch(viewer, list, index)) return true;
    }
  }
  return known ? false : undefined;
}
