import { randomUUID } from "node:crypto";
import { PostgresAdapter, sql, type Kysely, type Selectable, type Transaction } from "kysely";
import { data, redirect } from "react-router";
import { setFlash, type Flash } from "~/lib/cookies.server";
import { writeTransaction, type Database } from "~/lib/db.server";
import type { Config } from "~/lib/env.server";
import type { Logger } from "~/lib/logger.server";
import type { MediaKind, MediaStore, SavedMedia } from "~/lib/media-store.server";
import { readUpload, uploadErrorMessage } from "~/lib/uploads.server";
import { formatFileSize, formatPrice } from "~/i18n/format";
import type { Locale } from "~/i18n/locale";
import {
  BUNDLED_COVERS,
  centsToDollars,
  DEFAULT_COVER,
  parseAdminForm,
  tenthsToRating,
  type AdminFormName,
  type FieldErrors,
  type QuestionInput,
} from "./catalogue-admin.schema";
import { bumpCatalogueVersion } from "./catalogue-version.server";

/**
 * The course builder's model (/admin/courses): everything the admin sees, unpublished included,
 * and every change to the catalogue. Each write validates its raw form values with the shared
 * schema, checks what only the database knows (unique slugs, free URLs, that the parent exists),
 * and only then writes, in one transaction that also bumps the catalogue's version (so every
 * process's cached catalogue reloads). Bad input stores nothing and says why, field by field.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export type Direction = "up" | "down";

/**
 * A write's answer: done (with the row's id), or why not — field errors (400), no such row (404),
 * or a save made from a form older than the row (409, with the row's version now).
 */
export type WriteResult<T extends object = { id: string }> =
  | ({ ok: true } & T)
  | { ok: false; status: 400; errors: FieldErrors }
  | { ok: false; status: 404 }
  | { ok: false; status: 409; version: string };

const NOT_FOUND = { ok: false, status: 404 } as const;

/** A row's version, for its edit form to send back; null when there is no such row. */
export async function rowVersion(db: Db, table: VersionedTable, id: string): Promise<string | null> {
  const row = await db
    .selectFrom(table as "courses")
    .select("updated_at")
    .where("id", "=", id)
    .executeTakeFirst();
  return row?.updated_at ?? null;
}

/** What the builder's edit forms send back: the version (updated_at) of the row they were made from. */
export interface SaveOptions {
  version?: string;
}

/** The builder's tables whose rows carry updated_at, the version an edit form is made from. */
export type VersionedTable = "catalogues" | "courses" | "video_lists" | "lessons" | "quizzes" | "quiz_questions";

/**
 * Refuses a save made from a form older than the row (another tab, or another admin, saved in
 * between): without it the later save silently undid the earlier one. On PostgreSQL the row stays
 * locked until the save commits (SQLite's write transaction holds the whole database), so two
 * saves from the same version cannot both pass. Without a version (no form) nothing is checked.
 */
async function refuseIfChanged(trx: Trx, table: VersionedTable, id: string, options: SaveOptions) {
  if (!options.version) return null;
  // One query for any of the tables: their id and updated_at columns are alike.
  let query = trx
    .selectFrom(table as "courses")
    .select("updated_at")
    .where("id", "=", id);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return NOT_FOUND;
  return row.updated_at === options.version
    ? null
    : { ok: false as const, status: 409 as const, version: row.updated_at };
}
const invalid = (errors: FieldErrors) => ({ ok: false as const, status: 400 as const, errors });

/** Files a delete left unused (a course's uploaded cover, lessons' video files): the caller removes them. */
export interface Removed {
  files: string[];
}

const now = () => new Date().toISOString();
const flag = (value: boolean) => (value ? 1 : 0);

/** The public URL made for a new video list or catalogue. */
export const newPublicPath = (slug: string) => `/courses/${slug}`;

/** An uploaded file (under /media/), as opposed to one bundled with the site. */
const isUploadedCover = (cover: string) => cover.startsWith("/media/");

/** One line per change: who, what, which. */
export function logCatalogueChange(
  log: Logger,
  adminId: string,
  change: { action: string; kind: string; id: string; detail?: Record<string, unknown> },
) {
  log.info(
    { adminId, action: change.action, kind: change.kind, targetId: change.id, ...change.detail },
    `course builder: ${change.kind} ${change.action}`,
  );
}

/* ---------- For the builder's routes ---------- */

/** What a builder page's action answers when it does not redirect: one shape for every page. */
export interface BuilderReply {
  /** The form's field errors, and what was typed, to show again. */
  errors: FieldErrors | null;
  values: Record<string, unknown> | null;
  /** The delete form's error (the confirmation box not ticked). */
  deleteError: string | null;
  /** What a "Move up"/"Move down" did. */
  moved: { id: string; direction: Direction; moved: boolean } | null;
  /** Why an upload was refused: a translation key and its parameters. */
  uploadError: { key: string; params?: Record<string, string | number> } | null;
  /** The "remove the file" form's error (the confirmation box not ticked). */
  removeError: string | null;
  /** After a refused save from an older form: the row's version now (saving again replaces it). */
  version: string | null;
}

export function builderReply(body: Partial<BuilderReply>, status = 200) {
  const reply: BuilderReply = {
    errors: null,
    values: null,
    deleteError: null,
    moved: null,
    uploadError: null,
    removeError: null,
    version: null,
    ...body,
  };
  return data(reply, { status });
}

/**
 * A save that did not happen, answered with the form again and what was typed: its field errors
 * (400); the row deleted meanwhile (404); or the row saved meanwhile from another form (409), with
 * its version now, so that saving again deliberately replaces that change.
 */
