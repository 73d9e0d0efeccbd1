import { useTranslation } from "~/i18n/use-translation";
import { Link, useRevalidator } from "react-router";
import type { VideoView } from "~/models/catalogue.types";
import { useEnglishFallback } from "~/components/ui/english-fallback";
import { useSignInHref } from "~/components/auth/use-sign-in-href";
import { useUnlock } from "./use-unlock";
import { Duration, LessonMark, VideoPlayerOrLock } from "./video-player";

// A list page's videos: cards with their players, the locked and "coming soon" rows, the notice above.
// Each card's player is video-player.tsx, which a lesson's own page loads without this file.

/** The cards of a list's first row on the widest layout: their pictures are not lazy. */
const FIRST_ROW = 3;

/** How a list item shows to its viewer: a player, "Video coming soon", or the locked variant. */
function stateOf(video: VideoView): "playable" | "soon" | "locked" {
  return !video.player ? "locked" : video.player.kind === "soon" ? "soon" : "playable";
}

function LockIcon({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

interface Numbered {
  video: VideoView;
  /** The lesson's place in the whole list (1-based), kept when the list is split. */
  n: number;
}

/** A video the viewer may open: its player (or "coming soon") on a card. */
function VideoCard({ video, n, youtubeApi }: Numbered & { youtubeApi?: string }) {
  const fallback = useEnglishFallback();
  const { t } = useTranslation();
  // When a report says the lesson is now watched, the page asks the server again: one truth.
  const { revalidate } = useRevalidator();
  return (
    <li
      // The course page's curriculum links each lesson here.
      id={`lesson-${video.key}`}
      className="flex scroll-mt-24 flex-col rounded-[var(--radius-card)] bg-white p-3 shadow-[var(--shadow-card)]"
      data-state={stateOf(video)}
      data-watched={video.progress ? String(video.progress.watched) : undefined}
      data-marked={video.progress ? String(video.progress.marked) : undefined}
    >
      <VideoPlayerOrLock
        video={video}
        onWatched={revalidate}
        youtubeApi={youtubeApi}
        // The first row of cards may be in the first screen (three across on a laptop).
        loading={n <= FIRST_ROW ? "eager" : "lazy"}
      />
      <div className="flex flex-1 flex-col p-2">
        <div className="mt-2 flex items-center justify-between gap-2 text-xs font-semibold text-ink-600">
          <span>
            {n}. {video.duration ? <Duration duration={video.duration} /> : null}
          </span>
          {video.freeSample ? (
            <span className="rounded-full bg-brand-100 px-2 py-0.5 text-brand-900">{t("video.freeSample")}</span>
          ) : null}
        </div>
        <h3 className="mt-1 font-bold text-ink-900" {...fallback(video.title)}>
          {/* The lesson's own page: its curriculum, transcript, files and notes (issue 32). */}
          {video.page ? (
            <Link to={video.page} className="hover:text-brand-800 hover:underline" data-testid="lesson-page-link">
              {video.title}
            </Link>
          ) : (
            video.title
          )}
        </h3>
        <p className="mt-1 text-sm whitespace-pre-line text-ink-600" {...fallback(video.description)}>
          {video.description}
        </p>
        {video.resources?.length ? (
          <p className="mt-2 text-sm text-ink-700" data-testid="lesson-files-count">
            {t("video.resourcesOnPage", { count: video.resources.length })}
          </p>
        ) : null}
        {video.progress ? <LessonMark progress={video.progress} /> : null}
      </div>
    </li>
  );
}

/**
 * A locked video as one compact row: number, title, duration and a lock. No thumbnail (thirty
 * identical dark tiles said nothing); the row is a link to how to unlock it.
 */
function LockedRow({ video, n, unlock }: Numbered & { unlock: { href: string; label: string } }) {
  const fallback = useEnglishFallback();
  const { t } = useTranslation();
  return (
    <li id={`lesson-${video.key}`} className="scroll-mt-24" data-state="locked" data-testid="video-locked">
      <Link
        to={unlock.href}
        className="flex items-center gap-3 py-2.5 hover:bg-ink-50 focus-visible:bg-ink-50"
        title={unlock.label}
      >
        <span className="w-7 shrink-0 text-sm font-semibold text-ink-600 tabular-nums">{n}.</span>
        <span className="min-w-0 flex-1 break-words text-ink-900" {...fallback(video.title)}>
          {video.title}
        </span>
        {video.duration ? (
          <span className="shrink-0 text-sm text-ink-600">
            <Duration duration={video.duration} />
          </span>
        ) : null}
        <span className="inline-flex shrink-0 items-center gap-1 text-xs font-semibold text-ink-700">
          <LockIcon className="size-4" />
          {/* On a phone the icon alone keeps the row on one line; the words are still read out. */}
          <span className="sr-only sm:not-sr-only">{t("video.lockedShort")}</span>
          <span className="sr-only">{`: ${unlock.label}`}</span>
        </span>
      </Link>
    </li>
  );
}

function ClockIcon({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" strokeLinecap="round" />
    </svg>
  );
}

/** A lesson its teacher announces without a video yet: number, title and "Coming soon"; no duration, no link. */
function SoonRow({ video, n }: Numbered) {
  const fallback = useEnglishFallback();
  const { t } = useTranslation();
  return (
    <li
      id={`lesson-${video.key}`}
      className="flex scroll-mt-24 items-center gap-3 py-2.5"
      data-state="soon"
      data-testid="video-soon"
    >
      <span className="w-7 shrink-0 text-sm font-semibold text-ink-600 tabular-nums">{n}.</span>
      <span className="min-w-0 flex-1 break-words text-ink-700" {...fallback(video.title)}>
        {video.title}
      </span>
      <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-ink-100 px-2 py-0.5 text-xs font-semibold text-ink-700">
        <ClockIcon className="size-4" />
        {t("video.comingSoon")}
      </span>
    </li>
  );
}

/**
 * A list of videos. Those the viewer may open are cards with a player (or "coming soon"); the locked
 * ones follow as one compact numbered list, so a visitor sees the curriculum instead of a wall.
 */
export function VideoList({
  videos,
  label,
  id,
  youtubeApi,
  signedIn = false,
}: {
  videos: VideoView[];
  label: string;
  id?: string;
  /** For a signed-in learner: where the YouTube IFrame Player API is (progress of YouTube lessons). */
  youtubeApi?: string;
  /** Whether the viewer is signed in: where a locked row leads (sign in, or the subscription). */
  signedIn?: boolean;
}) {
  const { t } = useTranslation();
  const unlock = useUnlock(signedIn);
  const numbered = videos.map((video, index) => ({ video, n: index + 1 }));
  const open = numbered.filter(({ video }) => video.player && video.player.kind !== "soon");
  const locked = numbered.filter(({ video }) => !video.player);
  const soon = numbered.filter(({ video }) => video.player?.kind === "soon");
  const lockedHeadingId = `${id ?? "videos"}-locked`;
  const soonHeadingId = `${id ?? "videos"}-soon`;
  return (
    <div id={id} className="grid gap-8" data-testid="video-list">
      {open.length > 0 ? (
        <ol aria-label={label} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {open.map((item) => (
            <VideoCard key={item.video.key} {...item} youtubeApi={youtubeApi} />
          ))}
        </ol>
      ) : null}
      {locked.length > 0 ? (
        <section
          aria-labelledby={lockedHeadingId}
          className="rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-6"
        >
          <h3 id={lockedHeadingId} className="flex items-center gap-2 font-bold text-ink-900">
            <LockIcon className="size-5 shrink-0" />
            {open.length > 0
              ? t("video.lockedHeadingMore", { count: locked.length })
              : t("video.lockedHeading", { count: locked.length })}
          </h3>
          <ol
            aria-label={open.length > 0 ? t("video.lockedListLabel", { label }) : label}
            className="mt-2 divide-y divide-ink-100"
          >
            {locked.map((item) => (
              <LockedRow key={item.video.key} {...item} unlock={unlock} />
            ))}
          </ol>
        </section>
      ) : null}
      {soon.length > 0 ? (
        <section
          aria-labelledby={soonHeadingId}
          className="rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-6"
        >
          <h3 id={soonHeadingId} className="flex items-center gap-2 font-bold text-ink-900">
            <ClockIcon className="size-5 shrink-0" />
            {t("video.soonCount", { count: soon.length })}
          </h3>
          <ol
            aria-label={open.length + locked.length > 0 ? t("video.soonListLabel", { label }) : label}
            className="mt-2 divide-y divide-ink-100"
          >
            {soon.map((item) => (
              <SoonRow key={item.video.key} {...item} />
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}

/** The banner or notice above a list, by viewer (docs/product.md#who-sees-what). */
export function AccessNotice({
  viewer,
  subscribedUntil,
  freeSamples,
  allFree = false,
}: {
  viewer: { isAuthenticated: boolean; hasSubscription: boolean; isAdmin: boolean };
  subscribedUntil?: string | null;
  /** The list's free samples for learners (as the access rule allows them). */
  freeSamples: number;
  /** Its teacher made every lesson free for signed-in learners. */
  allFree?: boolean;
}) {
  const { t } = useTranslation();
  const signIn = useSignInHref();
  if (viewer.hasSubscription) {
    return (
      <div
        role="status"
        className="mb-8 rounded-[var(--radius-card)] bg-success-700 p-5 text-white"
        data-testid="subscribed-banner"
      >
        <p className="text-xl font-bold">{t("video.subscribedBanner")}</p>
        <p className="mt-1">{t("video.subscribedText")}</p>
        {subscribedUntil ? (
          <p className="mt-1 text-sm">{t("video.subscribedUntil", { date: subscribedUntil })}</p>
        ) : null}
      </div>
    );
  }
  if (viewer.isAdmin) return null;
  if (viewer.isAuthenticated) {
    return (
      <div
        className="mb-8 flex flex-wrap items-center justify-between gap-3 rounded-[var(--radius-card)] bg-brand-50 p-5"
        data-testid="learner-notice"
      >
        <p className="text-ink-800">
          {allFree
            ? t("video.learnerNoticeAllFree")
            : freeSamples > 0
              ? t("video.learnerNotice", { count: freeSamples })
              : t("video.learnerNoticeNone")}
        </p>
        {/* Nothing here to subscribe for when every lesson is free. */}
        {allFree ? null : (
          <Link to="/Payments" className="btn btn-primary">
            {t("video.subscribeCta")}
          </Link>
        )}
      </div>
    );
  }
  return (
    <div
      className="mb-8 flex flex-wrap items-center justify-between gap-3 rounded-[var(--radius-card)] bg-brand-50 p-5"
      data-testid="visitor-notice"
    >
      <p className="text-ink-800">
        {allFree
          ? t("video.visitorNoticeAllFree")
          : freeSamples > 0
            ? t("video.visitorNotice")
            : t("video.visitorNoticeNone")}
      </p>
      <Link to={signIn} className="btn btn-primary">
        {t("video.signInCta")}
      </Link>
    </div>
  );
}
