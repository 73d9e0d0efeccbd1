/**
 * The page's own path, also when React Router fetches its data: client navigations and form posts
 * go to "<path>.data" (and "/_root.data" for "/"), and loaders and actions see that URL.
 */
export function routePathname(request: Request): string {
  const { pathname } = new URL(request.url);
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}
