import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:https";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar } from "../support/cookie-jar.ts";
import { spawnServer } from "./harness.ts";

/**
 * The deployment of docs/deploy.md, built on this machine: Debian's nginx with the example site
 * config (deploy/nginx/lomda.conf: TLS with a self-signed certificate, HTTP → HTTPS, upstream
 * retries) in front of two `node server.js` processes on one PostgreSQL database, PUBLIC_URL on
 * https. Signs in with the embedded provider and posts feedback through nginx, then restarts each
 * process in turn under load: the client must see no failed request.
 *
 * PostgreSQL: TEST_DATABASE_URL (CI always sets it; without it in CI the test fails). Elsewhere,
 * without it, the same deployment runs on one shared SQLite file and says so.
 */

const ROOT = resolve(import.meta.dirname, "../..");
const NGINX = process.env.LOMDA_NGINX_TEST_PATH ?? "/usr/sbin/nginx";
const PASSWORD = "deploy-test owner password";
/** MEDIA_SECURE_LINK_SECRET, and nginx's copy of it (docs/deploy.md: /etc/nginx/lomda-media-secret.conf). */
const MEDIA_SECRET = randomBytes(36).toString("base64");

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((ok) => server.close(() => ok()));
  return port;
}

/** The example site config with this run's ports, certificate and host substituted. */
function siteConfig(
  ports: { http: number; https: number; app: [number, number] },
  cert: string,
  key: string,
  mediaDir: string,
  secretFile: string,
) {
  let site = readFileSync(join(ROOT, "deploy/nginx/lomda.conf"), "utf8");
  const replace = (from: string | RegExp, to: string) => {
    const next = site.replace(from, to);
    if (next === site) throw new Error(`deploy/nginx/lomda.conf changed: ${String(from)} not found`);
    site = next;
  };
  replace("server 127.0.0.1:3001", `server 127.0.0.1:${ports.app[0]}`);
  replace("server 127.0.0.1:3002", `server 127.0.0.1:${ports.app[1]}`);
  replace(/listen 80;\n\s*listen \[::\]:80;/, `listen 127.0.0.1:${ports.http};`);
  replace(/listen 443 ssl http2;\n\s*listen \[::\]:443 ssl http2;/, `listen 127.0.0.1:${ports.https} ssl http2;`);
  replace("return 301 https://$host$request_uri;", `return 301 https://$host:${ports.https}$request_uri;`);
  site = site.replaceAll("server_name lomda.example.com;", "server_name 127.0.0.1;");
  replace("/etc/letsencrypt/live/lomda.example.com/fullchain.pem", cert);
  replace("/etc/letsencrypt/live/lomda.example.com/privkey.pem", key);
  // (Both locations of each folder: the internal one and the signed one.)
  const replaceAll = (from: string, to: string, times: number) => {
    if (site.split(from).length - 1 !== times) throw new Error(`deploy/nginx/lomda.conf changed: ${from}`);
    site = site.replaceAll(from, to);
  };
  replaceAll("alias /var/lib/lomda/media/videos/;", `alias ${mediaDir}/videos/;`, 2);
  replaceAll("alias /srv/lomda/media/videos/;", `alias ${join(ROOT, "media/videos")}/;`, 2);
  replace("include /etc/nginx/lomda-media-secret.conf;", `include ${secretFile};`);
  return site;
}

interface Reply {
  status: number;
  headers: Headers;
  body: string;
  bytes: Buffer;
}

