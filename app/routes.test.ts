import { describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "./routes";
import { TEST_ROUTE_ID_PREFIX } from "./lib/test-routes";

const ADMIN_LAYOUT = "routes/admin/layout.tsx";

/** Every route with its full path and the layouts it sits in. */
function flatten(
  entries: RouteConfigEntry[],
  parents: string[] = [],
  base = "",
): { path: string; file: string; id?: string; layouts: string[] }[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${base}/${entry.path}`.replace(/\/+/g, "/") : base;
    const own = { path: path || "/", file: entry.file, id: entry.id, layouts: parents };
    const inner = entry.children ? flatten(entry.children, [...parents, entry.file], path) : [];
    return [own, ...inner];
  });
}

describe("the route map", () => {
  const all = flatten(routes);

  it("puts every /admin screen under the one guarded layout (no admin route can miss the guard)", () => {
    const admin = all.filter((r) => /^\/admin(\/|$)/.test(r.path) && !r.id?.startsWith(TEST_ROUTE_ID_PREFIX));
    expect(admin.length).toBeGreaterThan(15);
    const unguarded = admin.filter((r) => r.file !== ADMIN_LAYOUT && !r.layouts.includes(ADMIN_LAYOUT));
    expect(unguarded.map((r) => r.path)).toEqual([]);
  });

  it("keeps the admin screens' files in the admin folder and nothing else behind its guard", () => {
    const guarded = all.filter((r) => r.layouts.includes(ADMIN_LAYOUT));
    for (const r of guarded) {
      expect(r.file, r.path).toMatch(/^routes\/admin\//);
      expect(r.path, r.file).toMatch(/^\/admin(\/|$)/);
    }
  });
});
