import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:3590";
const browser = await chromium.launch({ executablePath: "/usr/lib/chromium/chromium-headless-shell", args: ["--no-sandbox"] });
for (const lng of ["en", "he"]) for (const width of [360, 1366]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await ctx.newPage();
  await page.request.post(`${base}/__test/session`, { form: { email: "admin@lomda.test", password: "lomda-demo" }, headers: { origin: base } });
  await page.goto(`${base}/admin?lng=${lng}`);
  const sec = page.getByTestId("sign-up-switch").locator("..");
  await sec.screenshot({ path: `/tmp/shots/acc-${lng}-${width}.png` });
  if (width === 1366 && lng === "en") {
    await page.getByRole("button", { name: "Confirmation link: show it yael.bar@example.org" }).click();
    await page.getByTestId("account-link").screenshot({ path: `/tmp/shots/acclink-${lng}-${width}.png` });
  }
  await ctx.close();
}
await browser.close();
