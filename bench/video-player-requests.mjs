// Where a <video>'s requests go after /video/<file> answers 302 to a signed URL (decision 0061):
// nginx with the deployment's signed location (read from deploy/nginx/lomda.conf) in front of the
// built Lomda with MEDIA_SECURE_LINK_SECRET, a subscriber's cookie, Debian's Chromium playing and
// seeking a page with <video src="/video/lesson-sample.mp4">; nginx's access log counts the requests.
// With MEDIA_SECURE_LINK_SECONDS=60 in the environment it also waits past the URL's expiry and seeks again.
// A one-off check, never a test: it needs a video long enough for several ranges, e.g.
//   ffmpeg -f lavfi -i testsrc2=size=1280x720:rate=25 -t 120 -c:v libx264 -preset ultrafast \
//     -b:v 2500k -g 50 -pix_fmt yuv420p -movflags +faststart /tmp/big.mp4
// Usage: npm run build && node bench/video-player-requests.mjs /tmp/big.mp4 [--port=3640] (and --port+1)
import { spawn } from "node:child_process";
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
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { chromium } from "playwright";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const VIDEO = process.argv[2];
if (!VIDEO) throw new Error("usage: node bench/video-player-requests.mjs <a long .mp4>");
const PORT = Number(process.argv.find((a) => a.startsWith("--port="))?.slice(7) ?? 3640);
const W = mkdtempSync(join(tmpdir(), "lomda-player-requests-"));
chmodSync(W, 0o755); // nginx's worker may run as another user
const SECRET = "chrome-check-secret-0123456789abcdefghijklmnop";
mkdirSync(join(W, "media/videos"), { recursive: true });
mkdirSync(join(W, "data"), { recursive: true });
mkdirSync(join(W, "www"), { recursive: true });
copyFileSync(VIDEO, join(W, "media/videos/lesson-sample.mp4"));
writeFileSync(
  join(W, "www/t.html"),
  `<!doctype html><video id=v src="/video/lesson-sample.mp4" preload=auto muted controls></video>`,
);
const children = [];
process.on("exit", () => {
  children.forEach((c) => c.kill("SIGTERM"));
  rmSync(W, { recursive: true, force: true });
});
const lomda = spawn(process.execPath, ["server.js"], {
  cwd: ROOT,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    PORT: String(PORT),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${PORT + 1}`,
    TRUST_PROXY: "loopback",
    DATA_DIR: join(W, "data"),
    MEDIA_DIR: join(W, "media"),
    DATABASE_URL: `file:${join(W, "data/db.sqlite")}`,
    LOMDA_DEMO: "1",
    LOMDA_TEST_ROUTES: "1",
    LOG_LEVEL: "warn",
    MEDIA_SECURE_LINK_SECRET: SECRET,
    ...(process.env.MEDIA_SECURE_LINK_SECONDS
      ? { MEDIA_SECURE_LINK_SECONDS: process.env.MEDIA_SECURE_LINK_SECONDS }
      : {}),
  },
});
children.push(lomda);
const site = readFileSync(join(ROOT, "deploy/nginx/lomda.conf"), "utf8");
const signed = site
  .match(/\n( {4}location \/signed-media\/ \{\n[\s\S]*?\n {4}\}\n)/)[1]
  .replace("alias /var/lib/lomda/media/videos/;", `alias ${W}/media/videos/;`)
  .replace("alias /srv/lomda/media/videos/;", `alias ${ROOT}/media/videos/;`);
writeFileSync(
  join(W, "nginx.conf"),
  `daemon off; worker_processes 1; pid ${W}/nginx.pid; error_log ${W}/error.log warn;
events {}
http {
  log_format media '$request_method $request_uri $status "$http_range" $body_bytes_sent';
  access_log ${W}/access.log media;
  client_body_temp_path ${W}/b; proxy_temp_path ${W}/p; fastcgi_temp_path ${W}/f; uwsgi_temp_path ${W}/u; scgi_temp_path ${W}/s;
  map "" $lomda_media_secret { default "${SECRET}"; }
  server {
    listen 127.0.0.1:${PORT + 1};
    proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for; proxy_set_header X-Forwarded-Proto $scheme;
    location / { proxy_pass http://127.0.0.1:${PORT}; }
    location = /t.html { root ${W}/www; }
${signed}
  }
}
`,
);
writeFileSync(join(W, "access.log"), "");
children.push(
  spawn("/usr/sbin/nginx", ["-c", join(W, "nginx.conf"), "-e", join(W, "error.log")], { stdio: "inherit" }),
);
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`http://127.0.0.1:${PORT + 1}/healthz`)).ok) break;
  } catch {}
  if (i > 300) throw new Error("no start");
  await new Promise((r) => setTimeout(r, 100));
}
const session = await fetch(`http://127.0.0.1:${PORT + 1}/__test/session`, {
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", origin: `http://127.0.0.1:${PORT + 1}` },
  body: "email=subscriber%40lomda.test",
});
const [name, value] = session.headers.get("set-cookie").split(";")[0].split("=");
const browser = await chromium.launch({
  // As playwright.config.ts: Debian's headless shell, else its chromium.
  executablePath: ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium"].find((p) => existsSync(p)),
});
const context = await browser.newContext();
await context.addCookies([{ name, value, url: `http://127.0.0.1:${PORT + 1}` }]);
const page = await context.newPage();
const seen = [];
page.on("request", (r) => seen.push(`${r.method()} ${new URL(r.url()).pathname} ${r.headers().range ?? ""}`));
await page.goto(`http://127.0.0.1:${PORT + 1}/t.html`);
const state = () =>
  page.evaluate(() => {
    const v = document.getElementById("v");
    return { t: v.currentTime.toFixed(1), d: v.duration, err: v.error?.code, src: v.currentSrc, ready: v.readyState };
  });
await page.waitForFunction(() => document.getElementById("v").readyState >= 1);
console.log("loaded", await state());
await page.evaluate(() => document.getElementById("v").play());
await page.waitForTimeout(3000);
console.log("played 3 s", await state());
for (const at of [0.5, 0.9, 0.2, 0.75]) {
  await page.evaluate((f) => {
    const v = document.getElementById("v");
    v.currentTime = v.duration * f;
  }, at);
  await page.waitForFunction(() => !document.getElementById("v").seeking, null, { timeout: 20000 });
  await page.waitForTimeout(1500);
  console.log(`seeked to ${at}`, await state());
}
if (process.env.MEDIA_SECURE_LINK_SECONDS) {
  console.log("waiting past the URL's expiry");
  await page.evaluate(() => document.getElementById("v").pause());
  await page.waitForTimeout(Number(process.env.MEDIA_SECURE_LINK_SECONDS) * 1.1 * 1000 + 3000);
  await page.evaluate(() => {
    const v = document.getElementById("v");
    v.currentTime = v.duration * 0.4;
    v.play().catch(() => {});
  });
  await page.waitForTimeout(4000);
  console.log("seeked after expiry", await state());
}
await page.reload();
await page.waitForFunction(() => document.getElementById("v").readyState >= 1);
await page.waitForTimeout(1000);
console.log("reloaded", await state());
await browser.close();
await new Promise((r) => setTimeout(r, 300));
const log = readFileSync(join(W, "access.log"), "utf8")
  .trim()
  .split("\n")
  .filter((line) => !line.includes(" /healthz "));
console.log("--- nginx access log ---\n" + log.join("\n"));
const count = (re) => log.filter((l) => re.test(l)).length;
console.log(
  JSON.stringify({
    video: count(/ \/video\//),
    signed: count(/ \/signed-media\//),
    signed206: count(/ \/signed-media\/.* 206 /),
    playwrightSaw: seen.filter((s) => /video|signed/.test(s)),
  }),
);
process.exit(0);
