// Every script a public page loads with no interaction, counted as an outsider counts it (issue 35,
// point 6): a real browser opens the page and waits until the network is idle; every JavaScript
// response counts (the module preloads, what hydration imports, deferred modules, widgets, workers),
// as its gzip size (zlib's default level, as bench/initial-js.mjs). Both languages. Goal ≤ 125 kB.
//
// Usage: npm run build, start the server (e.g. PORT=3470 … node server.js), then
//   node bench/loaded-js.mjs [--url=http://127.0.0.1:3470] [--json] [--chromium=/usr/bin/chromium]
// A benchmark helper, never a test: it prints a Markdown table (largest first) and the worst page.
import { gzipSync } from "node:zlib";
import { chromium } from "playwright";
import { PUBLIC_ROUTES } from "./public-pages.mjs";

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a) => a.replace(/^--/, "").split("="))
    .map(([k, v]) => [k, v ?? "1"]),
);
const BASE = (args.url ?? "http://127.0.0.1:3470").replace(/\/$/, "");
const GOAL_KB = 125;
const SETTLE_MS = 2000;

const browser = await chromium.launch({ executablePath: args.chromium ?? "/usr/bin/chromium" });
const rows = [];
try {
  for (const path of PUBLIC_ROUTES) {
    for (const lng of ["en", "he"]) {
      // A fresh context per page: nothing cached, as a first visit.
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = new Map();
      const pending = [];
      let lastScript = Date.now();
      const count = (response) => {
        const type = response.request().resourceType();
        const url = response.url();
        if (!url.startsWith(BASE) || !(type === "script" || /\.m?js(\?|$)/.test(new URL(url).pathname))) return;
        lastScript = Date.now();
        pending.push(
          response
            .body()
            .then((body) => scripts.set(new URL(url).pathname, gzipSync(body).length))
            .catch(() => {}),
        );
      };
      page.on("response", count);
      page.on("request", (request) => {
        if (request.resourceType() === "script") lastScript = Date.now();
      });
      context.on("serviceworker", () => {});
      page.on("worker", (worker) => scripts.set(`worker:${new URL(worker.url()).pathname}`, 0));
      const separator = path.includes("?") ? "&" : "?";
      await page.goto(`${BASE}${path}${separator}lng=${lng}`, { waitUntil: "networkidle" });
      // The page's modules start after its first paint, or 3 s after "load" when no paint is reported
      // (app/lib/deferred-modules.server.ts): on a busy machine that is after the 500 ms of quiet
      // Playwright calls "network idle", and the page was counted as loading no script at all. Wait
      // until the starter has put the module script in.
      await page.waitForFunction(
        () => !document.getElementById("lomda-modules") || document.querySelector('script[type="module"]:not([src])'),
        null,
        { timeout: 20_000 },
      );
      lastScript = Math.max(lastScript, Date.now());
      // A part the server rendered in place but the browser loads as a chunk of its own
      // (lazyRenderedOnServer) is imported while the page hydrates, which can also come after that
      // quiet: count until no script has been asked for in SETTLE_MS, so that none is left out.
      while (Date.now() - lastScript < SETTLE_MS) await page.waitForTimeout(100);
      await Promise.all(pending);
      const bytes = [...scripts.values()].reduce((a, b) => a + b, 0);
      rows.push({ path, lng, kb: Math.round(bytes / 102.4) / 10, files: scripts.size });
      await context.close();
    }
  }
} finally {
  await browser.close();
}

rows.sort((a, b) => b.kb - a.kb);
if (args.json) console.log(JSON.stringify(rows, null, 2));
else {
  console.log(`| page | language | JS loaded without interaction, kB gzip | files |\n|---|---|---:|---:|`);
  for (const r of rows) console.log(`| \`${r.path}\` | ${r.lng} | ${r.kb.toFixed(1)} | ${r.files} |`);
  const worst = rows[0];
  console.log(`\nworst: ${worst.path} (${worst.lng}) ${worst.kb.toFixed(1)} kB (goal ≤ ${GOAL_KB})`);
}
