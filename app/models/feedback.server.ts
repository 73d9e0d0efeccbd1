import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { writeTransaction, type Database, type FeedbackRow } from "~/lib/db.server";
import { inWindow, readPage, type Page, type PageCursor } from "~/lib/keyset.server";
import type { FeedbackInput } from "./feedback.schema";

/** The form's parse, for the route's action: from a server module, so zod stays out of the browser. */
export { parseFeedback } from "./feedback.schema";

export const FEEDBACK_PAGE_SIZE = 20;

export interface FeedbackItem {
  id: string;
  name: string;
  comment: string;
  image: string | null;
  rating: number;
  date: string;
  userId: string | null;
}

function toItem(
  row: Pick<FeedbackRow, "id" | "name" | "comment" | "image_url" | "rating" | "created_at" | "user_id">,
): FeedbackItem {
  return {
    id: row.id,
    name: row.name,
    comment: row.comment,
    image: row.image_url,
    rating: row.rating,
    date: row.created_at,
    userId: row.user_id,
  };
}

/** What the public JSON API shows of a card: never who posted it. */
export function publicFeedbackItem(item: FeedbackItem) {
  return {
    id: item.id,
    name: item.name,
    comment: item.comment,
    image: item.image,
    rating: item.rating,
    date: item.date,
  };
}

export async function createFeedback(
  db: Kysely<Database>,
  input: FeedbackInput,
  options: { userId?: string | null; now?: Date } = {},
): Promise<FeedbackItem> {
  const row = {
    id: randomUUID(),
    name: input.name,
    comment: input.comment,
    image_url: input.image || null,
    rating: input.rating,
    user_id: options.userId ?? null,
    hidden: 0,
    created_at: (options.now ?? new Date()).toISOString(),
  };
  await writeTransaction(db, async (trx) => {
    await trx.insertInto("feedback").values(row).execute();
    await changeSummary(trx, 1, row.rating);
  });
  return toItem(row);
}

/** Page numbers beyond this are refused: the offset stays a small number on both databases. */
export const MAX_FEEDBACK_PAGE = 10_000;

/** A `?page=` value: a whole number from 1 to MAX_FEEDBACK_PAGE, 1 when absent, otherwise null. */
export function parsePage(value: string | null): number | null {
  if (value === null || value === "") return 1;
  if (!/^\d{1,5}$/.test(value)) return null;
  const page = Number(value);
  return page >= 1 && page <= MAX_FEEDBACK_PAGE ? page : null;
}

/** Where a page of the list starts: after this entry (keyset paging), the last one of the page before. */
export interface FeedbackCursor {
  date: string;
  id: string;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f-]{36})$/;

/** An `?after=` value (as `cursorOf` writes it), or null when it is not one. */
export function parseCursor(value: string | null): FeedbackCursor | null {
  const match = value ? CURSOR.exec(value) : null;
  return match ? { date: match[1]!, id: match[2]! } : null;
}

export function cursorOf(item: Pick<FeedbackItem, "date" | "id">): string {
  return `${item.date}_${item.id}`;
}

/**
 * Visible feedback, newest first, a page at a time (1-based). With the cursor of the page before
 * (what the Next link carries), the page is read from the index after that entry, as cheap on page
 * 500 as on page 2; without one (a typed ?page=), by offset. `hasMore` comes from one row fetched
 * past the page.
 */
export async function listFeedbackPage(
  db: Kysely<Database>,
  page = 1,
  pageSize = FEEDBACK_PAGE_SIZE,
  after: FeedbackCursor | null = null,
): Promise<{ items: FeedbackItem[]; hasMore: boolean }> {
  const rows = await listRows(db, pageSize + 1, after ? 0 : (Math.max(1, page) - 1) * pageSize, after);
  return { items: rows.slice(0, pageSize).map(toItem), hasMore: rows.length > pageSize };
}

/** Visible feedback, newest first, a page at a time (1-based). */
export async function listFeedback(
  db: Kysely<Database>,
  page = 1,
  pageSize = FEEDBACK_PAGE_SIZE,
  after: FeedbackCursor | null = null,
): Promise<FeedbackItem[]> {
  return (await listRows(db, pageSize, after ? 0 : (Math.max(1, page) - 1) * pageSize, after)).map(toItem);
}

function listRows(db: Kysely<Database>, limit: number, offset: number, after: FeedbackCursor | null) {
  let query = db
    .selectFrom("feedback")
    .select(["id", "name", "comment", "image_url", "rating", "created_at", "user_id"])
    .where("hidden", "=", 0);
  if (after)
    query = query.where((eb) =>
      eb.or([eb("created_at", "<", after.date), eb.and([eb("created_at", "=", after.date), eb("id", "<", after.id)])]),
    );
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute();
}

