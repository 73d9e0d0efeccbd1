import type { ServerBuild } from "react-router";
import { TEST_ROUTE_ID_PREFIX } from "../app/lib/test-routes.ts";

/**
 * The build's route table as this process serves it: without the test-only routes (app/routes.ts)
 * unless LOMDA_TEST_ROUTES=1. Both tables go: the server's (matching, loaders, actions) and the
 * browser's manifest (lazy route discovery), so a production start neither serves nor announces them
 * (decision 0035).
 */
export function servedBuild(build: ServerBuild, testRoutes: boolean): ServerBuild {
  if (testRoutes) return build;
  const keep = (id: string) => !id.startsWith(TEST_ROUTE_ID_PREFIX);
  return {
    ...build,
    routes: Object.fromEntries(Object.entries(build.routes).filter(([id]) => keep(id))),
    assets: {
      ...build.assets,
      routes: Object.fromEntries(Object.entries(build.assets.routes).filter(([id]) => keep(id))),
    },
  };
}
