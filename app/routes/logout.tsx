import { redirect } from "react-router";
import { clearLogoutCookie, clearSessionCookie } from "~/lib/cookies.server";
import { servicesOf, viewerContext } from "~/context.server";
import { deleteSession } from "~/models/session.server";
import type { Route } from "./+types/logout";

/** GET never changes state: it only goes home. */
export async function loader() {
  return redirect("/");
}

/** Ends the session here (the row is deleted), then at the provider, and returns to the site. */
export async function action({ context }: Route.ActionArgs) {
  const { config, db, oidc, log } = servicesOf(context);
  const { viewer, sessionId } = context.get(viewerContext);
  if (sessionId) await deleteSession(db, sessionId);
  const headers: [string, string][] = [
    ["Set-Cookie", clearSessionCookie(config)],
    ["Set-Cookie", clearLogoutCookie(config)],
  ];
  if (!viewer.user) return redirect("/", { headers });
  log.info({ userId: viewer.user.id }, "signed out");
  return redirect(await oidc.endSessionUrl(), { headers });
}
