// Video bytes off Node (issue 35, part 4; decision 0056): the CPU a subscriber's range request of a
// self-hosted lesson video costs the machine, every process that takes part counted, when nginx
// sends the bytes after Lomda's access check (X-Accel-Redirect, MEDIA_ACCEL_REDIRECT), against nginx
// serving the same file by itself. Beside them, for the record, what the request costs without the
// setting: nginx proxying to Lomda, which streams the bytes (the documented deployment before), and
// Lomda reached directly. Goal: ≤ 2× nginx alone. And the path of decision 0061
// (MEDIA_SECURE_LINK_SECRET): a range of the URL Lomda signed, which nginx checks itself
// (secure_link), and the one redirect a player's load costs (nginx → Lomda → 302).
//
// One nginx (one worker) with a server per path, two Lomda processes of the production build (one
// with the setting, one without), each load measured from outside: user + system time of each
// process involved (nginx's master and worker, the Lomda process behind it; every thread) read from
// /proc before and after, in Linux's 10 ms ticks, divided by the requests answered. The internal
// location is the one of deploy/nginx/lomda.conf, read from it (paths substituted), so the figure is
// the deployment's. Loads are interleaved per round, their order alternating; ratios within one
// run, never absolute figures (this machine is shared and noisy). A benchmark, never a test.
//
// Usage: npm run build && node bench/video-offload.mjs [--seconds=5] [--rounds=3] [--connections=20] [--port=3630]
// (it listens on --port … --port+8)
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { cpuTicks, start, stopAll, TICK_MS, waitFor } from "./processes.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a) => a.replace(/^--/, "").split("="))
    .map(([k, v]) => [k, Number(v)]),
);
const SECONDS = args.seconds ?? 5;
const ROUNDS = args.rounds ?? 3;
const CONNECTIONS = args.connections ?? 20;
const FIRST_PORT = args.port ?? 3630;
const PORTS = {
  lomdaAccel: FIRST_PORT,
  lomdaPlain: FIRST_PORT + 1,
  nginxFile: FIRST_PORT + 2,
  nginxAccel: FIRST_PORT + 3,
  nginxProxy: FIRST_PORT + 4,
  nginxFileTls: FIRST_PORT + 5,
  nginxAccelTls: FIRST_PORT + 6,
  nginxProxyTls: FIRST_PORT + 7,
  lomdaSigned: FIRST_PORT + 8,
};
const VIDEO = "lesson-sample.mp4";
const RANGE = "bytes=0-65535";
const ACCEL_PREFIX = "/internal-media/";
const SIGNED_PREFIX = "/signed-media/";
const SECRET = "bench-secret-0123456789abcdefghijklmnopqrstuvwxyz";

const work = mkdtempSync(join(tmpdir(), "lomda-video-offload-"));
chmodSync(work, 0o755); // nginx's worker may run as another user
process.on("exit", () => {
  stopAll();
  rmSync(work, { recursive: true, force: true });
});
process.on("SIGINT", () => process.exit(130));
process.on("SIGTERM", () => process.exit(143));

const url = (port, path, scheme = "http") => `${scheme}://127.0.0.1:${port}${path}`;

