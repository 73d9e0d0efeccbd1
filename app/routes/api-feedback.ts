import { json } from "~/lib/http";
import { getViewer, servicesOf } from "~/context.server";
import { parseFeedback } from "~/models/feedback.schema";
import { createFeedback, publicFeedbackItem } from "~/models/feedback.server";
import type { Route } from "./+types/api-feedback";

// GET /api/feedback (the list) is answered before the router, by the fast lane (server/api-feedback.ts,
// listed in server/outside-router.ts): it needs no session, language or page machinery.

/** POST /api/feedback: a JSON body validated exactly as the form is. */
export async function action({ context, request }: Route.ActionArgs) {
  const { db, log, rateLimits, clientIp } = servicesOf(context);
  if (request.method !== "POST") return json({ error: "method_not_allowed" }, 405, { Allow: "GET, POST" });
  if (!(request.headers.get("content-type") ?? "").startsWith("application/json"))
    return json({ error: "unsupported_media_type" }, 415);
  const limit = await rateLimits.feedbackPost.consume(clientIp);
  if (!limit.ok) return json({ error: "too_many_requests" }, 429, { "Retry-After": String(limit.retryAfter) });
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return json({ error: "invalid_json" }, 400);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return json({ error: "invalid_body" }, 400);
  const parsed = parseFeedback(body);
  if (!parsed.ok) return json({ error: "validation", fields: parsed.errors }, 400);
  const item = await createFeedback(db, parsed.data, { userId: getViewer(context).user?.id ?? null });
  log.info({ feedbackId: item.id }, "feedback posted through the API");
  return json(publicFeedbackItem(item), 201);
}
