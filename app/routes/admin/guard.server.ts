import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getViewer, shellData } from "~/context.server";
import { routeAddress } from "~/lib/route-path";
import type { Viewer } from "~/models/access.server";
import { ADMIN_EMAIL_NOT_VERIFIED } from "~/models/viewer.server";

/** The signed-in admin, set by the admin layout's middleware before any admin loader or action runs. */
export type Admin = NonNullable<Viewer["user"]>;

const adminContext = createContext<Admin>();

/** The refusal's reason for a signed-in non-admin: the 403 page says the area is for administrators. */
export const ADMIN_ONLY = "admin_only";

/**
 * Admins only: a visitor is sent to the sign-in page and back, as /profile sends them (the
 * context's requireUser); a signed-in non-admin gets 403, saying why (`reason`) and carrying the
 * page frame's data (`shell`): no loader runs after a middleware refuses, the root's neither
 * (components/layout/use-root-data.ts).
 */
export function requireAdmin(viewer: Viewer, request: Request, shell?: unknown): Admin {
  if (!viewer.user) throw redirect(`/register?returnTo=${encodeURIComponent(routeAddress(request))}`);
  if (!viewer.isAdmin) {
    // Said plainly: an admin whose provider does not vouch for the address must know why.
    const reason = viewer.adminEmailUnverified ? ADMIN_EMAIL_NOT_VERIFIED : ADMIN_ONLY;
    throw data({ reason, shell }, { status: 403 });
  }
  return viewer.user;
}

/**
 * The guard of every /admin screen (app/routes/admin/layout.tsx): it runs before their loaders and
 * actions, on page loads, client navigations (.data) and form posts alike.
 */
export const adminMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  context.set(adminContext, requireAdmin(getViewer(context), request, shellData(context)));
  return next();
};

/** The admin the guard admitted, for a screen's loader or action (their audit log names them). */
export function getAdmin(context: Readonly<RouterContextProvider>): Admin {
  return context.get(adminContext);
}
