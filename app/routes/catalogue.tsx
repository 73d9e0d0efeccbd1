import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { CourseCard } from "~/components/course/course-card";
import { PageHeader } from "~/components/layout/page-header";
import { pageMeta } from "~/lib/meta";
import { pageContext } from "~/context.server";
import { catalogueKeyForPath, getCatalogue } from "~/models/catalogue.server";
import { cardView } from "~/models/catalogue-view.server";
import type { Route } from "./+types/catalogue";
import { routePathname } from "~/lib/route-path";

/** A course catalogue grid: /courses/mern (4), /courses/fullstack (8), /cources/programming (4). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t, meta } = pageContext(context, request);
  const key = catalogueKeyForPath(routePathname(request));
  if (!key) throw data("Not Found", { status: 404 });
  const catalogue = getCatalogue(key);
  const title = catalogue.title[locale];
  return {
    meta: meta(`${title} · ${t("site.name")}`, catalogue.description[locale]),
    title,
    description: catalogue.description[locale],
    cards: catalogue.cards.map((card) => cardView(card, locale)),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

export default function Catalogue({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={loaderData.title} />
      <section className="container-page py-14" aria-labelledby="catalogue-heading">
        <h2 id="catalogue-heading" className="sr-only">
          {loaderData.title}
        </h2>
        <p className="mb-2 max-w-3xl text-lg text-ink-700">{loaderData.description}</p>
        <p className="mb-8 text-sm font-semibold text-ink-600">
          {t("courses.coursesInCatalogue", { count: loaderData.cards.length })}
        </p>
        <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4" data-testid="course-grid">
          {loaderData.cards.map((card) => (
            <li key={card.key}>
              <CourseCard course={card} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
