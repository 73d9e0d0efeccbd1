import { useTranslation } from "~/i18n/use-translation";
import { Link, useLocation } from "react-router";
import { isAdminPath } from "./footer";
import { useRootData } from "./use-root-data";
import { JsonLd } from "~/components/ui/json-ld";
import { useEnglishFallback } from "~/components/ui/english-fallback";

export interface Crumb {
  label: string;
  /** A link, or plain text when absent. */
  to?: string | null;
}

/**
 * schema.org BreadcrumbList of the trail (every crumb a link, the page itself last, without a URL
 * as Google allows).
 */
export function breadcrumbJsonLd(crumbs: { label: string; url?: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      ...(crumb.url ? { item: crumb.url } : {}),
    })),
  };
}

/**
 * The band at the top of inner pages: the title and a breadcrumb Home / Pages / page name, or
 * Home / <trail…> / page name when the page sits somewhere (a course in its catalogue). A trail of
 * links is also given to search engines as a BreadcrumbList.
 */
export function PageHeader({ title, trail }: { title: string; trail?: Crumb[] }) {
  const fallback = useEnglishFallback();
  const { t } = useTranslation();
  const root = useRootData<{ publicUrl?: string; locale?: string }>();
  const middle: Crumb[] = trail ?? [{ label: t("breadcrumb.pages") }];
  // The canonical URLs of the pages in this language (decision 0004: Hebrew at `?lng=he`).
  const absolute = (to: string) => `${root?.publicUrl ?? ""}${to}${root?.locale === "he" ? "?lng=he" : ""}`;
  const structured =
    trail && root?.publicUrl && trail.every((crumb) => crumb.to)
      ? breadcrumbJsonLd([
          { label: t("breadcrumb.home"), url: absolute("/") },
          ...trail.map((crumb) => ({ label: crumb.label, url: absolute(crumb.to!) })),
          { label: title },
        ])
      : null;
  // In the admin area a slim band: the title and where it is, not a banner pushing the work down (D-L15).
  const admin = isAdminPath(useLocation().pathname);
  return (
    <div className="page-header">
      <div className={admin ? "container-page py-6 text-center" : "container-page py-14 text-center sm:py-20"}>
        <h1
          className={`${admin ? "text-3xl" : "text-4xl sm:text-5xl"} font-extrabold break-words text-white`}
          {...fallback(title)}
        >
          {title}
        </h1>
        <nav aria-label={t("a11y.breadcrumb")} className="mt-4">
          <ol className="breadcrumb flex flex-wrap justify-center gap-2 text-brand-100">
            <li>
              <Link to="/" className="hover:text-white hover:underline">
                {t("breadcrumb.home")}
              </Link>
            </li>
            {middle.map((crumb) => (
              <li key={`${crumb.label}|${crumb.to ?? ""}`}>
                {crumb.to ? (
                  <Link to={crumb.to} className="hover:text-white hover:underline">
                    {crumb.label}
                  </Link>
                ) : (
                  crumb.label
                )}
              </li>
            ))}
            <li aria-current="page" className="font-semibold text-white">
              {title}
            </li>
          </ol>
        </nav>
        {structured ? <JsonLd data={structured} testId="breadcrumb-jsonld" /> : null}
      </div>
    </div>
  );
}