export function saveRefused(
  result:
    | { ok: false; status: 400; errors: FieldErrors }
    | { ok: false; status: 404 }
    | { ok: false; status: 409; version: string },
  values: Record<string, unknown>,
) {
  if (result.status === 400) return builderReply({ errors: result.errors, values }, 400);
  if (result.status === 404)
    return builderReply({ errors: { form: "courseAdmin.errors.deletedElsewhere" }, values }, 404);
  return builderReply(
    { errors: { form: "courseAdmin.errors.changedElsewhere" }, values, version: result.version },
    409,
  );
}

/** The version an edit form sent back (see SaveOptions). */
export const sentVersion = (form: FormData): SaveOptions => {
  const version = form.get("version");
  return typeof version === "string" && version !== "" ? { version } : {};
};

/** After a change: post/redirect/get, with the result in the flash cookie. */
export async function builderRedirect(to: string, flash: Flash, cookies: { config: Config; cookieSecrets: string[] }) {
  return redirect(to, { headers: { "Set-Cookie": await setFlash(cookies.config, cookies.cookieSecrets, flash) } });
}

export const notFound = () => data("Not Found", { status: 404 });

/**
 * Removes uploaded files a change left unused from the media store: lesson videos by name, covers
 * by their /media/covers/<file> path. Bundled files are not in the store, so nothing happens to them.
 */
export async function removeUnusedMedia(media: MediaStore, kind: MediaKind, files: readonly string[]) {
  for (const file of files) {
    const name = kind === "cover" ? file.replace(/^\/media\/covers\//, "") : file;
    if (kind === "cover" && name === file) continue;
    await media.delete(kind, name);
  }
}

/**
 * A builder upload form (a lesson's video, a course's cover), after the admin check: streams the file
 * into the media store, hands it to `apply` (which sets it on its row and names the files that left
 * unused), removes those, and logs the change. Answers a refusal (translated, 400) with nothing kept;
 * null when the file is stored. A row that is gone is a 404, and the new file is removed again.
 */
export async function takeUpload(
  request: Request,
  who: { media: MediaStore; log: Logger; adminId: string; locale: Locale },
  upload: {
    kind: MediaKind;
    field: string;
    maxBytes: number;
    target: { kind: "lesson" | "course"; id: string };
    apply: (saved: SavedMedia) => Promise<{ previous: string | null; files: string[] } | null>;
  },
) {
  const { media, log, adminId, locale } = who;
  const result = await readUpload(request, {
    store: media,
    fileField: upload.field,
    kind: upload.kind,
    maxBytes: upload.maxBytes,
  });
  if (!result.ok) {
    const { key, limitBytes } = uploadErrorMessage(result, upload.kind, upload.field);
    log.info(
      { adminId, target: upload.target, refused: result.error },
      `course builder: ${upload.kind} upload refused`,
    );
    return builderReply(
      { uploadError: { key, params: limitBytes ? { limit: formatFileSize(limitBytes, locale) } : {} } },
      400,
    );
  }
  const saved = result.file!;
  const changed = result.fields.get("intent") === `upload-${upload.field}` ? await upload.apply(saved) : undefined;
  if (!changed) {
    await media.delete(upload.kind, saved.file);
    if (changed === null) throw notFound();
    return builderReply({ errors: { form: "courseAdmin.errors.badRequest" } }, 400);
  }
  await removeUnusedMedia(media, upload.kind, changed.files);
  logCatalogueChange(log, adminId, {
    action: `${upload.kind} uploaded`,
    kind: upload.target.kind,
    id: upload.target.id,
    detail: { file: saved.file, bytes: saved.size, seconds: saved.durationSeconds, replaced: changed.previous },
  });
  return null;
}

/**
 * Runs a write in a transaction that bumps the catalogue version when (and only when) it changed
 * something: not when refused, nor for a move with nowhere to go.
 */
async function write<T extends { ok: boolean; moved?: boolean }>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  try {
    return await writeTransaction(db, async (trx) => {
      const result = await work(trx);
      if (result.ok && result.moved !== false) await bumpCatalogueVersion(trx);
      return result;
    });
  } catch (error) {
    // Two admins making the same slug at once: the unique index answers for the second.
    if (isUniqueViolation(error)) return invalid({ slug: "courseAdmin.errors.slugTaken" }) as unknown as T;
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

function parse<N extends AdminFormName>(name: N, raw: unknown) {
  return parseAdminForm(name, raw);
}

async function nextPosition(
  trx: Trx,
  table: "catalogues" | "courses" | "lessons" | "quizzes" | "quiz_questions" | "course_video_lists",
  scope?: { column: string; value: string },
): Promise<number> {
  const k = trx as unknown as Kysely<any>;
  let query = k.selectFrom(table).select(sql<number | string | null>`max(position)`.as("top"));
  if (scope) query = query.where(scope.column, "=", scope.value);
  const row = await query.executeTakeFirst();
  return row?.top === null || row?.top === undefined ? 0 : Number(row.top) + 1;
}

/**
 * Swaps a row with its neighbour in its scope (the list's lessons, the quiz's questions…). The
 * scope is renumbered 0…n-1 at the same time, so equal or missing positions cannot stall a move.
 */
async function swapWithNeighbour(
  trx: Trx,
  table: "catalogues" | "courses" | "lessons" | "quizzes" | "quiz_questions",
  id: string,
  direction: Direction,
  scopeColumn?: "catalogue_id" | "list_id" | "quiz_id",
): Promise<WriteResult<{ moved: boolean }>> {
  const k = trx as unknown as Kysely<any>;
  let scopeValue: string | undefined;
  if (scopeColumn) {
    const row = await k.selectFrom(table).select(scopeColumn).where("id", "=", id).executeTakeFirst();
    if (!row) return NOT_FOUND;
    scopeValue = row[scopeColumn] as string;
  }
  let query = k.selectFrom(table).select(["id", "position"]).orderBy("position").orderBy("id");
  if (scopeColumn) query = query.where(scopeColumn, "=", scopeValue);
  const rows = (await query.execute()) as { id: string; position: number }[];
  const ids = rows.map((r) => r.id);
  const from = ids.indexOf(id);
  if (from < 0) return NOT_FOUND;
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= ids.length) return { ok: true, moved: false };
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  for (const [position, rowId] of ids.entries()) {
    if (rows.find((r) => r.id === rowId)!.position !== position)
      await k.updateTable(table).set({ position }).where("id", "=", rowId).execute();
  }
  return { ok: true, moved: true };
}

/** A path that is free: no catalogue or list shows at it yet. */
async function pathIsFree(trx: Trx, path: string): Promise<boolean> {
  const row = await trx.selectFrom("catalogue_paths").select("path").where("path", "=", path).executeTakeFirst();
  return !row;
}

/* ======================================================================================= */
/* Reading                                                                                 */
/* ======================================================================================= */

export interface AdminText {
  titleEn: string;
  titleHe: string | null;
}

export interface AdminCatalogue extends AdminText {
  id: string;
  slug: string;
  descriptionEn: string;
  descriptionHe: string | null;
  published: boolean;
  paths: string[];
}

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

export interface AdminList extends AdminText {
  id: string;
  slug: string;
  descriptionEn: string;
  descriptionHe: string | null;
  freeSamples: number;
  /** Every lesson free for signed-in learners (the teacher's explicit choice). */
  allFree: boolean;
  published: boolean;
  paths: string[];
}

export interface AdminLesson extends AdminText {
  id: string;
  listId: string;
  slug: string;
  descriptionEn: string;
  descriptionHe: string | null;
  duration: string | null;
  youtubeId: string | null;
  videoFile: string | null;
  published: boolean;
}

export interface AdminQuiz extends AdminText {
  id: string;
  slug: string;
  descriptionEn: string;
  descriptionHe: string | null;
  followUp: string;
  published: boolean;
}

export interface AdminQuestion {
  id: string;
  quizId: string;
  question: string;
  code: string | null;
  options: [string, string, string, string];
  /** 1–4. */
  answer: number;
  /** Null: the Hebrew page shows the English. */
  questionHe: string | null;
  optionsHe: [string | null, string | null, string | null, string | null];
  explanationEn: string | null;
  explanationHe: string | null;
}

const catalogueColumns = [
  "id",
  "slug",
  "title_en",
  "title_he",
  "description_en",
  "description_he",
  "published",
] as const;

async function pathsOf(db: Db, kind: "catalogue" | "list", ids: string[]): Promise<Map<string, string[]>> {
  const byTarget = new Map<string, string[]>();
  if (ids.length === 0) return byTarget;
  const rows = await db
    .selectFrom("catalogue_paths")
    .select(["path", "target_id"])
    .where("kind", "=", kind)
    .where("target_id", "in", ids)
    .orderBy("in_sitemap", "desc")
    .orderBy("path")
    .execute();
  for (const row of rows) byTarget.set(row.target_id, [...(byTarget.get(row.target_id) ?? []), row.path]);
  return byTarget;
}

function toCatalogue(
  row: {
    id: string;
    slug: string;
    title_en: string;
    title_he: string | null;
    description_en: string;
    description_he: string | null;
    published: number;
  },
  paths: string[],
): AdminCatalogue {
  return {
    id: row.id,
    slug: row.slug,
    titleEn: row.title_en,
    titleHe: row.title_he,
    descriptionEn: row.description_en,
    descriptionHe: row.description_he,
    published: row.published === 1,
    paths,
  };
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
    price: centsToDollars(Number(row.price_cents)),
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
    published: row.published === 1,
    paths,
  };
}

