import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const reportDir = process.env.CI_REPORT_DIR;

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "db/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/support/**/*.test.ts",
    ],
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
    // Vitest takes one worker fewer than the cores by default: on a 2-core machine, one. The files are
    // independent (each makes its own databases, ports and folders), so both cores work.
    maxWorkers: 2,
    reporters: reportDir ? ["default", "json"] : ["default"],
    outputFile: reportDir ? { json: `${reportDir}/vitest.json` } : undefined,
  },
});
