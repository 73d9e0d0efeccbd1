// Can one stranger stall sign-in and video for everyone? (issue 29, finding 1.) Measures, against the
// production build, the latency of a whole sign-in through the embedded provider (scrypt on libuv's
// pool) and of a self-hosted video's range read (file reads on the same pool), first with the site
// idle, then while one client on another address (127.0.0.2) sends a stream of requests for new
// spellings of public pages (letter case, %-encoded letters, a trailing slash) — each a cache miss
// before the fix — and, every fourth, of a page with a query of its own (rendered each time). Each
// sign-in and read comes from an address of its own (127.0.1.x, 127.0.2.x), as learners do. Prints the ratios "under the stream ÷ idle" (goal: sign-in ≤ 1.5) and what the
// stream got back. Ratios within one run, never absolute times: this machine is shared and noisy.
//
// Usage: npm run build && node bench/cache-stall.mjs [--rounds=3] [--signins=12] [--ranges=30] [--rate=20] [--parallel=8]
import { fork, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest, Agent } from "node:http";
import { tmpdir } from "node:os";
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
const SIGNINS = args.signins ?? 12;
const RANGE_READS = args.ranges ?? 30;
/** The stream: this many requests in flight at once, from one address. */
const PARALLEL = args.parallel ?? 8;
/** The paced stream: requests a second. */
const RATE = args.rate ?? 20;
const PORT = 3497;
const base = `http://127.0.0.1:${PORT}`;
const ATTACKER_ADDRESS = "127.0.0.2";

/**
 * One request from a learner's own address (127.0.1.x: each sign-in is another learner, as on a
 * real site, so none of them spends the budget of renders of one address), with their cookies.
 */
function send(url, { method = "GET", headers = {}, body, address, cookies }) {
  return new Promise((resolve, reject) => {
    const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const req = httpRequest(
      url,
      { method, localAddress: address, headers: { ...headers, ...(cookie ? { cookie } : {}) } },
      (res) => {
        for (const line of res.headers["set-cookie"] ?? []) {
          const [pair] = line.split(";");
          const at = pair.indexOf("=");
          const value = pair.slice(at + 1);
          if (value && !/max-age=0/i.test(line)) cookies.set(pair.slice(0, at), value);
          else cookies.delete(pair.slice(0, at));
        }
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode, location: res.headers.location }));
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error(`no answer in 60 s: ${method} ${url}`)));
    req.on("error", reject);
    req.end(body);
  });
}

let learner = 0;

/** A whole sign-in as a browser does it: /signin, the provider, its login page, the password, back. */
async function signIn() {
  const address = `127.0.1.${1 + (learner++ % 250)}`;
  const cookies = new Map();
  const started = performance.now();
  let res = await send(`${base}/signin?returnTo=%2Fprofile`, { address, cookies });
  res = await send(new URL(res.location, base).href, { address, cookies });
  const login = new URL(res.location, base).href;
  await send(login, { address, cookies });
  res = await send(login, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ email: "learner@lomda.test", password: "lomda-demo" }).toString(),
    address,
    cookies,
  });
  for (let i = 0; i < 8 && res.status >= 300 && res.status < 400; i++) {
    const next = new URL(res.location, base);
    if (next.pathname === "/profile") break;
    res = await send(next.href, { address, cookies });
  }
  if (!cookies.get("lomda_session")) throw new Error(`sign-in failed (last status ${res.status})`);
  return performance.now() - started;
}

/** A 64 kB range of the About page's self-hosted video (public), as a player asks for it. */
async function rangeRead() {
  const started = performance.now();
  const res = await send(`${base}/video/about-lomda.mp4`, {
    headers: { range: "bytes=0-65535" },
    address: `127.0.2.${1 + (learner++ % 250)}`,
    cookies: new Map(),
  });
  if (res.status !== 206) throw new Error(`range read answered ${res.status}`);
  return performance.now() - started;
}

const PAGES = [
  "/about",
  "/courses",
  "/team",
  "/testimonial",
  "/contact",
  "/library",
  "/feedback",
  "/courses/mern/react",
];

/**
 * A new address of a public page: some letters in upper case or %-encoded, maybe a trailing slash;
 * every fourth one the plain page with a query of its own instead (never cached: a render each time).
 */
