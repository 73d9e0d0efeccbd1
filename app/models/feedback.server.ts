import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database, FeedbackRow } from "~/lib/db.server";
import type { FeedbackInput } from "./feedback.schema";

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
  await db.insertInto("feedback").values(row).execute();
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

/**
 * Visible feedback, newest first, a page at a time (1-based). `hasMore` comes from one row
 * fetched past the page; the offset counts whole pages, so every entry appears on exactly one.
 */
export async function listFeedbackPage(
  db: Kysely<Database>,
  page = 1,
  pageSize = FEEDBACK_PAGE_SIZE,
): Promise<{ items: FeedbackItem[]; hasMore: boolean }> {
  const rows = await listRows(db, pageSize + 1, (Math.max(1, page) - 1) * pageSize);
  return { items: rows.slice(0, pageSize).map(toItem), hasMore: rows.length > pageSize };
}

/** Visible feedback, newest first, a page at a time (1-based). */
export async function listFeedback(
  db: Kysely<Database>,
  page = 1,
  pageSize = FEEDBACK_PAGE_SIZE,
): Promise<FeedbackItem[]> {
  return (await listRows(db, pageSize, (Math.max(1, page) - 1) * pageSize)).map(toItem);
}

function listRows(db: Kysely<Database>, limit: number, offset: number) {
  return db
    .selectFrom("feedback")
    .select(["id", "name", "comment", "image_url", "rating", "created_at", "user_id"])
    .where("hidden", "=", 0)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function feedbackStats(db: Kysely<Database>): Promise<{ count: number; average: number | null }> {
  const row = await db
    .selectFrom("feedback")
    .select([sql<string | number>`count(*)`.as("count"), sql<string | number | null>`avg(rating)`.as("average")])
    .where("hidden", "=", 0)
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  return { count, average: count === 0 || row.average === null ? null : Math.round(Number(row.average) * 10) / 10 };
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
  const result = await db.deleteFrom("feedback").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function setFeedbackHidden(db: Kysely<Database>, id: string, hidden: boolean): Promise<boolean> {
  const result = await db
    .updateTable("feedback")
    .set({ hidden: hidden ? 1 : 0 })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
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
