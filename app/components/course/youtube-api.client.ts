import { followPlayer } from "./progress-report.client";

/**
 * YouTube's IFrame Player API, as much of it as progress tracking uses
 * (https://developers.google.com/youtube/iframe_api_reference).
 */
export interface YoutubePlayerApi {
  getCurrentTime(): number;
  getDuration(): number;
  getPlayerState(): number;
  pauseVideo(): void;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  getIframe(): HTMLIFrameElement;
  destroy(): void;
}

interface YoutubeNamespace {
  Player: new (
    element: HTMLElement,
    options: {
      host?: string;
      videoId: string;
      width?: string | number;
      height?: string | number;
      playerVars?: Record<string, string | number>;
      events?: {
        onReady?: (event: { target: YoutubePlayerApi }) => void;
        onStateChange?: (event: { data: number; target: YoutubePlayerApi }) => void;
        onError?: (event: { data: number }) => void;
      };
    },
  ) => YoutubePlayerApi;
  PlayerState: { ENDED: number; PLAYING: number; PAUSED: number };
}

declare global {
  interface Window {
    YT?: YoutubeNamespace;
    onYouTubeIframeAPIReady?: () => void;
  }
}

let loading: Promise<YoutubeNamespace> | undefined;

/**
 * Loads the API once per page, when a learner first presses play on a YouTube lesson: until then no
 * request goes to YouTube. The page's CSP trusts the script because our own (nonced) code adds it
 * ('strict-dynamic'); no origin of YouTube's is allowed to run scripts otherwise.
 */
export function loadYoutubeApi(src: string, timeoutMs = 10_000): Promise<YoutubeNamespace> {
  if (window.YT?.Player) return Promise.resolve(window.YT);
  loading ??= new Promise<YoutubeNamespace>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error("The YouTube player API did not load in time")), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      loading = undefined;
      reject(error);
    };
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      clearTimeout(timer);
      if (window.YT?.Player) resolve(window.YT);
      else fail(new Error("The YouTube player API loaded without a player"));
    };
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onerror = () => fail(new Error("The YouTube player API could not be loaded"));
    document.head.append(script);
  });
  return loading;
}

/**
 * A YouTube lesson in the API's player (youtube-nocookie), started where the learner left off and
 * followed as it plays. Returns the function that stops following and removes the player.
 */
export function playTrackedYoutube(
  YT: YoutubeNamespace,
  element: HTMLElement,
  options: {
    videoId: string;
    title: string;
    lesson: string;
    start: number;
    /** The page's language: YouTube's own captions in it, shown from the start (issue 32). */
    language: string;
    onWatched: () => void;
    /** The video played to its end. */
    onEnded?: () => void;
    /** Once the player is ready: where it is, and a way to move it (a note's time stamp, issue 32). */
    onControls?: (controls: YoutubeControls) => void;
  },
): () => void {
  let player: YoutubePlayerApi | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  const follower = followPlayer(
    options.lesson,
    () => {
      const duration = player?.getDuration() ?? 0;
      return {
        position: player?.getCurrentTime() ?? 0,
        duration: duration > 0 ? duration : null,
        playing: player?.getPlayerState() === YT.PlayerState.PLAYING,
      };
    },
    options.onWatched,
    () => player?.pauseVideo(),
  );
  player = new YT.Player(element, {
    host: "https://www.youtube-nocookie.com",
    videoId: options.videoId,
    width: "100%",
    height: "100%",
    playerVars: {
      autoplay: 1,
      rel: 0,
      playsinline: 1,
      ...youtubeCaptionVars(options.language),
      ...(options.start > 0 ? { start: options.start } : {}),
    },
    events: {
      // The player's frame is named after the lesson, as the plain embed is.
      onReady: ({ target }) => {
        target.getIframe().title = options.title;
        options.onControls?.({
          position: () => target.getCurrentTime(),
          seekTo: (seconds) => target.seekTo(seconds, true),
        });
      },
      onStateChange: ({ data }) => {
        if (data === YT.PlayerState.PLAYING) {
          // A stretch of watching starts with a report; the API has no time events: look once a second.
          follower.start();
          timer ??= setInterval(() => follower.tick(), 1000);
          return;
        }
        clearInterval(timer);
        timer = undefined;
        if (data === YT.PlayerState.PAUSED || data === YT.PlayerState.ENDED) follower.flush();
        if (data === YT.PlayerState.ENDED) options.onEnded?.();
      },
    },
  });
  return () => {
    clearInterval(timer);
    follower.stop();
    player?.destroy();
  };
}

/** What a YouTube lesson's notes ask of its player: where it is, and to go to a second. */
export interface YoutubeControls {
  position(): number;
  seekTo(seconds: number): void;
}

/**
 * YouTube's own captions, in the page's language and on from the start (WCAG 1.2.2): the embed's
 * parameters, for the API's player and the plain one alike.
 */
export function youtubeCaptionVars(language: string) {
  return { cc_load_policy: 1, cc_lang_pref: language, hl: language };
}
