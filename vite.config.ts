import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { chunking } from "./scripts/vite-chunking.ts";
import { gradingWorker } from "./scripts/vite-grading-worker.ts";
import { precompress } from "./scripts/vite-precompress.ts";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // The server build's entry is our Express shell, so one bundle holds the app and the server.
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  build: { assetsInlineLimit: 0 },
  plugins: [tailwindcss(), reactRouter(), chunking(), precompress(), gradingWorker()],
});