function toLesson(row: Database["lessons"]): AdminLesson {
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
    published: row.published === 1,
  };
}

function toQuiz(row: Database["quizzes"]): AdminQuiz {
  return {
    id: row.id,
    slug: row.slug,
    titleEn: row.title_en,
    titleHe: row.title_he,
    descriptionEn: row.description_en,
    descriptionHe: row.description_he,
    followUp: row.follow_up,
    published: row.published === 1,
  };
}

function toQuestion(row: Database["quiz_questions"]): AdminQuestion {
  return {
    id: row.id,
    quizId: row.quiz_id,
    question: row.question,
    code: row.code,
    options: [row.option_1, row.option_2, row.option_3, row.option_4],
    answer: Number(row.answer),
    questionHe: row.question_he,
    optionsHe: [row.option_1_he, row.option_2_he, row.option_3_he, row.option_4_he],
    explanationEn: row.explanation_en,
    explanationHe: row.explanation_he,
  };
}

/** A lesson learners cannot watch: published, with neither a YouTube id nor a file. */
const noVideo = sql<number>`sum(case when published = 1 and youtube_id is null and video_file is null then 1 else 0 end)`;
/** A lesson learners cannot complete by watching: published, with a video, but no known length. */
const noLength = sql<number>`sum(case when published = 1 and (youtube_id is not null or video_file is not null) and (duration is null or duration = '') then 1 else 0 end)`;

