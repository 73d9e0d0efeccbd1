import { data, useLoaderData } from "react-router";
import { requestContext } from "~/context.server";
import type { Route } from "./+types/test-slow-page";

/** Test-only (LOMDA_TEST_ROUTES=1): a page whose loader takes ?ms=, to show the loading overlay. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (context.get(requestContext).config.LOMDA_TEST_ROUTES !== "1") throw data("Not Found", { status: 404 });
  const ms = Math.min(Number(new URL(request.url).searchParams.get("ms")) || 500, 5000);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return { ms };
}

export function meta() {
  return [{ title: "Slow page (test)" }, { name: "robots", content: "noindex" }];
}

export default function SlowPage() {
  const { ms } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-10">
      <h1>Loaded after {ms} ms</h1>
    </div>
  );
}
