import { matchRoutes, type EntryContext, type RouteObject, type StaticHandlerContext } from "react-router";

/**
 * The router context a page renders with, its route manifest cut down to the routes the page needs.
 *
 * React Router's <ServerRouter> turns the whole manifest into route objects on every render, twice
 * (`createServerRoutes`, then `createStaticRouter`), and matches the whole table again while
 * rendering (the routes element, and <Scripts>, which sends the browser the manifest entries of the
 * matched routes and of the routes matching each ancestor path, for lazy route discovery). With the
 * site's ~65 routes that was about 8 % of the CPU of a render (bench/README.md). The page only ever
 * uses the routes it matched and those <Scripts> would send, so <ServerRouter> gets exactly those:
 * the same routes render, the browser gets the same manifest, and the work is done once per path.
 *
 * <Scripts> still matches each ancestor path against the whole table while rendering (through the
 * request's matcher, `staticHandlerContext._match`), about 3 % of a render's CPU; the router gets a
 * matcher that remembers what each path matched, since that never changes for a build.
 *
 * Should a later React Router send more than this, the browser asks for what it lacks when it
 * navigates (lazy route discovery, /__manifest), as it does for every other route.
 */
export function withPageRoutes(context: EntryContext): EntryContext {
  const { routes } = context.manifest;
  const { location, matches } = context.staticHandlerContext;
  const key = `${location.pathname}\n${matches.map((match) => match.route.id).join(",")}`;
  let byPage = picked.get(routes);
  if (!byPage) picked.set(routes, (byPage = new Map()));
  let pageRoutes = byPage.get(key);
  if (!pageRoutes) {
    pageRoutes = pickRoutes(routes, location.pathname, context.staticHandlerContext.basename, matches);
    if (byPage.size >= MAX_PATHS) byPage.delete(byPage.keys().next().value!);
    byPage.set(key, pageRoutes);
  }
  return {
    ...context,
    manifest: { ...context.manifest, routes: pageRoutes },
    staticHandlerContext: {
      ...context.staticHandlerContext,
      _match: rememberedMatch(context.staticHandlerContext._match),
    },
  };
}

type Match = StaticHandlerContext["_match"];
const rememberedMatches = new WeakMap<Match, Match>();

/**
 * The build's matcher (one per build: React Router makes it with the request handler), remembering
 * what each path string matched. The results are never changed by their readers (<Scripts> reads
 * the route ids, the router copies each match), so one array serves every request.
 */
function rememberedMatch(match: Match): Match {
  let remembered = rememberedMatches.get(match);
  if (remembered) return remembered;
  const byPath = new Map<string, ReturnType<Match>>();
  remembered = (location) => {
    if (typeof location !== "string") return match(location);
    let matches = byPath.get(location);
    if (matches === undefined) {
      matches = match(location);
      if (byPath.size >= MAX_PATHS) byPath.delete(byPath.keys().next().value!);
      byPath.set(location, matches);
    }
    return matches;
  };
  rememberedMatches.set(match, remembered);
  return remembered;
}

type ManifestRoutes = EntryContext["manifest"]["routes"];
type Matches = EntryContext["staticHandlerContext"]["matches"];

/** Paths seen per build (a build's manifest is one object); the oldest goes past this many. */
const MAX_PATHS = 1000;
const picked = new WeakMap<ManifestRoutes, Map<string, ManifestRoutes>>();
const trees = new WeakMap<ManifestRoutes, RouteObject[]>();

/** The page's matches and, as <Scripts> chooses them, the matches of each ancestor path ("/", "/a" of "/a/b"). */
function pickRoutes(
  routes: ManifestRoutes,
  pathname: string,
  basename: string | undefined,
  matches: Matches,
): ManifestRoutes {
  const ids = new Set(matches.map((match) => match.route.id));
  const segments = pathname.split("/").filter(Boolean);
  segments.pop();
  const ancestors = ["/", ...segments.map((_, i) => `/${segments.slice(0, i + 1).join("/")}`)];
  for (const path of ancestors)
    for (const match of matchRoutes(routeTree(routes), path, basename) ?? [])
      if (match.route.id) ids.add(match.route.id);
  // A route comes with its parents: the route tree is built from them.
  for (const id of [...ids]) {
    let parent = routes[id]?.parentId;
    while (parent !== undefined) {
      ids.add(parent);
      parent = routes[parent]?.parentId;
    }
  }
  return Object.fromEntries([...ids].filter((id) => routes[id]).map((id) => [id, routes[id]]));
}

/** The manifest as the nested routes `matchRoutes` takes, made once per build. */
function routeTree(routes: ManifestRoutes): RouteObject[] {
  let tree = trees.get(routes);
  if (tree) return tree;
  const nodes = new Map<string, RouteObject>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const { id, path, caseSensitive } = route;
    nodes.set(id, route.index ? { id, path, caseSensitive, index: true } : { id, path, caseSensitive, children: [] });
  }
  tree = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId === undefined ? undefined : nodes.get(route.parentId);
    if (parent) parent.children!.push(node);
    else tree.push(node);
  }
  trees.set(routes, tree);
  return tree;
}
