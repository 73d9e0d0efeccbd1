import { requestContext } from "~/context.server";
import type { Route } from "./+types/slow";

/**
 * Exists only for the test suite (LOMDA_TEST_ROUTES=1): a response that takes ?ms= milliseconds
 * (at most 5000), to prove that a graceful shutdown lets in-flight requests finish.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { log } = context.get(requestContext);
  const ms = Math.min(Number(new URL(request.url).searchParams.get("ms")) || 500, 5000);
  log.info({ ms }, "slow request started"); // a test waits for this line before it stops the server
  await new Promise((resolve) => setTimeout(resolve, ms));
  return new Response(`slept ${ms} ms`, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
