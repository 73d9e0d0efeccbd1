import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import accepts from "accepts";
import type { AppServices } from "../app/context.server.ts";
import {
  FEEDBACK_PAGE_SIZE,
  listFeedback,
  MAX_FEEDBACK_PAGE,
  parsePage,
  publicFeedbackItem,
} from "../app/models/feedback.server.ts";
import { feedbackVersion } from "../app/models/public-content.server.ts";

const gzipAsync = promisify(gzip);
/** Pages kept (the first ones are the ones asked for; a crawler walking deep pages evicts only its own). */
const MAX_PAGES = 50;

interface CachedPage {
  version: number;
  body: Buffer;
  gzip: Buffer;
}

/**
 * GET /api/feedback?page=N: the public list, newest first, as JSON. Answered before the router (and,
 * as server/fast-lane.ts, before Express): it reads no session, language or page data, and the
 * router's middleware, route matching and response conversion cost several times the query (issue
 * 16). POST stays a route of the app. Each page's JSON is the same for everyone until the feedback
 * changes: it is kept, compressed once, per feedback version (a post here is seen at once, one in
 * another process within a second). Errors reject, for the caller to answer.
 */
export function feedbackList(services: AppServices) {
  const pages = new Map<number, CachedPage>();
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const page = parsePage(new URL(req.url ?? "/", "http://local").searchParams.get("page"));
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    if (page === null) {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: "invalid_page", max: MAX_FEEDBACK_PAGE }));
      return;
    }
    const version = await feedbackVersion(services.db);
    let cached = pages.get(page);
    if (!cached || cached.version !== version) {
      const items = await listFeedback(services.db, page, FEEDBACK_PAGE_SIZE);
      const body = Buffer.from(JSON.stringify(items.map(publicFeedbackItem)));
      cached = { version, body, gzip: await gzipAsync(body) };
      pages.delete(page);
      pages.set(page, cached);
      while (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
    }
    const zipped = accepts(req).encoding(["gzip"]) === "gzip";
    res.setHeader("Vary", "Accept-Encoding");
    if (zipped) res.setHeader("Content-Encoding", "gzip");
    const body = zipped ? cached.gzip : cached.body;
    res.setHeader("Content-Length", body.length);
    res.end(body);
  };
}
