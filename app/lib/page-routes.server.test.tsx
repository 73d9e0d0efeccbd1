import type { RouteConfigEntry } from "@react-router/dev/routes";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ServerRouter,
  type EntryContext,
  type RouteObject,
} from "react-router";
import { describe, expect, it, vi } from "vitest";
import { PUBLIC_ROUTES } from "../../bench/public-pages.mjs";
import appRoutes from "../routes";
import { withPageRoutes } from "./page-routes.server";

// withPageRoutes hands <ServerRouter> only the routes a page needs. React Router itself is the
// judge: rendered with the full manifest and with the cut one, every page must come out the same —
// its markup and the route manifest <Scripts> sends the browser.

type Manifest = EntryContext["manifest"];
type ManifestRoute = Manifest["routes"][string];

/** A manifest as the build makes it (ids are the route files without extension, unless given). */
function manifestOf(entries: RouteConfigEntry[]): Manifest {
  const routes: Record<string, ManifestRoute> = {};
  const add = (id: string, entry: Partial<RouteConfigEntry>, parentId?: string) => {
    routes[id] = {
      id,
      parentId,
      path: entry.path,
      index: entry.index,
      caseSensitive: entry.caseSensitive,
      hasAction: false,
      hasLoader: true,
      hasClientAction: false,
      hasClientLoader: false,
      hasClientMiddleware: false,
      hasErrorBoundary: id === "root",
      module: `/assets/${id.replace(/\W+/g, "-")}.js`,
      clientActionModule: undefined,
      clientLoaderModule: undefined,
      clientMiddlewareModule: undefined,
      hydrateFallbackModule: undefined,
      imports: ["/assets/shared.js"],
      css: [],
    };
  };
  add("root", { path: "" });
  const walk = (list: RouteConfigEntry[], parentId: string) => {
    for (const entry of list) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
      add(id, entry, parentId);
      walk(entry.children ?? [], id);
    }
  };
  walk(entries, "root");
  return {
    entry: { module: "/assets/entry.client.js", imports: [] },
    routes,
    url: "/assets/manifest.js",
    version: "1",
  };
}

/** The manifest's routes as React Router's data routes, each with a loader and a component. */
function dataRoutes(manifest: Manifest, parentId?: string): RouteObject[] {
  return Object.values(manifest.routes)
    .filter((route) => route!.parentId === parentId)
    .map((route) => {
      const base = { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, loader: () => route!.id };
      return route!.index ? { ...base, index: true } : { ...base, children: dataRoutes(manifest, route!.id) };
    });
}

function Document() {
  return (
    <html lang="en">
      <head>
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}

/** Every route draws its id, a link (links resolve against the matches) and its child. */
function routeModules(manifest: Manifest): EntryContext["routeModules"] {
  return Object.fromEntries(
    Object.keys(manifest.routes).map((id) => [
      id,
      {
        default:
          id === "root"
            ? Document
            : () => (
                <section data-route={id}>
                  <Link to="../about">up</Link>
                  <Outlet />
                </section>
              ),
        ErrorBoundary: id === "root" ? () => <p>error</p> : undefined,
      },
    ]),
  ) as unknown as EntryContext["routeModules"];
}

async function entryContext(manifest: Manifest, path: string): Promise<EntryContext> {
  const handler = createStaticHandler(dataRoutes(manifest));
  const staticHandlerContext = await handler.query(new Request(`http://lomda.test${path}`));
  if (staticHandlerContext instanceof Response) throw new Error(`${path} redirected`);
  return {
    manifest,
    routeModules: routeModules(manifest),
    staticHandlerContext,
    serverHandoffString: "{}",
    future: {},
    ssr: true,
    isSpaMode: false,
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    branches: [],
    renderMeta: {},
  };
}

const render = (context: EntryContext, path: string) =>
  renderToString(<ServerRouter context={context} url={`http://lomda.test${path}`} />);

const nested: RouteConfigEntry[] = [
  { path: "about", file: "about.tsx" },
  {
    path: "learn",
    file: "learn.tsx",
    children: [
      { index: true, file: "learn-index.tsx" },
      { path: ":course", file: "course.tsx", children: [{ path: ":lesson", file: "lesson.tsx" }] },
    ],
  },
  { path: "*", file: "not-found.tsx" },
];

describe("withPageRoutes", () => {
  const cases: [string, RouteConfigEntry[], string[]][] = [
    [
      "the site's routes",
      appRoutes,
      [
        ...PUBLIC_ROUTES,
        "/no-such-page",
        "/courses/mern/react/extra",
        "/admin/courses/x/lists/y",
        "/idp/interaction/z",
      ],
    ],
    ["nested routes", nested, ["/", "/about", "/learn", "/learn/java", "/learn/java/intro", "/nope/deeper/still"]],
  ];
  for (const [name, entries, paths] of cases)
    it(`renders every page as React Router does with the whole manifest (${name})`, async () => {
      const manifest = manifestOf(entries);
      for (const path of paths) {
        const full = render(await entryContext(manifest, path), path);
        const pruned = withPageRoutes(await entryContext(manifest, path));
        expect(render(pruned, path), path).toBe(full);
        // It did cut: a handful of routes, not the table.
        expect(Object.keys(pruned.manifest.routes).length, path).toBeLessThanOrEqual(6);
      }
    });

  it("keeps the page's routes, its ancestors' and their parents", async () => {
    const manifest = manifestOf(nested);
    const routes = withPageRoutes(await entryContext(manifest, "/learn/java/intro")).manifest.routes;
    // "/" is the root's alone here (no index route at the top); "/learn" is the layout's index.
    expect(Object.keys(routes).sort()).toEqual(["course", "learn", "learn-index", "lesson", "root"]);
  });

  it("works the routes out once per path", async () => {
    const manifest = manifestOf(nested);
    const first = withPageRoutes(await entryContext(manifest, "/learn/java"));
    const again = withPageRoutes(await entryContext(manifest, "/learn/java"));
    expect(again.manifest.routes).toBe(first.manifest.routes);
    expect(again.manifest).not.toBe(manifest);
  });

  it("matches each ancestor path once per build, whatever the requests", async () => {
    const manifest = manifestOf(nested);
    const handler = createStaticHandler(dataRoutes(manifest));
    const contextFor = async (path: string): Promise<EntryContext> => {
      const context = await entryContext(manifest, path);
      const query = await handler.query(new Request(`http://lomda.test${path}`));
      if (query instanceof Response) throw new Error(`${path} redirected`);
      return { ...context, staticHandlerContext: query };
    };
    const first = await contextFor("/learn/java/intro");
    // Every request of a build shares the handler's matcher; React Router asks it while rendering.
    const match = vi.spyOn(first.staticHandlerContext, "_match");
    const paths = () => match.mock.calls.map(([path]) => path);
    const html = render(withPageRoutes(first), "/learn/java/intro");
    expect(paths().sort()).toEqual(["/", "/learn", "/learn/java"]);
    match.mockClear();
    const second = await contextFor("/learn/java/intro");
    second.staticHandlerContext._match = first.staticHandlerContext._match;
    expect(render(withPageRoutes(second), "/learn/java/intro")).toBe(html);
    expect(paths()).toEqual([]);
    // An object location is passed through, not kept.
    withPageRoutes(second).staticHandlerContext._match({ pathname: "/about" });
    expect(paths()).toEqual([{ pathname: "/about" }]);
  });
});
