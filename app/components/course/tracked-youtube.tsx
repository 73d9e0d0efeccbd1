import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { VideoView } from "~/models/catalogue.types";
import type { YoutubeControls } from "./youtube-api.client";

/**
 * The IFrame API's player. React owns only the frame around it: the API replaces the element it is
 * given, so that element is made here, outside React's tree. If the API cannot load, the plain embed
 * plays instead (untracked): the lesson still plays.
 */
export default function TrackedYoutube({
  video,
  videoId,
  lesson,
  start,
  youtubeApi,
  onWatched,
  onEnded,
  onFailed,
  onControls,
}: {
  video: VideoView;
  videoId: string;
  lesson: string;
  /** Where to start, in seconds: where the learner left off, or 0 for "Start over". */
  start: number;
  youtubeApi: string;
  onWatched?: () => void;
  /** The video played to its end. */
  onEnded?: () => void;
  onFailed: () => void;
  /** The player's position and seeking once it is ready, and null once it is gone (the lesson's notes). */
  onControls?: (controls: YoutubeControls | null) => void;
}) {
  const language = useTranslation().i18n.language;
  const frame = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onWatched, onEnded, onFailed, onControls });
  useEffect(() => {
    callbacks.current = { onWatched, onEnded, onFailed, onControls };
  }, [onWatched, onEnded, onFailed, onControls]);
  useEffect(() => {
    const host = frame.current;
    if (!host) return;
    const target = document.createElement("div");
    host.append(target);
    let stop: (() => void) | undefined;
    let cancelled = false;
    // Loaded on demand: no visitor's page carries the player code (issue 16's JavaScript budget).
    import("./youtube-api.client")
      .then(async ({ loadYoutubeApi, playTrackedYoutube }) => ({
        YT: await loadYoutubeApi(youtubeApi),
        playTrackedYoutube,
      }))
      .then(
        ({ YT, playTrackedYoutube }) => {
          if (cancelled) return;
          stop = playTrackedYoutube(YT, target, {
            videoId,
            title: video.title,
            language,
            lesson,
            start,
            onWatched: () => callbacks.current.onWatched?.(),
            onEnded: () => callbacks.current.onEnded?.(),
            onControls: (controls) => callbacks.current.onControls?.(controls),
          });
        },
        () => {
          if (!cancelled) callbacks.current.onFailed();
        },
      );
    return () => {
      cancelled = true;
      stop?.();
      callbacks.current.onControls?.(null);
      host.replaceChildren();
    };
    // The player is made once per lesson; a new resume point from the server must not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [youtubeApi, videoId, lesson, language]);
  return (
    <div
      ref={frame}
      className="aspect-video w-full overflow-hidden rounded-lg bg-black [&_iframe]:size-full"
      data-testid="youtube-tracked"
    />
  );
}
