import { lazy, Suspense, use, useState, type ComponentProps } from "react";
import { data, Link, redirect, useRevalidator } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { PageHeader } from "~/components/layout/page-header";
import { JsonLd } from "~/components/ui/json-ld";
import { useEnglishFallback } from "~/components/ui/english-fallback";
import { useSignInHref } from "~/components/auth/use-sign-in-href";
import { Duration, LessonMark, VideoPlayerOrLock } from "~/components/course/video-player";
import { LessonResources } from "~/components/course/lesson-resources";
import { LessonCurriculum } from "~/components/course/lesson-curriculum";
import { LessonNav } from "~/components/course/lesson-nav";
import { lazyRenderedOnServer } from "~/components/ui/lazy-on-server";

/** Only an admin's preview of a draft shows it: no other page loads it. */
const DraftPreviewNote = lazyRenderedOnServer(() => import("~/components/course/draft-preview-note"));
/** Shown only once the video has played to its end (never in the server's HTML): loaded then. */
const NextLessonOffer = lazy(() => import("~/components/course/next-lesson-offer"));
import { getCatalogue, getViewer, pageContext, servicesOf } from "~/context.server";
import { pageMeta } from "~/lib/meta";
import { passHeaders } from "~/lib/http";
import { catalogueForPage } from "~/models/catalogue.server";
import { lessonUrl } from "~/models/catalogue.urls";
import { findLessonPlace, lessonPage, lessonStructuredData } from "~/models/lesson-page.server";
import type { StringsHandle } from "~/i18n/sections";
import type { Route } from "./+types/lesson";
import { markFromForm, sameLanguage } from "./lesson-mark.server";
import { exerciseForPage, submitFromForm } from "./lesson-exercise.server";

type ExercisePanelModule = typeof import("~/components/course/exercise-panel");
let exercisePanelModule: Promise<ExercisePanelModule> | undefined;

/**
 * The exercise's panel comes in its own chunk: a video lesson's page does not carry it (the initial-JS
 * budget, bench/README.md). The promise is kept, and marked fulfilled once loaded, so that `use` reads
 * it at once after the first time. The server loads it when it starts: its pages render the panel in
 * full, in the first HTML (the form works without JavaScript). The browser loads it on an exercise
 * page only. No Suspense boundary around it, on purpose: React streams a large boundary's HTML apart
 * and shows it by a script (no JavaScript, no panel), while without one the server's HTML stays until
 * the chunk has come (hydration), and a navigation waits for it (a transition).
 */
function loadExercisePanel(): Promise<ExercisePanelModule> {
  if (!exercisePanelModule) {
    const loading = import("~/components/course/exercise-panel");
    // React's own marks for a settled promise: `use` then reads the value without suspending.
    void loading.then((module) => Object.assign(loading, { status: "fulfilled", value: module }));
    exercisePanelModule = loading;
  }
  return exercisePanelModule;
}
if (import.meta.env.SSR) void loadExercisePanel();

function ExercisePanel(props: ComponentProps<ExercisePanelModule["ExercisePanel"]>) {
  const { ExercisePanel: Panel } = use(loadExercisePanel());
  return <Panel {...props} />;
}

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = {
  strings: ["card", "lesson", "notes", "progress", "video", "exercise"],
} satisfies StringsHandle;

/**
 * /lesson/<list>/<lesson>: one lesson on a page of its own (issue 32) — the player (or its lock, or
 * "Coming soon"), the list's curriculum beside it, previous and next, its files, transcript and the
 * learner's notes. The same access rule as the list page, decided here on the server.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const viewer = getViewer(context);
  const { db, config, grader } = servicesOf(context);
  const { snapshot, preview } = await catalogueForPage(db, getCatalogue(context), viewer, new URL(request.url));
  const place = findLessonPlace(snapshot, params.list, params.lesson);
  if (!place) throw data("Not Found", { status: 404 });
  const { locale, t, meta } = pageContext(context, request, lessonUrl(place.list.slug, place.lesson.slug));
  const view = await lessonPage(db, snapshot, viewer, locale, place);
  const exercise = (await exerciseForPage(db, grader, viewer, locale, place)) ?? null;
  const title = view.video.title;
  return {
    exercise,
    preview,
    meta: meta(
      `${title} · ${view.list.title} · ${t("site.name")}`,
      view.video.description.trim() || t("lesson.seoDescription", { title, list: view.list.title }),
    ),
    view,
    trail: [
      { label: t("nav.courses"), to: "/courses" },
      ...(view.catalogue ? [{ label: view.catalogue.title, to: view.catalogue.href }] : []),
      ...(view.list.href ? [{ label: view.list.title, to: view.list.href }] : []),
    ],
    // Nothing about a draft goes to search engines (a preview is an admin's alone).
    structured: preview ? null : lessonStructuredData(place, view, config.PUBLIC_URL, locale),
    // Only a signed-in learner's page loads YouTube's player API (and only once they press play).
    ...(viewer.user ? { youtubeApi: config.YOUTUBE_IFRAME_API_URL } : {}),
    signedIn: viewer.isAuthenticated,
  };
}

/** "Mark as complete" on the lesson's page (lesson-mark.server.ts); back to the page afterwards. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const place = findLessonPlace(getCatalogue(context), params.list, params.lesson);
  if (!place) throw data("Not Found", { status: 404 });
  // An exercise's Submit (issue 34) answers on the page itself; anything else is "Mark as complete".
  if (place.lesson.exercise) {
    const form = await request.clone().formData();
    if (form.get("intent") === "submit") return submitFromForm(context, form, place);
  }
  const { slug } = await markFromForm(context, request, place.list);
  return redirect(sameLanguage(request, lessonUrl(place.list.slug, slug)), 303);
}

/** A refused submission's Retry-After (issue 34) reaches the browser with the page. */
export const headers = passHeaders;

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

