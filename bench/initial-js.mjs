// Initial JS per public route, in English and in Hebrew (issue 16's "≤ 125 kB gzip on every public
// route"), measured as bench/compare.mjs measures it: the gzip sizes (zlib's default level) of the
// assets the server-rendered HTML preloads (`<link rel="modulepreload">`) and imports inline. The
// inline route manifest names other routes' modules too; those load only when navigated to.
//
// Usage: npm run build, start the server (e.g. PORT=3470 … node server.js), then
//   node bench/initial-js.mjs [--url=http://127.0.0.1:3470] [--json] [--chunks=/about]
// A benchmark helper, never a test: it prints a Markdown table (largest first) and the worst route.
import { gzipSync } from "node:zlib";
import { initialScripts, PUBLIC_ROUTES } from "./public-pages.mjs";

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a) => a.replace(/^--/, "").split("="))
    .map(([k, v]) => [k, v ?? "1"]),
);
const BASE = (args.url ?? "http://127.0.0.1:3470").replace(/\/$/, "");

const sizes = new Map();
async function gzipSize(src) {
  if (!sizes.has(src)) {
    const res = await fetch(`${BASE}${src}`, { headers: { "accept-encoding": "identity" } });
    if (!res.ok) throw new Error(`${src}: ${res.status}`);
    sizes.set(src, gzipSync(Buffer.from(await res.arrayBuffer())).length);
  }
  return sizes.get(src);
}

async function initialJs(path) {
  const res = await fetch(`${BASE}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  const html = await res.text();
  const chunks = [];
  for (const src of initialScripts(html)) chunks.push({ src, bytes: await gzipSize(src) });
  return { path, chunks, bytes: chunks.reduce((sum, c) => sum + c.bytes, 0) };
}

const rows = [];
for (const path of PUBLIC_ROUTES) {
  const en = await initialJs(path);
  const he = await initialJs(`${path}${path.includes("?") ? "&" : "?"}lng=he`);
  rows.push({ path, en, he });
}
if (args.chunks) {
  for (const row of rows.filter((r) => r.path === args.chunks))
    for (const c of row.en.chunks.sort((a, b) => b.bytes - a.bytes)) console.log(`${c.bytes}\t${c.src}`);
  process.exit(0);
}
const kb = (bytes) => (bytes / 1024).toFixed(1);
if (args.json) {
  console.log(JSON.stringify(rows.map((r) => ({ path: r.path, en: r.en.bytes, he: r.he.bytes }))));
} else {
  rows.sort((a, b) => Math.max(b.en.bytes, b.he.bytes) - Math.max(a.en.bytes, a.he.bytes));
  console.log("| route | English, kB gzip | Hebrew, kB gzip | chunks |");
  console.log("|---|---|---|---|");
  for (const r of rows)
    console.log(`| \`${r.path}\` | ${kb(r.en.bytes)} | ${kb(r.he.bytes)} | ${r.en.chunks.length} |`);
  const worst = rows[0];
  console.log(`\nworst: ${worst.path} ${kb(Math.max(worst.en.bytes, worst.he.bytes))} kB (goal ≤ 125)`);
}