async function lessonCounts(db: Db, listIds?: string[]) {
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

export interface OverviewList extends AdminText {
  id: string;
  slug: string;
  published: boolean;
  lessons: number;
  missingVideos: number;
  paths: string[];
  courses: number;
}

/** /admin/courses: catalogues → course cards → their video lists; every list; quizzes; lessons without a video. */
export async function loadCourseBuilderOverview(db: Db) {
  const catalogues = await db.selectFrom("catalogues").select(catalogueColumns).orderBy("position").execute();
  const courses = await db
    .selectFrom("courses")
    .select(["id", "catalogue_id", "slug", "title_en", "title_he", "published"])
    .orderBy("position")
    .execute();
  const lists = await db.selectFrom("video_lists").selectAll().orderBy("title_en").execute();
  const memberships = await db
    .selectFrom("course_video_lists")
    .select(["course_id", "list_id"])
    .orderBy("position")
    .execute();
  const counts = await lessonCounts(db);
  const quizzes = await db
    .selectFrom("quizzes")
    .leftJoin("quiz_questions", "quiz_questions.quiz_id", "quizzes.id")
    .select([
      "quizzes.id",
      "quizzes.slug",
      "quizzes.title_en",
      "quizzes.title_he",
      "quizzes.published",
      (eb) => eb.fn.count<number | string>("quiz_questions.id").as("questions"),
    ])
    .groupBy([
      "quizzes.id",
      "quizzes.slug",
      "quizzes.title_en",
      "quizzes.title_he",
      "quizzes.published",
      "quizzes.position",
    ])
    .orderBy("quizzes.position")
    .execute();
  const cataloguePaths = await pathsOf(
    db,
    "catalogue",
    catalogues.map((c) => c.id),
  );
  const listPaths = await pathsOf(
    db,
    "list",
    lists.map((l) => l.id),
  );

  const overviewList = (list: (typeof lists)[number]): OverviewList => ({
    id: list.id,
    slug: list.slug,
    titleEn: list.title_en,
    titleHe: list.title_he,
    published: list.published === 1,
    lessons: counts.get(list.id)?.total ?? 0,
    missingVideos: counts.get(list.id)?.missing ?? 0,
    paths: listPaths.get(list.id) ?? [],
    courses: memberships.filter((m) => m.list_id === list.id).length,
  });
  const listById = new Map(lists.map((l) => [l.id, overviewList(l)]));
  return {
    catalogues: catalogues.map((catalogue) => ({
      ...toCatalogue(catalogue, cataloguePaths.get(catalogue.id) ?? []),
      courses: courses
        .filter((c) => c.catalogue_id === catalogue.id)
        .map((course) => ({
          id: course.id,
          slug: course.slug,
          titleEn: course.title_en,
          titleHe: course.title_he,
          published: course.published === 1,
          lists: memberships
            .filter((m) => m.course_id === course.id)
            .map((m) => listById.get(m.list_id))
            .filter((l): l is OverviewList => l !== undefined),
        })),
    })),
    lists: [...listById.values()],
    quizzes: quizzes.map((q) => ({
      id: q.id,
      slug: q.slug,
      titleEn: q.title_en,
      titleHe: q.title_he,
      published: q.published === 1,
      questions: Number(q.questions),
    })),
    missingVideos: [...counts.values()].reduce((sum, c) => sum + c.missing, 0),
    missingLengths: [...counts.values()].reduce((sum, c) => sum + c.unmeasured, 0),
  };
}

export async function getCatalogueForAdmin(db: Db, id: string) {
  const row = await db.selectFrom("catalogues").select(catalogueColumns).where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const paths = (await pathsOf(db, "catalogue", [id])).get(id) ?? [];
  const courses = await db
    .selectFrom("courses")
    .select(["id", "slug", "title_en", "title_he", "published"])
    .where("catalogue_id", "=", id)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return {
    catalogue: toCatalogue(row, paths),
    courses: courses.map((c) => ({
      id: c.id,
      slug: c.slug,
      titleEn: c.title_en,
      titleHe: c.title_he,
      published: c.published === 1,
    })),
  };
}

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

/** The parent of a new course, for the new-course page. */
export async function getCatalogueRef(db: Db, id: string) {
  const row = await db
    .selectFrom("catalogues")
    .select(["id", "title_en", "title_he"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? { id: row.id, titleEn: row.title_en, titleHe: row.title_he } : null;
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
    list: toList(row, paths),
    lessons: lessons.map(toLesson),
    courseIds: courseIds.map((c) => c.course_id),
  };
}

export async function getListRef(db: Db, id: string) {
  const row = await db
    .selectFrom("video_lists")
    .select(["id", "title_en", "title_he"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? { id: row.id, titleEn: row.title_en, titleHe: row.title_he } : null;
}

export async function getLessonForAdmin(db: Db, id: string) {
  const row = await db.selectFrom("lessons").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  return { lesson: toLesson(row), list: await getListRef(db, row.list_id) };
}

export async function getQuizForAdmin(db: Db, id: string) {
  const row = await db.selectFrom("quizzes").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const questions = await db
    .selectFrom("quiz_questions")
    .selectAll()
    .where("quiz_id", "=", id)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return { quiz: toQuiz(row), questions: questions.map(toQuestion) };
}

export async function getQuizRef(db: Db, id: string) {
  const row = await db
    .selectFrom("quizzes")
    .select(["id", "title_en", "title_he"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? { id: row.id, titleEn: row.title_en, titleHe: row.title_he } : null;
}

export async function getQuestionForAdmin(db: Db, id: string) {
  const row = await db.selectFrom("quiz_questions").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  return { question: toQuestion(row), quiz: await getQuizRef(db, row.quiz_id) };
}

/* ======================================================================================= */
/* Catalogues                                                                              */
/* ======================================================================================= */

/** A new catalogue of course cards, shown at /courses/<slug>. */
export async function createCatalogue(db: Db, raw: unknown): Promise<WriteResult> {
  const parsed = parse("catalogue", raw);
  if (!parsed.ok) return invalid(parsed.errors);
  const input = parsed.data;
  return write(db, async (trx) => {
    const path = newPublicPath(input.slug);
    if (await trx.selectFrom("catalogues").select("id").where("slug", "=", input.slug).executeTakeFirst())
      return invalid({ slug: "courseAdmin.errors.slugTaken" });
    if (!(await pathIsFree(trx, path))) return invalid({ slug: "courseAdmin.errors.pathTaken" });
    const id = randomUUID();
    const at = now();
    await trx
      .insertInto("catalogues")
      .values({
        id,
        slug: input.slug,
        position: await nextPosition(trx, "catalogues"),
        title_en: input.titleEn,
        title_he: input.titleHe,
        description_en: input.descriptionEn,
        description_he: input.descriptionHe,
        published: flag(input.published),
        created_at: at,
        updated_at: at,
      })
      .execute();
    await trx.insertInto("catalogue_paths").values({ path, kind: "catalogue", target_id: id, in_sitemap: 1 }).execute();
    return { ok: true as const, id };
  });
}

export async function updateCatalogue(
  db: Db,
  id: string,
  raw: unknown,
  options: SaveOptions = {},
): Promise<WriteResult> {
  const parsed = parse("catalogueUpdate", raw);
  if (!parsed.ok) return invalid(parsed.errors);
  const input = parsed.data;
  return write(db, async (trx) => {
    const changed = await refuseIfChanged(trx, "catalogues", id, options);
    if (changed) return changed;
    const result = await trx
      .updateTable("catalogues")
      .set({
        title_en: input.titleEn,
        title_he: input.titleHe,
        description_en: input.descriptionEn,
        description_he: input.descriptionHe,
        published: flag(input.published),
        updated_at: now(),
      })
      .where("id", "=", id)
      .executeTakeFirst();
    return result.numUpdatedRows === 0n ? NOT_FOUND : { ok: true as const, id };
  });
}

/** Deletes a catalogue, its course cards (and their list memberships) and its URLs; the video lists stay. */
export async function deleteCatalogue(db: Db, id: string): Promise<WriteResult<Removed>> {
  return write(db, async (trx) => {
    if (!(await trx.selectFrom("catalogues").select("id").where("id", "=", id).executeTakeFirst())) return NOT_FOUND;
    const courses = await trx.selectFrom("courses").select(["id", "cover"]).where("catalogue_id", "=", id).execute();
    const courseIds = courses.map((c) => c.id);
    if (courseIds.length > 0) {
      await trx.deleteFrom("course_video_lists").where("course_id", "in", courseIds).execute();
      await trx.deleteFrom("courses").where("id", "in", courseIds).execute();
    }
    await trx.deleteFrom("catalogue_paths").where("kind", "=", "catalogue").where("target_id", "=", id).execute();
    await trx.deleteFrom("catalogues").where("id", "=", id).execute();
    return {
      ok: true as const,
      files: await unusedCovers(
        trx,
        courses.map((c) => c.cover),
      ),
    };
  });
}

export async function moveCatalogue(db: Db, id: string, direction: Direction) {
  return write(db, (trx) => swapWithNeighbour(trx, "catalogues", id, direction));
}

/* ======================================================================================= */
/* Course cards                                                                            */
/* ======================================================================================= */

async function courseSlugTaken(trx: Trx, slug: string, exceptId?: string) {
  let query = trx.selectFrom("courses").select("id").where("slug", "=", slug);
  if (exceptId) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A cover is one bundled with the site, or the one the course already has (an uploaded one). */
function coverProblem(cover: string | null, current: string | null): FieldErrors | null {
  if (cover === null || cover === current || BUNDLED_COVERS.includes(cover)) return null;
  return { cover: "courseAdmin.errors.cover" };
}

export async function createCourse(db: Db, catalogueId: string, raw: unknown): Promise<WriteResult> {
  const parsed = parse("course", raw);
  if (!parsed.ok) return invalid(parsed.errors);
  const input = parsed.data;
  const badCover = coverProblem(input.cover, null);
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
        id,
        catalogue_id: catalogueId,
        slug: input.slug,
        position: await nextPosition(trx, "courses", { column: "catalogue_id", value: catalogueId }),
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
        cover: input.cover ?? DEFAULT_COVER,
        read_more: input.readMore,
        join_target: input.join,
        published: flag(input.published),
        created_at: at,
        updated_at: at,
      })
      .execute();
    return { ok: true as const, id };
  });
}

/** Saves a course; an uploaded cover it no longer wears (and no other course does) is returned for removal. */
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
    const changed = await refuseIfChanged(trx, "courses", id, options);
    if (changed) return changed;
    const current = await trx.selectFrom("courses").select(["id", "cover"]).where("id", "=", id).executeTakeFirst();
    if (!current) return NOT_FOUND;
    const badCover = coverProblem(input.cover, current.cover);
    if (badCover) return invalid(badCover);
    if (await courseSlugTaken(trx, input.slug, id)) return invalid({ slug: "courseAdmin.errors.slugTaken" });
    const pricing = await coursePriceProblem(trx, id, {
      soldSeparately: input.soldSeparately,
      price_cents: input.price,
      currency: input.currency,
    });
    if (pricing) return invalid(pricing);
    await trx
      .updateTable("courses")
      .set({
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
        cover: input.cover ?? current.cover,
        read_more: input.readMore,
        join_target: input.join,
        published: flag(input.published),
        updated_at: now(),
      })
      .where("id", "=", id)
      .execute();
    const replaced = input.cover !== null && input.cover !== current.cover;
    return { ok: true as const, id, files: replaced ? await unusedCovers(trx, [current.cover]) : [] };
  });
}

