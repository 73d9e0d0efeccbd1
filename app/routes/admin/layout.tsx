import { NavLink, Outlet } from "react-router";
import type { StringsHandle } from "~/i18n/sections";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/layout";
import { adminMiddleware } from "./guard.server";

/**
 * Every /admin URL is a child of this layout (app/routes.ts): its middleware admits admins only,
 * before any child's loader or action runs, so no screen can forget the guard (decision 0034).
 */
export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

/** The admin area's navigation is on every admin page. */
export const handle = { strings: ["admin"] } satisfies StringsHandle;

/** The admin area's screens, in the order an admin's day goes through them. */
const SCREENS = [
  { to: "/admin", key: "admin.navInbox", end: true },
  { to: "/admin/courses", key: "admin.navBuilder", end: false },
  { to: "/admin/payments", key: "admin.navPayments", end: false },
  { to: "/admin/coupons", key: "admin.navCoupons", end: false },
  { to: "/admin/reviews", key: "admin.navReviews", end: false },
  { to: "/admin/cancellations", key: "admin.navCancellations", end: false },
  { to: "/admin/certificates", key: "admin.navCertificates", end: false },
  { to: "/admin/accessibility", key: "admin.navAccessibility", end: false },
  { to: "/admin/business", key: "admin.navBusiness", end: false },
] as const;

/**
 * The admin area's own navigation (finding D-L15): one link per screen, the current one marked
 * (NavLink sets aria-current="page"), plain links that work by keyboard and without JavaScript. On a
 * phone the row wraps.
 */
function AdminNav() {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t("admin.areaNav")}
      className="border-b border-ink-200 bg-ink-50 print:hidden"
      data-testid="admin-nav"
    >
      <ul className="container-page flex flex-wrap gap-x-1 gap-y-1 py-2">
        {SCREENS.map((screen) => (
          <li key={screen.to}>
            <NavLink
              to={screen.to}
              end={screen.end}
              className={({ isActive }) =>
                `inline-block rounded-md px-3 py-2 text-sm font-semibold ${
                  isActive ? "bg-brand-700 text-white" : "text-brand-800 hover:bg-brand-50 hover:underline"
                }`
              }
            >
              {t(screen.key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function AdminLayout() {
  return (
    <>
      <AdminNav />
      <Outlet />
    </>
  );
}
