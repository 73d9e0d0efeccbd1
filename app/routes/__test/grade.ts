import { z } from "zod";
import { servicesOf } from "~/context.server";
import type { Route } from "./+types/grade";

const gradeRequest = z.object({
  language: z.enum(["javascript", "sql"]),
  code: z.string(),
  tests: z.array(z.object({ name: z.string(), hidden: z.boolean(), code: z.string() })),
  schema: z.string().nullable(),
});

/**
 * Exists only for the test suite and bench/exercise-grading.mjs (LOMDA_TEST_ROUTES=1): grades the
 * posted request (JSON in the form field `request`) with the process's grader, so a benchmark can load the grader of a running server.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // A form field holding JSON: the server reads only the site's own form encodings (server/body-limit.ts).
  const form = await request.formData();
  const parsed = gradeRequest.safeParse(
    (() => {
      try {
        return JSON.parse(String(form.get("request")));
      } catch {
        return null;
      }
    })(),
  );
  if (!parsed.success) return Response.json({ error: "not a grade request" }, { status: 400 });
  return Response.json(await servicesOf(context).grader.grade(parsed.data));
}
