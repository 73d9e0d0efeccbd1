import type { PageLinks } from "~/components/admin/dashboard/page-links";
import { parseCursor, type Page, type PageCursor } from "~/lib/keyset.server";
import { parseSearch, SEARCH_MAX } from "~/lib/text-search.server";
import type { TranslationKey } from "~/i18n/keys";

/**
 * A one-list admin page's place (reviews, certificates): its cursor in `page` and its search in `q`,
 * both checked before anything is read. One that the page did not write (a cursor cut short, a search
 * longer than SEARCH_MAX) is answered with 400 and a notice, and the list shows from its newest,
 * unfiltered — the admin keeps a working page (decision 0021).
 */
export function readListQuery(url: URL): {
  cursor: PageCursor | null;
  search: string | null;
  notice: { key: TranslationKey; params?: Record<string, number> } | null;
} {
  const cursor = parseCursor(url.searchParams.get("page"));
  const search = parseSearch(url.searchParams.get("q"));
  if (!search.ok)
    return { cursor: null, search: null, notice: { key: "admin.listSearchTooLong", params: { max: SEARCH_MAX } } };
  if (!cursor.ok) return { cursor: null, search: search.text, notice: { key: "admin.badCursor" } };
  return { cursor: cursor.cursor, search: search.text, notice: null };
}

/** The list's page links, keeping its search; each lands on the list's heading (`anchor`). */
export function listPageLinks(path: string, anchor: string, search: string | null, page: Page<unknown>): PageLinks {
  const hrefTo = (cursor: string | null) => {
    const params = new URLSearchParams();
    if (search) params.set("q", search);
    if (cursor) params.set("page", cursor);
    const query = params.toString();
    return `${path}${query ? `?${query}` : ""}#${anchor}`;
  };
  return {
    newest: page.first ? null : hrefTo(null),
    newer: page.newer ? hrefTo(page.newer) : null,
    older: page.older ? hrefTo(page.older) : null,
  };
}
