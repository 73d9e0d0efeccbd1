import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RateLimiter } from "../../app/lib/rate-limit.server.ts";
import { CHROMIUM_PATH } from "../../scripts/chromium-path.ts";
import { DIALECTS } from "../setup/databases.ts";
import { startApp } from "./harness.ts";

/**
 * A quiz start refused for too many starts (429 with Retry-After): the page says how long to wait,
 * in the learner's language, and lets nothing be sent before. On an app of its own, because its
 * starts are spent here (the browser tests share one address, whose starts other tests need).
 * The browser is Debian's Chromium, as in the browser tests, with its clock in the test's hands.
 */
describe.each(DIALECTS)("a quiz start refused for too many starts on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;
  beforeAll(async () => {
    app = await startApp({}, dialect);
    // The 30 starts a minute that 127.0.0.1 may make (app/lib/rate-limit.server.ts), spent through the
    // limiter itself, in this minute's window and the next (a test may cross from one to the other).
    const starts = new RateLimiter(app.db, "quiz-start", 30, 60_000);
    for (let i = 0; i < 30; i++) {
      await starts.consume("127.0.0.1");
      await starts.consume("127.0.0.1", Date.now() + 60_000);
    }
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ["--headless", "--no-sandbox", "--disable-gpu"],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const start = (query = "") =>
    fetch(`${app.url}/test/javascript${query}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: new URLSearchParams({ index: "0" }),
    });

  it("says in the page how many seconds are left, in English and Hebrew (plural forms)", async () => {
    const refused = await start();
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get("retry-after"));
    expect(seconds).toBeGreaterThan(0);
    const wait = seconds === 1 ? "Please wait 1 second." : `Please wait ${seconds} seconds.`;
    expect(await refused.text()).toContain(`Too many tests started. ${wait}`);

    const hebrew = await start("?lng=he");
    expect(hebrew.status).toBe(429);
    const left = Number(hebrew.headers.get("retry-after"));
    const inHebrew = left === 1 ? "בעוד שנייה." : left === 2 ? "בעוד שתי שניות." : `בעוד ${left} שניות.`;
    expect(await hebrew.text()).toContain(`התחלתם יותר מדי מבחנים. נסו שוב ${inHebrew}`);
  });

  it("keeps Next disabled until the wait is over, and sends nothing before", async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      // The refusal itself is the one error the browser reports.
      if (message.type() === "error" && !message.text().includes("status of 429")) problems.push(message.text());
    });
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    try {
      await page.clock.install();
      await page.goto(`${app.url}/test/javascript`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await page.getByTestId("option-0").check();
      const next = page.getByRole("button", { name: "Next", exact: true });
      await next.click();
      const alert = page.getByRole("alert");
      await expect.poll(() => alert.textContent(), { timeout: 7000 }).toMatch(/^Too many tests started\. Please wait/);
      const seconds = Number(/wait (\d+) second/.exec((await alert.textContent())!)![1]);
      expect(seconds).toBeGreaterThan(0);
      expect(await next.isDisabled()).toBe(true);
      await next.click({ force: true }); // a disabled button sends nothing
      await page.keyboard.press("Enter");

      await page.clock.fastForward(seconds * 1000 - 500);
      expect(await next.isDisabled()).toBe(true);
      expect(await alert.count()).toBe(1);
      await page.clock.fastForward(1000);
      await expect.poll(() => next.isDisabled(), { timeout: 7000 }).toBe(false);
      expect(await alert.count()).toBe(0);
      expect(posts).toHaveLength(1);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