/** What the admin's moderation list shows of an entry. */
export interface ModerationItem {
  id: string;
  name: string;
  comment: string;
  rating: number;
  hidden: boolean;
  date: string;
}

/**
 * A page of every entry, hidden ones too, newest first, for moderation (keyset:
 * app/lib/keyset.server.ts), comments cut to 200 characters.
 */
export async function listFeedbackForModeration(
  db: Kysely<Database>,
  cursor: PageCursor | null,
): Promise<Page<ModerationItem>> {
  const query = db.selectFrom("feedback").select(["id", "name", "comment", "rating", "hidden", "created_at"]);
  const page = await readPage(
    cursor,
    (window) => inWindow(query, window, { at: "created_at", id: "id" }).execute(),
    (row) => ({ at: row.created_at, id: row.id }),
  );
  return {
    ...page,
    items: page.items.map((row) => ({
      id: row.id,
      name: row.name,
      comment: row.comment.slice(0, 200),
      rating: row.rating,
      hidden: row.hidden === 1,
      date: row.created_at,
    })),
  };
}

/** The count and average of the visible feedback: one row, kept by every write (migration 0012). */
export async function feedbackStats(db: Kysely<Database>): Promise<{ count: number; average: number | null }> {
  const row = await db
    .selectFrom("feedback_summary")
    .select(["visible_count", "rating_sum"])
    .where("id", "=", 1)
    .executeTakeFirst();
  const count = Number(row?.visible_count ?? 0);
  if (count === 0) return { count, average: null };
  return { count, average: Math.round((Number(row!.rating_sum) / count) * 10) / 10 };
}

/** Grows with every change the public can see (posted, deleted, hidden, shown): cached pages compare it. */
export async function readFeedbackVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("feedback_summary").select("version").where("id", "=", 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** Changes made by this process: a reader of the version asks the database again when this moved. */
let changesHere = 0;
export function feedbackChangesHere(): number {
  return changesHere;
}

/** Adds `count` visible entries with `ratingSum` stars (negative to remove), in the writer's transaction. */
async function changeSummary(trx: Kysely<Database>, count: number, ratingSum: number): Promise<void> {
  await trx
    .updateTable("feedback_summary")
    .set({
      visible_count: sql<number>`visible_count + ${count}`,
      rating_sum: sql<number>`rating_sum + ${ratingSum}`,
      version: sql<number>`version + 1`,
    })
    .where("id", "=", 1)
    .execute();
  changesHere += 1;
}

export async function findFeedback(db: Kysely<Database>, id: string): Promise<FeedbackItem | undefined> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
  const row = await db
    .selectFrom("feedback")
    .select(["id", "name", "comment", "image_url", "rating", "created_at", "user_id"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toItem(row) : undefined;
}

export async function deleteFeedback(db: Kysely<Database>, id: string): Promise<boolean> {
  return writeTransaction(db, async (trx) => {
    const row = await trx.selectFrom("feedback").select(["rating", "hidden"]).where("id", "=", id).executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom("feedback").where("id", "=", id).execute();
    if (row.hidden === 0) await changeSummary(trx, -1, -row.rating);
    return true;
  });
}

/** Hides or shows a card: "unchanged" when it already was so (the audit log records only a change). */
export async function setFeedbackHidden(
  db: Kysely<Database>,
  id: string,
  hidden: boolean,
): Promise<"changed" | "unchanged" | "missing"> {
  return writeTransaction(db, async (trx) => {
    const row = await trx.selectFrom("feedback").select(["rating", "hidden"]).where("id", "=", id).executeTakeFirst();
    if (!row) return "missing";
    const nowHidden = hidden ? 1 : 0;
    if (row.hidden === nowHidden) return "unchanged";
    await trx.updateTable("feedback").set({ hidden: nowHidden }).where("id", "=", id).execute();
    await changeSummary(trx, hidden ? -1 : 1, hidden ? -row.rating : row.rating);
    return "changed";
  });
}

/** Who may delete a card: its signed-in author, the browser that posted it (signed cookie), an admin. */
export function mayDelete(
  item: Pick<FeedbackItem, "id" | "userId">,
  viewer: { user: { id: string } | null; isAdmin: boolean },
  postedHere: ReadonlySet<string>,
): boolean {
  if (viewer.isAdmin) return true;
  if (item.userId !== null && viewer.user?.id === item.userId) return true;
  return postedHere.has(item.id);
}