/** Covers of deleted courses that no other course uses and that were uploaded (bundled ones stay). */
async function unusedCovers(trx: Trx, covers: string[]): Promise<string[]> {
  const uploaded = [...new Set(covers.filter(isUploadedCover))];
  if (uploaded.length === 0) return [];
  const still = await trx.selectFrom("courses").select("cover").where("cover", "in", uploaded).execute();
  const used = new Set(still.map((r) => r.cover));
  return uploaded.filter((c) => !used.has(c));
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

export async function moveCourse(db: Db, id: string, direction: Direction) {
  return write(db, (trx) => swapWithNeighbour(trx, "courses", id, direction, "catalogue_id"));
}

/**
 * Sets a course's cover (a URL path such as /media/covers/<file>, made by the upload helper).
 * Returns the previous cover so the caller can remove an uploaded file nothing uses any more;
 * null when there is no such course.
 */
export async function setCourseCover(
  db: Db,
  courseId: string,
  coverPath: string,
): Promise<{ previous: string; files: string[] } | null> {
  return writeTransaction(db, async (trx) => {
    const course = await trx.selectFrom("courses").select("cover").where("id", "=", courseId).executeTakeFirst();
    if (!course) return null;
    await trx.updateTable("courses").set({ cover: coverPath, updated_at: now() }).where("id", "=", courseId).execute();
    await bumpCatalogueVersion(trx);
    return { previous: course.cover, files: await unusedCovers(trx, [course.cover]) };
  });
}

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
      .select(["list_id", "position"])
      .where("course_id", "=", courseId)
      .orderBy("position")
      .orderBy("list_id")
      .execute();
    const ids = rows.map((r) => r.list_id);
    const from = ids.indexOf(listId);
    if (from < 0) return NOT_FOUND;
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= ids.length) return { ok: true as const, moved: false };
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    for (const [position, id] of ids.entries()) {
      if (rows.find((r) => r.list_id === id)!.position !== position)
        await trx
          .updateTable("course_video_lists")
          .set({ position })
          .where("course_id", "=", courseId)
          .where("list_id", "=", id)
          .execute();
    }
    return { ok: true as const, moved: true };
  });
}

