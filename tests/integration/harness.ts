import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Writable } from "node:stream";
import { loadConfig } from "../../app/lib/env.server.ts";
import { createLogger } from "../../app/lib/logger.server.ts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { BackgroundOptions } from "../../server/background.ts";
import { createTestDb, type TestDb } from "../setup/databases.ts";

const ROOT = resolve(import.meta.dirname, "../..");

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/**
 * The built app (what `npm start` serves), created in this process on a real database and
 * listening on a free port. A run with integration tests rebuilds `build/` first when it is older
 * than its sources (tests/setup/current-build-first.ts).
 */
export async function startApp(
  env: Record<string, string> = {},
  dialect: "sqlite" | "postgres" = "sqlite",
  options: {
    /** Another app's database: this app is a second process on it (its own connection). */
    sharing?: { database: TestDb };
    /** The background jobs' timing (the outbox is looked at every 50 ms here). */
    background?: BackgroundOptions;
  } = {},
): Promise<{
  url: string;
  db: Kysely<Database>;
  database: TestDb;
  logs: LogLine[];
  server: Server;
  /** What the server calls for each request: the fast lane, then the stack (`handler.stack` alone). */
  handler: ReturnType<typeof import("../../server/app.ts").createApp>;
  cookieSecrets: string[];
  /** The app's services, as its routes get them (e.g. the grader). */
  services: import("../../app/context.server.ts").AppServices;
  stop(): Promise<void>;
}> {
  const bundle = (await import(join(ROOT, "build/server/index.js"))) as typeof import("../../server/app.ts");
  const dataDir = mkdtempSync(join(tmpdir(), "lomda-app-"));
  // Listen first, so PUBLIC_URL (redirect URIs, the embedded issuer) can name the real port.
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: "production",
    LOMDA_TEST_ROUTES: "1",
    // The demo accounts most tests sign in with; a test of production without them sets "0".
    LOMDA_DEMO: "1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    PUBLIC_URL: url,
    // Every test of a file talks from 127.0.0.1, as fast as it can: one address's budget of renders
    // (server/render-budget.ts) would be spent at once. The budget's own tests set theirs.
    RENDER_BUDGET: "100000/100000",
    ...env,
  });
  const logs: LogLine[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split("\n").filter(Boolean)) logs.push(JSON.parse(line) as LogLine);
      callback();
    },
  });
  const log = createLogger(config.LOG_LEVEL, sink);
  const shared = options.sharing?.database;
  const handle = shared?.reopen();
  const database: TestDb =
    shared && handle
      ? { ...handle, reopen: shared.reopen, destroy: () => handle.close() }
      : await createTestDb(dialect);
  const cookieSecrets = ["test-secret-".padEnd(40, "x")];
  const services = await bundle.createServices(
    config,
    database,
    log,
    cookieSecrets,
    { selfOrigin: url },
    bundle.CLIENT_DIR,
  );
  services.forwardDelays = [0, 100, 200, 300]; // forwarding retries, quickly
  services.taxDocumentDelays = [0, 100, 200, 300]; // tax documents' retries, as quickly
  const jobs = bundle.startBackgroundJobs(services, { forwardPollMs: 50, documentPollMs: 50, ...options.background });
  services.kickForwarding = jobs.kickForwarding;
  const app = bundle.createApp(services);
  server.on("request", app);
  return {
    url,
    cookieSecrets,
    db: database.db,
    database,
    logs,
    server,
    handler: app,
    services,
    async stop() {
      await jobs.stop();
      await services.grader.close();
      await new Promise<void>((ok) => server.close(() => ok()));
      server.closeAllConnections();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The real process, started as `npm start` starts it (after the build). */
export function spawnServer(
  env: Record<string, string>,
  args: string[] = [],
): {
  child: ChildProcess;
  output: () => string;
  ready: Promise<string>;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ["server.js", ...args], {
    cwd: ROOT,
    // One address, as fast as the test can (see startApp): the budget's own tests set theirs.
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", RENDER_BUDGET: "100000/100000", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const ready = new Promise<string>((ok, fail) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Lomda is serving on (\S+)"/.exec(out);
      const port = /"port":(\d+)/.exec(out);
      if (match && port) ok(`http://127.0.0.1:${port[1]}`);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("exit", () => fail(new Error(`server exited before it was ready:\n${out}`)));
  });
  ready.catch(() => {});
  const exited = new Promise<number | null>((ok) => child.on("exit", (code) => ok(code)));
  return { child, output: () => out, ready, exited };
}

export function tempDataDir(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), "lomda-proc-"));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The page as it shows: without the dictionary of the page's strings (`#lomda-strings`, a JSON data
 * block the browser's translator reads), which holds every string the page might show, including
 * those it does not show now. Assertions that something is *not* on the page look at this.
 */
export function shown(html: string): string {
  return html.replace(/<script type="application\/json" id="lomda-strings">[\s\S]*?<\/script>/, "");
}
