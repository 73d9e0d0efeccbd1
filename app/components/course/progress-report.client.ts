import { beforeNavigation } from "~/lib/before-navigation";
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
 *
 * Before an in-app navigation's loaders run (lib/before-navigation.ts), the follower reports where the
 * player is and waits for its reports still on their way, so the next page reads the position the
 * learner has now (D-L1: the profile said "Resume from 0:01" while the list, later, said 0:03). When
 * that navigation leaves the page (a link elsewhere), `pause` stops the video first: the learner left
 * off where they clicked, and nothing is reported after that (not the seconds the next page took to
 * load, not as the player goes) — unless the video plays again, should the page stay.
 */
export function followPlayer(lesson: string, read: () => PlayerReading, onWatched: () => void, pause: () => void) {
  let lastReportAt = 0;
  let lastPosition = -1;
  // The last position seen while playing: where the learner was before a seek.
  let seen: number | undefined;
  // Paused for a navigation away from the page: its final position is reported.
  let left = false;
  // Reports sent by fetch and not answered yet: a navigation waits for them.
  const pending = new Set<Promise<unknown>>();
  const send = (whole: number, duration: number | null, leaving: boolean) => {
    if (left) return;
    lastPosition = whole;
    lastReportAt = Date.now();
    const sent = reportProgress(lesson, whole, duration, leaving).then((answer) => {
      if (answer?.watched) onWatched();
    });
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
  };
  const report = (leaving: boolean, starting = false) => {
    const { position, duration } = read();
    const whole = Math.floor(position);
    // A position already sent, or a lesson never played, says nothing new (a start always does).
    if (!starting && (whole === lastPosition || (whole === 0 && lastPosition === -1))) return;
    send(whole, duration, leaving);
  };
  const forgetNavigation = beforeNavigation(({ leaving }) => {
    if (leaving && !left) {
      // Paused before it is read: the position cannot move on between the report and the pause.
      pause();
      report(false);
      left = true;
    } else report(false);
    return Promise.allSettled([...pending]);
  });
  const onHidden = () => {
    if (document.visibilityState === "hidden") report(true);
  };
  const onPageHide = () => report(true);
  document.addEventListener("visibilitychange", onHidden);
  window.addEventListener("pagehide", onPageHide);
  return {
    start() {
      left = false;
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
      forgetNavigation();
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
    () => media.pause(),
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
