import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:3590";
const browser = await chromium.launch({ executablePath: "/usr/lib/chromium/chromium-headless-shell", args: ["--no-sandbox"] });
async function shot(name, path, { width, lng, as, action } = {}) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await ctx.newPage();
  if (as) {
    const r = await page.request.post(`${base}/__test/session`, { form: { email: as, password: "lomda-demo" }, headers: { origin: base } });
    if (r.status() !== 204) console.log("session", r.status());
  }
  await page.goto(`${base}${path}${path.includes("?") ? "&" : "?"}lng=${lng}`);
  await page.waitForTimeout(800);
  if (action) await action(page);
  await page.screenshot({ path: `/tmp/shots/${name}-${lng}-${width}.png`, fullPage: true });
  await ctx.close();
}
const which = process.argv[2];
for (const lng of ["en", "he"]) for (const width of [360, 1366]) {
  if (which === "signup") await shot("signup", "/account/signup?returnTo=%2Fcourse%2Fmern-react", { width, lng, action: async (p) => { await p.getByRole("button", { name: /Create account|יצירת חשבון/ }).click(); await p.waitForTimeout(300); } });
  if (which === "login") await shot("login", "/signin?returnTo=%2Fcourse%2Fmern-react", { width, lng });
  if (which === "admin") await shot("admin", "/admin", { width, lng, as: "admin@lomda.test", action: async (p) => { await p.getByTestId("sign-up-switch").scrollIntoViewIfNeeded(); } });
  if (which === "register") await shot("register", "/register", { width, lng });
}
await browser.close();
