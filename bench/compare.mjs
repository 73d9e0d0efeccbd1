// Lomda beside bare peers, in one interleaved run (issue 16): requests per second of the same work
// done by nginx (the same bytes of the cached home page, precompressed: gzip_static), a bare React Router 8 app (same versions, same shell: its own
// small page, and Lomda's home page drawn element for element), and a bare node:http server
// (+ better-sqlite3 over the same rows). Prints ratios (Lomda ÷ peer, higher is
// better) and each server's CPU time per request (every thread and child process of it, read from
// /proc: the measure the testers gave beside req/s); absolute numbers mean little on a
// shared 2-core machine. Also the initial JS per public
// route (gzip) and how much streaming costs gzip. A benchmark, never a test.
//
// Usage: npm run build && npm run bench:compare [-- --seconds=5 --rounds=3 --connections=50 --port=3491 --only=home]
// (it listens on --port … --port+4; --only=home measures the cached home page against nginx alone)
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { bodyMarkup, bodyTree } from "./html-tree.mjs";
import { initialScripts, PUBLIC_ROUTES } from "./public-pages.mjs";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { cpuTicks, start, stopAll, TICK_MS, waitFor } from "./processes.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a) => a.replace(/^--/, "").split("="))
    .map(([k, v]) => [k, k === "only" ? v : Number(v)]),
);
const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ")[0];
/** The machine's load when the run started: on a shared machine, read the ratios with it. */
const loadAtStart = loadAverage();
const SECONDS = args.seconds ?? 5;
const ROUNDS = args.rounds ?? 3;
const CONNECTIONS = args.connections ?? 50;
const FIRST_PORT = args.port ?? 3491;
const PORTS = {
  lomda: FIRST_PORT,
  nginx: FIRST_PORT + 1,
  bareRouter: FIRST_PORT + 2,
  bareNode: FIRST_PORT + 3,
  markupRouter: FIRST_PORT + 4,
};
/** Only the cached home page against nginx (no React Router peers to build): a quick repeat. */
const HOME_ONLY = args.only === "home";
if (args.only !== undefined && !HOME_ONLY) throw new Error("--only takes one value: home");
const work = mkdtempSync(join(tmpdir(), "lomda-compare-"));
chmodSync(work, 0o755); // nginx's worker runs as another user and must read its root
const pids = {}; // server name → the pid whose CPU (with its children's) is that server's
const cleanup = () => {
  stopAll();
  rmSync(work, { recursive: true, force: true });
};
process.on("exit", cleanup);
process.on("SIGINT", () => process.exit(130));
process.on("SIGTERM", () => process.exit(143));

const base = (name) => `http://127.0.0.1:${PORTS[name]}`;

/** An answer's body as sent (fetch would decompress it) and its Content-Encoding. */
function rawBody(url, headers) {
  return new Promise((ok, fail) => {
    httpRequest(url, { headers }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => ok({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
    })
      .on("error", fail)
      .end();
  });
}

/* ---------- Lomda: the production build, one process, SQLite ---------- */
if (!existsSync(join(root, "build/server/index.js"))) throw new Error("run `npm run build` first");
const dataDir = join(work, "lomda");
mkdirSync(dataDir);
pids.lomda = start(process.execPath, ["server.js"], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORTS.lomda),
    HOST: "127.0.0.1",
    PUBLIC_URL: base("lomda"),
    DATA_DIR: dataDir,
    DATABASE_URL: `file:${join(dataDir, "bench.db")}`,
    LOMDA_DEMO: "1",
    LOMDA_TEST_ROUTES: "1",
    LOG_LEVEL: "warn",
    // The load comes from one address as fast as it can: the render budget (issue 29) would answer
    // most uncached pages 429. The figures measure rendering, not the budget.
    RENDER_BUDGET: "100000/100000",
  },
}).pid;
await waitFor(`${base("lomda")}/healthz`);

// The same 60 feedback rows for Lomda and the bare peer (one database file).
const dbFile = join(dataDir, "bench.db");
{
  const db = new Database(dbFile);
  const insert = db.prepare(
    "insert into feedback (id, name, comment, image_url, rating, user_id, hidden, created_at) values (?, ?, ?, null, ?, null, 0, ?)",
  );
  for (let i = 0; i < 60; i++)
    insert.run(
      `bench-${i}`,
      `Learner ${i}`,
      `A comment of ordinary length, number ${i}.`,
      1 + (i % 5),
      new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    );
  db.close();
}

