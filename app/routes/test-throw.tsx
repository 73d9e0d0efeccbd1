import { data } from "react-router";
import { requestContext } from "~/context.server";
import type { Route } from "./+types/test-throw";

/**
 * Exists only for the test suite (LOMDA_TEST_ROUTES=1): a loader that fails, to prove the
 * "Unexpected Application Error!" page and its logging. Everywhere else it is a 404.
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (context.get(requestContext).config.LOMDA_TEST_ROUTES !== "1") throw data("Not Found", { status: 404 });
  throw new Error("Deliberate failure for the error-page test");
}

export default function TestThrow() {
  return null;
}
