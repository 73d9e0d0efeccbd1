import { useLoaderData } from "react-router";
import type { Route } from "./+types/slow-page";

/** Test-only (LOMDA_TEST_ROUTES=1): a page whose loader takes ?ms=, to show the loading overlay. */
export async function loader({ request }: Route.LoaderArgs) {
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
