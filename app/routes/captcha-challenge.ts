import { servicesOf } from "~/lib/auth.server";
import { createAltchaChallenge } from "~/lib/captcha.server";
import type { Route } from "./+types/captcha-challenge";

/** GET /captcha/challenge: a fresh ALTCHA challenge for the widget. */
export async function loader({ context }: Route.LoaderArgs) {
  const { cookieSecrets, rateLimits, clientIp, config } = servicesOf(context);
  const headers = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };
  if (config.CAPTCHA !== "altcha") return new Response(JSON.stringify({ error: "not_found" }), { status: 404, headers });
  const limit = rateLimits.captcha.consume(clientIp);
  if (!limit.ok) return new Response(JSON.stringify({ error: "too_many_requests" }), { status: 429, headers: { ...headers, "Retry-After": String(limit.retryAfter) } });
  return new Response(JSON.stringify(await createAltchaChallenge(cookieSecrets)), { headers });
}
