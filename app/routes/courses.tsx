import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { SectionHeading } from "~/components/ui/section-heading";
import { pageMeta } from "~/lib/meta";
import { getCatalogue, pageContext } from "~/context.server";
import type { Route } from "./+types/courses";
import type { StringsHandle } from "~/i18n/sections";
import { useEnglishFallback } from "~/components/ui/english-fallback";
import { CourseCover } from "~/components/course/course-cover";

/** Lists with a text of their own here; any other list at /courses/<slug> shows its title and count. */
const LIST_TEXTS = new Map<
  string,
  { title: "courses.dsaTitle" | "courses.javaTitle"; text: "courses.dsaText" | "courses.javaText" }
>([
  ["dsa", { title: "courses.dsaTitle", text: "courses.dsaText" }],
  ["java", { title: "courses.javaTitle", text: "courses.javaText" }],
]);

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["courses"] } satisfies StringsHandle;

/** /courses: the catalogues with a page of their own, then the lists that stand alone (/courses/<slug>). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t, meta } = pageContext(context, request);
  const snapshot = getCatalogue(context);
  // A list a card of a listed catalogue already holds is that course's lessons, not another course
  // beside it (D-M7: "Playwright Basics" beside "End-to-End Testing with Playwright").
  const inCatalogues = new Set(
    snapshot.catalogues.filter((c) => c.paths.length > 0).flatMap((c) => c.courses.flatMap((course) => course.listIds)),
  );
  const standalone = [...snapshot.lists.values()].flatMap((list) => {
    if (inCatalogues.has(list.id)) return [];
    const path = list.paths.find((p) => /^\/courses\/[^/]+$/.test(p));
    return path ? [{ list, path }] : [];
  });
  standalone.sort((a, b) => a.path.localeCompare(b.path));
  return {
    meta: meta(t("courses.metaTitle"), t("courses.description")),
    catalogues: snapshot.catalogues
      .filter((c) => c.paths.length > 0)
      .map((catalogue) => ({
        key: catalogue.slug,
        to: catalogue.paths[0]!,
        title: catalogue.title[locale],
        description: catalogue.description[locale],
        count: catalogue.courses.length,
        // Its own cover, chosen or uploaded in the course builder (migration 0031 gave each catalogue the picture it had).
        cover: catalogue.cover,
      })),
    lists: standalone.map(({ list, path }) => {
      const own = LIST_TEXTS.get(list.slug);
      // Lessons with a video; those shown as coming soon are said apart (D-H2).
      const count = list.lessons.length;
      const soon = list.comingSoon.length;
      return {
        to: path,
        title: own ? t(own.title) : list.title[locale],
        text: [
          ...(count > 0 || soon === 0 ? [own ? t(own.text, { count }) : t("courses.listText", { count })] : []),
          ...(soon > 0 ? [t("courses.soonText", { count: soon })] : []),
        ].join(" "),
      };
    }),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

export default function Courses({ loaderData }: Route.ComponentProps) {
  const fallback = useEnglishFallback();
  const { t } = useTranslation();
  const extra = loaderData.lists;
  return (
    <>
      <PageHeader title={t("courses.title")} />
      <section className="container-page py-14" aria-labelledby="catalogues-title">
        <SectionHeading id="catalogues-title" eyebrow={t("courses.eyebrow")} title={t("courses.heading")} />
        <ul className="grid gap-8 md:grid-cols-3" data-testid="catalogue-list">
          {loaderData.catalogues.map((c, i) => (
            <li
              key={c.key}
              className="flex flex-col overflow-hidden rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-card)]"
            >
              <CourseCover
                src={c.cover}
                title={c.title}
                // The first row (three wide) is in the first screen: no lazy loading there.
                loading={i < 3 ? "eager" : "lazy"}
                className="aspect-[8/5] w-full object-cover"
              />
              <div className="flex flex-1 flex-col p-6">
                <h3 className="text-xl font-bold" {...fallback(c.title)}>
                  {c.title}
                </h3>
                <p className="mt-2 flex-1 text-ink-600" {...fallback(c.description)}>
                  {c.description}
                </p>
                <p className="mt-3 text-sm font-semibold text-ink-600">
                  {t("courses.coursesInCatalogue", { count: c.count })}
                </p>
                <Link to={c.to} className="btn btn-primary mt-4 self-start">
                  {t("courses.browse")}
                  <span className="sr-only">: {c.title}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
        {extra.length > 0 ? (
          <>
            <h2 className="mt-16 mb-6 text-2xl font-bold">{t("courses.more")}</h2>
            <ul className="grid gap-6 md:grid-cols-2" data-testid="more-courses">
              {extra.map((e) => (
                <li key={e.to}>
                  <Link
                    to={e.to}
                    className="block rounded-[var(--radius-card)] border border-ink-200 p-6 hover:border-brand-700 hover:bg-brand-50"
                  >
                    <span className="block text-lg font-bold text-ink-900">{e.title}</span>
                    <span className="mt-1 block text-ink-600">{e.text}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </>
  );
}
