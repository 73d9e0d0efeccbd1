import { data } from "react-router";
import { servicesOf } from "~/context.server";
import { LogoutTokenError } from "~/lib/oidc.server";
import { deleteSessionsForProviderLogout, markLogoutTokenUsed } from "~/models/session.server";
import type { Route } from "./+types/backchannel-logout";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * POST /auth/backchannel-logout (OpenID Connect Back-Channel Logout 1.0): the provider's server
 * says someone signed out there. A valid, unused logout token ends the Lomda sessions it names
 * (by the provider's sid, or every session of that (issuer, subject)); 200. Anything else: 400.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, oidc, log, rateLimits, clientIp } = servicesOf(context);
  const limit = await rateLimits.backchannelLogout.consume(clientIp);
  if (!limit.ok) {
    log.warn("back-channel logout: rate limit");
    return data(
      { error: "too_many_requests" },
      { status: 429, headers: { ...NO_STORE, "Retry-After": String(limit.retryAfter) } },
    );
  }
  const form = await request.formData().catch(() => undefined);
  const token = form?.get("logout_token");
  const bad = (description: string) =>
    data({ error: "invalid_request", error_description: description }, { status: 400, headers: NO_STORE });
  if (typeof token !== "string" || !token || token.length > 16_000) {
    log.warn("back-channel logout: no logout_token");
    return bad("logout_token is required");
  }
  let target;
  try {
    target = await oidc.validateLogoutToken(token);
  } catch (error) {
    if (!(error instanceof LogoutTokenError)) throw error;
    log.warn({ reason: error.message }, "back-channel logout: token refused");
    return bad("invalid logout token");
  }
  if (!(await markLogoutTokenUsed(db, target.issuer, target.jti, target.rememberUntil))) {
    log.warn("back-channel logout: replayed logout token");
    return bad("logout token already used");
  }
  const ended = await deleteSessionsForProviderLogout(db, target);
  log.info({ ended, bySid: Boolean(target.sid) }, "back-channel logout: sessions ended");
  return data(null, { status: 200, headers: NO_STORE });
}

/** Only POST: a GET is not a logout. */
export function loader() {
  return data({ error: "method_not_allowed" }, { status: 405, headers: { ...NO_STORE, Allow: "POST" } });
}
