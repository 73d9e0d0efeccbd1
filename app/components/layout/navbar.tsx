import { useTranslation } from "~/i18n/use-translation";
import { Form, Link, NavLink } from "react-router";
import { useDisclosure } from "~/components/ui/use-disclosure";
import { useViewer } from "./use-viewer";
import { LanguageSwitch } from "./language-switch";
import { Logo } from "./logo";
import { useSignInHref } from "~/components/auth/use-sign-in-href";

const MAIN_LINKS = [
  { to: "/", key: "nav.home", end: true },
  { to: "/about", key: "nav.about", end: false },
  { to: "/courses", key: "nav.courses", end: false },
  { to: "/contact", key: "nav.contact", end: false },
] as const;

const PAGE_LINKS = [
  { to: "/team", key: "nav.team" },
  { to: "/testimonial", key: "nav.testimonial" },
  { to: "/feedback", key: "nav.feedback" },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-[0.95rem] font-semibold transition-colors hover:bg-brand-50 hover:text-brand-800 ${
    isActive ? "text-brand-700" : "text-ink-700"
  }`;

function Chevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="chevron size-4" fill="currentColor">
      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
    </svg>
  );
}

function NavItems() {
  const { t } = useTranslation();
  const pages = useDisclosure();
  return (
    <ul className="flex flex-col gap-1 lg:flex-row lg:items-center">
      {MAIN_LINKS.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.end} className={linkClass} prefetch="intent">
            {t(link.key)}
          </NavLink>
        </li>
      ))}
      <li>
        <details ref={pages} className="dropdown relative" data-testid="pages-dropdown">
          <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 text-[0.95rem] font-semibold text-ink-700 hover:bg-brand-50 hover:text-brand-800">
            {t("nav.pages")}
            <Chevron />
          </summary>
          <ul className="dropdown-menu mt-1 min-w-48 rounded-lg border border-ink-100 bg-white p-1.5 shadow-lg lg:absolute lg:end-0 lg:z-40">
            {PAGE_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={linkClass} prefetch="intent">
                  {t(link.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </details>
      </li>
    </ul>
  );
}

function AccountActions() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const signIn = useSignInHref();
  if (viewer.user) {
    return (
      <div className="flex flex-wrap items-center justify-end gap-2">
        {viewer.isAdmin ? (
          <NavLink to="/admin" className={linkClass} data-testid="admin-link">
            {t("nav.admin")}
          </NavLink>
        ) : null}
        <NavLink
          to="/profile"
          className={linkClass}
          aria-label={`${t("nav.profile")}: ${viewer.user.name}`}
          data-testid="profile-link"
        >
          <span className="inline-flex items-center gap-2">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
              <path d="M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0H3Z" />
            </svg>
            {viewer.user.name}
          </span>
        </NavLink>
        {/* A document post: the answer leaves the site for the provider's end-session page. */}
        <Form method="post" action="/logout" reloadDocument>
          <button type="submit" className="btn btn-secondary" data-testid="logout-button">
            {t("nav.logout")}
          </button>
        </Form>
      </div>
    );
  }
  return (
    <Link to={signIn} className="btn btn-primary">
      {t("nav.signIn")}
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 rtl:-scale-x-100" fill="currentColor">
        <path d="M11.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4l3.3-3.3H3a1 1 0 1 1 0-2h11.6l-3.3-3.3a1 1 0 0 1 0-1.4Z" />
      </svg>
    </Link>
  );
}

export function Navbar() {
  const { t } = useTranslation();
  const menu = useDisclosure();
  return (
    <header id="top" className="sticky top-0 z-30 border-b border-ink-100 bg-white/95 backdrop-blur print:hidden">
      <nav aria-label={t("a11y.mainNav")} className="container-page flex h-16 items-center justify-between gap-4">
        <Logo />
        {/* One menu for every width, drawn once: a disclosure with a panel under the header on phones
            and tablets; on a desktop its button is hidden and its content is the header's row
            (app.css, .site-menu). */}
        <details ref={menu} className="site-menu" data-testid="site-menu">
          <summary className="site-menu-button">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
            </svg>
            {t("a11y.openMenu")}
          </summary>
          {/* Dims the page behind the open menu; a tap on it closes the menu (useDisclosure). */}
          <div aria-hidden="true" data-menu-backdrop data-testid="site-menu-backdrop" className="site-menu-backdrop" />
          <div className="site-menu-panel">
            <NavItems />
            <div className="site-menu-actions">
              <LanguageSwitch />
              <AccountActions />
            </div>
          </div>
        </details>
      </nav>
    </header>
  );
}
