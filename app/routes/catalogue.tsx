import type { ComponentProps } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { data, Link, redirect } from "react-router";
import { LessonCount } from "~/components/course/lesson-count";
import { PageHeader } from "~/components/layout/page-header";
import { formatDate } from "~/i18n/format";
import { getCatalogue, getViewer, pageContext, servicesOf } from "~/context.server";
import { pageMeta } from "~/lib/meta";
import { routePathname } from "~/lib/route-path";
import {
  catalogueForPage,
  catalogueOfList,
  listsOfCatalogue,
  resolveCataloguePath,
  viewList,
} from "~/models/catalogue.server";
import { cardView, sellsOnline } from "~/models/catalogue-view.server";
import { catalogueSpelling } from "~/models/catalogue.urls";
import { certificateState } from "~/models/certificate.server";
import { courseTally, progressIn, resumeAt, tally, watchedFor } from "~/models/progress.server";
import { markFromForm, sameLanguage } from "./lesson-mark.server";
import { CertificateNote } from "~/components/course/certificate-note";
import { lazyRenderedOnServer } from "~/components/ui/lazy-on-server";

/**
 * One route draws two kinds of page: a list's videos, or a catalogue's course cards. Each part is in
 * a chunk of its own, so that a page loads only its own kind (issue 35's budget of the JavaScript a
 * page loads); the server renders it in place, as before.
 */
type VideoListModule = typeof import("~/components/course/video-list");
type CourseCardModule = typeof import("~/components/course/course-card");
const VideoList = lazyRenderedOnServer<ComponentProps<VideoListModule["VideoList"]>>(() =>
  import("~/components/course/video-list").then((module) => ({ default: module.VideoList })),
);
const AccessNotice = lazyRenderedOnServer<ComponentProps<VideoListModule["AccessNotice"]>>(() =>
  import("~/components/course/video-list").then((module) => ({ default: module.AccessNotice })),
);
const CourseCard = lazyRenderedOnServer<ComponentProps<CourseCardModule["CourseCard"]>>(() =>
  import("~/components/course/course-card").then((module) => ({ default: module.CourseCard })),
);
/** Only a signed-in learner's page shows a tally: a visitor's does not load it. */
const ProgressTally = lazyRenderedOnServer(() => import("~/components/course/progress-tally"));
/** Only an admin's preview of a draft shows it: no other page loads it. */
const DraftPreviewNote = lazyRenderedOnServer(() => import("~/components/course/draft-preview-note"));
import type { Route } from "./+types/catalogue";
import type { StringsHandle } from "~/i18n/sections";
import { useEnglishFallback } from "~/components/ui/english-fallback";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = {
  strings: ["card", "certificate", "courses", "notes", "progress", "rating", "seo", "video"],
} satisfies StringsHandle;

