import { servicesOf } from "~/context.server";
import { deleteSessionsForProviderLogout } from "~/models/session.server";
import type { Route } from "./+types/frontchannel-logout";

const HEADERS = { "Cache-Control": "no-store", "Content-Type": "text/html; charset=utf-8" };
const page = (status: number, text: string) =>
  new Response(`<!doctype html><html lang="en"><title>${text}</title><p>${text}</p></html>`, {
    status,
    headers: HEADERS,
  });

/**
 * GET /auth/frontchannel-logout?iss=…&sid=… (OpenID Connect Front-Channel Logout 1.0), for
 * providers that offer only this: the provider's logout page loads this URL in an iframe. The
 * session cookie is SameSite=Lax, so a cross-site frame never carries it: the Lomda sessions are
 * found by the provider's session id instead (the ID token's `sid`, kept at sign-in), which is why
 * sid is required (the provider's `frontchannel_logout_session_required`). `iss`, when sent, must be
 * the provider's; Microsoft Entra ID sends sid alone, which is safe here because only sessions of
 * the one configured provider are matched. The page may be framed by the provider's origin only
 * (server/security-headers.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, oidc, log, rateLimits, clientIp } = servicesOf(context);
  const limit = await rateLimits.backchannelLogout.consume(clientIp);
  if (!limit.ok) {
    log.warn("front-channel logout: rate limit");
    return page(429, "Too many requests");
  }
  const params = new URL(request.url).searchParams;
  const iss = params.get("iss");
  const sid = params.get("sid");
  if (!sid || sid.length > 255) {
    log.warn("front-channel logout: sid is required (set frontchannel_logout_session_required at the provider)");
    return page(400, "Bad request");
  }
  let issuer: string;
  try {
    issuer = await oidc.issuer();
  } catch {
    log.warn("front-channel logout: the provider cannot be reached to confirm its issuer");
    return page(503, "Try again later");
  }
  if (iss !== null && iss !== issuer) {
    log.warn({ iss }, "front-channel logout: iss is not the provider's issuer");
    return page(400, "Bad request");
  }
  const ended = await deleteSessionsForProviderLogout(db, { issuer, sid });
  log.info({ ended }, "front-channel logout: sessions ended");
  return page(200, "Signed out");
}
