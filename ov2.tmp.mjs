import { chromium } from "@playwright/test";
const BASE = "http://127.0.0.1:3390";
const browser = await chromium.launch({ executablePath: "/usr/lib/chromium/chromium-headless-shell", args: ["--no-sandbox"] });
const c = await browser.newContext({ viewport: { width: 360, height: 800 } });
await c.request.post(`${BASE}/__test/session`, { form: { email: "admin@lomda.test", password: "lomda-demo" } });
const p = await c.newPage();
await p.goto(BASE + "/admin/payments");
console.log(await p.evaluate(() => {
  const main = document.querySelector("main > div.container-page");
  return [...main.children].map(ch => ch.tagName + "#" + (ch.getAttribute("aria-labelledby")||"") + " w=" + Math.round(ch.getBoundingClientRect().width) + " sw=" + ch.scrollWidth);
}));
await browser.close();