// A subscriber's session, for the video range requests.
const signIn = await fetch(`${base("lomda")}/__test/session`, {
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", origin: base("lomda") },
  body: "email=subscriber%40lomda.test",
});
const subscriberCookie = signIn.headers.get("set-cookie")?.split(";")[0];
if (!subscriberCookie) throw new Error(`no session from /__test/session (${signIn.status})`);
const VIDEO = "/video/lesson-sample.mp4";
const probe = await fetch(`${base("lomda")}${VIDEO}`, {
  headers: { cookie: subscriberCookie, range: "bytes=0-65535" },
});
if (probe.status !== 206) throw new Error(`subscriber video request answered ${probe.status}`);

/* ---------- nginx: the same bytes of / (precompressed, as Lomda keeps them) and the same video file ---------- */
const nginxRoot = join(work, "nginx-root");
mkdirSync(join(nginxRoot, "video"), { recursive: true });
const homeHtml = await (await fetch(`${base("lomda")}/`, { headers: { "accept-encoding": "identity" } })).text();
writeFileSync(join(nginxRoot, "index.html"), homeHtml);
// Lomda's page cache compresses a page once and sends those bytes to every visitor: nginx gets the
// very same gzip bytes beside the page and serves them with gzip_static. (Issue 35: an nginx that
// compresses every response, as the figures before 2026-11-28 had, flatters Lomda 7 times over.)
const homeGzip = await rawBody(`${base("lomda")}/`, { "accept-encoding": "gzip" });
if (homeGzip.encoding !== "gzip") throw new Error(`Lomda answered / with ${homeGzip.encoding ?? "no"} encoding`);
writeFileSync(join(nginxRoot, "index.html.gz"), homeGzip.body);
copyFileSync(join(root, "media/videos/lesson-sample.mp4"), join(nginxRoot, "video/lesson-sample.mp4"));
const nginxConf = join(work, "nginx.conf");
const tmp = (name) => join(work, `nginx-${name}`);
writeFileSync(
  nginxConf,
  `daemon off;
worker_processes 1;
pid ${tmp("pid")};
error_log ${tmp("error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${tmp("body")}; proxy_temp_path ${tmp("proxy")}; fastcgi_temp_path ${tmp("fastcgi")};
  uwsgi_temp_path ${tmp("uwsgi")}; scgi_temp_path ${tmp("scgi")};
  types { text/html html; video/mp4 mp4; }
  sendfile on;
  gzip off; gzip_static on;
  server {
    listen 127.0.0.1:${PORTS.nginx};
    root ${nginxRoot};
    location = / { try_files /index.html =404; }
  }
}
`,
);
const nginxBin = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));
if (!nginxBin) throw new Error("nginx is needed (apt-get install nginx)");
pids.nginx = start(nginxBin, ["-c", nginxConf, "-e", tmp("error.log")]).pid;
await waitFor(`${base("nginx")}/`);
{
  const served = await rawBody(`${base("nginx")}/`, { "accept-encoding": "gzip" });
  if (served.encoding !== "gzip" || !served.body.equals(homeGzip.body))
    throw new Error("nginx does not serve Lomda's own gzip bytes of / (gzip_static)");
}

