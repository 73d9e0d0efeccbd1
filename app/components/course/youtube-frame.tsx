import { lazy, Suspense, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { VideoView } from "~/models/catalogue.types";
import type { YoutubeControls } from "./youtube-api.client";

/** Loaded when a signed-in learner first presses play on a YouTube lesson (issue 16's budget). */
const TrackedYoutube = lazy(() => import("./tracked-youtube"));

/**
 * The YouTube player that replaces the facade (video-player.tsx) once the learner presses play: in
 * a chunk of its own, loaded on that click, since no page shows it before.
 */
export default function YoutubeFrame({
  video,
  videoId,
  from,
  youtubeApi,
  onWatched,
  onEnded,
  onControls,
}: {
  video: VideoView;
  videoId: string;
  /** Where it starts, in seconds. */
  from: number;
  youtubeApi?: string;
  onWatched?: () => void;
  onEnded?: () => void;
  /** The API player's position and seeking, once it is ready (the lesson's notes use them). */
  onControls: (controls: YoutubeControls | null) => void;
}) {
  const { t, i18n } = useTranslation();
  // A signed-in learner's lesson plays in the API's player, which says where they are.
  const [apiFailed, setApiFailed] = useState(false);
  if (video.progress && youtubeApi && !apiFailed) {
    return (
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
          onControls={onControls}
        />
      </Suspense>
    );
  }
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
  if (!apiFailed || !video.progress) return frame;
  return (
    <div>
      {frame}
      <p role="status" className="mt-2 text-sm text-ink-700" data-testid="youtube-untracked">
        {t("video.untracked")}
      </p>
    </div>
  );
}
