import { sql, type SelectQueryBuilder, type StringReference } from "kysely";
import { z } from "zod";

/**
 * Keyset paging for lists shown newest first (the admin area's, issue 16). A page is read from an
 * index on (created_at, id) after — or before — the row a link names, never by offset and never
 * counted, so page 500 costs what page 1 does and rows written meanwhile do not shift the pages.
 * The id breaks ties between rows with the same timestamp. Migration 0013 has the indexes.
 */

export const PAGE_SIZE = 20;

/** Where a page starts: the sort key of a row of the page next to it. */
export interface PageKey {
  at: string;
  id: string;
}

/** A link's place in a list: the rows older than `key` (the next page), or newer (the previous). */
export interface PageCursor {
  towards: "older" | "newer";
  key: PageKey;
}

/** One page, newest first, with the cursors of the pages beside it (null where there is none). */
export interface Page<Row> {
  items: Row[];
  /** Whether this is the list's first page (its newest rows), whatever cursor led here. */
  first: boolean;
  newer: string | null;
  older: string | null;
}

/** What one read asks of the table: up to `limit` rows past `from` (exclusive), in `order`. */
export interface PageWindow {
  order: "desc" | "asc";
  from: PageKey | null;
  limit: number;
}

/**
 * The cursor as it travels in a URL: opaque to the reader (base64url of a small JSON array), checked
 * in full when it comes back. Timestamps are the models' `toISOString()` text, compared as text.
 */
const cursorFields = z.tuple([
  z.enum(["o", "n"]),
  z.iso.datetime({ precision: 3 }),
  // Every paged list has app-made ids: UUIDs (randomUUID), or a certificate's 22 base64url characters.
  z.union([z.uuid(), z.string().regex(/^[\w-]{22}$/)]),
]);

const cursorText = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/)
  .transform((text, ctx) => {
    try {
      return JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "not a cursor" });
      return z.NEVER;
    }
  })
  .pipe(cursorFields)
  .transform(([towards, at, id]): PageCursor => ({ towards: towards === "o" ? "older" : "newer", key: { at, id } }));

export function encodeCursor(cursor: PageCursor): string {
  const fields = [cursor.towards === "older" ? "o" : "n", cursor.key.at, cursor.key.id];
  return Buffer.from(JSON.stringify(fields)).toString("base64url");
}

/**
 * A cursor query parameter: absent (or empty) is the first page; anything that is not a cursor
 * this module wrote is refused (`ok: false`), for the route to answer 400.
 */
export function parseCursor(value: string | null): { ok: true; cursor: PageCursor | null } | { ok: false } {
  if (value === null || value === "") return { ok: true, cursor: null };
  const parsed = cursorText.safeParse(value);
  return parsed.success ? { ok: true, cursor: parsed.data } : { ok: false };
}

/**
 * Restricts a query to a window of the list: rows past the window's key in the window's order, by
 * (at, id) compared as a row value — the form both databases read as one range of the index.
 */
export function inWindow<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  window: PageWindow,
  columns: { at: StringReference<DB, TB>; id: StringReference<DB, TB> },
): SelectQueryBuilder<DB, TB, O> {
  const at = sql.ref(columns.at);
  const id = sql.ref(columns.id);
  const past = window.order === "desc" ? sql.raw("<") : sql.raw(">");
  const from = window.from;
  const ranged = from ? query.where(sql<boolean>`(${at}, ${id}) ${past} (${from.at}, ${from.id})`) : query;
  return ranged.orderBy(at, window.order).orderBy(id, window.order).limit(window.limit);
}

/**
 * Reads the page a cursor names (the newest page without one). One read of `size + 1` rows tells
 * whether there is more; going back towards the newest, a window that reaches the top becomes the
 * first page itself, so "Newer" always ends on a full first page.
 */
export async function readPage<Row>(
  cursor: PageCursor | null,
  read: (window: PageWindow) => Promise<Row[]>,
  keyOf: (row: Row) => PageKey,
  size: number = PAGE_SIZE,
): Promise<Page<Row>> {
  const cursorAt = (towards: PageCursor["towards"], row: Row) => encodeCursor({ towards, key: keyOf(row) });
  if (cursor?.towards === "newer") {
    const rows = await read({ order: "asc", from: cursor.key, limit: size + 1 });
    if (rows.length > size) {
      const items = rows.slice(0, size).reverse();
      return { items, first: false, newer: cursorAt("newer", items[0]!), older: cursorAt("older", items.at(-1)!) };
    }
    cursor = null; // nothing newer beyond this window: the first page
  }
  const rows = await read({ order: "desc", from: cursor?.key ?? null, limit: size + 1 });
  const items = rows.slice(0, size);
  return {
    items,
    first: cursor === null,
    // Past the first page there is something newer (at least the row the link came from); an
    // empty page past the end (its rows deleted since) has no row to go back from, only the first page.
    newer: cursor && items.length > 0 ? cursorAt("newer", items[0]!) : null,
    older: rows.length > size ? cursorAt("older", items.at(-1)!) : null,
  };
}