// A query parameter other than ?lng= keeps a request out of the page cache: rendered every time.
const UNCACHED_HOME = "/?bench=uncached";
if (!HOME_ONLY) {
  /* ---------- a bare React Router 8 app: same versions, Express + compression ---------- */
  const buildPeer = (dir) => {
    const built = spawnSync(process.execPath, [join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
      cwd: dir,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (built.status !== 0) throw new Error(`building the bare React Router peer in ${dir} failed`);
  };
  // Built each run, as Lomda's build is given: a build left from other sources would measure those.
  const bareDir = join(root, "bench/peers/rr-bare");
  buildPeer(bareDir);
  // NODE_ENV=production, as Lomda runs: without it React and React Router load their development
  // builds, which take about twice the CPU (the recorded runs before 2026-11-26 measured such a peer).
  const peerEnv = (port) => ({ ...process.env, NODE_ENV: "production", PORT: String(port) });
  pids.bareRouter = start(process.execPath, [join(bareDir, "server.mjs")], { env: peerEnv(PORTS.bareRouter) }).pid;
  await waitFor(`${base("bareRouter")}/`);

  // The same framework drawing Lomda's own uncached home page (this build's), element for element: a
  // second peer app, built anew each run from the page, so the figure follows the page.
  const uncachedHtml = await (
    await fetch(`${base("lomda")}${UNCACHED_HOME}`, { headers: { "accept-encoding": "identity" } })
  ).text();
  const markupDir = join(root, "bench/peers/rr-markup");
  writeFileSync(join(markupDir, "app/routes/page.json"), JSON.stringify(bodyTree(uncachedHtml)));
  buildPeer(markupDir);
  pids.markupRouter = start(process.execPath, [join(bareDir, "server.mjs"), markupDir], {
    env: peerEnv(PORTS.markupRouter),
  }).pid;
  await waitFor(`${base("markupRouter")}/`);
  // The copy must be Lomda's page: the same <body> but for the scripts.
  const copy = await (await fetch(`${base("markupRouter")}/`)).text();
  if (bodyMarkup(copy) !== bodyMarkup(uncachedHtml)) throw new Error("the markup peer's page is not Lomda's home page");

  /* ---------- a bare node:http server over the same database, in its own process ---------- */
  const healthBody = await (await fetch(`${base("lomda")}/healthz`)).text();
  pids.bareNode = start(process.execPath, [join(root, "bench/peers/node-bare/server.mjs"), dbFile, healthBody], {
    env: { ...process.env, PORT: String(PORTS.bareNode) },
  }).pid;
  await waitFor(`${base("bareNode")}/healthz`);
}

/* ---------- load: interleaved rounds, median ratio ---------- */
const gzip = { "accept-encoding": "gzip" };
const pairs = [
  {
    figure: "`/` cached ÷ nginx (the same gzip bytes, gzip_static)",
    goal: 0.5,
    lomda: ["lomda", "/", gzip],
    peer: ["nginx", "/", gzip],
  },
  {
    figure: "`/` uncached ÷ bare React Router app",
    goal: 0.8,
    lomda: ["lomda", UNCACHED_HOME, gzip],
    peer: ["bareRouter", "/", gzip],
  },
  // The same, against the framework drawing the same page: what Lomda's own code adds to a render.
  {
    figure: "`/` uncached ÷ bare React Router app drawing Lomda's markup",
    goal: 0.8,
    lomda: ["lomda", UNCACHED_HOME, gzip],
    peer: ["markupRouter", "/", gzip],
  },
  {
    figure: "`/api/feedback` ÷ bare node:http + better-sqlite3",
    goal: 0.5,
    lomda: ["lomda", "/api/feedback", gzip],
    peer: ["bareNode", "/api/feedback", gzip],
  },
  {
    figure: "`/healthz` ÷ bare node:http",
    goal: 0.5,
    lomda: ["lomda", "/healthz", {}],
    peer: ["bareNode", "/healthz", {}],
  },
  {
    figure: "subscriber `/video/…` range ÷ nginx",
    goal: 0.5,
    lomda: ["lomda", VIDEO, { cookie: subscriberCookie, range: "bytes=0-65535" }],
    peer: ["nginx", VIDEO, { range: "bytes=0-65535" }],
  },
];

/** Requests per second, and the server's CPU per request (ms), over one load of SECONDS. */
async function load([name, path, headers]) {
  const before = cpuTicks(pids[name]);
  const result = await autocannon({
    url: `${base(name)}${path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
  });
  const ticks = cpuTicks(pids[name]) - before;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name} ${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, cpuMs: (ticks * TICK_MS) / result.requests.total };
}
// CPU a request, to a precision the 10 ms clock ticks over thousands of requests can give.
const cpuText = (ms) => (ms >= 1 ? ms.toFixed(2) : ms.toFixed(3));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (HOME_ONLY) pairs.splice(1);
// A short load of every path first: the first round would otherwise measure the JIT warming up.
for (const pair of pairs)
  for (const [name, path, headers] of [pair.lomda, pair.peer])
    await autocannon({ url: `${base(name)}${path}`, connections: CONNECTIONS, duration: 2, headers });
const rows = [];
for (const pair of pairs) pair.ratios = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const pair of pairs) {
    // Alternate who goes first, so neither always gets the warmer machine.
    const [first, second] = round % 2 === 0 ? [pair.lomda, pair.peer] : [pair.peer, pair.lomda];
    const a = await load(first);
    const b = await load(second);
    const [lomda, peer] = round % 2 === 0 ? [a, b] : [b, a];
    pair.ratios.push({ lomda: lomda.rps, peer: peer.rps, ratio: lomda.rps / peer.rps, cpu: [lomda.cpuMs, peer.cpuMs] });
    process.stderr.write(
      `round ${round + 1}: ${pair.figure}: ${lomda.rps.toFixed(0)} / ${peer.rps.toFixed(0)} req/s, ` +
        `${lomda.cpuMs.toFixed(3)} / ${peer.cpuMs.toFixed(3)} ms CPU a request\n`,
    );
  }
}
for (const pair of pairs) {
  const ratio = median(pair.ratios.map((r) => r.ratio));
  rows.push([
    pair.figure,
    ratio.toFixed(2),
    `≥ ${pair.goal.toFixed(2)}`,
    ratio >= pair.goal ? "met" : "not met",
    `${median(pair.ratios.map((r) => r.lomda)).toFixed(0)} vs ${median(pair.ratios.map((r) => r.peer)).toFixed(0)} req/s; ` +
      `${cpuText(median(pair.ratios.map((r) => r.cpu[0])))} vs ${cpuText(median(pair.ratios.map((r) => r.cpu[1])))} ms CPU a request`,
  ]);
}
if (!HOME_ONLY) {
  // What the framework alone gets out of Lomda's page, against its own small page, round by round:
  // the most an uncached `/` could reach were Lomda's own code free. No goal of its own; it tells
  // how much of the first uncached figure is the page's weight.
  {
    const [bare, markup] = ["bareRouter", "markupRouter"].map((peer) => pairs.find((p) => p.peer[0] === peer));
    const ceiling = median(bare.ratios.map((r, i) => markup.ratios[i].peer / r.peer));
    rows.push([
      "bare React Router app drawing Lomda's markup ÷ bare React Router app (the framework alone: the most `/` uncached could reach)",
      ceiling.toFixed(2),
      "—",
      "",
      `${median(markup.ratios.map((r) => r.peer)).toFixed(0)} vs ${median(bare.ratios.map((r) => r.peer)).toFixed(0)} req/s; ` +
        `${cpuText(median(markup.ratios.map((r) => r.cpu[1])))} vs ${cpuText(median(bare.ratios.map((r) => r.cpu[1])))} ms CPU a request`,
    ]);
  }

  /* ---------- bytes: initial JS per public route, streamed gzip of / ---------- */
  let worst = { path: "", kb: 0 };
  const jsCache = new Map();
  for (const path of PUBLIC_ROUTES) {
    const html = await (await fetch(`${base("lomda")}${path}`)).text();
    let bytes = 0;
    for (const src of initialScripts(html)) {
      if (!jsCache.has(src))
        jsCache.set(src, gzipSync(Buffer.from(await (await fetch(`${base("lomda")}${src}`)).arrayBuffer())).length);
      bytes += jsCache.get(src);
    }
    const kb = bytes / 1024;
    if (kb > worst.kb) worst = { path, kb };
  }
  rows.push([
    "initial JS, gzip, worst public route",
    `${worst.kb.toFixed(1)} kB (${worst.path})`,
    "≤ 125 kB",
    worst.kb <= 125 ? "met" : "not met",
    "",
  ]);

  const streamed = await new Promise((ok, fail) => {
    httpRequest(`${base("lomda")}${UNCACHED_HOME}`, { headers: gzip }, (res) => {
      let length = 0;
      res.on("data", (chunk) => (length += chunk.length));
      res.on("end", () => ok(length));
    })
      .on("error", fail)
      .end();
  });
  const oneShot = gzipSync(Buffer.from(homeHtml)).length;
  const streamRatio = streamed / oneShot;
  rows.push([
    "streamed gzip of `/` (uncached) ÷ one-shot gzip",
    streamRatio.toFixed(2),
    "≤ 1.10",
    streamRatio <= 1.1 ? "met" : "not met",
    `${streamed} vs ${oneShot} bytes`,
  ]);
}

/* ---------- report ---------- */
const table = [
  `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${ROUNDS} rounds of ${SECONDS} s at ${CONNECTIONS} connections, ` +
    `load average ${loadAtStart} at the start and ${loadAverage()} at the end, median ratio:`,
  "",
  "| figure | Lomda ÷ peer | goal | | detail |",
  "|---|---|---|---|---|",
  ...rows.map((r) => `| ${r.join(" | ")} |`),
].join("\n");
console.log(table);
const out = join(root, "bench/results");
mkdirSync(out, { recursive: true });
writeFileSync(join(out, HOME_ONLY ? "compare-home-latest.md" : "compare-latest.md"), `${table}\n`);
process.exit(0);
