import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Form, Link, useRevalidator } from "react-router";
import type { CaptionsTrack, VideoProgressView, VideoView } from "~/models/catalogue.types";
import { lazyRenderedOnServer } from "~/components/ui/lazy-on-server";
import { LessonNotes } from "./lesson-notes-lazy";
import { ResumeBar } from "./resume-bar";
import { useEnglishFallback } from "~/components/ui/english-fallback";
import { useSignInHref } from "~/components/auth/use-sign-in-href";
import { useUnlock } from "./use-unlock";
import { VideoSources } from "./video-sources";
import type { YoutubeControls } from "./youtube-api.client";

type ImageLoading = "eager" | "lazy";
/** The cards of a list's first row on the widest layout: their pictures are not lazy. */
const FIRST_ROW = 3;

function PlayIcon() {
  return (
    <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-black/60 text-white transition-transform group-hover:scale-110">
        <svg viewBox="0 0 24 24" className="ms-1 size-7" fill="currentColor">
          <path d="M8 5v14l11-7z" />
        </svg>
      </span>
    </span>
  );
}

/**
 * A YouTube facade: nothing loads from YouTube until the learner asks. Without JavaScript the
 * thumbnail is a plain link to the video; with it, a click swaps in the youtube-nocookie player.
 */
/** Loaded when a signed-in learner first presses play on a YouTube lesson (issue 16's budget). */
const TrackedYoutube = lazy(() => import("./tracked-youtube"));

/**
 * A self-hosted player, with its captions, controls and transcript: a chunk of its own, since most
 * visitors never get one (a lesson with its own file is for those who may watch it), rendered in
 * place by the server (a <video> plays without JavaScript).
 */
const SelfHostedPlayer = lazyRenderedOnServer(() => import("./self-hosted-player"));

function YoutubePlayer({
  video,
  videoId,
  youtubeApi,
  onWatched,
  onEnded,
  study,
  loading,
}: {
  video: VideoView;
  videoId: string;
  youtubeApi?: string;
  onWatched?: () => void;
  onEnded?: () => void;
  study: boolean;
  loading: ImageLoading;
}) {
  const { t, i18n } = useTranslation();
  // Where the player starts once the learner asks for it (null: the facade still shows).
  const [from, setFrom] = useState<number | null>(null);
  const resumeAt = video.progress?.resumeAt ?? 0;
  // A signed-in learner's lesson plays in the API's player, which says where they are.
  const [apiFailed, setApiFailed] = useState(false);
  // That player's position and seeking, once it is ready: the lesson's notes are stamped with it.
  const controls = useRef<YoutubeControls | null>(null);
  const progress = video.progress;
  // A learner's own notes on the lesson's page, under whichever player shows; a stamp plays from there
  // (and starts the player there when it has not started yet).
  const notes =
    study && progress?.notes ? (
      <LessonNotes
        lesson={progress.lesson}
        notes={progress.notes}
        getPosition={() => controls.current?.position() ?? null}
        onSeek={(seconds) => {
          if (controls.current) controls.current.seekTo(seconds);
          else setFrom(seconds);
        }}
      />
    ) : null;
  const withNotes = (player: React.ReactNode) =>
    notes ? (
      <>
        {player}
        {notes}
      </>
    ) : (
      player
    );
  if (from !== null && video.progress && youtubeApi && !apiFailed) {
    return withNotes(
      <Suspense fallback={<div className="aspect-video w-full rounded-lg bg-black" />}>
        <TrackedYoutube
          video={video}
          videoId={videoId}
          lesson={video.progress.lesson}
          start={from}
          youtubeApi={youtubeApi}
          onWatched={onWatched}
          onEnded={onEnded}
          onFailed={() => setApiFailed(true)}
          onControls={(ready) => {
            controls.current = ready;
          }}
        />
      </Suspense>,
    );
  }
  if (from !== null) {
    const frame = (
      <iframe
        src={`https://www.youtube-nocookie.com/embed/${videoId}?${new URLSearchParams({
          autoplay: "1",
          rel: "0",
          // YouTube's own captions, in the page's language and on from the start (issue 32).
          cc_load_policy: "1",
          cc_lang_pref: i18n.language,
          hl: i18n.language,
          ...(from > 0 ? { start: String(from) } : {}),
        })}`}
        title={video.title}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        className="aspect-video w-full rounded-lg bg-black"
      />
    );
    // A learner whose YouTube player script was blocked (an extension, a network): the lesson still
    // plays, and they are told it is not being recorded (issue 32).
    if (!apiFailed || !video.progress) return withNotes(frame);
    return withNotes(
      <div>
        {frame}
        <p role="status" className="mt-2 text-sm text-ink-700" data-testid="youtube-untracked">
          {t("video.untracked")}
        </p>
      </div>,
    );
  }
  return withNotes(
    <div>
      <a
        href={`https://www.youtube.com/watch?v=${videoId}${resumeAt > 0 ? `&t=${resumeAt}s` : ""}`}
        target="_blank"
        rel="noopener noreferrer"
        onClick={(event) => {
          event.preventDefault();
          setFrom(resumeAt);
        }}
        className="group relative block overflow-hidden rounded-lg bg-ink-900"
        aria-label={t("video.play", { title: video.title })}
        data-testid="video-facade"
        data-video-id={videoId}
      >
        <img
          src={video.thumb}
          alt=""
          width={480}
          height={360}
          loading={loading}
          className="aspect-video w-full object-cover"
        />
        <PlayIcon />
      </a>
      {resumeAt > 0 ? <ResumeBar at={resumeAt} onPlay={setFrom} /> : null}
    </div>,
  );
}

