import { getCatalogue, getViewer, localeContext, requireUser, servicesOf } from "~/context.server";
import { notesMarkdown, notesOfLearner } from "~/models/lesson-notes.server";
import type { Route } from "./+types/notes-export";

/**
 * GET /notes.md — the signed-in learner's own notes as a Markdown file to keep (issue 32, point 4),
 * in the page's language. Only their own: there is no way to name another learner's.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const me = requireUser(getViewer(context), request);
  const { locale, i18n } = context.get(localeContext);
  const lists = await notesOfLearner(servicesOf(context).db, getCatalogue(context), me.id, locale);
  const markdown = notesMarkdown(i18n.t("notes.exportTitle", { site: i18n.t("site.name") }), lists);
  return new Response(markdown, {
    headers: {
      "Content-Type": "text/markdown; charset=utf-8",
      "Content-Disposition": 'attachment; filename="lomda-notes.md"',
      // Personal: never in a shared cache.
      "Cache-Control": "private, no-store",
    },
  });
}
