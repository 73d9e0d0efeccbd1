import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { CourseCard } from "~/components/course/course-card";
import { AboutBlock } from "~/components/course/about-block";
import { PeopleGrid } from "~/components/course/person-card";
import { TestimonialsCarousel } from "~/components/course/testimonials-carousel";
import { SectionHeading } from "~/components/ui/section-heading";
import { pageMeta } from "~/lib/meta";
import { getCatalogue, getViewer, pageContext, servicesOf } from "~/context.server";
import { ContinueLearning } from "~/components/course/continue-learning";
import { continueLearning, courseTally, watchedFor } from "~/models/progress.server";
import { findCatalogue } from "~/models/catalogue.server";
import { HOME_CATALOGUE_SLUG } from "~/models/catalogue.urls";
import { cardView, instructorsView, sellsOnline, testimonialsView } from "~/models/catalogue-view.server";
import type { Route } from "./+types/home";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = {
  strings: ["aboutBlock", "card", "carousel", "home", "progress", "rating", "services"],
} satisfies StringsHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t, meta } = pageContext(context, request);
  const snapshot = getCatalogue(context);
  const viewer = getViewer(context);
  const { db, payments } = servicesOf(context);
  const online = sellsOnline(snapshot, payments !== undefined);
  // A signed-in learner's own progress; a visitor's page (the cached one) has none.
  const watched = await watchedFor(db, viewer);
  return {
    meta: meta(t("home.metaTitle"), t("site.description")),
    // A subscriber, an admin or someone who bought a course has nothing to join: they are led back in.
    hasAccess: viewer.hasSubscription || viewer.isAdmin || viewer.courseIds.length > 0,
    // A signed-in learner has an account already: joining is subscribing. A visitor starts at
    // /register (sign in, sign up or ask), which the page cache can keep for every visitor.
    joinHref: viewer.isAuthenticated ? "/Payments" : "/register",
    continueLearning: await continueLearning(db, snapshot, viewer, locale),
    // The "home" catalogue's cards (it has no page of its own).
    popular: (findCatalogue(snapshot, HOME_CATALOGUE_SLUG)?.courses ?? []).map((c) =>
      cardView(c, locale, online, watched && courseTally(snapshot, c, watched)),
    ),
    instructors: instructorsView(locale),
    testimonials: testimonialsView(locale),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

const SERVICES = [
  { key: "assessment", to: "/test", icon: "M9 12l2 2 4-4M12 3l8 4v5c0 5-3.5 8-8 9-4.5-1-8-4-8-9V7z" },
  { key: "classes", to: "/courses", icon: "M4 6h16v10H4zM8 20h8M12 16v4M10 9l4 2-4 2z" },
  { key: "projects", to: null, icon: "M3 11l9-7 9 7M5 10v10h14V10M10 20v-6h4v6" },
  {
    key: "library",
    to: "/library",
    icon: "M4 5a2 2 0 0 1 2-2h5v18H6a2 2 0 0 1-2-2zM13 3h5a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-5z",
  },
] as const;

function ServiceTiles() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="services-title" className="container-page -mt-12 relative z-10">
      <h2 id="services-title" className="sr-only">
        {t("services.heading")}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {SERVICES.map((service) => {
          const body = (
            <>
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="mx-auto size-10 text-brand-700"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
                strokeLinecap="round"
              >
                <path d={service.icon} />
              </svg>
              <h3 className="mt-3 text-lg font-bold text-ink-900">{t(`services.${service.key}Title`)}</h3>
              <p className="mt-2 text-sm text-ink-600">{t(`services.${service.key}Text`)}</p>
            </>
          );
          return (
            <li
              key={service.key}
              className="rounded-[var(--radius-card)] bg-white text-center shadow-[var(--shadow-card)]"
            >
              {service.to ? (
                <Link
                  to={service.to}
                  className="block h-full rounded-[var(--radius-card)] p-6 transition-colors hover:bg-brand-50"
                  data-testid={`service-${service.key}`}
                >
                  {body}
                </Link>
              ) : (
                <div className="p-6" data-testid={`service-${service.key}`}>
                  {body}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <section className="page-header pb-12" aria-labelledby="hero-title">
        <div className="container-page grid items-center gap-8 py-20 sm:py-24 lg:grid-cols-2">
          <div>
            <p className="text-sm font-bold tracking-wide text-brand-200">{t("home.heroEyebrow")}</p>
            <h1 id="hero-title" className="mt-3 text-4xl leading-tight font-extrabold text-white sm:text-5xl">
              {t("home.heroTitle")}
            </h1>
            <p className="mt-5 max-w-xl text-lg text-brand-50">{t("home.heroText")}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/courses" className="btn btn-lg bg-white text-brand-800 hover:bg-brand-50">
                {t("home.heroCta")}
              </Link>
              {loaderData.hasAccess ? (
                <Link
                  to={loaderData.continueLearning?.href ?? "/courses"}
                  className="btn btn-lg btn-outline"
                  data-testid="hero-continue"
                >
                  {t("home.heroContinue")}
                </Link>
              ) : (
                <Link to={loaderData.joinHref} className="btn btn-lg btn-outline" data-testid="hero-join">
                  {t("home.heroSecondary")}
                </Link>
              )}
            </div>
          </div>
          <img src="/images/hero.svg" alt="" width={560} height={420} className="hidden w-full lg:block" />
        </div>
        {/* A signed-in learner's next lesson, first thing on the page. */}
        {loaderData.continueLearning ? (
          <div className="container-page -mt-8 pb-16">
            <ContinueLearning next={loaderData.continueLearning} className="bg-white shadow-[var(--shadow-card)]" />
          </div>
        ) : null}
      </section>
      <ServiceTiles />
      <AboutBlock />
      <section aria-labelledby="popular-title" className="bg-ink-50 py-20">
        <div className="container-page">
          <SectionHeading id="popular-title" eyebrow={t("home.popularEyebrow")} title={t("home.popularTitle")} />
          <ul className="mx-auto grid max-w-4xl gap-8 md:grid-cols-2" data-testid="popular-courses">
            {loaderData.popular.map((course) => (
              <li key={course.key}>
                <CourseCard course={course} />
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section aria-labelledby="instructors-title" className="container-page py-20">
        <SectionHeading
          id="instructors-title"
          eyebrow={t("home.instructorsEyebrow")}
          title={t("home.instructorsTitle")}
        />
        <PeopleGrid people={loaderData.instructors} labelledBy="instructors-title" />
      </section>
      <section aria-labelledby="testimonials-title" className="bg-ink-50 py-20">
        <div className="container-page">
          <SectionHeading
            id="testimonials-title"
            eyebrow={t("home.testimonialsEyebrow")}
            title={t("home.testimonialsTitle")}
          />
          <TestimonialsCarousel items={loaderData.testimonials} />
        </div>
      </section>
    </>
  );
}
