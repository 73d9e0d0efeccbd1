import type { PageLink } from "~/components/admin/pager";
import { useTranslation } from "~/i18n/use-translation";

/** The links beside a dashboard list: its first page (when elsewhere), the newer and the older page. */
export interface PageLinks {
  newest: string | null;
  newer: string | null;
  older: string | null;
}

/** A dashboard list's page links, named in the reader's language, for the admin Pager. */
export function usePageLinks(pages: PageLinks): PageLink[] {
  const { t } = useTranslation();
  return [
    { to: pages.newest, label: t("admin.newest") },
    { to: pages.newer, label: t("admin.newer"), rel: "prev" },
    { to: pages.older, label: t("admin.older"), rel: "next" },
  ];
}
