import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export interface Crumb {
  label: string;
  /** A link, or plain text when absent. */
  to?: string | null;
}

/**
 * The band at the top of inner pages: the title and a breadcrumb Home / Pages / page name, or
 * Home / <trail…> / page name when the page sits somewhere (a course in its catalogue).
 */
export function PageHeader({ title, trail }: { title: string; trail?: Crumb[] }) {
  const { t } = useTranslation();
  const middle: Crumb[] = trail ?? [{ label: t("breadcrumb.pages") }];
  return (
    <div className="page-header">
      <div className="container-page py-14 text-center sm:py-20">
        <h1 className="text-4xl font-extrabold text-white sm:text-5xl">{title}</h1>
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
      </div>
    </div>
  );
}