function LockedPreview({ video, loading }: { video: VideoView; loading: ImageLoading }) {
  const { t } = useTranslation();
  const signIn = useSignInHref();
  return (
    <Link
      to={signIn}
      className="group relative block overflow-hidden rounded-lg bg-ink-900"
      aria-label={`${video.title} — ${t("video.locked")}`}
      data-testid="video-locked"
    >
      <img
        src={video.thumb}
        alt=""
        width={480}
        height={360}
        loading={loading}
        className="aspect-video w-full object-cover opacity-40 grayscale"
      />
      <span aria-hidden="true" className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-white">
        <svg viewBox="0 0 24 24" className="size-10" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="5" y="11" width="14" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>
        <span className="rounded bg-black/60 px-2 py-0.5 text-sm font-semibold">{t("video.lockedShort")}</span>
      </span>
    </Link>
  );
}

/** A lesson the viewer may watch that has no video yet: the poster and "Video coming soon", never a broken player. */
/** An exercise on a list page: what it is and the way to its own page (it is done there, issue 34). */
function ExerciseCard({ video, language }: { video: VideoView; language: "javascript" | "sql" }) {
  const { t } = useTranslation();
  return (
    <div
      className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-lg bg-ink-900 p-4 text-center text-white"
      data-testid="video-exercise"
    >
      <span className="font-mono text-2xl" aria-hidden="true">
        {"{ }"}
      </span>
      <span className="font-semibold">{t(language === "sql" ? "video.exerciseSql" : "video.exerciseJavascript")}</span>
      {video.page ? (
        <a href={video.page} className="btn btn-primary">
          {t("video.openExercise")}
        </a>
      ) : null}
    </div>
  );
}

function ComingSoon({ video, loading }: { video: VideoView; loading: ImageLoading }) {
  const { t } = useTranslation();
  return (
    <div className="relative overflow-hidden rounded-lg bg-ink-900" data-testid="video-soon">
      <img
        src={video.thumb}
        alt=""
        width={480}
        height={360}
        loading={loading}
        className="aspect-video w-full object-cover"
      />
      {/* A solid disc over the poster's play mark: nothing here looks playable. */}
      <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-ink-950/30 text-white">
        <span className="flex size-24 items-center justify-center rounded-full bg-ink-950">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-10"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v5l3 2" strokeLinecap="round" />
          </svg>
        </span>
        <span className="rounded bg-ink-950 px-2 py-0.5 text-sm font-semibold">{t("video.comingSoon")}</span>
      </span>
    </div>
  );
}