describe("deployment: nginx (TLS, retries) → two Lomda processes → one database", () => {
  const inCi = process.env.CI === "true";
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const dir = mkdtempSync(join(tmpdir(), "lomda-deploy-"));
  // A database of its own, not a schema: its processes migrate at every (re)start, and Kysely's
  // migrator reads every schema of its database, which other test files create and drop meanwhile.
  const database = `lomda_deploy_${process.pid}_${Date.now().toString(36)}`;
  let nginx: ChildProcess | undefined;
  let nginxLog = "";
  let agent: Agent;
  let ca: string;
  let publicUrl = "";
  let httpPort = 0;
  let appEnv: Record<string, string> = {};
  const procs: ReturnType<typeof spawnServer>[] = [];
  const appPorts: number[] = [];

  const start = async (i: number) => {
    const proc = spawnServer({ ...appEnv, PORT: String(appPorts[i]), DATA_DIR: join(dir, `data${i}`) });
    procs[i] = proc;
    await proc.ready;
  };

  /** A request through nginx over TLS (trusting the test certificate), with the jar's cookies. */
  const send = (
    jar: CookieJar | undefined,
    path: string,
    init: { method?: string; body?: string; headers?: Record<string, string> } = {},
  ) =>
    new Promise<Reply>((ok, fail) => {
      const url = new URL(path, publicUrl);
      const req = request(
        url,
        {
          agent,
          method: init.method ?? "GET",
          headers: { ...(jar?.header() ? { cookie: jar.header() } : {}), ...init.headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const bytes = Buffer.concat(chunks);
            const headers = new Headers();
            for (let i = 0; i < res.rawHeaders.length; i += 2)
              headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
            jar?.store(new Response(null, { status: 200, headers }));
            ok({ status: res.statusCode!, headers, body: bytes.toString("utf8"), bytes });
          });
          res.on("error", fail);
        },
      );
      req.setTimeout(20_000, () => req.destroy(new Error(`timeout: ${path}`)));
      req.on("error", fail);
      req.end(init.body);
    });

  /** The owner's session, signed in with the embedded provider, every hop through nginx on the public origin. */
  async function signIn(): Promise<CookieJar> {
    const jar = new CookieJar();
    let res = await send(jar, "/signin?returnTo=/admin");
    expect(res.status).toBe(302);
    const authorize = res.headers.get("location")!;
    expect(authorize.startsWith(`${publicUrl}/idp/auth?`), authorize).toBe(true);
    res = await send(jar, authorize);
    const login = new URL(res.headers.get("location")!, publicUrl).href;
    expect(login.startsWith(`${publicUrl}/idp/interaction/`), login).toBe(true);
    res = await send(jar, login, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: publicUrl },
      body: new URLSearchParams({ email: "owner@school.example", password: PASSWORD }).toString(),
    });
    for (let i = 0; i < 8 && res.status >= 300 && res.status < 400; i++) {
      const next = new URL(res.headers.get("location")!, publicUrl).href;
      expect(next.startsWith(publicUrl), next).toBe(true);
      if (next === `${publicUrl}/admin`) break;
      res = await send(jar, next);
    }
    const session = jar.get("__Host-lomda_session") ?? jar.get("lomda_session");
    expect(session, "signed in").toBeDefined();
    return jar;
  }

  async function adminQuery(statement: string) {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  }

  /** A setup failure (nginx or PostgreSQL missing…) fails the test itself, rather than leaving it skipped. */
  let setupError: unknown;
  beforeAll(async () => {
    await setUp().catch((error: unknown) => (setupError = error));
  }, 60_000);

  async function setUp() {
    if (!existsSync(NGINX)) {
      throw new Error(`nginx is missing (${NGINX}): apt-get install -y nginx (.ci/run installs it)`);
    }
    if (!postgresUrl && inCi)
      throw new Error("TEST_DATABASE_URL is unset: in CI the deployment test runs on PostgreSQL");
    let databaseUrl = `file:${join(dir, "shared.db")}`;
    if (postgresUrl) {
      await adminQuery(`create database ${database}`);
      const url = new URL(postgresUrl);
      url.pathname = `/${database}`;
      databaseUrl = url.href;
    } else {
      console.warn(
        "deployment test: TEST_DATABASE_URL unset, so both processes share one SQLite file instead of PostgreSQL",
      );
    }

    // A self-signed certificate for 127.0.0.1.
    const cert = join(dir, "cert.pem");
    const key = join(dir, "key.pem");
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        key,
        "-out",
        cert,
      ],
      { stdio: "ignore" },
    );
    ca = readFileSync(cert, "utf8");
    agent = new Agent({ ca, keepAlive: true, maxSockets: 8 });

    const [https, http, a, b] = [await freePort(), await freePort(), await freePort(), await freePort()];
    httpPort = http;
    appPorts.push(a, b);
    publicUrl = `https://127.0.0.1:${https}`;
    for (const sub of ["logs", "tmp"]) mkdirSync(join(dir, sub));
    // The secret's file as docs/deploy.md has it written.
    const secretFile = join(dir, "lomda-media-secret.conf");
    writeFileSync(secretFile, `map "" $lomda_media_secret { default "${MEDIA_SECRET}"; }\n`, { mode: 0o600 });
    const site = siteConfig({ http, https, app: [a, b] }, cert, key, join(dir, "media"), secretFile);
    writeFileSync(
      join(dir, "nginx.conf"),
      `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
${site}
}
`,
    );

    appEnv = {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: "loopback",
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "deploy-test-shared-session-secret-0123456789",
      LOG_LEVEL: "info",
      // One media folder for both processes (the unit's /var/lib/lomda/media), served by nginx.
      MEDIA_DIR: join(dir, "media"),
      MEDIA_ACCEL_REDIRECT: "/internal-media/",
    };
    // The first admin, as docs/deploy.md says (migrates the database too).
    const create = spawnServer({ ...appEnv, DATA_DIR: join(dir, "cli"), LOMDA_ACCOUNT_PASSWORD: PASSWORD }, [
      "accounts",
      "create",
      "owner@school.example",
      "--admin",
    ]);
    expect(await create.exited, create.output()).toBe(0);
    await Promise.all([start(0), start(1)]);

    nginx = spawn(
      NGINX,
      ["-e", `${dir}/logs/error.log`, "-p", dir, "-c", join(dir, "nginx.conf"), "-g", "daemon off;"],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    nginx.stdout!.on("data", (c: Buffer) => (nginxLog += c.toString()));
    nginx.stderr!.on("data", (c: Buffer) => (nginxLog += c.toString()));
    const nginxExit = new Promise<never>((_, fail) =>
      nginx!.on("exit", (code) => fail(new Error(`nginx exited (${code}):\n${nginxLog}`))),
    );
    nginxExit.catch(() => {});
    // Ready when it answers through TLS.
    for (;;) {
      const reply = await Promise.race([send(undefined, "/healthz").catch(() => undefined), nginxExit]);
      if (reply?.status === 200) break;
      await new Promise((ok) => setTimeout(ok, 50)); // polling nginx's start, not a fixed wait
    }
  }

  afterAll(async () => {
    agent?.destroy();
    nginx?.kill("SIGQUIT");
    await Promise.all(
      procs.map(async (p) => {
        p.child.kill("SIGTERM");
        await p.exited;
      }),
    );
    if (postgresUrl) {
      await adminQuery(`drop database if exists ${database} with (force)`);
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    "signs in, posts feedback and survives a rolling restart under load with no failed request",
    { timeout: 90_000 },
    async () => {
      if (setupError) throw setupError;
      // HTTP → HTTPS.
      const plain = await new Promise<{ status: number; location?: string }>((ok, fail) =>
        httpRequest({ host: "127.0.0.1", port: httpPort, path: "/courses?x=1" }, (res) => {
          res.resume();
          ok({ status: res.statusCode!, location: res.headers.location });
        })
          .on("error", fail)
          .end(),
      );
      expect(plain).toEqual({ status: 301, location: `${publicUrl}/courses?x=1` });

      // Sign in with the embedded provider, every hop through nginx on the public origin.
      const jar = await signIn();
      // The app names each request as nginx does ($request_id), whatever id the client sends.
      expect((await send(jar, "/admin")).headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
      const chosen = await send(undefined, "/healthz", { headers: { "x-request-id": "0".repeat(32) } });
      expect(chosen.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
      expect(chosen.headers.get("x-request-id")).not.toBe("0".repeat(32));
      expect((await send(jar, "/admin")).status).toBe(200);

      // Feedback, through the proxy (origin check on the public origin).
      const comment = `Through nginx ${Date.now()}`;
      const posted = await send(jar, "/feedback/new", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: publicUrl },
        body: new URLSearchParams({ name: "Deploy Test", comment, rating: "5" }).toString(),
      });
      expect(posted.status, posted.body.slice(0, 300)).toBe(303);
      expect((await send(jar, "/feedback")).body).toContain(comment);

      // An admin's upload (here 2 MB, past nginx's 1m for everything else) reaches the app, streamed;
      // no route takes it here, so the app's 405 (a page without an action). Anyone else's gets the
      // app's own 413, not nginx's.
      const boundary = "----deploytest";
      const upload = {
        method: "POST",
        headers: { "content-type": `multipart/form-data; boundary=${boundary}`, origin: publicUrl },
        body: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\n\r\n${"a".repeat(2_000_000)}\r\n--${boundary}--\r\n`,
      };
      const admitted = await send(jar, "/admin/no-such-upload", upload);
      expect(admitted.status, admitted.body.slice(0, 300)).toBe(405);
      const refused = await send(undefined, "/admin/no-such-upload", upload);
      expect(refused.status).toBe(413);
      expect(refused.body).not.toContain("nginx");

      // Load through nginx while each process restarts in turn.
      const statuses = new Map<string, number>();
      let sent = 0;
      let stop = false;
      const paths = ["/", "/courses", "/feedback", "/healthz", "/about", "/admin"];
      const worker = async () => {
        while (!stop && sent < 20_000) {
          const path = paths[sent++ % paths.length]!;
          const key = await send(path === "/admin" ? jar : undefined, path).then(
            (r) => String(r.status),
            (error: Error) => `error: ${error.message}`,
          );
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
        }
      };
      const load = Promise.all([worker(), worker(), worker(), worker()]);
      const restarts: { instance: number; exitCode: number | null }[] = [];
      for (const i of [0, 1]) {
        const before = sent;
        await expect.poll(() => sent - before, { timeout: 20_000 }).toBeGreaterThan(50); // traffic on both
        const proc = procs[i]!;
        proc.child.kill("SIGTERM");
        restarts.push({ instance: i + 1, exitCode: await proc.exited });
        await start(i);
      }
      const after = sent;
      await expect.poll(() => sent - after, { timeout: 20_000 }).toBeGreaterThan(100);
      stop = true;
      await load;

      // Requests each restarted process served (its log), to show both took traffic.
      const served = procs.map((p) => (p.output().match(/"msg":"request"/g) ?? []).length);
      const figures = { requests: sent, statuses: Object.fromEntries(statuses), restarts, servedAfterRestart: served };
      console.warn(`deployment test figures: ${JSON.stringify(figures)}`);
      expect(restarts).toEqual([
        { instance: 1, exitCode: 0 },
        { instance: 2, exitCode: 0 },
      ]);
      expect(Object.fromEntries(statuses), nginxLog).toEqual({ "200": sent });
      // Both processes served, and the session survived both restarts (it lives in the database).
      for (const count of served) expect(count).toBeGreaterThan(0);
      expect((await send(jar, "/admin")).status).toBe(200);
    },
  );
  it("serves a lesson video's bytes from nginx (X-Accel-Redirect), only to a viewer Lomda lets watch", async () => {
    if (setupError) throw setupError;
    const jar = await signIn();
    // The paid lesson's file as an upload in MEDIA_DIR (shared by both processes; an upload of the
    // same name comes before the bundled file): bytes of its own, to tell which folder nginx read.
    const uploaded = randomBytes(300_000);
    mkdirSync(join(dir, "media/videos"), { recursive: true });
    writeFileSync(join(dir, "media/videos/lesson-sample.mp4"), uploaded);
    const range = { start: 1000, end: 66_535 };
    const rangeHeader = { range: `bytes=${range.start}-${range.end}` };

    // The owner (an admin: every lesson) gets the range from nginx: its strong ETag, not Lomda's
    // weak one, and the headers Lomda gave (private: never kept by a shared cache).
    const part = await send(jar, "/video/lesson-sample.mp4", { headers: rangeHeader });
    expect(part.status, part.body.slice(0, 300)).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes ${range.start}-${range.end}/${uploaded.length}`);
    expect(part.bytes.equals(uploaded.subarray(range.start, range.end + 1))).toBe(true);
    expect(part.headers.get("content-type")).toBe("video/mp4");
    expect(part.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(part.headers.get("etag")).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(part.headers.get("x-content-type-options")).toBe("nosniff");
    expect(part.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(part.headers.get("strict-transport-security")).toMatch(/^max-age=/);
    expect(part.headers.get("x-accel-redirect")).toBeNull();
    const whole = await send(jar, "/video/lesson-sample.mp4");
    expect(whole.status).toBe(200);
    expect(whole.bytes.equals(uploaded)).toBe(true);
    // The browser's revalidation of a range it has: nginx's 304.
    const again = await send(jar, "/video/lesson-sample.mp4", {
      headers: { "if-none-match": part.headers.get("etag")! },
    });
    expect(again.status).toBe(304);

    // A bundled video (the public "About Lomda"), from the other internal location, to anyone.
    const about = readFileSync(join(ROOT, "media/videos/about-lomda.mp4"));
    const bundled = await send(undefined, "/video/about-lomda.mp4", { headers: { range: "bytes=0-4095" } });
    expect(bundled.status).toBe(206);
    expect(bundled.bytes.equals(about.subarray(0, 4096))).toBe(true);
    expect(bundled.headers.get("etag")).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    const BUNDLED = readFileSync(join(ROOT, "media/videos/lesson-sample.mp4"));

    // A visitor (this lesson is for subscribers) gets Lomda's refusal and no byte of the video.
    for (const headers of [{}, rangeHeader]) {
      const refused = await send(undefined, "/video/lesson-sample.mp4", { headers });
      expect(refused.status).toBe(401);
      expect(refused.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(refused.bytes.length).toBeLessThan(100);
    }

    // The internal location is not reachable from outside, signed in or not, whatever the path.
    for (const path of [
      "/internal-media/videos/lesson-sample.mp4",
      "/internal-media/bundled-videos/lesson-sample.mp4",
      "/internal-media/bundled-videos/about-lomda.mp4",
      "/internal-media/",
      "/internal-media/videos/../bundled-videos/lesson-sample.mp4",
      "/INTERNAL-MEDIA/videos/lesson-sample.mp4",
    ]) {
      for (const who of [undefined, jar]) {
        const direct = await send(who, path, { headers: rangeHeader });
        expect(direct.status, path).toBe(404);
        expect(direct.bytes.includes(BUNDLED.subarray(range.start, range.start + 64)), path).toBe(false);
        expect(direct.bytes.includes(uploaded.subarray(range.start, range.start + 64)), path).toBe(false);
        expect(direct.bytes.includes(about.subarray(1000, 1064)), path).toBe(false);
      }
    }
  });
  it(
    "with MEDIA_SECURE_LINK_SECRET, redirects a viewer Lomda lets watch to a URL nginx checks on every range itself",
    { timeout: 60_000 },
    async () => {
      if (setupError) throw setupError;
      // The operator switches from X-Accel to signed URLs: the same nginx, both processes restarted.
      appEnv = { ...appEnv, MEDIA_ACCEL_REDIRECT: "", MEDIA_SECURE_LINK_SECRET: MEDIA_SECRET };
      for (const i of [0, 1]) {
        procs[i]!.child.kill("SIGTERM");
        expect(await procs[i]!.exited).toBe(0);
        await start(i);
      }
      const jar = await signIn();
      const uploaded = randomBytes(200_000);
      mkdirSync(join(dir, "media/videos"), { recursive: true });
      writeFileSync(join(dir, "media/videos/lesson-sample.mp4"), uploaded);
      const rangeHeader = { range: "bytes=1000-66535" };

      // The owner: a redirect, never kept, to the upload's signed path on this origin.
      const granted = await send(jar, "/video/lesson-sample.mp4", { headers: rangeHeader });
      expect(granted.status, granted.body.slice(0, 300)).toBe(302);
      expect(granted.headers.get("cache-control")).toBe("no-store");
      expect(granted.bytes.length).toBe(0);
      const location = new URL(granted.headers.get("location")!, publicUrl);
      expect(location.origin).toBe(publicUrl);
      expect(location.pathname).toBe("/signed-media/videos/lesson-sample.mp4");
      const expires = Number(location.searchParams.get("expires"));
      expect(expires - Date.now() / 1000).toBeGreaterThan(3590);
      // Asked again at once (both processes): the same URL.
      for (let i = 0; i < 3; i++)
        expect((await send(jar, "/video/lesson-sample.mp4")).headers.get("location")).toBe(
          granted.headers.get("location"),
        );

      // The range, from nginx, with the URL alone (no cookie: the URL is the permission).
      const signed = location.pathname + location.search;
      const part = await send(undefined, signed, { headers: rangeHeader });
      expect(part.status, part.body.slice(0, 300)).toBe(206);
      expect(part.headers.get("content-range")).toBe(`bytes 1000-66535/${uploaded.length}`);
      expect(part.bytes.equals(uploaded.subarray(1000, 66_536))).toBe(true);
      expect(part.headers.get("content-type")).toBe("video/mp4");
      expect(part.headers.get("cache-control")).toBe("private, max-age=3600");
      expect(part.headers.get("etag")).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
      expect(part.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
      // nginx writes the headers Lomda gives a file (Lomda's 302 has them): the same values.
      for (const name of [
        "strict-transport-security",
        "x-content-type-options",
        "cross-origin-resource-policy",
        "referrer-policy",
        "cross-origin-opener-policy",
        "permissions-policy",
        "content-security-policy",
      ]) {
        expect(granted.headers.get(name), name).toBeTruthy();
        expect(part.headers.get(name), name).toBe(granted.headers.get(name));
      }
      expect((await send(undefined, signed)).bytes.equals(uploaded)).toBe(true);
      expect((await send(undefined, signed, { headers: { "if-none-match": part.headers.get("etag")! } })).status).toBe(
        304,
      );

      // What nginx refuses: a changed signature, expiry, folder or file (403), a URL signed without
      // the secret (the secret must reach the locations that check), an expired one (410).
      const md5 = (exp: number, path: string, secret: string) =>
        createHash("md5").update(`${exp}${path} ${secret}`).digest("base64url");
      const good = location.searchParams.get("md5")!;
      const past = Math.floor(Date.now() / 1000) - 10;
      // (The first character: the last one carries 2 bits of the md5 and 4 that nginx's decoder ignores.)
      const tampered = `${good.startsWith("A") ? "B" : "A"}${good.slice(1)}`;
      for (const [path, status] of [
        [`/signed-media/videos/lesson-sample.mp4?md5=${tampered}&expires=${expires}`, 403],
        [`/signed-media/videos/lesson-sample.mp4?md5=${good}&expires=${expires + 3600}`, 403],
        [`/signed-media/bundled-videos/lesson-sample.mp4?md5=${good}&expires=${expires}`, 403],
        [`/signed-media/videos/about-lomda.mp4?md5=${good}&expires=${expires}`, 403],
        [`/signed-media/videos/lesson-sample.mp4`, 403],
        [`/signed-media/videos/lesson-sample.mp4?expires=${expires}`, 403],
        [
          `/signed-media/videos/lesson-sample.mp4?md5=${md5(expires, "/signed-media/videos/lesson-sample.mp4", "")}&expires=${expires}`,
          403,
        ],
        [
          `/signed-media/videos/lesson-sample.mp4?md5=${md5(past, "/signed-media/videos/lesson-sample.mp4", MEDIA_SECRET)}&expires=${past}`,
          410,
        ],
        [`/signed-media/lesson-sample.mp4?md5=${good}&expires=${expires}`, 404],
        ["/signed-media/", 404],
      ] as const) {
        const refused = await send(undefined, path, { headers: rangeHeader });
        expect(refused.status, path).toBe(status);
        expect(refused.bytes.includes(uploaded.subarray(1000, 1064)), path).toBe(false);
        expect(refused.headers.get("x-content-type-options"), path).toBe("nosniff");
      }
      // A URL signed as Lomda signs it, for a time already past: 410 (the check is nginx's clock).
      expect(
        (
          await send(
            undefined,
            `/signed-media/videos/lesson-sample.mp4?md5=${md5(past, "/signed-media/videos/lesson-sample.mp4", MEDIA_SECRET)}&expires=${past}`,
          )
        ).status,
      ).toBe(410);

      // A visitor gets Lomda's refusal and no URL; the public bundled video is signed for anyone.
      for (const headers of [{}, rangeHeader]) {
        const refused = await send(undefined, "/video/lesson-sample.mp4", { headers });
        expect(refused.status).toBe(401);
        expect(refused.headers.get("location")).toBeNull();
        expect(refused.body).not.toContain("md5");
      }
      const about = readFileSync(join(ROOT, "media/videos/about-lomda.mp4"));
      const open = await send(undefined, "/video/about-lomda.mp4");
      expect(open.status).toBe(302);
      const bundledAt = new URL(open.headers.get("location")!, publicUrl);
      expect(bundledAt.pathname).toBe("/signed-media/bundled-videos/about-lomda.mp4");
      const bundled = await send(undefined, bundledAt.pathname + bundledAt.search, {
        headers: { range: "bytes=0-4095" },
      });
      expect(bundled.status).toBe(206);
      expect(bundled.bytes.equals(about.subarray(0, 4096))).toBe(true);
      // The internal location stays internal.
      expect((await send(jar, "/internal-media/videos/lesson-sample.mp4")).status).toBe(404);
    },
  );
});
