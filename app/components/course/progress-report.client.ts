import { REPORT_EVERY_MS } from "~/models/progress.limits";

/**
 * Reports where the learner is in a lesson (POST /api/progress, form-encoded). While the page is
 * open: a keepalive fetch, whose answer says whether the lesson is now watched (the server measures
 * that from the time it sees pass between reports: the player's numbers alone prove nothing). When the
 * page is being left: a beacon, which the browser sends even as the page goes. A lost report loses
 * seconds, never the record: the next one carries the position again.
 */
export function reportProgress(
  lesson: string,
  position: number,
  duration: number | null,
  leaving = false,
): Promise<{ watched: boolean } | undefined> {
  const body = new URLSearchParams({
    lesson,
    position: String(Math.floor(position)),
    duration: duration !== null && Number.isFinite(duration) && duration > 0 ? String(Math.round(duration)) : "",
  });
  if (leaving && typeof navigator.sendBeacon === "function") {
    navigator.sendBeacon("/api/progress", body);
    return Promise.resolve(undefined);
  }
  return fetch("/api/progress", { method: "POST", body, keepalive: true, credentials: "same-origin" })
    .then((response) => (response.ok ? (response.json() as Promise<{ watched: boolean }>) : undefined))
    .catch(() => undefined);
}

/** What a player says about itself: where it is, how long the video is, and whether it plays. */
export interface PlayerReading {
  position: number;
  duration: number | null;
  playing: boolean;
}

/**
 * Follows one player of one lesson. `start()` when it starts playing reports at once (the server
 * credits watching from one report to the next, so a stretch of watching begins with a report);
 * `tick()` as it plays reports every 10 s at most; `jump()` as the learner seeks reports where they
 * were before the seek (what they watched until then still counts; the seek itself never does);
 * `flush()` (on pause or end) reports at once; leaving the page reports by beacon. A position already
 * reported is not sent again. `stop()` reports what was watched since the last report and lets go.
 */
export function followPlayer(lesson: string, read: () => PlayerReading, onWatched: () => void) {
  let lastReportAt = 0;
  let lastPosition = -1;
  // The last position seen while playing: where the learner was before a seek.
  let seen: number | undefined;
  const send = (whole: number, duration: number | null, leaving: boolean) => {
    lastPosition = whole;
    lastReportAt = Date.now();
    void reportProgress(lesson, whole, duration, leaving).then((answer) => {
      if (answer?.watched) onWatched();
    });
  };
  const report = (leaving: boolean, starting = false) => {
    const { position, duration } = read();
    const whole = Math.floor(position);
    // A position already sent, or a lesson never played, says nothing new (a start always does).
    if (!starting && (whole === lastPosition || (whole === 0 && lastPosition === -1))) return;
    send(whole, duration, leaving);
  };
  const onHidden = () => {
    if (document.visibilityState === "hidden") report(true);
  };
  const onPageHide = () => report(true);
  document.addEventListener("visibilitychange", onHidden);
  window.addEventListener("pagehide", onPageHide);
  return {
    start() {
      report(false, true);
    },
    tick() {
      const reading = read();
      if (reading.playing) seen = reading.position;
      if (reading.playing && Date.now() - lastReportAt >= REPORT_EVERY_MS) report(false);
    },
    jump() {
      const before = seen === undefined ? undefined : Math.floor(seen);
      seen = undefined;
      if (before !== undefined && before !== lastPosition && lastPosition !== -1) send(before, read().duration, false);
    },
    flush() {
      report(false);
    },
    stop() {
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("pagehide", onPageHide);
      // Leaving the page inside the app (a link): what was watched since the last report still counts.
      report(true);
    },
  };
}

/** Follows a media element (a self-hosted lesson). Returns the function that stops following. */
export function followMediaElement(media: HTMLMediaElement, lesson: string, onWatched: () => void): () => void {
  const follower = followPlayer(
    lesson,
    () => ({
      position: media.currentTime,
      duration: Number.isFinite(media.duration) ? media.duration : null,
      playing: !media.paused,
    }),
    onWatched,
  );
  const onPlaying = () => follower.start();
  const onTimeUpdate = () => follower.tick();
  const onSeeking = () => follower.jump();
  // Where a seek landed, while playing: the next stretch of watching starts there.
  const onSeeked = () => {
    if (!media.paused) follower.start();
  };
  const onPause = () => follower.flush();
  media.addEventListener("playing", onPlaying);
  media.addEventListener("timeupdate", onTimeUpdate);
  media.addEventListener("seeking", onSeeking);
  media.addEventListener("seeked", onSeeked);
  media.addEventListener("pause", onPause);
  media.addEventListener("ended", onPause);
  return () => {
    media.removeEventListener("playing", onPlaying);
    media.removeEventListener("timeupdate", onTimeUpdate);
    media.removeEventListener("seeking", onSeeking);
    media.removeEventListener("seeked", onSeeked);
    media.removeEventListener("pause", onPause);
    media.removeEventListener("ended", onPause);
    follower.stop();
  };
}
