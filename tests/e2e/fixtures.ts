import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * Every browser test fails on an unexpected console error or page error. A test that expects
 * some (a 404 page logs the failed document load) lists them with `allowConsoleErrors`.
 */
export const test = base.extend<{ allowConsoleErrors: (pattern: RegExp) => void; consoleGuard: void }>({
  allowConsoleErrors: async ({}, use, testInfo) => {
    const allowed: RegExp[] = [];
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
});

export { expect };

/** axe on the current page: no WCAG 2.1 A/AA violations. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary).toEqual([]);
}

/** Waits until React has hydrated the page, so clicks reach React's handlers. */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
