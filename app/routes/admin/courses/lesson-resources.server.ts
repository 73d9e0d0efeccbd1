import { localeContext, servicesOf } from "~/context.server";
import { removeUnusedMedia } from "~/models/course-builder/write.server";
import { addLessonResource, removeLessonResource } from "~/models/lesson-resources.server";
import { getAdmin } from "~/routes/admin/guard.server";
import {
  builderRedirect,
  builderReply,
  logCatalogueChange,
  notFound,
  takeUpload,
  type Upload,
  type EditorArgs,
} from "./editor.server";
import { isMultipart } from "~/lib/uploads.server";

/**
 * The lesson editor's resources forms (issue 32): attach a file (PDF, ZIP or text, up to
 * MEDIA_MAX_RESOURCE_MB, its type checked from its bytes) or take one off. They post to
 * `?resources`, beside the lesson's own form.
 */

export const isResourcesPost = (request: Request) => new URL(request.url).searchParams.has("resources");

const resourceUpload: Upload = {
  kind: "resource",
  field: "resource",
  maxBytes: (config) => config.maxResourceBytes,
  apply: async (db, id, saved) => {
    const added = await addLessonResource(db, id, saved);
    if (added.ok) return { previous: null, files: [] };
    return added.status === 404 ? null : { refused: "courseAdmin.resources.tooMany" };
  },
  done: "courseAdmin.resources.added",
};

export async function resourcesAction({ context, request, params }: EditorArgs) {
  const admin = getAdmin(context);
  const services = servicesOf(context);
  const id = params.id;
  if (!id) throw notFound();
  if (isMultipart(request)) {
    const { locale } = context.get(localeContext);
    const refusal = await takeUpload(request, { services, adminId: admin.id, locale }, resourceUpload, {
      kind: "lesson",
      id,
    });
    if (refusal) return builderReply({ resourceError: refusal }, 400);
    return builderRedirect(`/admin/courses/lesson/${id}`, resourceUpload.done, services);
  }
  const form = await request.formData();
  const resource = form.get("resource");
  if (form.get("intent") !== "remove-resource" || typeof resource !== "string")
    return builderReply({ resourceError: { key: "courseAdmin.errors.badRequest" } }, 400);
  const removed = await removeLessonResource(services.db, id, resource);
  if (!removed.ok) throw notFound();
  await removeUnusedMedia(services.media, "resource", removed.files);
  logCatalogueChange(services.log, admin.id, {
    action: "resource removed",
    kind: "lesson",
    id,
    detail: { files: removed.files },
  });
  return builderRedirect(`/admin/courses/lesson/${id}`, "courseAdmin.resources.removed", services);
}