function spelling(n) {
  const page = PAGES[n % PAGES.length];
  if (n % 4 === 0) return `${page}?utm_source=${n}`;
  let out = "";
  let bits = n;
  for (const ch of page) {
    if (/[a-z]/.test(ch)) {
      const pick = bits % 3;
      bits = Math.floor(bits / 3) + 7 * (n % 11);
      out += pick === 0 ? ch : pick === 1 ? ch.toUpperCase() : `%${ch.charCodeAt(0).toString(16)}`;
    } else out += ch;
  }
  return n % 2 ? `${out}/` : out;
}

/**
 * The stranger, from one address until stopped; counts the answers. `rate` > 0: that many requests a
 * second (the "3 requests/s from one client", and more); 0: PARALLEL in flight, each sent as
 * soon as the last is answered.
 */
function startStream(rate, sameAddress = false) {
  const target = process.env.BENCH_BASE ?? base;
  const agent = new Agent({ keepAlive: true, maxSockets: PARALLEL, localAddress: ATTACKER_ADDRESS });
  const statuses = {};
  let n = Math.floor(Math.random() * 1e6);
  let running = true;
  const one = () =>
    new Promise((resolve) => {
      const req = httpRequest(
        `${target}${sameAddress ? "/" : spelling(n++)}`,
        { agent, headers: { "accept-encoding": "br, gzip" } },
        (res) => {
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          res.resume();
          res.on("end", resolve);
        },
      );
      req.setTimeout(10_000, () => req.destroy());
      req.on("error", () => {
        statuses.error = (statuses.error ?? 0) + 1;
        resolve();
      });
      req.end();
    });
  const inFlight = new Set();
  const timer =
    rate > 0
      ? setInterval(() => {
          const request = one().finally(() => inFlight.delete(request));
          inFlight.add(request);
        }, 1000 / rate)
      : undefined;
  const loops =
    rate > 0
      ? []
      : Array.from({ length: PARALLEL }, async () => {
          while (running) await one();
        });
  return async () => {
    running = false;
    clearInterval(timer);
    await Promise.all([...loops, ...inFlight]);
    agent.destroy();
    return statuses;
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function measure() {
  const signins = [];
  for (let i = 0; i < SIGNINS; i++) signins.push(await signIn());
  const ranges = [];
  for (let i = 0; i < RANGE_READS; i++) ranges.push(await rangeRead());
  return { signin: median(signins), range: median(ranges) };
}

// The stranger runs in a process of its own (this file, forked with --stream), so its loop of
// requests does not slow the measuring client's own.
if (process.argv.includes("--stream")) {
  const mode = process.argv[process.argv.indexOf("--stream") + 1];
  const stop = startStream(mode === "hits" ? 0 : Number(mode), mode === "hits");
  process.on("message", async () => {
    process.send(await stop());
    process.exit(0);
  });
} else {
  await main();
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), "lomda-stall-"));
  const server = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATA_DIR: work,
      DATABASE_URL: `file:${work}/bench.db`,
      LOMDA_DEMO: "1",
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = () => {
    server.kill("SIGTERM");
    rmSync(work, { recursive: true, force: true });
  };
  process.on("exit", stop);
  process.on("SIGINT", () => process.exit(130));

  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {}
    if (i > 300) throw new Error("Lomda did not start");
    await new Promise((r) => setTimeout(r, 100));
  }

  // Warm up: the pages, the login page and the video once, as a running site has them.
  await measure();

  /** Runs a stream while measuring; the flood's process runs at the lowest priority (nice 19), as
   * an attacker's CPU is not the server's: on this 2-core machine it would otherwise take a core. */
  async function under(rate, hits) {
    const script = fileURLToPath(import.meta.url);
    const stream =
      rate > 0
        ? fork(script, ["--stream", String(rate)], { env: { ...process.env, BENCH_BASE: base } })
        : spawn("nice", ["-n", "19", process.execPath, script, "--stream", hits ? "hits" : "0"], {
            env: { ...process.env, BENCH_BASE: base },
            stdio: ["ignore", "inherit", "inherit", "ipc"],
          });
    await new Promise((r) => setTimeout(r, 1500));
    const loaded = await measure();
    const statuses = await new Promise((resolve) => {
      stream.once("message", resolve);
      stream.send("stop");
    });
    // Let the stranger's budget refill before what comes next.
    await new Promise((r) => setTimeout(r, 12_000));
    return { ...loaded, statuses };
  }

  const STREAMS = [
    { key: "paced", label: `${RATE} requests a second`, rate: RATE },
    { key: "flood", label: `${PARALLEL} in flight, back to back`, rate: 0 },
    // The floor: the same flood asking for one cached page over and over. What any request costs
    // on this machine (the stranger's client shares its 2 cores); the flood above is measured
    // against it too, to tell the cost of a miss from the cost of being asked at all.
    { key: "hits", label: `${PARALLEL} in flight, back to back, one cached page`, rate: 0, hits: true },
  ];
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const idle = await measure();
    const result = { idle };
    for (const stream of round % 2 ? [...STREAMS].reverse() : STREAMS)
      result[stream.key] = await under(stream.rate, stream.hits);
    rounds.push(result);
    console.log(
      `round ${round + 1}: sign-in idle ${idle.signin.toFixed(0)} ms, ` +
        STREAMS.map(
          (s) => `${s.key} ${result[s.key].signin.toFixed(0)} ms ${JSON.stringify(result[s.key].statuses)}`,
        ).join(", "),
    );
  }

  const answers = (statuses) =>
    Object.entries(statuses)
      .map(([k, v]) => `${k}: ${v}`)
      .join(", ");
  const ratio = (key, figure) => median(rounds.map((r) => r[key][figure] / r.idle[figure]));
  const report = [
    `# Sign-in and video under a stream of cache-miss requests (issue 29)`,
    "",
    `${new Date().toISOString()}, Node ${process.version}, \`node bench/cache-stall.mjs --rounds=${ROUNDS} --signins=${SIGNINS} ` +
      `--ranges=${RANGE_READS} --rate=${RATE} --parallel=${PARALLEL}\`. Each round: ${SIGNINS} whole sign-ins and ` +
      `${RANGE_READS} 64 kB range reads of a self-hosted video with the site idle, then the same under each stream ` +
      `from one client (${ATTACKER_ADDRESS}) asking for new addresses of public pages (other spellings, and every ` +
      `fourth a query of its own): paced at ${RATE} requests a second, and a flood of ${PARALLEL} in flight; ` +
      `and, as the floor, the same flood asking for the cached home page only. ` +
      `Medians per round; each ratio is the median over rounds.`,
    "",
    "| round | sign-in idle ms | " +
      STREAMS.map((s) => `sign-in, ${s.label} ms`).join(" | ") +
      " | range read idle ms | " +
      STREAMS.map((s) => `range read, ${s.label} ms`).join(" | ") +
      " | " +
      STREAMS.map((s) => `answers to the ${s.key} stream`).join(" | ") +
      " |",
    `|${"---|".repeat(2 + STREAMS.length * 3 + 1)}`,
    ...rounds.map(
      (r, i) =>
        `| ${i + 1} | ${r.idle.signin.toFixed(0)} | ${STREAMS.map((s) => r[s.key].signin.toFixed(0)).join(" | ")} | ` +
        `${r.idle.range.toFixed(1)} | ${STREAMS.map((s) => r[s.key].range.toFixed(1)).join(" | ")} | ` +
        `${STREAMS.map((s) => answers(r[s.key].statuses)).join(" | ")} |`,
    ),
    "",
    `| figure | under the stream ÷ idle | goal |`,
    `|---|---|---|`,
    ...STREAMS.flatMap((s) => [
      `| sign-in, ${s.label} | ${ratio(s.key, "signin").toFixed(2)} | ${s.hits ? "—" : "≤ 1.5"} |`,
      `| video range read, ${s.label} | ${ratio(s.key, "range").toFixed(2)} | — |`,
    ]),
    "",
    `| figure | cache-miss flood ÷ cached-page flood |`,
    `|---|---|`,
    `| sign-in | ${median(rounds.map((r) => r.flood.signin / r.hits.signin)).toFixed(2)} |`,
    `| video range read | ${median(rounds.map((r) => r.flood.range / r.hits.range)).toFixed(2)} |`,
    "",
  ].join("\n");
  console.log(`\n${report}`);
  writeFileSync(new URL("./results/cache-stall-latest.md", import.meta.url), report);
}
