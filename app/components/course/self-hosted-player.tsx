import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { CaptionsTrack, VideoView } from "~/models/catalogue.types";
import { LessonNotes } from "./lesson-notes-lazy";
import { ResumeBar } from "./resume-bar";
import { VideoSources } from "./video-sources";

/**
 * A self-hosted video. For a signed-in learner it reports progress as they watch and starts where
 * they left off: the media fragment (#t=754) does that even before JavaScript runs; "Start over"
 * and "Resume from 12:34" then move the player either way.
 */
export default function SelfHostedPlayer({
  video,
  src,
  captions,
  onWatched,
  onEnded,
  study = false,
}: {
  video: VideoView;
  src: string;
  captions: CaptionsTrack[];
  onWatched?: () => void;
  /** The video played to its end. */
  onEnded?: () => void;
  /** On the lesson's own page: the transcript and the learner's notes under the player. */
  study?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const progress = video.progress;
  const lesson = progress?.lesson;
  const resumeAt = progress?.resumeAt ?? 0;
  const [choice, setChoice] = useState<"undecided" | "decided">("undecided");
  const [speed, setSpeed] = useState(1);
  // The captions shown: in the page's language (on from the start), else the other (off until asked).
  const captionsLanguage = (captions.find((c) => c.language === i18n.language) ?? captions[0])?.language;
  const [captionsOn, setCaptionsOn] = useState(captions.some((c) => c.language === i18n.language));
  const hintId = useId();
  useEffect(() => {
    if (ref.current) setPlaybackRate(ref.current, speed);
  }, [speed]);
  useEffect(() => {
    const media = ref.current;
    if (!media) return;
    showCaptions(media, captionsOn ? captionsLanguage : undefined);
    // The browser's own captions menu changes them too: the toggle follows it.
    const follow = () => setCaptionsOn([...media.textTracks].some((track) => track.mode === "showing"));
    media.textTracks.addEventListener("change", follow);
    return () => media.textTracks.removeEventListener("change", follow);
  }, [captionsOn, captionsLanguage]);
  // Keys on the focused video, as on YouTube: K plays or pauses, J and L go back or forward 10 s, C
  // turns captions on or off (Space and the arrows are the browser's own).
  const onKeyDown = (event: React.KeyboardEvent<HTMLVideoElement>) => {
    const media = event.currentTarget;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    if (key === "k") void (media.paused ? media.play().catch(() => undefined) : media.pause());
    else if (key === "j") media.currentTime = Math.max(0, media.currentTime - 10);
    else if (key === "l") media.currentTime = media.currentTime + 10;
    else if (key === "c" && captionsLanguage) setCaptionsOn(!captionsOn);
    else return;
    event.preventDefault();
  };
  // The latest callback, without following the element anew each render (that would report each time).
  const watchedRef = useRef(onWatched);
  useEffect(() => {
    watchedRef.current = onWatched;
  }, [onWatched]);
  useEffect(() => {
    const media = ref.current;
    if (!media || !lesson) return;
    // Loaded for signed-in learners only: visitors' pages carry none of it (issue 16's budget).
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("./progress-report.client").then(({ followMediaElement }) => {
      if (!cancelled) stop = followMediaElement(media, lesson, () => watchedRef.current?.());
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [lesson]);
  useEffect(() => {
    const media = ref.current;
    return media ? reloadWhenTheLinkExpires(media) : undefined;
  }, []);
  const playFrom = (seconds: number) => {
    const media = ref.current;
    if (!media) return;
    setChoice("decided");
    // Before the video has loaded, a seek would be undone by the #t= start: seek once it has.
    const seek = () => {
      media.currentTime = seconds;
    };
    if (media.readyState >= HTMLMediaElement.HAVE_METADATA) seek();
    else media.addEventListener("loadedmetadata", seek, { once: true });
    void media.play().catch(() => undefined);
  };
  return (
    <div>
      <video
        ref={ref}
        controls
        aria-label={video.title}
        preload="none"
        poster="/images/video-poster.svg"
        className="aspect-video w-full rounded-lg bg-black focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        data-testid="video-mp4"
        aria-describedby={hintId}
        onPlay={() => setChoice("decided")}
        onEnded={onEnded}
        onKeyDown={onKeyDown}
      >
        <VideoSources src={src} start={resumeAt} captions={captions} />
      </video>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" data-testid="player-controls">
        <label className="flex items-center gap-2">
          {t("video.controls.speed")}
          <select
            value={speed}
            onChange={(event) => setSpeed(Number(event.target.value))}
            // "1.5×" reads the same on a Hebrew page (a select draws its options in its own direction).
            dir="ltr"
            className="rounded-md border border-ink-300 px-2 py-1"
          >
            {PLAYBACK_SPEEDS.map((rate) => (
              <option key={rate} value={rate}>
                {`${rate}×`}
              </option>
            ))}
          </select>
        </label>
        {captionsLanguage ? (
          <button
            type="button"
            aria-pressed={captionsOn}
            onClick={() => setCaptionsOn(!captionsOn)}
            className="rounded-md border border-ink-300 px-3 py-1 font-semibold aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
          >
            {t("video.controls.captions")}
          </button>
        ) : null}
        <p id={hintId} className="text-ink-700">
          {t(captionsLanguage ? "video.controls.keys" : "video.controls.keysNoCaptions")}
        </p>
      </div>
      {resumeAt > 0 && choice === "undecided" ? <ResumeBar at={resumeAt} onPlay={playFrom} /> : null}
      {study && captions.length > 0 ? (
        <TranscriptToggle
          captions={captions}
          media={ref}
          onSeek={(seconds) => {
            if (ref.current) ref.current.currentTime = seconds;
          }}
        />
      ) : null}
      {study && progress?.notes ? (
        <LessonNotes
          lesson={progress.lesson}
          notes={progress.notes}
          getPosition={() => (ref.current ? ref.current.currentTime : null)}
          onSeek={playFrom}
        />
      ) : null}
    </div>
  );
}

/** The speeds the player offers (issue 32: 0.5–2×). */
const PLAYBACK_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];

/** At most one reload in this long: a video the viewer may no longer watch fails again, and stays failed. */
const RELOAD_AT_MOST_EVERY_MS = 30_000;

/**
 * The bytes of a lesson video may come from a URL signed for a while (decisions 0056 and 0061): the
 * browser reads every later range from the URL it was redirected to, so after a long pause that URL
 * has expired and the next seek fails with a network error. The player then asks `/video/<file>`
 * again (`load()` starts from the <source>), which checks access anew and signs a fresh URL, and
 * goes back to where the learner was, playing if it was. Returns the clean-up.
 */
function reloadWhenTheLinkExpires(media: HTMLVideoElement): () => void {
  let lastReload = Number.NEGATIVE_INFINITY;
  // Whether the learner has it playing: Chromium marks the element paused when the network fails,
  // without a "pause" event, so `paused` no longer says it when the error comes.
  let playing = !media.paused;
  const onPlay = () => (playing = true);
  const onPause = () => (playing = false);
  const onError = () => {
    if (media.error?.code !== MediaError.MEDIA_ERR_NETWORK) return;
    const now = performance.now();
    if (now - lastReload < RELOAD_AT_MOST_EVERY_MS) return;
    lastReload = now;
    const at = media.currentTime;
    const wasPlaying = playing;
    media.addEventListener(
      "loadedmetadata",
      () => {
        media.currentTime = at;
        if (wasPlaying) void media.play().catch(() => undefined);
      },
      { once: true },
    );
    media.load();
  };
  media.addEventListener("play", onPlay);
  media.addEventListener("pause", onPause);
  media.addEventListener("ended", onPause);
  media.addEventListener("error", onError);
  return () => {
    media.removeEventListener("play", onPlay);
    media.removeEventListener("pause", onPause);
    media.removeEventListener("ended", onPause);
    media.removeEventListener("error", onError);
  };
}

function setPlaybackRate(media: HTMLVideoElement, rate: number) {
  media.playbackRate = rate;
  // A new source (a resume, a replay) starts at the default rate: keep the chosen one.
  media.defaultPlaybackRate = rate;
}

/** Shows the captions track of `language` (none when undefined), hides the others. */
function showCaptions(media: HTMLVideoElement, language: string | undefined) {
  for (const track of media.textTracks) track.mode = track.language === language ? "showing" : "hidden";
}

/** Loaded when a learner first opens a transcript: no page carries it before. */
const Transcript = lazy(() => import("./transcript"));

/** "Show transcript": the captions in the page's language (or the other) as text, under the player. */
function TranscriptToggle({
  captions,
  media,
  onSeek,
}: {
  captions: CaptionsTrack[];
  media: React.RefObject<HTMLVideoElement | null>;
  onSeek: (seconds: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const track = captions.find((c) => c.language === i18n.language) ?? captions[0]!;
  return (
    <div className="mt-2">
      <button
        type="button"
        className="text-sm font-semibold text-brand-700 underline underline-offset-2"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {t(open ? "video.transcript.hide" : "video.transcript.show")}
      </button>
      <div id={id} hidden={!open}>
        {open ? (
          <Suspense fallback={<p className="mt-2 text-sm text-ink-700">{t("video.transcript.loading")}</p>}>
            <Transcript src={track.src} language={track.language} media={media} onSeek={onSeek} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
