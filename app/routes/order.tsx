import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CourseCard } from "~/components/course/course-card";
import { PageHeader } from "~/components/layout/page-header";
import { pageMeta } from "~/lib/meta";
import { pageContext } from "~/context.server";
import { allCourseCards } from "~/models/catalogue.server";
import { cardView } from "~/models/catalogue-view.server";
import type { Route } from "./+types/order";

/** /order: where Join Now leads for a course (?course=<key>): the course and the way to subscribe. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t, meta } = pageContext(context, request);
  const key = new URL(request.url).searchParams.get("course");
  const card = key ? allCourseCards().find((c) => c.key === key) : allCourseCards()[0];
  return { meta: meta(t("order.metaTitle"), t("order.description")), course: card ? cardView(card, locale) : null };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

export default function Order({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("order.title")} />
      <section className="container-page grid gap-10 py-14 lg:grid-cols-2" aria-labelledby="order-heading">
        <div>
          <h2 id="order-heading" className="mb-4 text-2xl font-bold">
            {t("order.chosen")}
          </h2>
          {loaderData.course ? <CourseCard course={loaderData.course} /> : <p>{t("order.none")}</p>}
        </div>
        <div className="self-start rounded-[var(--radius-card)] bg-brand-50 p-8">
          <h2 className="text-2xl font-bold">{t("order.includedTitle")}</h2>
          <p className="mt-3 text-ink-700">{t("order.includedText")}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/register#request-heading" className="btn btn-primary btn-lg">
              {t("order.cta")}
            </Link>
            <Link to="/Payments" className="btn btn-secondary btn-lg">
              {t("order.payments")}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
