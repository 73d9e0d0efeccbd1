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

/**
 * Follows a media element: a report every 10 s of playing, and on pause, end, and leaving the page.
 * Nothing is sent for a position already reported. Returns the function that stops following.
 */
export function followMediaElement(media: HTMLMediaElement, lesson: string, onCompleted: () => void): () => void {
  let lastReportAt = 0;
  let lastPosition = -1;
  const report = (leaving = false) => {
    const position = Math.floor(media.currentTime);
    if (position === lastPosition || (position === 0 && lastPosition === -1)) return;
    lastPosition = position;
    lastReportAt = Date.now();
    void reportProgress(lesson, position, media.duration, leaving).then((answer) => {
      if (answer?.completed) onCompleted();
    });
  };
  const onTimeUpdate = () => {
    if (!media.paused && Date.now() - lastReportAt >= REPORT_EVERY_MS) report();
  };
  const onPause = () => report();
  const onHidden = () => {
    if (document.visibilityState === "hidden") report(true);
  };
  const onPageHide = () => report(true);
  media.addEventListener("timeupdate", onTimeUpdate);
  media.addEventListener("pause", onPause);
  media.addEventListener("ended", onPause);
  document.addEventListener("visibilitychange", onHidden);
  window.addEventListener("pagehide", onPageHide);
  return () => {
    media.removeEventListener("timeupdate", onTimeUpdate);
    media.removeEventListener("pause", onPause);
    media.removeEventListener("ended", onPause);
    document.removeEventListener("visibilitychange", onHidden);
    window.removeEventListener("pagehide", onPageHide);
    // Leaving the page inside the app (a link): what was watched since the last report still counts.
    report(true);
  };
}
