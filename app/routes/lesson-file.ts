import { Readable } from "node:stream";
import { getCatalogue, getViewer, servicesOf } from "~/context.server";
import { canWatch } from "~/models/access.server";
import { resourceForDownload } from "~/models/lesson-resources.server";
import { locateLesson } from "~/models/progress.server";
import type { Route } from "./+types/lesson-file";

/**
 * GET /lesson-files/:id — a file a teacher attached to a lesson (issue 32), as a download under the
 * name it had, to whoever may watch the lesson; to anyone else the same 404 as a file that does not
 * exist. Always an attachment with its sniffed type (and, as every answer, nosniff): a text or PDF file
 * never opens as a page of the site.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, media } = servicesOf(context);
  const resource = await resourceForDownload(db, params.id);
  const location = resource ? locateLesson(getCatalogue(context), resource.lesson_id) : undefined;
  if (!resource || !location || !canWatch(getViewer(context), location.list, location.index)) return notFound();
  const stream = await media.createReadStream("resource", resource.file);
  if (!stream) return notFound();
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": resource.content_type,
      "Content-Length": String(resource.size),
      "Content-Disposition": attachment(resource.name),
      "Cache-Control": "private, no-cache",
    },
  });
}

/** RFC 6266: an ASCII name for old clients, the UTF-8 one (a Hebrew file name) for the rest. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const notFound = () =>
  new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
