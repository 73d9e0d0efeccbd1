import { servicesOf } from "~/context.server";
import { readLogoutCookie, readSessionId } from "~/lib/cookies.server";
import {
  deleteSessionsForProviderLogout,
  deleteSessionWithoutProviderSid,
  hashSessionId,
} from "~/models/session.server";
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
 *
 * LemonLDAP::NG 2.16 puts no sid in its ID tokens and sends the person's subject as `sid` here
 * (docs/decisions/0057): no session has that sid, so the request ended nothing and still said 200.
 * For such sessions (started without a provider sid) the browser's own cookie names the session —
 * the session cookie when the provider is on the same site, else the SameSite=None logout cookie set
 * at sign-in for this path alone — and it ends only if iss is the provider's, `sid` is that
 * session's subject, and the frame was loaded by the provider's page (its Referer): iss and sid
 * alone, which a stranger's page can know, end nothing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, db, oidc, log, rateLimits, clientIp } = servicesOf(context);
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
  if (ended > 0) {
    log.info({ ended, by: "sid" }, "front-channel logout: sessions ended");
    return page(200, "Signed out");
  }
  const sessionId = readSessionId(config, request);
  const idHashes = [sessionId ? hashSessionId(sessionId) : undefined, readLogoutCookie(config, request)].filter(
    (hash): hash is string => hash !== undefined,
  );
  if (idHashes.length === 0) {
    log.info("front-channel logout: no session has this sid, and the browser sent no Lomda cookie");
    return page(200, "Signed out");
  }
  if (iss !== issuer || !fromProvider(request, issuer)) {
    log.warn(
      { iss: iss !== null, referer: request.headers.get("referer") !== null },
      "front-channel logout: the browser's cookie is used only with iss and from the provider's page (Referer): nothing ended",
    );
    return page(200, "Signed out");
  }
  const byCookie = await deleteSessionWithoutProviderSid(db, { idHashes, issuer, subject: sid });
  log.info({ ended: byCookie, by: "cookie" }, "front-channel logout: sessions ended");
  return page(200, "Signed out");
}

/** Whether the frame was loaded by a page of the provider's origin (browsers send the origin at least). */
function fromProvider(request: Request, issuer: string): boolean {
  const referer = request.headers.get("referer");
  if (!referer) return false;
  try {
    return new URL(referer).origin === new URL(issuer).origin;
  } catch {
    return false;
  }
}
