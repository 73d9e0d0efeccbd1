import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { precompress } from "./scripts/vite-precompress.ts";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // The server build's entry is our Express shell, so one bundle holds the app and the server.
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        // The page's strings (app/i18n/en.ts, he.ts) get a name the server can find, to preload them
        // with the page instead of after the entry script asks for them (server/services.ts).
        chunkFileNames: (chunk) =>
          /\/app\/i18n\/(en|he)\.ts$/.test(chunk.facadeModuleId ?? "")
            ? "assets/strings-[name]-[hash].js"
            : "assets/[name]-[hash].js",
      },
    },
  },
  plugins: [tailwindcss(), reactRouter(), precompress()],
});
