import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { IncomingMessage } from "node:http";
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
import type { LaneAnswer } from "./fast-lane.ts";

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
  return async (req: IncomingMessage): Promise<LaneAnswer> => {
    const page = parsePage(new URL(req.url ?? "/", "http://local").searchParams.get("page"));
    if (page === null) return { status: 400, headers: JSON_HEADERS, body: Buffer.from(JSON.stringify(invalidPage)) };
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
    return accepts(req).encoding(["gzip"]) === "gzip"
      ? { status: 200, headers: GZIP_HEADERS, body: cached.gzip }
      : { status: 200, headers: PLAIN_HEADERS, body: cached.body };
  };
}

const invalidPage = { error: "invalid_page", max: MAX_FEEDBACK_PAGE };
const JSON_HEADERS = [
  ["Cache-Control", "no-store"],
  ["Content-Type", "application/json; charset=utf-8"],
] as const;
const PLAIN_HEADERS = [...JSON_HEADERS, ["Vary", "Accept-Encoding"]] as const;
const GZIP_HEADERS = [...PLAIN_HEADERS, ["Content-Encoding", "gzip"]] as const;