export function VideoPlayerOrLock({
  video,
  onWatched,
  onEnded,
  study = false,
  youtubeApi,
  loading = "lazy",
}: {
  video: VideoView;
  onWatched?: () => void;
  /** The video played to its end (the lesson's page then offers the next lesson; never plays it). */
  onEnded?: () => void;
  /** On the lesson's own page: the transcript and the learner's notes under the player. */
  study?: boolean;
  /** The IFrame Player API's URL, for a signed-in learner's page (progress of YouTube lessons). */
  youtubeApi?: string;
  /** "eager" for a picture in the first screen (issue 16: never wait for lazy loading there). */
  loading?: ImageLoading;
}) {
  if (!video.player) return <LockedPreview video={video} loading={loading} />;
  if (video.player.kind === "soon") return <ComingSoon video={video} loading={loading} />;
  if (video.player.kind === "exercise") return <ExerciseCard video={video} language={video.player.language} />;
  if (video.player.kind === "youtube")
    return (
      <YoutubePlayer
        video={video}
        videoId={video.player.videoId}
        youtubeApi={youtubeApi}
        onWatched={onWatched}
        onEnded={onEnded}
        study={study}
        loading={loading}
      />
    );
  // A visitor's card on a list page: the browser's own player, with the captions (nothing to report,
  // resume or note, so none of the player's code: the list pages' script budget, issue 16).
  if (!study && !video.progress)
    return <PlainVideo video={video} src={video.player.src} captions={video.player.captions} />;
  return (
    <SelfHostedPlayer
      video={video}
      src={video.player.src}
      captions={video.player.captions}
      onWatched={onWatched}
      onEnded={onEnded}
      study={study}
    />
  );
}

/** A self-hosted video in the browser's own player: its captions offered, those in the page's language on. */
function PlainVideo({ video, src, captions }: { video: VideoView; src: string; captions: CaptionsTrack[] }) {
  return (
    <video
      controls
      aria-label={video.title}
      preload="none"
      poster="/images/video-poster.svg"
      className="aspect-video w-full rounded-lg bg-black"
      data-testid="video-mp4"
    >
      <VideoSources src={src} captions={captions} />
    </video>
  );
}

function CheckMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5" fill="currentColor">
      <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
    </svg>
  );
}

/**
 * "Watched" (the server measured it: it counts toward the certificate), "Marked complete" (the
 * learner's own bookmark), and the form that sets or clears the mark (a plain POST: works without
 * JavaScript). The list page says once, above the lessons, that a mark counts toward nothing.
 */
export function LessonMark({ progress }: { progress: VideoProgressView }) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
      <span className="flex flex-wrap gap-1.5">
        {progress.watched ? (
          <span
            className="inline-flex items-center gap-1 rounded-full bg-success-700 px-2.5 py-0.5 text-xs font-semibold text-white"
            data-testid="lesson-watched"
          >
            <CheckMark />
            {t("progress.watched")}
          </span>
        ) : null}
        {progress.marked ? (
          <span
            className="inline-flex items-center gap-1 rounded-full border border-ink-300 px-2.5 py-0.5 text-xs font-semibold text-ink-700"
            data-testid="lesson-marked"
          >
            <CheckMark />
            {t("progress.marked")}
          </span>
        ) : null}
      </span>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="lesson" value={progress.lesson} />
        <input type="hidden" name="intent" value={progress.marked ? "incomplete" : "complete"} />
        <button type="submit" className="text-sm font-semibold text-brand-800 underline-offset-4 hover:underline">
          {progress.marked ? t("progress.markIncomplete") : t("progress.markComplete")}
        </button>
      </Form>
    </div>
  );
}

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

/** "12:34", read out as "Duration 12:34"; digits stay left-to-right inside Hebrew. */
export function Duration({ duration }: { duration: string }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="sr-only">{t("video.duration", { duration })}</span>
      <span aria-hidden="true" dir="ltr" className="tabular-nums">
        {duration}
      </span>
    </>
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