/* ---------- two Lomda processes: with and without MEDIA_ACCEL_REDIRECT ---------- */
if (!existsSync(join(root, "build/server/index.js"))) throw new Error("run `npm run build` first");
async function lomda(name, port, extra) {
  const dataDir = join(work, name);
  mkdirSync(dataDir);
  const child = start(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url(port, ""),
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${join(dataDir, "bench.db")}`,
      LOMDA_DEMO: "1",
      LOMDA_TEST_ROUTES: "1",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "loopback",
      ...extra,
    },
  });
  await waitFor(url(port, "/healthz"));
  // A subscriber's session (the video's position is for subscribers).
  const signIn = await fetch(url(port, "/__test/session"), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url(port, "") },
    body: "email=subscriber%40lomda.test",
  });
  const cookie = signIn.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error(`${name}: no session from /__test/session (${signIn.status})`);
  return { pid: child.pid, cookie, mediaDir: join(dataDir, "media") };
}
const accel = await lomda("accel", PORTS.lomdaAccel, { MEDIA_ACCEL_REDIRECT: ACCEL_PREFIX });
const plain = await lomda("plain", PORTS.lomdaPlain, {});
const signedLomda = await lomda("signed", PORTS.lomdaSigned, { MEDIA_SECURE_LINK_SECRET: SECRET });

/* ---------- nginx: the file alone; X-Accel in front of one Lomda; a plain proxy in front of the other ---------- */
// The deployment's internal location, as deploy/nginx/lomda.conf has it.
const site = readFileSync(join(root, "deploy/nginx/lomda.conf"), "utf8");
const blockOf = (path) => {
  const block = site.match(
    new RegExp(`\\n( {4}location ${path.replaceAll("/", "\\/")} \\{\\n[\\s\\S]*?\\n {4}\\}\\n)`),
  )?.[1];
  if (!block) throw new Error(`deploy/nginx/lomda.conf has no \`location ${path} { … }\` block`);
  return block;
};
const internal = blockOf("/internal-media/")
  .replace("alias /var/lib/lomda/media/videos/;", `alias ${accel.mediaDir}/videos/;`)
  .replace("alias /srv/lomda/media/videos/;", `alias ${join(root, "media/videos")}/;`);
if (internal.includes("/var/lib/lomda") || internal.includes("/srv/lomda"))
  throw new Error("the internal location's folders changed in deploy/nginx/lomda.conf");
// The deployment's signed location (decision 0061), in the same server as the internal one (as
// deployed); the secret as docs/deploy.md's include file has it.
const signedLocation = blockOf(SIGNED_PREFIX)
  .replace("alias /var/lib/lomda/media/videos/;", `alias ${signedLomda.mediaDir}/videos/;`)
  .replace("alias /srv/lomda/media/videos/;", `alias ${join(root, "media/videos")}/;`);
if (signedLocation.includes("/var/lib/lomda") || signedLocation.includes("/srv/lomda"))
  throw new Error("the signed location's folders changed in deploy/nginx/lomda.conf");
