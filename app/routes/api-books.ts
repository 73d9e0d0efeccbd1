import { json } from "~/lib/http";
import { localeContext, servicesOf } from "~/context.server";
import { searchLibrary } from "~/models/library.server";
import type { Route } from "./+types/api-books";

/** GET /api/books?q=: the same filtered results as the page, as JSON. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { books, rateLimits, clientIp } = servicesOf(context);
  const q = new URL(request.url).searchParams.get("q");
  const limit = await rateLimits.librarySearch.consume(clientIp);
  if (!limit.ok) return json({ error: "too_many_requests" }, 429, { "Retry-After": String(limit.retryAfter) });
  const result = await searchLibrary(books, q, context.get(localeContext).locale);
  return json(
    // leftOut: how many books the upstream found that cannot be bought or read here (NOT_FOR_SALE).
    {
      query: result.q,
      status: result.status,
      items: result.books,
      leftOut: result.status === "ok" ? result.leftOut : 0,
    },
    result.status === "unavailable" ? 503 : 200,
  );
}
