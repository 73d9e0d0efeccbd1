import { getCatalogue, getViewer, servicesOf } from "~/context.server";
import { isLocale } from "~/i18n/locale";
import { canWatch } from "~/models/access.server";
import { lessonCaptionsVtt } from "~/models/lesson-captions.server";
import { locateLesson } from "~/models/progress.server";
import type { Route } from "./+types/captions";

/**
 * GET /captions/:lessonId/:file — a lesson's captions as WebVTT (`en.vtt`, `he.vtt`), for its
 * player's <track>. Under the lesson's own access rule: to whoever may watch it, and to nobody else a
 * different answer from a lesson that does not exist (404 either way, so it reveals nothing).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const language = /^([a-z]{2})\.vtt$/.exec(params.file)?.[1];
  const location = locateLesson(getCatalogue(context), params.lessonId);
  if (!language || !isLocale(language) || !location || !canWatch(getViewer(context), location.list, location.index))
    return notFound();
  const vtt = await lessonCaptionsVtt(servicesOf(context).db, location.lesson.id, language);
  if (vtt === undefined) return notFound();
  return new Response(vtt, {
    headers: {
      "Content-Type": "text/vtt; charset=utf-8",
      // Personal when the lesson is: never in a shared cache.
      "Cache-Control": "private, no-cache",
    },
  });
}

const notFound = () =>
  new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