const fileRoot = join(work, "file-root");
mkdirSync(join(fileRoot, "video"), { recursive: true });
writeFileSync(join(fileRoot, "video", VIDEO), readFileSync(join(root, "media/videos", VIDEO)));
const tmp = (name) => join(work, `nginx-${name}`);
// TLS as the deployment serves it (a self-signed certificate; TLS 1.3, HTTP/1.1 from the load tool).
execFileSync(
  "openssl",
  ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"].concat([
    "-keyout",
    tmp("key.pem"),
    "-out",
    tmp("cert.pem"),
  ]),
  { stdio: "ignore" },
);
const tls = `ssl_certificate ${tmp("cert.pem")}; ssl_certificate_key ${tmp("key.pem")}; ssl_protocols TLSv1.2 TLSv1.3;`;
// What the deployment passes to the app (deploy/nginx/lomda.conf), for both proxies.
const proxying = `
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Request-Id $request_id;`;
const nginxConf = join(work, "nginx.conf");
writeFileSync(
  nginxConf,
  `daemon off;
worker_processes 1;
pid ${tmp("pid")};
error_log ${tmp("error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
  # nginx closes a client's connection after 1000 requests (its default), while the load tool has
  # already sent the next one there: an ECONNRESET, at the redirect's pace (thousands a second)
  # within a round. A browser makes far fewer requests on one connection.
  keepalive_requests 100000;
  client_body_temp_path ${tmp("body")}; proxy_temp_path ${tmp("proxy")}; fastcgi_temp_path ${tmp("fastcgi")};
  uwsgi_temp_path ${tmp("uwsgi")}; scgi_temp_path ${tmp("scgi")};
  types { video/mp4 mp4; video/webm webm; }
  upstream lomda { server 127.0.0.1:${PORTS.lomdaAccel}; keepalive 16; }
  upstream lomda_plain { server 127.0.0.1:${PORTS.lomdaPlain}; keepalive 16; }
  upstream lomda_signed { server 127.0.0.1:${PORTS.lomdaSigned}; keepalive 16; }
  map "" $lomda_media_secret { default "${SECRET}"; }
  server {
    listen 127.0.0.1:${PORTS.nginxFile};
    listen 127.0.0.1:${PORTS.nginxFileTls} ssl;
    ${tls}
    root ${fileRoot};
    sendfile on;
    tcp_nopush on;
  }
  server {
    listen 127.0.0.1:${PORTS.nginxAccel};
    listen 127.0.0.1:${PORTS.nginxAccelTls} ssl;
    ${tls}
${proxying}
    location / { proxy_pass http://lomda; }
${internal}
    # The Lomda with MEDIA_SECURE_LINK_SECRET, under another path (no more ports): its /video/.
    location /signed-video/ { proxy_pass http://lomda_signed/video/; }
${signedLocation}
  }
  server {
    listen 127.0.0.1:${PORTS.nginxProxy};
    listen 127.0.0.1:${PORTS.nginxProxyTls} ssl;
    ${tls}
${proxying}
    location / { proxy_pass http://lomda_plain; }
  }
}
`,
);
const nginxBin = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));
if (!nginxBin) throw new Error("nginx is needed (apt-get install nginx)");
const nginxPid = start(nginxBin, ["-c", nginxConf, "-e", tmp("error.log")]).pid;
await waitFor(url(PORTS.nginxFile, `/video/${VIDEO}`));

/* ---------- what each path answers: the same 64 kB ---------- */
const loads = {
  file: { label: "nginx alone (the file)", port: PORTS.nginxFile, headers: {}, pids: [nginxPid] },
  accel: {
    label: "nginx → Lomda, X-Accel-Redirect",
    port: PORTS.nginxAccel,
    headers: { cookie: accel.cookie },
    pids: [nginxPid, accel.pid],
  },
  fileTls: {
    label: "nginx alone (the file), TLS",
    port: PORTS.nginxFileTls,
    scheme: "https",
    headers: {},
    pids: [nginxPid],
  },
  accelTls: {
    label: "nginx → Lomda, X-Accel-Redirect, TLS",
    port: PORTS.nginxAccelTls,
    scheme: "https",
    headers: { cookie: accel.cookie },
    pids: [nginxPid, accel.pid],
  },
  proxyTls: {
    label: "nginx → Lomda streaming the bytes (without the setting), TLS",
    port: PORTS.nginxProxyTls,
    scheme: "https",
    headers: { cookie: plain.cookie },
    pids: [nginxPid, plain.pid],
  },
  // Lomda's own part of the X-Accel path: the answer without the bytes, asked directly.
  decision: {
    label: "Lomda alone, the X-Accel answer (no bytes: what it adds to nginx)",
    port: PORTS.lomdaAccel,
    headers: { cookie: accel.cookie },
    pids: [accel.pid],
  },
  proxy: {
    label: "nginx → Lomda streaming the bytes (without the setting)",
    port: PORTS.nginxProxy,
    headers: { cookie: plain.cookie },
    pids: [nginxPid, plain.pid],
  },
  node: {
    label: "Lomda alone, streaming the bytes",
    port: PORTS.lomdaPlain,
    headers: { cookie: plain.cookie },
    pids: [plain.pid],
  },
};
// The URL a player is sent to (the same for an hour and more: decision 0061), and the redirect.
const redirect = await fetch(url(PORTS.nginxAccel, `/signed-video/${VIDEO}`), {
  headers: { cookie: signedLomda.cookie },
  redirect: "manual",
});
const signedPath = redirect.headers.get("location") ?? "";
if (redirect.status !== 302 || !signedPath.startsWith(`${SIGNED_PREFIX}bundled-videos/${VIDEO}?md5=`))
  throw new Error(`the signed path's redirect: ${redirect.status} ${signedPath}`);
