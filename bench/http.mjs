// A small load benchmark of the built server on loopback: N requests at a fixed concurrency per page,
// reporting requests per second and latency percentiles. Bounded in count and time; stops by itself.
// Usage: npm run build && node bench/http.mjs [requests=2000] [concurrency=20]
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const total = Number(process.argv[2] ?? 2000);
const concurrency = Number(process.argv[3] ?? 20);
const paths = ["/", "/?lng=he", "/no-such-page", "/healthz"];
const dataDir = mkdtempSync(join(tmpdir(), "lomda-bench-"));
const port = 3490;

const server = spawn(process.execPath, ["server.js"], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: `file:${dataDir}/b.db`,
    LOG_LEVEL: "warn",
  },
  stdio: "inherit",
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 100));
}

const results = {};
for (const path of paths) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  const deadline = started + 60_000;
  async function worker() {
    while (next < total && performance.now() < deadline) {
      next++;
      const t0 = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { "accept-encoding": "gzip" } });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
  results[path] = {
    requests: latencies.length,
    rps: Math.round(latencies.length / seconds),
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
  };
  console.log(path.padEnd(16), JSON.stringify(results[path]));
}
server.kill("SIGTERM");
rmSync(dataDir, { recursive: true, force: true });
writeFileSync(
  new URL("./results/http-latest.json", import.meta.url),
  JSON.stringify({ date: new Date().toISOString(), node: process.version, total, concurrency, results }, null, 2) +
    "\n",
);
