import { localeContext, servicesOf } from "~/context.server";
import { setFlash } from "~/lib/cookies.server";
import { json } from "~/lib/http";
import { getAdmin } from "~/routes/admin/guard.server";
import type { Route } from "./+types/lesson-video";
import { takeUpload } from "./editor.server";
import { lessonVideoUpload } from "./media-uploads.server";

/**
 * POST /admin/courses/lesson/:id/video: the lesson editor's video upload when the page's script sends
 * it (finding D-L9). A file of up to a gigabyte takes minutes, so the script sends it with
 * XMLHttpRequest, whose upload events drive a progress bar, and needs an answer it can read: JSON,
 * where the page's own form post (kept for a browser without JavaScript) gets the page again. The same
 * upload as that post (takeUpload): a refusal is a 400 with the translated message; a stored file, the
 * editor's address to go to, with its "uploaded" flash already set. Admins only (the admin layout).
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = getAdmin(context);
  const services = servicesOf(context);
  const { locale, i18n } = context.get(localeContext);
  const refused = await takeUpload(request, { services, adminId: admin.id, locale }, lessonVideoUpload, {
    kind: "lesson",
    id: params.id,
  });
  if (refused) return json({ error: i18n.t(refused.key, refused.params) }, 400);
  const flash = await setFlash(services.config, services.cookieSecrets, lessonVideoUpload.done);
  return json({ redirect: `/admin/courses/lesson/${params.id}` }, 200, { "Set-Cookie": flash });
}
