import { sql, type Kysely, type SelectQueryBuilder, type Transaction, type UpdateResult } from "kysely";
import { writeTransaction, type Database } from "~/lib/db.server";
import type { MediaKind, MediaStore } from "~/lib/media-store.server";
import { parseAdminForm, type AdminFormName, type FieldErrors } from "~/models/catalogue-admin.schema";
import { bumpCatalogueVersion } from "~/models/catalogue-version.server";

/**
 * What the course builder's models (one module per noun in this folder) share: the answer of a
 * write, the transaction every write runs in, the versioned save of an edit form, positions and the
 * catalogue's URLs. Each write validates its raw form values with the shared schema, checks what
 * only the database knows (unique slugs, free URLs, that the parent exists), and only then writes,
 * in one transaction that also bumps the catalogue's version (so every process's cached catalogue
 * reloads). Bad input stores nothing and says why, field by field.
 */

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;

export type Direction = "up" | "down";

/**
 * A write's answer: done (with the row's id), or why not — field errors (400), no such row (404),
 * or a save made from a form older than the row (409, with the row's version now).
 */
export type WriteResult<T extends object = { id: string }> =
  | ({ ok: true } & T)
  | { ok: false; status: 400; errors: FieldErrors }
  | { ok: false; status: 404 }
  | { ok: false; status: 409; version: number };

export const NOT_FOUND = { ok: false, status: 404 } as const;

export const invalid = (errors: FieldErrors) => ({ ok: false as const, status: 400 as const, errors });

/** Files a change left unused (a course's uploaded cover, lessons' video files): the caller removes them. */
export interface Removed {
  files: string[];
  /** Files of the lessons' resources (issue 32), removed from the store with them. */
  resourceFiles?: string[];
}

/** The stored files of these lessons' resources (read before the lessons go: their rows go with them). */
export async function lessonResourceFiles(trx: Trx, lessonIds: readonly string[]): Promise<string[]> {
  if (lessonIds.length === 0) return [];
  const rows = await trx.selectFrom("lesson_resources").select("file").where("lesson_id", "in", lessonIds).execute();
  return rows.map((row) => row.file);
}

export const now = () => new Date().toISOString();
export const flag = (value: boolean) => (value ? 1 : 0);

export function parse<N extends AdminFormName>(name: N, raw: unknown) {
  return parseAdminForm(name, raw);
}

/* ---------- Versions: an edit form saves onto the row it was made from ---------- */

/** The builder's tables whose rows carry a version (migration 0024). */
export type VersionedTable = "catalogues" | "courses" | "video_lists" | "lessons" | "quizzes" | "quiz_questions";

/** What an edit form sends back: the version of the row it was made from (read with the row). */
export interface SaveOptions {
  version?: number;
}

/**
 * The columns every save of a row sets besides its own: one more version, and when. The save is an
 * update on the version the form was made from (`.$if(options.version !== undefined, …)`), so a
 * save from an older form (another tab, or another admin, saved in between) changes nothing and
 * `unsaved` says why — one statement, so no save can land between the check and the write. Without
 * it the later save silently undid the earlier one.
 */
export const nextVersion = () => ({ version: sql<number>`version + 1`, updated_at: now() });

/** Why an update changed no row: the row is gone (404), or it is at another version now (409). */
export async function unsaved(trx: Trx, table: VersionedTable, id: string) {
  const row = await trx.selectFrom(table).select("version").where("id", "=", id).executeTakeFirst();
  return row ? { ok: false as const, status: 409 as const, version: Number(row.version) } : NOT_FOUND;
}

export const changedNothing = (result: UpdateResult) => result.numUpdatedRows === 0n;

/* ---------- The write transaction ---------- */

/**
 * Runs a write in a transaction that bumps the catalogue version when (and only when) it changed
 * something: not when refused, nor for a move with nowhere to go.
 */
export async function write<T extends { ok: boolean; moved?: boolean }>(
  db: Db,
  work: (trx: Trx) => Promise<T>,
): Promise<T | ReturnType<typeof invalid>> {
  try {
    return await writeTransaction(db, async (trx) => {
      const result = await work(trx);
      if (result.ok && result.moved !== false) await bumpCatalogueVersion(trx);
      return result;
    });
  } catch (error) {
    // Two admins making the same slug at once: the unique index answers for the second.
    if (isUniqueViolation(error)) return invalid({ slug: "courseAdmin.errors.slugTaken" });
    if (error instanceof InvalidWrite) return invalid(error.errors);
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/** A failure found after the first write of a transaction: thrown to roll it back, answered as field errors. */
export class InvalidWrite extends Error {
  readonly errors: FieldErrors;
  constructor(errors: FieldErrors) {
    super("invalid write");
    this.errors = errors;
  }
}

/* ---------- Positions ---------- */

/** The position after the last of a scope (a list's lessons, a quiz's questions…): the query names the scope. */
export async function nextPosition<T extends keyof Database, O>(scope: SelectQueryBuilder<Database, T, O>) {
  const row = await scope.select(sql<number | string | null>`max(position)`.as("top")).executeTakeFirst();
  const top = (row as { top?: number | string | null } | undefined)?.top;
  return top === null || top === undefined ? 0 : Number(top) + 1;
}

/**
 * Swaps a row with its neighbour in its scope, given in order. The scope is renumbered 0…n-1 at
 * the same time, so equal or missing positions cannot stall a move; `setPosition` writes one row's.
 */
export async function swapWithNeighbour(
  rows: { id: string; position: number }[],
  id: string,
  direction: Direction,
  setPosition: (id: string, position: number) => Promise<unknown>,
): Promise<WriteResult<{ moved: boolean }>> {
  const ids = rows.map((r) => r.id);
  const from = ids.indexOf(id);
  if (from < 0) return NOT_FOUND;
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= ids.length) return { ok: true, moved: false };
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  for (const [position, rowId] of ids.entries())
    if (rows.find((r) => r.id === rowId)!.position !== position) await setPosition(rowId, position);
  return { ok: true, moved: true };
}

/* ---------- Public URLs ---------- */

/** The public URL made for a new video list or catalogue. */
export const newPublicPath = (slug: string) => `/courses/${slug}`;

/** A path that is free: no catalogue or list shows at it yet. */
export async function pathIsFree(trx: Trx, path: string): Promise<boolean> {
  const row = await trx.selectFrom("catalogue_paths").select("path").where("path", "=", path).executeTakeFirst();
  return !row;
}

/** The public URLs of catalogues or lists, the one in the sitemap first. */
export async function pathsOf(db: Db, kind: "catalogue" | "list", ids: string[]): Promise<Map<string, string[]>> {
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

/* ---------- Media ---------- */

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

/** A title in both languages, as every builder page shows it. */
export interface AdminText {
  titleEn: string;
  titleHe: string | null;
}

/** A parent row's id and title (a new course's catalogue, a lesson's list, a question's quiz), for a page's trail. */
export async function refOf(db: Db, table: "catalogues" | "video_lists" | "quizzes", id: string) {
  const row = await db.selectFrom(table).select(["id", "title_en", "title_he"]).where("id", "=", id).executeTakeFirst();
  return row ? { id: row.id, titleEn: row.title_en, titleHe: row.title_he } : null;
}