/* ======================================================================================= */
/* One price for one content                                                               */
/* ======================================================================================= */

/**
 * Courses sold on their own that share a video list must cost the same, in the same currency:
 * owning any course opens every list it holds, so a list in a $249 and a $199 course sold the $249
 * course's lessons for $199 (issue 29, decision 0031). A course sold only in the subscription may
 * share lists with any. Every course counts, published or not (a draft is published later).
 */
interface SoldCourse {
  id: string;
  title_en: string;
  title_he: string | null;
  price_cents: number;
  currency: string;
}

const bothLanguages = (en: string, he: string | null) => ({ en, he: he?.trim() ? he : en });
const priceInBoth = (course: Pick<SoldCourse, "price_cents" | "currency">) => ({
  en: formatPrice(Number(course.price_cents) / 100, "en", course.currency),
  he: formatPrice(Number(course.price_cents) / 100, "he", course.currency),
});
const samePrice = (a: Pick<SoldCourse, "price_cents" | "currency">, b: Pick<SoldCourse, "price_cents" | "currency">) =>
  Number(a.price_cents) === Number(b.price_cents) && a.currency === b.currency;

/** The list's courses as they would be: two sold on their own at different prices are refused, by name. */
async function sharedPriceProblem(trx: Trx, courseIds: string[]): Promise<FieldErrors | null> {
  if (courseIds.length < 2) return null;
  const sold: SoldCourse[] = await trx
    .selectFrom("courses")
    .select(["id", "title_en", "title_he", "price_cents", "currency"])
    .where("id", "in", courseIds)
    .where("sold_separately", "=", 1)
    .orderBy("price_cents", "desc")
    .orderBy("title_en")
    .execute();
  const [first] = sold;
  const second = sold.find((course) => !samePrice(course, first!));
  if (!first || !second) return null;
  return {
    courses: {
      key: "courseAdmin.errors.sharedPrice",
      params: {
        first: bothLanguages(first.title_en, first.title_he),
        firstPrice: priceInBoth(first),
        second: bothLanguages(second.title_en, second.title_he),
        secondPrice: priceInBoth(second),
      },
    },
  };
}

/** A course saved at this price (sold on its own or not): refused if that makes a pair with another course of its lists. */
async function coursePriceProblem(
  trx: Trx,
  courseId: string,
  price: { soldSeparately: boolean; price_cents: number; currency: string },
): Promise<FieldErrors | null> {
  if (!price.soldSeparately) return null;
  const other = await trx
    .selectFrom("course_video_lists as mine")
    .innerJoin("course_video_lists as theirs", "theirs.list_id", "mine.list_id")
    .innerJoin("courses", "courses.id", "theirs.course_id")
    .innerJoin("video_lists", "video_lists.id", "mine.list_id")
    .select([
      "courses.title_en",
      "courses.title_he",
      "courses.price_cents",
      "courses.currency",
      "video_lists.title_en as list_en",
      "video_lists.title_he as list_he",
    ])
    .where("mine.course_id", "=", courseId)
    .where("theirs.course_id", "<>", courseId)
    .where("courses.sold_separately", "=", 1)
    .where((eb) =>
      eb.or([eb("courses.price_cents", "<>", price.price_cents), eb("courses.currency", "<>", price.currency)]),
    )
    .orderBy("courses.title_en")
    .executeTakeFirst();
  if (!other) return null;
  return {
    price: {
      key: "courseAdmin.errors.sharedPriceCourse",
      params: {
        list: bothLanguages(other.list_en, other.list_he),
        course: bothLanguages(other.title_en, other.title_he),
        price: priceInBoth(other),
      },
    },
  };
}

