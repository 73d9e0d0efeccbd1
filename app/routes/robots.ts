import { requestContext } from "~/context.server";
import type { Route } from "./+types/robots";

export async function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(requestContext);
  const body = [
    "User-agent: *",
    "Disallow: /profile",
    "Disallow: /admin",
    "Disallow: /idp/",
    "Disallow: /auth/",
    "Disallow: /signin",
    "Disallow: /thumb/",
    "Disallow: /video/",
    `Sitemap: ${config.PUBLIC_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
