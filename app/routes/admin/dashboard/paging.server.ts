import type { PageLinks } from "~/components/admin/dashboard/page-links";
import { parseCursor, type Page, type PageCursor } from "~/lib/keyset.server";

/**
 * The dashboard's lists, each paged on its own: its cursor rides in its own query parameter, so
 * paging one list leaves the others where they were. `anchor` is the list's heading, where a page
 * link lands. Each list shows 20 rows a page (keyset paging: app/lib/keyset.server.ts).
 */
const LISTS = {
  registrations: { anchor: "registrations-heading" },
  contact: { anchor: "contact-heading" },
  subscriptions: { anchor: "subs-heading" },
  feedback: { anchor: "moderation-heading" },
  accounts: { anchor: "accounts-heading" },
} as const;
export type ListName = keyof typeof LISTS;
const NAMES = Object.keys(LISTS) as ListName[];

/**
 * Every list's cursor, checked before anything is read. One that this page did not write (cut
 * short, edited by hand) is refused with 400 — but the page still shows, that list from its
 * newest, so the admin can carry on.
 */
export function readCursors(url: URL) {
  const cursors = {} as Record<ListName, PageCursor | null>;
  let badCursor = false;
  for (const list of NAMES) {
    const parsed = parseCursor(url.searchParams.get(list));
    cursors[list] = parsed.ok ? parsed.cursor : null;
    if (!parsed.ok) badCursor = true;
  }
  return { cursors, badCursor };
}

/**
 * The links beside each list: its first page (when elsewhere), the newer and the older page. They
 * keep the other lists where they are: each list's cursor, unless it is on its first page (a bad
 * cursor, or a Newer link that reached the top) — then none.
 */
export function pageLinker(url: URL, pages: Partial<Record<ListName, Page<unknown> | null>>) {
  const here = new URLSearchParams(url.searchParams);
  for (const list of NAMES) if (pages[list]?.first !== false) here.delete(list);
  const hrefTo = (list: ListName, cursor: string | null) => {
    const params = new URLSearchParams(here);
    if (cursor) params.set(list, cursor);
    else params.delete(list);
    const search = params.toString();
    return `/admin${search ? `?${search}` : ""}#${LISTS[list].anchor}`;
  };
  return (list: ListName, page: Page<unknown>): PageLinks => ({
    newest: page.first ? null : hrefTo(list, null),
    newer: page.newer ? hrefTo(list, page.newer) : null,
    older: page.older ? hrefTo(list, page.older) : null,
  });
}
