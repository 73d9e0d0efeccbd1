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
    // independent (each makes its own databases, ports and folders), so they run side by side. They
    // also wait (on servers, databases, child processes): with two workers the whole run kept 1.42 of
    // the 2 cores busy (303 s), with three 1.61 (250 s, every test passing). A fixed count: each
    // worker holds PostgreSQL connections, and CI's machine has 2 cores.
    maxWorkers: 3,
    reporters: reportDir ? ["default", "json"] : ["default"],
    outputFile: reportDir ? { json: `${reportDir}/vitest.json` } : undefined,
  },
});
