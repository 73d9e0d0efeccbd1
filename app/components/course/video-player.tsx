import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { CaptionsTrack, VideoView } from "~/models/catalogue.types";
import { lazyRenderedOnServer } from "~/components/ui/lazy-on-server";
import { LessonNotes } from "./lesson-notes-lazy";
import { ResumeBar } from "./resume-bar";
import { VideoSources } from "./video-sources";
import type { YoutubeControls } from "./youtube-api.client";

/**
 * One lesson's player (or its lock, "coming soon", an exercise's card), its duration and its mark:
 * what a lesson's own page needs of a list's video code. The lists themselves (cards, locked and
 * "coming soon" rows, the notice above them) are in video-list.tsx, which the lesson's page does not
 * load (issue 35's budget of the JavaScript a page loads).
 */

type ImageLoading = "eager" | "lazy";

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
 * thumbnail is a plain link to the video; with it, a click swaps in the youtube-nocookie player,
 * whose code is loaded then (no page needs it before: issue 35's budget).
 */
const YoutubeFrame = lazy(() => import("./youtube-frame"));

/**
 * A self-hosted player, with its captions, controls and transcript: a chunk of its own, since most
 * visitors never get one (a lesson with its own file is for those who may watch it), rendered in
 * place by the server (a <video> plays without JavaScript).
 */
const SelfHostedPlayer = lazyRenderedOnServer(() => import("./self-hosted-player"));

/**
 * What shows instead of a player: a locked lesson's poster (a list shows its locked lessons as rows)
 * and "coming soon". A page with a player needs neither: each is in a chunk of its own, loaded only
 * where it shows (issue 35's budget), and rendered in place by the server.
 */
const LockedPreview = lazyRenderedOnServer(() => import("./locked-preview"));
const ComingSoon = lazyRenderedOnServer(() => import("./coming-soon"));

/** A learner's "Watched", "Marked complete" and the mark's form: a visitor's page never loads it. */
export const LessonMark = lazyRenderedOnServer(() => import("./lesson-mark"));

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
  const { t } = useTranslation();
  // Where the player starts once the learner asks for it (null: the facade still shows).
  const [from, setFrom] = useState<number | null>(null);
  const resumeAt = video.progress?.resumeAt ?? 0;
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
  if (from !== null)
    return withNotes(
      <Suspense fallback={<div className="aspect-video w-full rounded-lg bg-black" />}>
        <YoutubeFrame
          video={video}
          videoId={videoId}
          from={from}
          youtubeApi={youtubeApi}
          onWatched={onWatched}
          onEnded={onEnded}
          onControls={(ready) => {
            controls.current = ready;
          }}
        />
      </Suspense>,
    );
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
