import { data, redirect, type RouterContextProvider } from "react-router";
import { getViewer } from "./auth.server.ts";

/** Admins only: a visitor is sent to sign in (and back); a signed-in non-admin gets 403. */
export function requireAdmin(context: Readonly<RouterContextProvider>, request: Request) {
  const viewer = getViewer(context);
  if (!viewer.user) {
    const url = new URL(request.url);
    throw redirect(`/signin?returnTo=${encodeURIComponent(url.pathname.replace(/\.data$/, ""))}`);
  }
  if (!viewer.isAdmin) throw data("Forbidden", { status: 403 });
  return viewer.user;
}
