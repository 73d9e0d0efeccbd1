// Takes screenshots of pages in both languages at phone and desktop widths, for a person to look at.
// Usage: node scripts/screenshots.mjs http://127.0.0.1:3402 out-dir /path1 /path2 ...
import { chromium } from "@playwright/test";
import { mkdirSync } from "node:fs";

const [base, outDir, ...paths] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
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
});
const sizes = { phone: { width: 360, height: 800 }, desktop: { width: 1366, height: 900 } };
for (const [sizeName, viewport] of Object.entries(sizes)) {
  const context = await browser.newContext({ viewport, storageState: process.env.STORAGE_STATE });
  const page = await context.newPage();
  for (const path of paths) {
    for (const lng of ["en", "he"]) {
      const url = `${base}${path}${path.includes("?") ? "&" : "?"}lng=${lng}`;
      await page.goto(url);
      await page.waitForLoadState("networkidle");
      const name = `${path.replace(/[^\w]+/g, "_") || "home"}-${lng}-${sizeName}.png`;
      await page.screenshot({ path: `${outDir}/${name}`, fullPage: process.env.FULL !== "0" });
      console.log(name);
    }
  }
  await context.close();
}
await browser.close();
