import { servicesOf } from "~/context.server";
import { createAltchaChallenge } from "~/lib/captcha.server";
import { json } from "~/lib/http";
import type { Route } from "./+types/captcha-challenge";

/** GET /captcha/challenge: a fresh ALTCHA challenge for the widget. */
export async function loader({ context }: Route.LoaderArgs) {
  const { cookieSecrets, rateLimits, clientIp, config } = servicesOf(context);
  if (config.CAPTCHA !== "altcha") return json({ error: "not_found" }, 404);
  const limit = await rateLimits.captcha.consume(clientIp);
  if (!limit.ok) return json({ error: "too_many_requests" }, 429, { "Retry-After": String(limit.retryAfter) });
  return json(await createAltchaChallenge(cookieSecrets));
}
