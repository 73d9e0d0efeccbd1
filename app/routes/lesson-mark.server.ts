import { data } from "react-router";
import { getCatalogue, getViewer, servicesOf } from "~/context.server";
import type { ListEntry } from "~/models/catalogue.server";
import { lessonMark } from "~/models/progress.schema";
import { locateLesson, markLesson, mayTrack } from "~/models/progress.server";
import type { RouterContextProvider } from "react-router";

/**
 * "Mark as complete" / "Mark as not complete", from a list page or a lesson's page: the learner's own
 * bookmark, which counts toward no certificate (watching does). A plain form, so it works without
 * JavaScript. Only the viewer's own progress, in a lesson of `list` they may watch. Answers the
 * lesson marked; the caller says where to go back to.
 */
export async function markFromForm(
  context: Readonly<RouterContextProvider>,
  request: Request,
  list: ListEntry | undefined,
): Promise<{ slug: string }> {
  const viewer = getViewer(context);
  const { db, rateLimits } = servicesOf(context);
  if (!list) throw data("Not Found", { status: 404 });
  if (!viewer.user) throw data("Forbidden", { status: 403 });
  const limit = await rateLimits.progress.consume(viewer.user.id);
  if (!limit.ok) throw data("Too Many Requests", { status: 429, headers: { "Retry-After": String(limit.retryAfter) } });
  const parsed = lessonMark.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data("Bad Request", { status: 400 });
  const location = locateLesson(getCatalogue(context), parsed.data.lesson);
  if (!location || location.list.id !== list.id) throw data("Not Found", { status: 404 });
  if (!mayTrack(viewer, location)) throw data("Forbidden", { status: 403 });
  await markLesson(db, {
    userId: viewer.user.id,
    lessonId: location.lesson.id,
    complete: parsed.data.intent === "complete",
  });
  return { slug: location.lesson.slug };
}

/** The page's own address again, in the language it was asked in. */
export function sameLanguage(request: Request, pathname: string, hash = ""): string {
  const lng = new URL(request.url).searchParams.get("lng");
  const query = lng ? `?${new URLSearchParams({ lng })}` : "";
  return `${pathname}${query}${hash}`;
}
