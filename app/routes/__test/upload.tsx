import { data } from "react-router";
import { getViewer, requestContext } from "~/context.server";
import { readUpload } from "~/lib/uploads.server";
import type { Route } from "./+types/upload";

/**
 * Test-only (LOMDA_TEST_ROUTES=1, admins): one upload through the whole shell — the body limit
 * and its exemption for admin uploads, the same-origin check, React Router's request body — into
 * the media store, answering with readUpload's result as JSON (400 for its errors). The course
 * builder's actions call readUpload the same way.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { config, media } = context.get(requestContext);
  if (config.LOMDA_TEST_ROUTES !== "1") throw data("Not Found", { status: 404 });
  if (!getViewer(context).isAdmin) throw data("Forbidden", { status: 403 });
  const kind = new URL(request.url).searchParams.get("kind") === "cover" ? "cover" : "video";
  const result = await readUpload(request, {
    store: media,
    fileField: "file",
    kind,
    maxBytes: kind === "video" ? config.maxVideoBytes : config.maxImageBytes,
  });
  if (!result.ok) return Response.json(result, { status: 400 });
  return Response.json({ ok: true, fields: Object.fromEntries(result.fields), file: result.file });
}

export function loader() {
  throw data("Not Found", { status: 404 });
}
