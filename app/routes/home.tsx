import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { localeContext } from "~/lib/context.server";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { i18n } = context.get(localeContext);
  return { meta: { title: i18n.t("home.metaTitle"), description: i18n.t("site.description") } };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData?.meta.title },
    { name: "description", content: loaderData?.meta.description },
  ];
}

export default function Home() {
  const { t } = useTranslation();
  return (
    <section className="page-header" aria-labelledby="hero-title">
      <div className="container-page grid gap-8 py-20 sm:py-28 lg:grid-cols-2">
        <div>
          <p className="text-sm font-bold tracking-widest text-brand-200 uppercase">{t("home.heroEyebrow")}</p>
          <h1 id="hero-title" className="mt-3 text-4xl leading-tight font-extrabold text-white sm:text-5xl">
            {t("home.heroTitle")}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-brand-50">{t("home.heroText")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/courses" className="btn btn-lg bg-white text-brand-800 hover:bg-brand-50">
              {t("home.heroCta")}
            </Link>
            <Link to="/register" className="btn btn-lg btn-outline">
              {t("home.heroSecondary")}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