Object.assign(loads, {
  signed: {
    label: "nginx alone, the URL Lomda signed (secure_link)",
    port: PORTS.nginxAccel,
    path: signedPath,
    headers: {},
    pids: [nginxPid, signedLomda.pid],
  },
  signedTls: {
    label: "nginx alone, the URL Lomda signed (secure_link), TLS",
    port: PORTS.nginxAccelTls,
    scheme: "https",
    path: signedPath,
    headers: {},
    pids: [nginxPid, signedLomda.pid],
  },
  redirect: {
    label: "the redirect, once per player load: nginx → Lomda → 302",
    port: PORTS.nginxAccel,
    path: `/signed-video/${VIDEO}`,
    status: 302,
    headers: { cookie: signedLomda.cookie },
    pids: [nginxPid, signedLomda.pid],
  },
  redirectTls: {
    label: "the redirect, once per player load: nginx → Lomda → 302, TLS",
    port: PORTS.nginxAccelTls,
    scheme: "https",
    path: `/signed-video/${VIDEO}`,
    status: 302,
    headers: { cookie: signedLomda.cookie },
    pids: [nginxPid, signedLomda.pid],
  },
});
const expected = readFileSync(join(root, "media/videos", VIDEO)).subarray(0, 65_536);
for (const [name, load] of Object.entries(loads)) {
  if (name === "decision" || load.scheme === "https" || load.status) continue; // (the same servers, checked over HTTP)
  const res = await fetch(url(load.port, load.path ?? `/video/${VIDEO}`), {
    headers: { ...load.headers, range: RANGE },
  });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 206 || !body.equals(expected)) throw new Error(`${name}: ${res.status}, not the range's bytes`);
  // The X-Accel path must be nginx's answer (its strong ETag), not Lomda's streamed one.
  const etag = res.headers.get("etag") ?? "";
  if ((name === "accel" || name === "file" || name === "signed") !== !etag.startsWith("W/"))
    throw new Error(`${name}: ETag ${etag} is not the expected server's`);
}
// Without the subscriber's session, the X-Accel path gives no bytes.
{
  const res = await fetch(url(PORTS.nginxAccel, `/video/${VIDEO}`), { headers: { range: RANGE } });
  if (res.status !== 401) throw new Error(`a visitor got ${res.status} from the X-Accel path`);
  const visitor = await fetch(url(PORTS.nginxAccel, `/signed-video/lesson-sample.mp4`), { redirect: "manual" });
  if (visitor.status !== 401) throw new Error(`a visitor got ${visitor.status} from the signed path's redirect`);
  const tampered = await fetch(url(PORTS.nginxAccel, signedPath.replace("md5=", "md5=A")), {
    headers: { range: RANGE },
  });
  if (tampered.status !== 403) throw new Error(`a tampered signed URL got ${tampered.status}`);
}

