import { chromium } from "@playwright/test";
const BASE = process.argv[2] ?? "http://127.0.0.1:3390";
const browser = await chromium.launch({ executablePath: "/usr/lib/chromium/chromium-headless-shell", args: ["--no-sandbox"] });
const c = await browser.newContext({ viewport: { width: 360, height: 800 } });
await c.request.post(`${BASE}/__test/session`, { form: { email: "admin@lomda.test", password: "lomda-demo" } });
const p = await c.newPage();
for (const path of ["/admin/payments?lng=he", "/admin/payments"]) {
  await p.goto(BASE + path);
  console.log(path, await p.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const out = [];
    for (const el of document.querySelectorAll("main *")) { const b = el.getBoundingClientRect(); if (b.right > w + 0.5 || b.left < -0.5) out.push(el.tagName + "." + (el.className||"").toString().slice(0,40) + " " + Math.round(b.left) + ".." + Math.round(b.right)); }
    return { sw: document.documentElement.scrollWidth, w, out: out.slice(0, 8) };
  }));
}
await browser.close();
