import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "./auth-helpers.ts";

/** The embedded provider's demo accounts (seeded at start; the subscriber has a subscription). */
export const DEMO_EMAILS = {
  learner: "learner@lomda.test",
  subscriber: "subscriber@lomda.test",
  admin: "admin@lomda.test",
} as const;

/**
 * Signs `page`'s browser context in as an account of the embedded provider without the login page:
 * the test-only POST /__test/session checks the credentials, makes the same user a real sign-in
 * makes and sets the session cookie (page.request shares the context's cookies). Any earlier
 * session of the context is replaced. For tests whose subject is not the sign-in itself.
 */
export async function startSession(page: Page, email: string, password = DEMO_PASSWORD) {
  const response = await page.request.post("/__test/session", { form: { email, password } });
  expect(response.status(), `test sign-in as ${email}: ${await response.text()}`).toBe(204);
}

interface Fixtures {
  allowConsoleErrors: (pattern: RegExp) => void;
  consoleGuard: void;
  /** Signs this test's page in (see startSession). */
  signInAs: (email: string, password?: string) => Promise<void>;
  /** The test's page, already signed in as the demo learner / subscriber / admin. */
  learnerPage: Page;
  subscriberPage: Page;
  adminPage: Page;
}

/**
 * Every browser test fails on an unexpected console error or page error. A test that expects
 * some (a 404 page logs the failed document load) lists them with `allowConsoleErrors`.
 */
export const test = base.extend<Fixtures>({
  allowConsoleErrors: async ({}, use, testInfo) => {
    // The feedback test's picture, on a reserved host (RFC 2606) that never loads: the site falls back
    // to initials, and every test that shows /feedback meanwhile (the database is shared) sees it fail.
    const allowed: RegExp[] = [/Failed to load resource: .* https:\/\/pictures\.example\//];
    (testInfo as unknown as { _allowed: RegExp[] })._allowed = allowed;
    await use((pattern) => allowed.push(pattern));
  },
  consoleGuard: [
    async ({ page, allowConsoleErrors }, use, testInfo) => {
      void allowConsoleErrors;
      const allowed = (testInfo as unknown as { _allowed: RegExp[] })._allowed;
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = `${message.text()} ${message.location().url ?? ""}`;
        if (!allowed.some((p) => p.test(text))) errors.push(text);
      });
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      await use();
      expect(errors, "unexpected console errors").toEqual([]);
    },
    { auto: true },
  ],
  signInAs: async ({ page }, use) => {
    await use((email, password) => startSession(page, email, password));
  },
  learnerPage: async ({ page }, use) => {
    await startSession(page, DEMO_EMAILS.learner);
    await use(page);
  },
  subscriberPage: async ({ page }, use) => {
    await startSession(page, DEMO_EMAILS.subscriber);
    await use(page);
  },
  adminPage: async ({ page }, use) => {
    await startSession(page, DEMO_EMAILS.admin);
    await use(page);
  },
});

export { expect };

/**
 * axe on the current page: no WCAG 2.2 A/AA violations (2.2 adds the size of small targets). Legacy mode runs axe once in the page (and in
 * its frames) instead of finishing the run in a new blank page, and `resultTypes` keeps the details of
 * violations only (passes are summarised by rule): the same rules and verdicts in a quarter of the time
 * (about 0.6 s instead of 2.5 s a page on this machine). The tags go in `options`, which replaces what
 * `withTags` would set.
 */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      resultTypes: ["violations"],
    })
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary).toEqual([]);
}

/** Waits until React has hydrated the page, so clicks reach React's handlers. */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