/**
 * Every catalogue and video-list URL (/courses/…, and /cources/… as the original spelt it): the
 * path is looked up in the catalogue's paths, so a list the admin adds answers at once; anything
 * else is a 404. Who may play what is decided here, on the server: a locked item reaches the
 * browser without a video id or a playable URL.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const pathname = routePathname(request);
  const { locale, t, meta } = pageContext(context, request, catalogueSpelling(pathname));
  const { snapshot, preview } = await catalogueForPage(
    servicesOf(context).db,
    getCatalogue(context),
    getViewer(context),
    new URL(request.url),
  );
  const found = resolveCataloguePath(snapshot, pathname);
  if (!found) throw data("Not Found", { status: 404 });
  const courses = { label: t("nav.courses"), to: "/courses" };

  if (found.kind === "catalogue") {
    const catalogue = found.catalogue;
    const watched = await watchedFor(servicesOf(context).db, getViewer(context));
    const online = sellsOnline(snapshot, servicesOf(context).payments !== undefined);
    const title = catalogue.title[locale];
    return {
      kind: "catalogue" as const,
      preview,
      meta: meta(`${title} · ${t("site.name")}`, catalogue.description[locale]),
      title,
      trail: [courses],
      description: catalogue.description[locale],
      cards: catalogue.courses.map((course) =>
        cardView(course, locale, online, watched && courseTally(snapshot, course, watched)),
      ),
      // Every list of the catalogue's courses, so each list page is a link away.
      lists: listsOfCatalogue(snapshot, catalogue).map(({ list, href }) => ({
        key: list.slug,
        title: list.title[locale],
        href,
        count: list.lessons.length,
        soon: list.comingSoon.length,
      })),
    };
  }

  const list = found.list;
  const viewer = getViewer(context);
  const title = list.title[locale];
  const progress = viewer.user
    ? await progressIn(
        servicesOf(context).db,
        viewer.user.id,
        list.lessons.map((lesson) => lesson.id),
      )
    : undefined;
  const watched = new Set([...(progress ?? [])].filter(([, p]) => p.watched).map(([id]) => id));
  const catalogue = catalogueOfList(snapshot, list, pathname);
  const catalogueHref = catalogue?.paths[0];
  return {
    kind: "list" as const,
    preview,
    meta: meta(`${title} · ${t("site.name")}`, t("seo.listDescription", { title, count: list.lessons.length })),
    soon: list.comingSoon.length,
    title,
    trail: [courses, ...(catalogue && catalogueHref ? [{ label: catalogue.title[locale], to: catalogueHref }] : [])],
    description: list.description[locale],
    freeSamples: list.freeSamples,
    allFree: list.allFree,
    videos: viewList(list, viewer, locale).map(({ lesson, video }) => {
      if (!progress || !video.player || video.player.kind === "soon") return video;
      const mine = progress.get(lesson.id);
      return {
        ...video,
        progress: {
          lesson: lesson.id,
          watched: mine?.watched ?? false,
          marked: mine?.marked ?? false,
          resumeAt: resumeAt(mine),
        },
      };
    }),
    tally: progress ? tally(list.lessons, watched) : null,
    certificate: await certificateState(servicesOf(context).db, snapshot, viewer, list),
    // Only a signed-in learner's page loads YouTube's player API (and only once they press play).
    ...(viewer.user ? { youtubeApi: servicesOf(context).config.YOUTUBE_IFRAME_API_URL } : {}),
    viewer: {
      isAuthenticated: viewer.isAuthenticated,
      hasSubscription: viewer.hasSubscription,
      isAdmin: viewer.isAdmin,
    },
    subscribedUntil: viewer.subscriptionEndsAt ? formatDate(viewer.subscriptionEndsAt, locale) : null,
  };
}

/** "Mark as complete" on a list page (lesson-mark.server.ts); back to the lesson afterwards. */
export async function action({ context, request }: Route.ActionArgs) {
  const pathname = routePathname(request);
  const found = resolveCataloguePath(getCatalogue(context), pathname);
  const { slug } = await markFromForm(context, request, found?.kind === "list" ? found.list : undefined);
  return redirect(sameLanguage(request, pathname, `#lesson-${slug}`), 303);
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

export default function CataloguePage({ loaderData }: Route.ComponentProps) {
  const fallback = useEnglishFallback();
  const { t } = useTranslation();
  if (loaderData.kind === "list") {
    const {
      title,
      trail,
      description,
      videos,
      viewer,
      subscribedUntil,
      freeSamples,
      allFree,
      tally,
      youtubeApi,
      certificate,
      soon,
    } = loaderData;
    return (
      <>
        <PageHeader title={title} trail={trail} />
        <section className="container-page py-14">
          {loaderData.preview ? <DraftPreviewNote /> : null}
          <div className="mb-8 max-w-3xl">
            <p className="text-lg whitespace-pre-line text-ink-700" {...fallback(description)}>
              {description}
            </p>
            {/* The heading of the lessons below (their titles are h3): no level skipped after the h1. */}
            <h2 className="mt-2 text-sm font-semibold text-ink-600">
              <LessonCount videos={videos.length - soon} soon={soon} />
            </h2>
            {tally ? <ProgressTally tally={tally} className="mt-4 max-w-md" /> : null}
            {tally ? (
              <p className="mt-2 max-w-xl text-sm text-ink-600" data-testid="mark-note">
                {t("progress.markNote")}
              </p>
            ) : null}
            {certificate ? <CertificateNote state={certificate} /> : null}
          </div>
          <AccessNotice viewer={viewer} subscribedUntil={subscribedUntil} freeSamples={freeSamples} allFree={allFree} />
          <VideoList
            videos={videos}
            label={t("video.listLabel", { title })}
            youtubeApi={youtubeApi}
            signedIn={viewer.isAuthenticated}
          />
        </section>
      </>
    );
  }
  return (
    <>
      <PageHeader title={loaderData.title} trail={loaderData.trail} />
      <section className="container-page py-14" aria-labelledby="catalogue-heading">
        <h2 id="catalogue-heading" className="sr-only">
          {loaderData.title}
        </h2>
        {loaderData.preview ? <DraftPreviewNote /> : null}
        <p className="mb-2 max-w-3xl text-lg whitespace-pre-line text-ink-700" {...fallback(loaderData.description)}>
          {loaderData.description}
        </p>
        {loaderData.cards.length === 0 ? (
          // A catalogue whose every card is a draft (or not made yet): say so, not a bare "0 courses".
          <div className="mt-6 rounded-[var(--radius-card)] bg-ink-50 p-6" data-testid="catalogue-empty">
            <h3 className="text-xl font-bold">{t("courses.noCoursesYet")}</h3>
            <p className="mt-2 text-ink-700">
              <Link to="/courses" className="font-semibold text-brand-800 underline">
                {t("courses.noCoursesYetText")}
              </Link>
            </p>
          </div>
        ) : (
          <>
            <p className="mb-8 text-sm font-semibold text-ink-600">
              {t("courses.coursesInCatalogue", { count: loaderData.cards.length })}
            </p>
            <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4" data-testid="course-grid">
              {/* The first row (four wide) is in the first screen: no lazy loading there. */}
              {loaderData.cards.map((card, i) => (
                <li key={card.key}>
                  <CourseCard course={card} eager={i < 4} />
                </li>
              ))}
            </ul>
          </>
        )}
        {loaderData.lists.length > 0 ? (
          <section aria-labelledby="catalogue-lists" className="mt-14">
            <h3 id="catalogue-lists" className="text-2xl font-bold">
              {t("courses.videoLists")}
            </h3>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="catalogue-lists">
              {loaderData.lists.map((list) => (
                <li key={list.key}>
                  <Link
                    to={list.href}
                    className="flex items-center justify-between gap-3 rounded-[var(--radius-card)] border border-ink-100 bg-white p-4 shadow-[var(--shadow-card)] hover:border-brand-600"
                  >
                    <span className="min-w-0 font-semibold break-words text-brand-800" {...fallback(list.title)}>
                      {list.title}
                    </span>
                    <span className="shrink-0 text-sm text-ink-600">
                      <LessonCount videos={list.count} soon={list.soon} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </section>
    </>
  );
}
