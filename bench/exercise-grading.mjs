// Does grading hostile code slow the site down? (issue 34.) Against the production build, measures
// the p99 latency of GET / (a fixed number of requests at a fixed concurrency) in three conditions,
// interleaved per round so the machine's mood hits them alike:
//   idle     — nothing else running;
//   hostile  — 20 hostile submissions kept in flight in the same server's grader (posted to the
//              test-only route /__test/grade; each one that ends is replaced at once): endless
//              loops, memory and recursion bombs, huge output, endless and huge WITH RECURSIVE;
//   peer     — instead, an outside process burning as many cores as the grader has workers (what any
//              CPU-bound job on the box costs the site, without Lomda's grader in the way).
// Prints the ratios hostile ÷ idle (the issue's measure) and peer ÷ idle, medians over the rounds.
// Ratios within one run, never absolute times: this machine is shared and noisy.
//
// Usage: npm run build && node bench/exercise-grading.mjs [--rounds=3] [--requests=400] [--concurrency=10] [--hostile=20]
import { spawn } from "node:child_process";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a) => a.replace(/^--/, "").split("="))
    .map(([k, v]) => [k, Number(v)]),
);
const ROUNDS = args.rounds ?? 3;
const REQUESTS = args.requests ?? 400;
const CONCURRENCY = args.concurrency ?? 10;
const HOSTILE = args.hostile ?? 20;
const PORT = 3498;
const base = `http://127.0.0.1:${PORT}`;
/** As createGrader's default: half the cores, at least 1, at most 4. */
const GRADER_WORKERS = Math.min(4, Math.max(1, Math.floor(availableParallelism() / 2)));

const test = (code) => [{ name: "t", hidden: false, code }];
const SUBMISSIONS = [
  { label: "loop", language: "javascript", code: "while (true) {}", tests: test("assert.ok(true)"), schema: null },
  {
    label: "memory bomb",
    language: "javascript",
    code: "const a = []; while (true) a.push({ n: a.length })",
    tests: test("assert.ok(true)"),
    schema: null,
  },
  {
    label: "recursion bomb",
    language: "javascript",
    code: "function f() { return f() + 1 } f()",
    tests: test("assert.ok(true)"),
    schema: null,
  },
  {
    label: "huge output",
    language: "javascript",
    code: 'for (;;) console.log("x".repeat(10000))',
    tests: test("assert.ok(true)"),
    schema: null,
  },
  {
    label: "endless query",
    language: "sql",
    code: "with recursive n(i) as (select 1 union all select i + 1 from n) select count(*) from n",
    tests: test("select 1"),
    schema: "create table t (x);",
  },
  {
    label: "huge WITH RECURSIVE",
    language: "sql",
    code: "with recursive n(i) as (select 1 union all select i + 1 from n) select i from n",
    tests: test("select 1"),
    schema: "create table t (x);",
  },
];

const dataDir = mkdtempSync(join(tmpdir(), "lomda-bench-grading-"));
const server = spawn(process.execPath, ["server.js"], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    DATABASE_URL: `file:${dataDir}/b.db`,
    LOG_LEVEL: "warn",
    LOMDA_TEST_ROUTES: "1",
    // One address sends everything here: the per-address render budget is not what is measured.
    RENDER_BUDGET: "100000/100000",
  },
  stdio: "inherit",
});
// However this script ends (a failed request included), the server it started ends with it.
process.on("exit", () => server.kill("SIGKILL"));
for (let i = 0; i < 200; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 100));
}

async function p99OfHome() {
  const latencies = [];
  let next = 0;
  async function worker() {
    while (next < REQUESTS) {
      next++;
      const t0 = performance.now();
      const res = await fetch(`${base}/`, { headers: { "accept-encoding": "gzip" } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET / answered ${res.status}`);
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  return latencies[Math.min(latencies.length - 1, Math.floor(0.99 * latencies.length))];
}

/** Keeps HOSTILE submissions in flight until stopped; counts the verdicts. */
function hostileLoad() {
  let running = true;
  const verdicts = {};
  let sent = 0;
  async function lane() {
    while (running) {
      const { label, ...submission } = SUBMISSIONS[sent++ % SUBMISSIONS.length];
      const res = await fetch(`${base}/__test/grade`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
        body: new URLSearchParams({ request: JSON.stringify(submission) }).toString(),
      });
      if (res.status !== 200)
        throw new Error(`/__test/grade answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      const result = await res.json();
      const key = `${label}: ${result.verdict}`;
      verdicts[key] = (verdicts[key] ?? 0) + 1;
    }
  }
  const lanes = Array.from({ length: HOSTILE }, () => lane());
  return {
    verdicts,
    async stop() {
      running = false;
      await Promise.all(lanes);
    },
  };
}

/** The peer: outside processes, one per grader worker, each burning a core. */
function burners() {
  const children = Array.from({ length: GRADER_WORKERS }, () =>
    spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }),
  );
  return {
    async stop() {
      await Promise.all(children.map((c) => new Promise((resolve) => (c.once("exit", resolve), c.kill("SIGKILL")))));
    },
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
await p99OfHome(); // warm the page cache and the JIT
const rows = [];
const allVerdicts = {};
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? ["idle", "hostile", "peer"] : ["peer", "hostile", "idle"];
  const row = {};
  for (const condition of order) {
    if (condition === "idle") row.idle = await p99OfHome();
    if (condition === "hostile") {
      const load = hostileLoad();
      await new Promise((r) => setTimeout(r, 500)); // the workers are busy now
      row.hostile = await p99OfHome();
      await load.stop();
      for (const [k, v] of Object.entries(load.verdicts)) allVerdicts[k] = (allVerdicts[k] ?? 0) + v;
    }
    if (condition === "peer") {
      const load = burners();
      await new Promise((r) => setTimeout(r, 500));
      row.peer = await p99OfHome();
      await load.stop();
    }
  }
  rows.push(row);
  console.log(
    `round ${round + 1}:`,
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, `${v.toFixed(1)} ms`])),
  );
}
server.kill("SIGTERM");
await new Promise((resolve) => server.once("exit", resolve));
rmSync(dataDir, { recursive: true, force: true });

const hostileRatio = median(rows.map((r) => r.hostile / r.idle));
const peerRatio = median(rows.map((r) => r.peer / r.idle));
const report = `# Exercise grading under hostile load (issue 34)

${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${availableParallelism()} cores (load average ${loadavg()
  .map((x) => x.toFixed(2))
  .join(", ")} at the end), grader workers: ${GRADER_WORKERS}. GET / ×${REQUESTS} at concurrency ${CONCURRENCY} per
condition; hostile: ${HOSTILE} submissions kept in flight; ${ROUNDS} rounds, order alternating.

| round | idle p99 ms | hostile p99 ms | peer p99 ms |
|---|---|---|---|
${rows.map((r, i) => `| ${i + 1} | ${r.idle.toFixed(1)} | ${r.hostile.toFixed(1)} | ${r.peer.toFixed(1)} |`).join("\n")}

- **p99 of / with ${HOSTILE} hostile submissions ÷ idle: ${hostileRatio.toFixed(2)}** (median of the rounds)
- peer (${GRADER_WORKERS} outside process(es) burning a core each) ÷ idle: ${peerRatio.toFixed(2)}
- verdicts of the hostile submissions graded meanwhile: ${Object.entries(allVerdicts)
  .map(([k, v]) => `${k} ${v}`)
  .join(", ")}
`;
writeFileSync(new URL("./results/exercise-grading-latest.md", import.meta.url), report);
console.log(report);
