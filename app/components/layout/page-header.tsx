import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** The band at the top of inner pages: the title and a breadcrumb Home / Pages / page name. */
export function PageHeader({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div className="page-header">
      <div className="container-page py-14 text-center sm:py-20">
        <h1 className="text-4xl font-extrabold text-white sm:text-5xl">{title}</h1>
        <nav aria-label={t("a11y.breadcrumb")} className="mt-4">
          <ol className="breadcrumb flex justify-center gap-2 text-brand-100">
            <li>
              <Link to="/" className="hover:text-white hover:underline">
                {t("breadcrumb.home")}
              </Link>
            </li>
            <li>{t("breadcrumb.pages")}</li>
            <li aria-current="page" className="font-semibold text-white">
              {title}
            </li>
          </ol>
        </nav>
      </div>
    </div>
  );
}
