import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";

/** The links beside a list: its first page (when elsewhere), the newer and the older page. */
export interface PageLinks {
  newest: string | null;
  newer: string | null;
  older: string | null;
}

/** A list's page links: real links, working without JavaScript, each landing on its list's heading. */
export function Pager({ label, pages }: { label: string; pages: PageLinks }) {
  const { t } = useTranslation();
  if (!pages.newest && !pages.newer && !pages.older) return null;
  const link = (to: string, text: string, rel?: string) => (
    <Link to={to} rel={rel} className="btn btn-secondary px-3 py-1 text-sm">
      {text}
    </Link>
  );
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-3" data-testid="pager">
      {pages.newest ? link(pages.newest, t("admin.newest")) : null}
      {pages.newer ? link(pages.newer, t("admin.newer"), "prev") : null}
      {pages.older ? link(pages.older, t("admin.older"), "next") : null}
    </nav>
  );
}
