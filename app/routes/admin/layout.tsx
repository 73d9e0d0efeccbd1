import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { adminMiddleware } from "./guard.server";

/**
 * Every /admin URL is a child of this layout (app/routes.ts): its middleware admits admins only,
 * before any child's loader or action runs, so no screen can forget the guard (decision 0034).
 */
export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export default function AdminLayout() {
  return <Outlet />;
}