/* ======================================================================================= */
/* Video lists                                                                             */
/* ======================================================================================= */

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
    const position = await nextPosition(trx, "course_video_lists", { column: "course_id", value: courseId });
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
      .values({
        id,
        slug: input.slug,
        title_en: input.titleEn,
        title_he: input.titleHe,
        description_en: input.descriptionEn,
        description_he: input.descriptionHe,
        free_samples: input.freeSamples,
        all_free: flag(input.allFree),
        published: flag(input.published),
        created_at: at,
        updated_at: at,
      })
      .execute();
    await trx.insertInto("catalogue_paths").values({ path, kind: "list", target_id: id, in_sitemap: 1 }).execute();
    const membershipProblem = await setMemberships(trx, id, input.courses);
    // Nothing may stay behind: undo the inserts by failing the transaction.
    if (membershipProblem) throw new InvalidWrite(membershipProblem);
    return { ok: true as const, id, path };
  }).catch(invalidWriteResult);
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
    const changed = await refuseIfChanged(trx, "video_lists", id, options);
    if (changed) return changed;
    const result = await trx
      .updateTable("video_lists")
      .set({
        title_en: input.titleEn,
        title_he: input.titleHe,
        description_en: input.descriptionEn,
        description_he: input.descriptionHe,
        free_samples: input.freeSamples,
        all_free: flag(input.allFree),
        published: flag(input.published),
        updated_at: now(),
      })
      .where("id", "=", id)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return NOT_FOUND;
    const membershipProblem = await setMemberships(trx, id, input.courses);
    if (membershipProblem) throw new InvalidWrite(membershipProblem);
    return { ok: true as const, id };
  }).catch(invalidWriteResult);
}

/** Deletes a list with its lessons, its course memberships and its URLs. */
export async function deleteVideoList(db: Db, id: string): Promise<WriteResult<Removed>> {
  return write(db, async (trx) => {
    if (!(await trx.selectFrom("video_lists").select("id").where("id", "=", id).executeTakeFirst())) return NOT_FOUND;
    const files = await trx
      .selectFrom("lessons")
      .select("video_file")
      .where("list_id", "=", id)
      .where("video_file", "is not", null)
      .execute();
    await trx.deleteFrom("lessons").where("list_id", "=", id).execute();
    await trx.deleteFrom("course_video_lists").where("list_id", "=", id).execute();
    await trx.deleteFrom("catalogue_paths").where("kind", "=", "list").where("target_id", "=", id).execute();
    await trx.deleteFrom("video_lists").where("id", "=", id).execute();
    return {
      ok: true as const,
      files: await unusedVideoFiles(
        trx,
        files.map((f) => f.video_file!),
      ),
    };
  });
}

/** A failure found after the first write of a transaction: thrown to roll it back, answered as field errors. */
class InvalidWrite extends Error {
  readonly errors: FieldErrors;
  constructor(errors: FieldErrors) {
    super("invalid write");
    this.errors = errors;
  }
}
function invalidWriteResult(error: unknown): { ok: false; status: 400; errors: FieldErrors } {
  if (error instanceof InvalidWrite) return invalid(error.errors);
  throw error;
}

/* ======================================================================================= */
/* Lessons                                                                                 */
/* ======================================================================================= */

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
        id,
        list_id: listId,
        slug: input.slug,
        position: await nextPosition(trx, "lessons", { column: "list_id", value: listId }),
        title_en: input.titleEn,
        title_he: input.titleHe,
        description_en: input.descriptionEn,
        description_he: input.descriptionHe,
        duration: input.duration,
        youtube_id: input.youtube,
        video_file: null,
        published: flag(input.published),
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
    const changed = await refuseIfChanged(trx, "lessons", id, options);
    if (changed) return changed;
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
    await trx
      .updateTable("lessons")
      .set({
        slug: input.slug,
        title_en: input.titleEn,
        title_he: input.titleHe,
        description_en: input.descriptionEn,
        description_he: input.descriptionHe,
        duration: input.duration,
        youtube_id: input.youtube,
        published: flag(input.published),
        updated_at: now(),
      })
      .where("id", "=", id)
      .execute();
    return { ok: true as const, id };
  });
}

async function unusedVideoFiles(trx: Trx, files: string[]): Promise<string[]> {
  const unique = [...new Set(files)];
  if (unique.length === 0) return [];
  const still = await trx.selectFrom("lessons").select("video_file").where("video_file", "in", unique).execute();
  const used = new Set(still.map((r) => r.video_file));
  return unique.filter((f) => !used.has(f));
}

