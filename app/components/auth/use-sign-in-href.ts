import { useLocation } from "react-router";

/**
 * Where a "Sign in" link leads from this page: /register, whose sign-in comes back here (`returnTo`,
 * checked again by /register and /signin). Without `?lng=`: the language is remembered in a cookie,
 * and a visitor's page is cached per language and path, so its links must not depend on that query.
 */
export function useSignInHref(): string {
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  query.delete("lng");
  const here = query.size > 0 ? `${pathname}?${query}` : pathname;
  // On /register itself the link stays there, keeping the page it was sent from.
  if (pathname === "/register") return here;
  return here === "/" ? "/register" : `/register?returnTo=${encodeURIComponent(here)}`;
}
