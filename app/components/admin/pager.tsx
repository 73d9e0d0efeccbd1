import { Link } from "react-router";

/** One page link: where it goes (null: no such page from here), what it says, and how it relates to this page. */
export interface PageLink {
  to: string | null;
  label: string;
  rel?: "prev" | "next";
}

/**
 * An admin list's page links (newest, newer, older): real links, working without JavaScript, each
 * landing on its list's heading (the caller's hrefs end in its #id). Nothing when there is only one page.
 */
export function Pager({ label, links, testId = "pager" }: { label: string; links: PageLink[]; testId?: string }) {
  const shown = links.filter((link): link is PageLink & { to: string } => link.to !== null);
  if (shown.length === 0) return null;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-3" data-testid={testId}>
      {shown.map((link) => (
        <Link key={link.label} to={link.to} rel={link.rel} className="btn btn-secondary px-3 py-1 text-sm">
          {link.label}
        </Link>
      ))}
    </nav>
  );
}
