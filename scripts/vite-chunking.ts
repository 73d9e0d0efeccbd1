import type { Plugin } from "vite";

/** The framework's packages (and Vite's preload helper): the same on every page and release. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|^\0vite\/preload-helper/;
/** The two entries every page loads: the client entry and the root route (as React Router builds it). */
const CLIENT_ENTRY = /[\\/]app[\\/]entry\.client\.tsx$/;
const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx\?__react-router-build-client-route$/;
/** Any route module's client entry (each stays a chunk of its own). */
const ROUTE_ENTRY = /\?__react-router-build-client-route$/;

/**
 * Client chunks for a small initial download (issue 16, decision 0025). Every page loads the client
 * entry and the root route with all they import statically; rolldown's automatic splitting cut that
 * set into a dozen chunks (React DOM, three parts of React Router, the JSX runtime, the translator,
 * the formatter…), each costing ~150–400 B of gzip for its own imports and exports. Two groups
 * instead:
 *
 * - `framework`: React, React DOM, the scheduler and React Router, whose hash changes only when they
 *   are upgraded, so a browser keeps it across releases of the app;
 * - `shell`: the app's modules that the client entry and the root route import statically, found in
 *   the module graph at build time (not listed by hand), which every page loads anyway.
 *
 * Route modules, and what only some routes import, stay with rolldown's automatic splitting, so no
 * page loads code it did not load before. Development (`npm run dev`) is unaffected.
 */
export function chunking(): Plugin {
  const shell = new Set<string>();
  return {
    name: "lomda-chunking",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configEnvironment(name) {
      if (name !== "client") return;
      // `rollupOptions`, as React Router's plugin spells it, so that Vite merges the two.
      return {
        build: {
          rollupOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: "framework", test: FRAMEWORK, priority: 2 },
                  { name: "shell", test: (id: string) => shell.has(id), priority: 1 },
                ],
              },
            },
          },
        },
      };
    },
    // After the module graph is complete and before chunks are made: collect the shell.
    buildEnd() {
      const roots = [...this.getModuleIds()].filter((id) => CLIENT_ENTRY.test(id) || ROOT_ROUTE.test(id));
      if (roots.length !== 2) this.error(`expected the client entry and the root route, found: ${roots.join(", ")}`);
      const seen = new Set<string>();
      const pending = [...roots];
      while (pending.length) {
        const id = pending.pop()!;
        if (seen.has(id)) continue;
        seen.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      shell.clear();
      for (const id of seen)
        if (!CLIENT_ENTRY.test(id) && !ROUTE_ENTRY.test(id) && !id.includes("/node_modules/") && !FRAMEWORK.test(id))
          shell.add(id);
    },
  };
}