/** Requests per second, and the CPU per request (ms) of every process the path involves. */
async function measure(load) {
  const before = load.pids.map(cpuTicks);
  const result = await autocannon({
    url: url(load.port, load.path ?? `/video/${VIDEO}`, load.scheme),
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { ...load.headers, range: RANGE },
  });
  const each = load.pids.map((pid, i) => cpuTicks(pid) - before[i]);
  const ticks = each.reduce((sum, t) => sum + t, 0);
  const unexpected = load.status === 302 ? result.requests.total - result["3xx"] : result.non2xx;
  if (unexpected > 0 || result.errors > 0)
    throw new Error(`${load.label}: ${unexpected} unexpected answers, ${result.errors} errors`);
  if (load === loads.decision && result.requests.total > 0 && result.throughput.total > result.requests.total * 2048)
    throw new Error("Lomda's X-Accel answer carried the bytes");
  return {
    rps: result.requests.average,
    cpuMs: (ticks * TICK_MS) / result.requests.total,
    // nginx's share and Lomda's, where both take part.
    split: each.map((t) => (t * TICK_MS) / result.requests.total),
  };
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const order = Object.keys(loads);
// Warm up first, not counted: V8 compiles the hot paths, and the server's first housekeeping round
// (a few seconds after its start) is over before anything is measured.
for (const name of order) await measure(loads[name]);

const runs = Object.fromEntries(order.map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  // Alternate the order, so no path always gets the warmer (or busier) machine.
  for (const name of round % 2 === 0 ? order : [...order].reverse()) {
    const figure = await measure(loads[name]);
    runs[name].push(figure);
    process.stderr.write(
      `round ${round + 1}: ${loads[name].label}: ${figure.rps.toFixed(0)} req/s, ${figure.cpuMs.toFixed(3)} ms CPU a request` +
        ` (${figure.split.map((ms) => ms.toFixed(3)).join(" + ")})\n`,
    );
  }
}

/* ---------- report ---------- */
// Each path against nginx alone over the same transport.
const baseOf = (name) => (loads[name].scheme === "https" ? "fileTls" : "file");
const perRound = (name) => runs[name].map((r, i) => r.cpuMs / runs[baseOf(name)][i].cpuMs);
const row = (name, goal) => {
  const ratio = median(perRound(name));
  return [
    loads[name].label,
    median(runs[name].map((r) => r.cpuMs)).toFixed(3) +
      (runs[name][0].split.length > 1
        ? ` (nginx ${median(runs[name].map((r) => r.split[0])).toFixed(3)} + Lomda ${median(runs[name].map((r) => r.split[1])).toFixed(3)})`
        : ""),
    median(runs[name].map((r) => r.rps)).toFixed(0),
    baseOf(name) === name
      ? "1"
      : `${ratio.toFixed(2)} (rounds ${perRound(name)
          .map((r) => r.toFixed(2))
          .join(", ")})`,
    goal === undefined ? "" : `≤ ${goal} ${ratio <= goal ? "met" : "not met"}`,
  ];
};
const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const table = [
  `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${ROUNDS} rounds of ${SECONDS} s at ${CONNECTIONS} connections, ` +
    `a subscriber's \`Range: ${RANGE}\` of \`/video/${VIDEO}\` on loopback (HTTP/1.1; plain, then TLS as deployed), load average at the end ${load}; ` +
    "CPU of every process involved a request, median of the rounds; ratio to nginx alone over the same transport, per round then the median:",
  "",
  "| path | ms CPU a request | req/s | ÷ nginx alone | goal |",
  "|---|---|---|---|---|",
  ...[
    row("file"),
    row("accel", 2),
    row("decision"),
    row("proxy"),
    row("node"),
    row("fileTls"),
    row("accelTls", 2),
    row("proxyTls"),
    row("signed", 2),
    row("signedTls", 2),
    row("redirect"),
    row("redirectTls"),
  ].map((r) => `| ${r.join(" | ")} |`),
  "",
  // What a player's load adds: one redirect, in ranges' worth of the signed path.
  `The redirect costs ${(median(runs.redirect.map((r) => r.cpuMs)) / median(runs.signed.map((r) => r.cpuMs))).toFixed(1)} ranges of the signed path (TLS ${(median(runs.redirectTls.map((r) => r.cpuMs)) / median(runs.signedTls.map((r) => r.cpuMs))).toFixed(1)}), once per player load; the rest of the video is ranges nginx answers alone (Lomda's share in the signed rows is its own background work during the load: it answers none of those requests).`,
].join("\n");
console.log(table);
const out = join(root, "bench/results");
mkdirSync(out, { recursive: true });
writeFileSync(join(out, "video-offload-latest.md"), `${table}\n`);
process.exit(0);
