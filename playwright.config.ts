import { defineConfig, devices } from "@playwright/test";
import { ensureCurrentBuild } from "./scripts/build-inputs.ts";
import { CHROMIUM_PATH } from "./scripts/chromium-path.ts";

// The servers below run the production build: bring it up to date first (a hash of the sources when
// it is current). Here, not in globalSetup: Playwright starts the web servers before globalSetup. The
// workers load this file too; the runner did it already.
if (!process.env.TEST_WORKER_INDEX) ensureCurrentBuild();

/** Browser tests run in Debian's Chromium against the production build, started as `npm start` starts it. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3310);
/** A second Lomda, configured for an external OpenID provider, and that provider. */
export const E2E_EXTERNAL_PORT = E2E_PORT + 1;
export const EXTERNAL_OP_PORT = E2E_PORT + 10;
export const BOOKS_UPSTREAM_PORT = E2E_PORT + 20;
/** The Stripe API stand-in (tests/support/stripe-standin.ts); +30 is the dev-server test's. */
export const STRIPE_STANDIN_PORT = E2E_PORT + 40;
const STRIPE_WEBHOOK_SECRET = "whsec_e2e_lomda_payments";
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
      executablePath: CHROMIUM_PATH,
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
  webServer: [
    {
      // Lomda as `npm start` serves it, with the embedded sign-in and demo accounts.
      command: "rm -rf tests/.tmp/e2e && node server.js",
      url: `http://127.0.0.1:${E2E_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(E2E_PORT),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? "file:./tests/.tmp/e2e/lomda.db",
        DATA_DIR: "./tests/.tmp/e2e",
        LOMDA_TEST_ROUTES: "1",
        // Demo mode, as `npm start` runs it: the demo accounts the tests sign in with, and the banner.
        LOMDA_DEMO: "1",
        LOG_LEVEL: "warn",
        // Two workers click through pages and quizzes from one address far faster than a person:
        // one address's budget of renders (server/render-budget.ts) would be spent in seconds. The
        // budget has tests of its own (server/render-budget.test.ts, tests/integration/render-budget.test.ts).
        RENDER_BUDGET: "100000/100000",
        BOOKS_API_URL: `http://127.0.0.1:${BOOKS_UPSTREAM_PORT}/books/v1/volumes`,
        BOOKS_API_KEY: "e2e-books-key-never-in-the-browser",
        BOOKS_TIMEOUT_MS: "1000",
        // YouTube's player API: the stand-in beside the Books one (tests/support/youtube-iframe-api.js).
        YOUTUBE_IFRAME_API_URL: `http://127.0.0.1:${BOOKS_UPSTREAM_PORT}/youtube/iframe_api`,
        // Online payments against the Stripe stand-in, which posts its signed events back here.
        STRIPE_SECRET_KEY: "sk_test_e2e_lomda",
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: `http://127.0.0.1:${STRIPE_STANDIN_PORT}`,
      },
    },
    {
      // A local stand-in of Stripe's API and hosted pages, signing its webhook events as Stripe does.
      command: "node tests/support/stripe-standin.ts",
      url: `http://127.0.0.1:${STRIPE_STANDIN_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        STRIPE_STANDIN_PORT: String(STRIPE_STANDIN_PORT),
        STRIPE_WEBHOOK_URL: `http://127.0.0.1:${E2E_PORT}/webhooks/stripe`,
        STRIPE_WEBHOOK_SECRET,
      },
    },
    {
      // The Google Books stand-in, replaying the recorded answers.
      command: "node tests/support/books-upstream.ts",
      url: `http://127.0.0.1:${BOOKS_UPSTREAM_PORT}/books/v1/volumes?q=python`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { BOOKS_UPSTREAM_PORT: String(BOOKS_UPSTREAM_PORT) },
    },
    {
      // A separately configured OpenID provider playing an external one (Auth0, Keycloak…).
      command: "node tests/support/external-op.ts",
      url: `http://127.0.0.1:${EXTERNAL_OP_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { EXTERNAL_OP_PORT: String(EXTERNAL_OP_PORT), EXTERNAL_RP_URL: `http://127.0.0.1:${E2E_EXTERNAL_PORT}` },
    },
    {
      // A second Lomda that signs in through the external provider, configured by environment alone.
      command: "rm -rf tests/.tmp/e2e-ext && node server.js",
      url: `http://127.0.0.1:${E2E_EXTERNAL_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(E2E_EXTERNAL_PORT),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${E2E_EXTERNAL_PORT}`,
        DATABASE_URL: "file:./tests/.tmp/e2e-ext/lomda.db",
        DATA_DIR: "./tests/.tmp/e2e-ext",
        OIDC_ISSUER: `http://127.0.0.1:${EXTERNAL_OP_PORT}`,
        OIDC_CLIENT_ID: "lomda-external",
        OIDC_CLIENT_SECRET: "external-secret",
        SESSION_SECRET: "e2e-external-session-secret-0123456789abcdef",
        ADMIN_EMAILS: "ext.admin@example.org",
        // This instance also tries the hCaptcha option (its script and siteverify are stood in for).
        CAPTCHA: "hcaptcha",
        HCAPTCHA_SITEKEY: "10000000-ffff-ffff-ffff-000000000001",
        HCAPTCHA_SECRET: "hcaptcha-test-secret",
        HCAPTCHA_VERIFY_URL: `http://127.0.0.1:${BOOKS_UPSTREAM_PORT}/siteverify`,
        LOG_LEVEL: "warn",
        // As the first Lomda: one address, as fast as the tests go.
        RENDER_BUDGET: "100000/100000",
      },
    },
  ],
});
