import { sql, type Expression, type SqlBool } from "kysely";
import { z } from "zod";

/**
 * A simple "contains" search for the admin lists (reviews, certificates): the words typed, matched
 * anywhere in a column, without regard to letter case, the same on SQLite and PostgreSQL. No index
 * serves it: it filters the rows the list's keyset range reads (app/lib/keyset.server.ts), which is
 * fine for an admin looking for one person among thousands of rows.
 */

/** The longest search accepted (characters); a longer one is refused with a 400 and a notice. */
export const SEARCH_MAX = 100;

/** A search query parameter: absent or blank is no search; a longer one than SEARCH_MAX is refused. */
export function parseSearch(value: string | null): { ok: true; text: string | null } | { ok: false } {
  const parsed = z
    .string()
    .trim()
    .max(SEARCH_MAX)
    .safeParse(value ?? "");
  if (!parsed.success) return { ok: false };
  return { ok: true, text: parsed.data === "" ? null : parsed.data };
}

/** `text` as a LIKE pattern matching it anywhere, its own `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Whether `column` contains `text`, ignoring case (lower() on both sides: PostgreSQL's LIKE minds case). */
export function contains(column: Expression<string | null>, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${containsPattern(text)} escape '\\'`;
}
