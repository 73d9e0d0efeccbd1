import { REPORT_EVERY_MS } from "~/models/progress.limits";

/**
 * Reports where the learner is in a lesson (POST /api/progress, form-encoded). While the page is
 * open: a keepalive fetch, whose answer says whether the lesson is now complete. When the page is
 * being left: a beacon, which the browser sends even as the page goes. A lost report loses seconds,
 * never the record: the next one carries the position again.
 */
export function reportProgress(
  lesson: string,
  position: number,
  duration: number | null,
  leaving = false,
): Promise<{ completed: boolean } | undefined> {
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
    .then((response) => (response.ok ? (response.json() as Promise<{ completed: boolean }>) : undefined))
    .catch(() => undefined);
}

/** What a player says about itself: where it is, how long the video is, and whether it plays. */
export interface PlayerReading {
  position: number;
  duration: number | null;
  playing: boolean;
}

/**
 * Follows one player of one lesson: `tick()` as it plays reports every 10 s at most; `flush()` (on
 * pause or end) reports at once; leaving the page reports by beacon. A position already reported is
 * not sent again. `stop()` reports what was watched since the last report and lets go.
 */
export function followPlayer(lesson: string, read: () => PlayerReading, onCompleted: () => void) {
  let lastReportAt = 0;
  let lastPosition = -1;
  const report = (leaving: boolean) => {
    const { position, duration } = read();
    const whole = Math.floor(position);
    if (whole === lastPosition || (whole === 0 && lastPosition === -1)) return;
    lastPosition = whole;
    lastReportAt = Date.now();
    void reportProgress(lesson, whole, duration, leaving).then((answer) => {
      if (answer?.completed) onCompleted();
    });
  };
  const onHidden = () => {
    if (document.visibilityState === "hidden") report(true);
  };
  const onPageHide = () => report(true);
  document.addEventListener("visibilitychange", onHidden);
  window.addEventListener("pagehide", onPageHide);
  return {
    tick() {
      if (read().playing && Date.now() - lastReportAt >= REPORT_EVERY_MS) report(false);
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
export function followMediaElement(media: HTMLMediaElement, lesson: string, onCompleted: () => void): () => void {
  const follower = followPlayer(
    lesson,
    () => ({
      position: media.currentTime,
      duration: Number.isFinite(media.duration) ? media.duration : null,
      playing: !media.paused,
    }),
    onCompleted,
  );
  const onTimeUpdate = () => follower.tick();
  const onPause = () => follower.flush();
  media.addEventListener("timeupdate", onTimeUpdate);
  media.addEventListener("pause", onPause);
  media.addEventListener("ended", onPause);
  return () => {
    media.removeEventListener("timeupdate", onTimeUpdate);
    media.removeEventListener("pause", onPause);
    media.removeEventListener("ended", onPause);
    follower.stop();
  };
}
