import { useTranslation } from "~/i18n/use-translation";
import { data, Link } from "react-router";
import { CourseCard } from "~/components/course/course-card";
import { PageHeader } from "~/components/layout/page-header";
import { pageMeta } from "~/lib/meta";
import { getCatalogue, pageContext } from "~/context.server";
import { findCatalogue, findCourse } from "~/models/catalogue.server";
import { HOME_CATALOGUE_SLUG } from "~/models/catalogue.urls";
import { cardView } from "~/models/catalogue-view.server";
import type { Route } from "./+types/order";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["card", "order", "progress", "rating"] } satisfies StringsHandle;

/** Without ?course=, the order page shows the home page's tax course, as the original did. */
const DEFAULT_COURSE = "tax-refund";

/**
 * /order: where Join Now leads for a course (?course=<slug>): the course and the way to subscribe.
 * An unknown or unpublished course is a 404.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t, meta } = pageContext(context, request);
  const snapshot = getCatalogue(context);
  const slug = new URL(request.url).searchParams.get("course");
  const course =
    slug !== null
      ? findCourse(snapshot, slug)
      : (findCourse(snapshot, DEFAULT_COURSE) ?? findCatalogue(snapshot, HOME_CATALOGUE_SLUG)?.courses[0]);
  if (slug !== null && !course) throw data("Not Found", { status: 404 });
  return { meta: meta(t("order.metaTitle"), t("order.description")), course: course ? cardView(course, locale) : null };
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
          {/* No "Join Now" here: it would lead back to this page. */}
          {loaderData.course ? <CourseCard course={loaderData.course} join={false} eager /> : <p>{t("order.none")}</p>}
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