export async function deleteLesson(db: Db, id: string): Promise<WriteResult<Removed & { listId: string }>> {
  return write(db, async (trx) => {
    const lesson = await trx
      .selectFrom("lessons")
      .select(["list_id", "video_file"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!lesson) return NOT_FOUND;
    await trx.deleteFrom("lessons").where("id", "=", id).execute();
    return {
      ok: true as const,
      listId: lesson.list_id,
      files: await unusedVideoFiles(trx, lesson.video_file ? [lesson.video_file] : []),
    };
  });
}

export async function moveLesson(db: Db, id: string, direction: Direction) {
  return write(db, (trx) => swapWithNeighbour(trx, "lessons", id, direction, "list_id"));
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
 * and, when it could be read from the file, its length. Returns the previous file so the caller
 * can remove it; null when there is no such lesson.
 */
export async function setLessonVideoFile(
  db: Db,
  lessonId: string,
  file: string | null,
  durationSeconds?: number,
): Promise<{ previous: string | null; files: string[] } | null> {
  return writeTransaction(db, async (trx) => {
    const lesson = await trx.selectFrom("lessons").select("video_file").where("id", "=", lessonId).executeTakeFirst();
    if (!lesson) return null;
    await trx
      .updateTable("lessons")
      .set({
        video_file: file,
        ...(durationSeconds !== undefined && Number.isFinite(durationSeconds) && durationSeconds > 0
          ? { duration: formatDuration(durationSeconds) }
          : {}),
        updated_at: now(),
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

/* ======================================================================================= */
/* Quizzes and questions                                                                   */
/* ======================================================================================= */

async function quizSlugTaken(trx: Trx, slug: string, exceptId?: string) {
  let query = trx.selectFrom("quizzes").select("id").where("slug", "=", slug);
  if (exceptId) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A new quiz, at /test/<slug>, last in the quiz list. */
export async function createQuiz(db: Db, raw: unknown): Promise<WriteResult> {
  const parsed = parse("quiz", raw);
  if (!parsed.ok) return invalid(parsed.errors);
  const input = parsed.data;
  return write(db, async (trx) => {
    if (await quizSlugTaken(trx, input.slug)) return invalid({ slug: "courseAdmin.errors.slugTaken" });
    const id = randomUUID();
    const at = now();
    await trx
      .insertInto("quizzes")
      .values({
        id,
        slug: input.slug,
        position: await nextPosition(trx, "quizzes"),
        title_en: input.titleEn,
        title_he: input.titleHe,
        description_en: input.descriptionEn,
        description_he: input.descriptionHe,
        follow_up: input.followUp,
        published: flag(input.published),
        created_at: at,
        updated_at: at,
      })
      .execute();
    return { ok: true as const, id };
  });
}

export async function updateQuiz(db: Db, id: string, raw: unknown, options: SaveOptions = {}): Promise<WriteResult> {
  const parsed = parse("quiz", raw);
  if (!parsed.ok) return invalid(parsed.errors);
  const input = parsed.data;
  return write(db, async (trx) => {
    const changed = await refuseIfChanged(trx, "quizzes", id, options);
    if (changed) return changed;
    if (!(await trx.selectFrom("quizzes").select("id").where("id", "=", id).executeTakeFirst())) return NOT_FOUND;
    if (await quizSlugTaken(trx, input.slug, id)) return invalid({ slug: "courseAdmin.errors.slugTaken" });
    await trx
      .updateTable("quizzes")
      .set({
        slug: input.slug,
        title_en: input.titleEn,
        title_he: input.titleHe,
        description_en: input.descriptionEn,
        description_he: input.descriptionHe,
        follow_up: input.followUp,
        published: flag(input.published),
        updated_at: now(),
      })
      .where("id", "=", id)
      .execute();
    return { ok: true as const, id };
  });
}

/** Deletes a quiz and its questions (learners' past attempts stay in their history). */
export async function deleteQuiz(db: Db, id: string): Promise<WriteResult<Removed>> {
  return write(db, async (trx) => {
    if (!(await trx.selectFrom("quizzes").select("id").where("id", "=", id).executeTakeFirst())) return NOT_FOUND;
    await trx.deleteFrom("quiz_questions").where("quiz_id", "=", id).execute();
    await trx.deleteFrom("quizzes").where("id", "=", id).execute();
    return { ok: true as const, files: [] };
  });
}

export async function moveQuiz(db: Db, id: string, direction: Direction) {
  return write(db, (trx) => swapWithNeighbour(trx, "quizzes", id, direction));
}

const questionValues = (input: QuestionInput) => ({
  question: input.question,
  code: input.code,
  option_1: input.option1,
  option_2: input.option2,
  option_3: input.option3,
  option_4: input.option4,
  answer: input.answer,
  question_he: input.questionHe,
  option_1_he: input.option1He,
  option_2_he: input.option2He,
  option_3_he: input.option3He,
  option_4_he: input.option4He,
  explanation_en: input.explanationEn,
  explanation_he: input.explanationHe,
});

/** A new question at the end of its quiz. */
export async function createQuestion(db: Db, quizId: string, raw: unknown): Promise<WriteResult> {
  const parsed = parse("question", raw);
  if (!parsed.ok) return invalid(parsed.errors);
  const input = parsed.data;
  return write(db, async (trx) => {
    if (!(await trx.selectFrom("quizzes").select("id").where("id", "=", quizId).executeTakeFirst())) return NOT_FOUND;
    const id = randomUUID();
    const at = now();
    await trx
      .insertInto("quiz_questions")
      .values({
        id,
        quiz_id: quizId,
        position: await nextPosition(trx, "quiz_questions", { column: "quiz_id", value: quizId }),
        ...questionValues(input),
        created_at: at,
        updated_at: at,
      })
      .execute();
    return { ok: true as const, id };
  });
}

export async function updateQuestion(
  db: Db,
  id: string,
  raw: unknown,
  options: SaveOptions = {},
): Promise<WriteResult> {
  const parsed = parse("question", raw);
  if (!parsed.ok) return invalid(parsed.errors);
  const input = parsed.data;
  return write(db, async (trx) => {
    const changed = await refuseIfChanged(trx, "quiz_questions", id, options);
    if (changed) return changed;
    const result = await trx
      .updateTable("quiz_questions")
      .set({ ...questionValues(input), updated_at: now() })
      .where("id", "=", id)
      .executeTakeFirst();
    return result.numUpdatedRows === 0n ? NOT_FOUND : { ok: true as const, id };
  });
}

export async function deleteQuestion(db: Db, id: string): Promise<WriteResult<Removed & { quizId: string }>> {
  return write(db, async (trx) => {
    const question = await trx.selectFrom("quiz_questions").select("quiz_id").where("id", "=", id).executeTakeFirst();
    if (!question) return NOT_FOUND;
    await trx.deleteFrom("quiz_questions").where("id", "=", id).execute();
    return { ok: true as const, quizId: question.quiz_id, files: [] };
  });
}

export async function moveQuestion(db: Db, id: string, direction: Direction) {
  return write(db, (trx) => swapWithNeighbour(trx, "quiz_questions", id, direction, "quiz_id"));
}
