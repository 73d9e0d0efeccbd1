import { defineConfig, devices } from "@playwright/test";

/** Browser tests run in Debian's Chromium against the production build, started as `npm start` starts it. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3310);
const reportDir = process.env.CI_REPORT_DIR;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: reportDir ? [["list"], ["json", { outputFile: `${reportDir}/playwright.json` }]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "rm -rf tests/.tmp/e2e && node server.js",
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "file:./tests/.tmp/e2e/lomda.db",
      DATA_DIR: "./tests/.tmp/e2e",
      LOMDA_TEST_ROUTES: "1",
      LOG_LEVEL: "warn",
    },
  },
});