/** Why a locked lesson is locked, and the way in: sign in (visitors) or subscribe. */
function LockedNotice({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const signIn = useSignInHref();
  return (
    <div className="mt-4 rounded-[var(--radius-card)] bg-brand-50 p-5" data-testid="lesson-locked-notice">
      <h2 className="text-lg font-bold text-ink-900">{t("lesson.lockedHeading")}</h2>
      <p className="mt-1 text-ink-800">{t(signedIn ? "lesson.lockedLearner" : "lesson.lockedVisitor")}</p>
      <p className="mt-3 flex flex-wrap gap-3">
        {signedIn ? null : (
          <Link to={signIn} className="btn btn-primary">
            {t("video.signInCta")}
          </Link>
        )}
        <Link to="/Payments" className={signedIn ? "btn btn-primary" : "btn btn-secondary"}>
          {t("video.subscribeCta")}
        </Link>
      </p>
    </div>
  );
}

export default function LessonPage({ loaderData, actionData }: Route.ComponentProps) {
  // Another lesson is another page: its player, and whether it was played to the end, start afresh.
  return <Lesson key={loaderData.view.video.page} {...loaderData} actionData={actionData} />;
}

function Lesson({
  view,
  trail,
  structured,
  youtubeApi,
  signedIn,
  preview,
  exercise,
  actionData,
}: Route.ComponentProps["loaderData"] & { actionData: Route.ComponentProps["actionData"] }) {
  const { video } = view;
  const { t } = useTranslation();
  const fallback = useEnglishFallback();
  // When a report says the lesson is now watched, the page asks the server again: one truth.
  const { revalidate } = useRevalidator();
  // The video reached its end: offer the next lesson (never play it by itself).
  const [ended, setEnded] = useState(false);
  const locked = !video.player;
  const soon = video.player?.kind === "soon";
  return (
    <>
      <PageHeader title={video.title} trail={trail} />
      {structured ? <JsonLd data={structured} testId="lesson-jsonld" /> : null}
      <section className="container-page py-10 sm:py-14">
        {preview ? <DraftPreviewNote /> : null}
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0" data-testid="lesson-main">
            <p className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-semibold text-ink-600">
              <span>{t("lesson.position", { n: view.n, count: view.of })}</span>
              {video.duration ? (
                <span>
                  <Duration duration={video.duration} />
                </span>
              ) : null}
              {video.freeSample ? (
                <span className="rounded-full bg-brand-100 px-2 py-0.5 text-brand-900">{t("video.freeSample")}</span>
              ) : null}
            </p>
            {exercise ? (
              <ExercisePanel key={video.key} exercise={exercise} actionData={actionData ?? null} />
            ) : (
              /* The lesson's page is opened to watch it: its poster is the first screen's picture. */
              <div data-testid="lesson-player">
                <VideoPlayerOrLock
                  video={video}
                  study
                  loading="eager"
                  youtubeApi={youtubeApi}
                  onWatched={revalidate}
                  onEnded={() => setEnded(true)}
                />
              </div>
            )}
            {ended ? (
              <Suspense fallback={null}>
                <NextLessonOffer next={view.next} list={view.list} onStay={() => setEnded(false)} />
              </Suspense>
            ) : null}
            {locked ? <LockedNotice signedIn={signedIn} /> : null}
            {soon ? <p className="mt-4 text-ink-700">{t("lesson.soonText")}</p> : null}
            {/* An exercise is completed by passing it, not by a bookmark (decision 0053). */}
            {video.progress && !exercise ? (
              <>
                <LessonMark progress={video.progress} />
                <p className="mt-1 text-sm text-ink-600" data-testid="mark-note">
                  {t("progress.markNote")}
                </p>
              </>
            ) : null}
            <LessonNav previous={view.previous} next={view.next} />
            {/* An exercise's instructions are its description; a heading over nothing is left out. */}
            {exercise && !video.description ? null : (
              <>
                <h2 className="mt-10 text-xl font-bold text-ink-900">{t("lesson.about")}</h2>
                <p className="mt-2 whitespace-pre-line text-ink-700" {...fallback(video.description)}>
                  {video.description}
                </p>
              </>
            )}
            {video.resources?.length ? <LessonResources resources={video.resources} /> : null}
          </div>
          <aside className="min-w-0 lg:row-span-2">
            <LessonCurriculum rows={view.curriculum} list={view.list} tally={view.tally} />
          </aside>
        </div>
      </section>
    </>
  );
}
