import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { CurrentBuildFirst } from "./tests/setup/current-build-first.ts";

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
    // One migrated (and seeded) template database per run; each test file gets a copy.
    globalSetup: ["tests/setup/template-databases.ts"],
    // Integration tests run the production build: it is rebuilt first when older than its sources.
    sequence: { sequencer: CurrentBuildFirst },
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
