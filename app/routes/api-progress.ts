import { getCatalogue, getViewer, servicesOf } from "~/context.server";
import { json } from "~/lib/http";
import { progressReport } from "~/models/progress.schema";
import { lessonLength, locateLesson, mayTrack, saveProgress } from "~/models/progress.server";
import { issueCertificateIfEarned } from "~/models/certificate.server";
import type { Route } from "./+types/api-progress";

/**
 * POST /api/progress: the player's report of where the learner is in a lesson (a form-encoded body,
 * as `navigator.sendBeacon` sends it when the page is left). Only the signed-in viewer's own
 * progress, and only in a lesson they may watch. The server credits the time it saw pass, against the
 * lesson's known length (saveProgress); the answer says whether the lesson is now watched.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { db, rateLimits } = servicesOf(context);
  if (request.method !== "POST") return json({ error: "method_not_allowed" }, 405, { Allow: "POST" });
  const viewer = getViewer(context);
  if (!viewer.user) return json({ error: "sign_in_required" }, 401);
  if (!(request.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded"))
    return json({ error: "unsupported_media_type" }, 415);
  const limit = await rateLimits.progress.consume(viewer.user.id);
  if (!limit.ok) return json({ error: "too_many_requests" }, 429, { "Retry-After": String(limit.retryAfter) });
  const parsed = progressReport.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success)
    return json({ error: "validation", fields: parsed.error.issues.map((i) => i.path.join(".")) }, 400);
  const location = locateLesson(getCatalogue(context), parsed.data.lesson);
  if (!location) return json({ error: "not_found" }, 404);
  if (!mayTrack(viewer, location)) return json({ error: "forbidden" }, 403);
  // "Video coming soon": there is nothing to watch, so nothing to report (nor to credit).
  if (!location.lesson.youtubeId && !location.lesson.videoFile) return json({ error: "no_video" }, 404);
  const progress = await saveProgress(db, {
    userId: viewer.user.id,
    lessonId: location.lesson.id,
    position: parsed.data.position,
    duration: parsed.data.duration,
    length: lessonLength(location.lesson),
  });
  // Issued only while the viewer may watch the whole list (certificate.server.ts).
  if (progress.watched) await issueCertificateIfEarned(db, getCatalogue(context), viewer, location.list);
  return json({ position: progress.position, watched: progress.watched });
}

export function loader() {
  return json({ error: "method_not_allowed" }, 405, { Allow: "POST" });
}
