/**
 * `npm run dev`: the same Express shell as production (server/app.ts), with Vite in middleware
 * mode — the React Router custom-server pattern. Routes, components, translations and CSS are
 * served from source and hot-reloaded; the React Router build is loaded afresh from Vite for every
 * request, so a changed loader or string shows on the next request without a restart. Changes to
 * server/ or to the services built at start (configuration, database, sign-in) need a restart.
 */
import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import type { ServerBuild } from "react-router";
import { createServer } from "vite";

process.env.NODE_ENV ??= "development";

const vite = await createServer({
  appType: "custom",
  server: {
    middlewareMode: true,
    // Fonts and other files come from node_modules, which may be a link to elsewhere.
    fs: { allow: [process.cwd(), realpathSync("node_modules")] },
  },
});
const { main } = (await vite.ssrLoadModule("/server/app.ts")) as typeof import("./app.ts");

await main(process.argv.slice(2), {
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  devMiddleware: vite.middlewares,
  clientDir: resolve("public"),
  mediaDir: resolve("media/videos"),
});
