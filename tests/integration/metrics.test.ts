import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { createSession } from "../../app/models/session.server.ts";
import { migrations } from "../../db/migrations/index.ts";
import { DIALECTS } from "../setup/databases.ts";
import { createUser } from "../support/factories.ts";
import { startApp } from "./harness.ts";

type App = Awaited<ReturnType<typeof startApp>>;

const ROOT = resolve(import.meta.dirname, "../..");
const TOKEN = "metrics-token-for-the-tests-0123456789abcdef";
/** TEST-NET-1: the addresses Prometheus scrapes from in these tests (as X-Forwarded-For, TRUST_PROXY=loopback). */
const ALLOWED = "192.0.2.0/24";

async function scrape(app: App, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) {
  const res = await fetch(`${app.url}/metrics`, { headers });
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
}

/** A sample's value in the exposition ("name{labels} value"), or 0 when the series is not there yet. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** The metric names a scrape exposes: its TYPE lines, and a histogram's series names. */
function exposedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name!);
    if (type === "histogram" || type === "summary") for (const s of ["_bucket", "_sum", "_count"]) names.add(name! + s);
  }
  return names;
}

/**
 * The metric names a PromQL expression reads: identifiers not followed by `(` (functions), not in
 * a `{…}` matcher or a `by (…)` list, not a keyword. Prometheus's own `up` and `time()` are allowed.
 */
function metricsOf(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/(?<![\w:])\d+(?:\.\d+)?(?:e[+-]?\d+)?/gi, "0")
    .replace(/\{[^}]*\}/g, "")
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, "")
    .replace(/\[[^\]]*\]/g, "");
  const keywords = new Set(["and", "or", "unless", "bool", "offset", "by", "without", "inf", "nan"]);
  return [...stripped.matchAll(/([A-Za-z_:][A-Za-z0-9_:]*)(\s*\()?/g)]
    .filter(([, name, call]) => !call && !keywords.has(name!.toLowerCase()) && !/^\d/.test(name!))
    .map(([, name]) => name!)
    .filter((name) => !name.startsWith("__"));
}

/** A page without what differs per response (the CSP nonce). */
const normalized = (html: string) => html.replace(/ nonce="[^"]*"/g, "");

describe.each(DIALECTS)("/metrics and /readyz on %s", (dialect) => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ METRICS_TOKEN: TOKEN, METRICS_ALLOW: ALLOWED, TRUST_PROXY: "loopback" }, dialect);
  });
  afterAll(async () => app.stop());

  it("counts requests by route pattern and status, and the values move after requests", async () => {
    const before = await scrape(app);
    expect(before.status).toBe(200);
    expect(before.type).toMatch(/^text\/plain; version=0\.0\.4/);
    const about = 'lomda_http_request_duration_seconds_count{route="/about",method="GET",status="200"}';
    const health = 'lomda_http_request_duration_seconds_count{route="/healthz",method="GET",status="200"}';
    const lesson = 'lomda_http_request_duration_seconds_count{route="/lesson/:list/:lesson",method="GET",status="404"}';
    const missing = 'lomda_http_request_duration_seconds_count{route="/*",method="GET",status="404"}';
    const queries = 'lomda_db_query_duration_seconds_count{result="ok"}';

    // Twice: the second /about is the page cache's (counted under the pattern it was rendered for).
    for (const path of ["/about", "/about", "/healthz", "/lesson/no-such-list/no-such-lesson", "/no-such-page-x7"])
      await (await fetch(`${app.url}${path}`)).arrayBuffer();

    const after = await scrape(app);
    expect(sample(after.text, about) - sample(before.text, about)).toBe(2);
    expect(sample(after.text, health) - sample(before.text, health)).toBe(1);
    expect(sample(after.text, lesson) - sample(before.text, lesson)).toBe(1);
    expect(sample(after.text, missing) - sample(before.text, missing)).toBe(1);
    expect(sample(after.text, queries)).toBeGreaterThan(sample(before.text, queries));
    // A pattern, never the URL: no label holds what the client asked for.
    expect(after.text).not.toContain("no-such-page-x7");
    expect(after.text).not.toContain("no-such-list");
    // The latency histogram has its buckets, and the defaults (event-loop lag, memory) are there.
    expect(after.text).toContain(
      'lomda_http_request_duration_seconds_bucket{route="/about",method="GET",status="200",le="+Inf"}',
    );
    expect(after.text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(after.text).toMatch(/^process_resident_memory_bytes \d/m);
    expect(sample(after.text, "lomda_db_up")).toBe(1);
    expect(sample(after.text, "lomda_db_migrations_pending")).toBe(0);
    if (dialect === "postgres")
      expect(sample(after.text, 'lomda_db_pool_connections{state="total"}')).toBeGreaterThan(0);
  });

  it("reads sessions and outbox depth from the database when scraped", async () => {
    const before = await scrape(app);
    const user = await createUser(app.db);
    await createSession(app.db, user.id);
    // An expired session does not count.
    await createSession(app.db, user.id, { now: new Date(Date.now() - 31 * 24 * 3600_000) });
    const now = new Date().toISOString();
    await app.db
      .insertInto("contact_messages")
      .values({
        id: randomUUID(),
        name: "Waiting",
        email: "waiting@example.org",
        phone: "050-1234567",
        message: "In the outbox",
        locale: "en",
        created_at: now,
        status: "pending",
        handled_at: null,
        handled_by: null,
        forward_status: "pending",
        forward_attempts: 0,
        forward_error: null,
        forward_next_at: now,
        forward_claimed_until: null,
      })
      .execute();
    const after = await scrape(app);
    expect(sample(after.text, "lomda_sessions_active") - sample(before.text, "lomda_sessions_active")).toBe(1);
    const depth = 'lomda_outbox_pending{outbox="forwarding"}';
    expect(sample(after.text, depth) - sample(before.text, depth)).toBe(1);
  });

  it("answers strangers with the app's own 404 page: no token, a wrong one, another scheme, an outside address", async () => {
    const strangers: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
      { authorization: `Bearer ${TOKEN}extra` },
      { authorization: "Bearer " },
      { authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString("base64")}` },
      { authorization: TOKEN },
      { "x-forwarded-for": "203.0.113.9" },
      // A client that wrote an allowed address into the header itself: the proxy appends the real one.
      { "x-forwarded-for": "192.0.2.7, 203.0.113.9" },
    ];
    for (const headers of strangers) {
      const res = await scrape(app, headers);
      expect(res.status, JSON.stringify(headers)).toBe(404);
      expect(res.text).not.toContain("lomda_");
      // The same page as an unknown URL asked for the same way (the page names its own address).
      const notFound = await fetch(`${app.url}/metricz`, { headers });
      expect(res.type).toBe(notFound.headers.get("content-type"));
      expect(normalized(res.text.replaceAll("metrics", "metricz")), JSON.stringify(headers)).toBe(
        normalized(await notFound.text()),
      );
    }
    // From an allowed address (as the trusted proxy reports it), without a token.
    const allowed = await scrape(app, { "x-forwarded-for": "192.0.2.7" });
    expect(allowed.status).toBe(200);
    expect(allowed.text).toContain("lomda_http_request_duration_seconds");
  });

  it("/readyz: 200 with the build's migrations applied, 503 with one pending or one unknown; /healthz stays 200", async () => {
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
    const names = Object.keys(migrations);
    const last = names.at(-1)!;
    const row = await sql<{
      name: string;
      timestamp: string;
    }>`select name, timestamp from kysely_migration where name = ${last}`.execute(app.db);
    expect(row.rows).toHaveLength(1);
    await sql`delete from kysely_migration where name = ${last}`.execute(app.db);
    try {
      const pending = await fetch(`${app.url}/readyz`);
      expect(pending.status).toBe(503);
      expect(await pending.json()).toEqual({ status: "unavailable", reason: "migrations" });
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
      expect(sample((await scrape(app)).text, "lomda_db_migrations_pending")).toBe(1);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last}, ${row.rows[0]!.timestamp})`.execute(
        app.db,
      );
    }
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    // A newer version migrated the database: this process is the old one.
    await sql`insert into kysely_migration (name, timestamp) values (${"9999_from_a_newer_version"}, ${new Date().toISOString()})`.execute(
      app.db,
    );
    try {
      const unknown = await fetch(`${app.url}/readyz`);
      expect(unknown.status).toBe(503);
      expect(await unknown.json()).toEqual({ status: "unavailable", reason: "migrations" });
    } finally {
      await sql`delete from kysely_migration where name = ${"9999_from_a_newer_version"}`.execute(app.db);
    }
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
  });
});

describe("what the background jobs and the webhooks count", () => {
  it("housekeeping rounds, outbox retries and a refused payment webhook move their counters", async () => {
    // A form service that is down: every forwarding attempt is a retry.
    const down = createHttpServer((_req, res) => res.writeHead(500).end("down"));
    await new Promise<void>((ok) => down.listen(0, "127.0.0.1", ok));
    const app = await startApp(
      {
        METRICS_TOKEN: TOKEN,
        FORMS_FORWARD_URL: `http://127.0.0.1:${(down.address() as { port: number }).port}/submit`,
        FORMS_ACCESS_KEY: "key",
        STRIPE_SECRET_KEY: "sk_test_lomda",
        STRIPE_WEBHOOK_SECRET: "whsec_test_lomda_metrics_0123456789",
        STRIPE_API_URL: "http://127.0.0.1:9/",
      },
      "sqlite",
      // The first round a moment after the first scrape below.
      { background: { housekeepingFirstMs: 1_000, housekeepingEveryMs: 60_000 } },
    );
    try {
      const before = (await scrape(app)).text;
      const retry = 'lomda_outbox_attempts_total{outbox="forwarding",outcome="retry"}';
      const housekeeping = 'lomda_background_rounds_total{job="housekeeping",result="ok"}';
      const refused = 'lomda_payment_webhooks_total{provider="stripe",outcome="refused"}';
      const now = new Date().toISOString();
      await app.db
        .insertInto("contact_messages")
        .values({
          id: randomUUID(),
          name: "Retried",
          email: "retried@example.org",
          phone: "050-1234567",
          message: "The service is down",
          locale: "en",
          created_at: now,
          status: "pending",
          handled_at: null,
          handled_by: null,
          forward_status: "pending",
          forward_attempts: 0,
          forward_error: null,
          forward_next_at: now,
          forward_claimed_until: null,
        })
        .execute();
      const webhook = await fetch(`${app.url}/webhooks/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(webhook.status).toBe(400);
      await expect
        .poll(
          async () => {
            const text = (await scrape(app)).text;
            return [retry, housekeeping, refused].map((series) => sample(text, series) - sample(before, series) > 0);
          },
          { timeout: 10_000 },
        )
        .toEqual([true, true, true]);
      const after = (await scrape(app)).text;
      expect(sample(after, refused) - sample(before, refused)).toBe(1);
      expect(sample(after, "lomda_housekeeping_last_success_timestamp_seconds")).toBeGreaterThan(
        Date.now() / 1000 - 60,
      );
    } finally {
      await app.stop();
      down.close();
    }
  });
});

describe("/metrics with no token and no allowed address", () => {
  it("answers no one, not even the machine itself", async () => {
    const app = await startApp({});
    try {
      const res = await fetch(`${app.url}/metrics`, { headers: { authorization: "Bearer " } });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("lomda_");
    } finally {
      await app.stop();
    }
  });

  it("without TRUST_PROXY a forwarded address is not believed: the socket's address decides", async () => {
    const app = await startApp({ METRICS_ALLOW: ALLOWED });
    const loopback = await startApp({ METRICS_ALLOW: "127.0.0.1,::1" });
    try {
      expect((await scrape(app, { "x-forwarded-for": "192.0.2.7" })).status).toBe(404);
      expect((await scrape(loopback, {})).status).toBe(200);
    } finally {
      await app.stop();
      await loopback.stop();
    }
  });
});

describe("the monitoring files in deploy/monitoring", () => {
  let exposed: Set<string>;
  let exposition: string;
  beforeAll(async () => {
    // What a real app exposes (PostgreSQL's pool metric too: a gauge's TYPE line is there on SQLite).
    const app = await startApp({ METRICS_TOKEN: TOKEN });
    try {
      await fetch(`${app.url}/about`);
      exposition = (await scrape(app)).text;
      exposed = exposedNames(exposition);
    } finally {
      await app.stop();
    }
  });

  const promtool = () => {
    const found = spawnSync("promtool", ["--version"], { encoding: "utf8" });
    if (found.error) throw new Error("promtool is missing: `apt-get install prometheus` (Debian) provides it");
    return "promtool";
  };

  it("the alert rules pass promtool, and every metric they read is one Lomda exposes", () => {
    const file = resolve(ROOT, "deploy/monitoring/alerts.yml");
    const check = spawnSync(promtool(), ["check", "rules", file], { encoding: "utf8" });
    expect(check.status, check.stdout + check.stderr).toBe(0);
    const rules = parseYaml(readFileSync(file, "utf8")) as { groups: { rules: { alert: string; expr: string }[] }[] };
    const alerts = rules.groups.flatMap((g) => g.rules);
    expect(alerts.length).toBeGreaterThan(10);
    for (const { alert, expr } of alerts) {
      const names = metricsOf(expr);
      expect(names.length, `${alert} reads no metric`).toBeGreaterThan(0);
      for (const name of names)
        if (name !== "up") expect(exposed.has(name), `${alert}: ${name} is not exposed`).toBe(true);
    }
  });

  it("the Grafana dashboard is a dashboard whose every query reads metrics Lomda exposes", () => {
    const dashboard = JSON.parse(readFileSync(resolve(ROOT, "deploy/monitoring/grafana-dashboard.json"), "utf8")) as {
      title: string;
      uid: string;
      schemaVersion: number;
      templating: { list: { name: string }[] };
      panels: {
        id: number;
        type: string;
        title: string;
        gridPos: { x: number; y: number; w: number; h: number };
        targets: { refId: string; expr: string }[];
      }[];
    };
    expect(dashboard.title).toBe("Lomda");
    expect(dashboard.uid).toMatch(/^[a-z0-9-]{1,40}$/);
    expect(dashboard.schemaVersion).toBeGreaterThan(30);
    expect(dashboard.templating.list.map((v) => v.name)).toContain("datasource");
    expect(dashboard.panels.length).toBeGreaterThan(10);
    expect(new Set(dashboard.panels.map((p) => p.id)).size).toBe(dashboard.panels.length);
    for (const panel of dashboard.panels) {
      expect(panel.title).toBeTruthy();
      expect(["timeseries", "stat"]).toContain(panel.type);
      expect(panel.gridPos.x + panel.gridPos.w).toBeLessThanOrEqual(24);
      expect(panel.targets.length).toBeGreaterThan(0);
      for (const target of panel.targets) {
        const names = metricsOf(target.expr);
        expect(names.length, `${panel.title} reads no metric`).toBeGreaterThan(0);
        for (const name of names) expect(exposed.has(name), `${panel.title}: ${name} is not exposed`).toBe(true);
      }
    }
  });

  it("the exposition passes promtool's lint (but three names of prom-client's own defaults)", () => {
    // prom-client names three gauges *_total (nodejs_active_handles_total…): its choice, kept for
    // the dashboards that know them. Everything of Lomda's own must pass.
    const lint = spawnSync(promtool(), ["check", "metrics"], { input: exposition, encoding: "utf8" });
    const problems = (lint.stdout + lint.stderr)
      .split("\n")
      .filter((line) => line.trim() && !/^nodejs_active_(handles|requests|resources)_total /.test(line));
    expect(problems).toEqual([]);
  });

  it("a real Prometheus, with the sample configuration, scrapes two processes and evaluates every rule", async () => {
    // The sample as an owner installs it, but for where the files are and how often it looks.
    const [one, two] = [await startApp({ METRICS_TOKEN: TOKEN }), await startApp({ METRICS_TOKEN: TOKEN })];
    const dir = mkdtempSync(join(tmpdir(), "lomda-prometheus-"));
    const port = await freePort();
    const targets = [one!, two!].map((app) => new URL(app.url).host);
    writeFileSync(join(dir, "token"), TOKEN, { mode: 0o400 });
    const sample = readFileSync(resolve(ROOT, "deploy/monitoring/prometheus.yml"), "utf8");
    const config = sample
      .replace("/etc/prometheus/lomda-metrics-token", join(dir, "token"))
      .replace('["127.0.0.1:3001", "127.0.0.1:3002"]', JSON.stringify(targets))
      .replace("scrape_interval: 15s", "scrape_interval: 1s")
      .replace("evaluation_interval: 30s", "evaluation_interval: 1s")
      .replace("  - alerts.yml", `  - ${resolve(ROOT, "deploy/monitoring/alerts.yml")}`);
    expect(config).not.toBe(sample);
    writeFileSync(join(dir, "prometheus.yml"), config);
    const check = spawnSync(promtool(), ["check", "config", join(dir, "prometheus.yml")], { encoding: "utf8" });
    expect(check.status, check.stdout + check.stderr).toBe(0);
    let log = "";
    const prometheus = spawn(
      "prometheus",
      [
        `--config.file=${join(dir, "prometheus.yml")}`,
        `--storage.tsdb.path=${join(dir, "data")}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    prometheus.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
    prometheus.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
    const api = async <T>(path: string): Promise<T> =>
      ((await (await fetch(`http://127.0.0.1:${port}/api/v1/${path}`)).json()) as { data: T }).data;
    try {
      // Both targets up (the token accepted), and every rule evaluated without an error.
      await expect
        .poll(
          async () => {
            const { activeTargets } = await api<{ activeTargets: { health: string }[] }>("targets").catch(() => ({
              activeTargets: [],
            }));
            return activeTargets.map((t) => t.health);
          },
          { timeout: 20_000, interval: 250, message: log },
        )
        .toEqual(["up", "up"]);
      await expect
        .poll(
          async () => {
            const { groups } = await api<{ groups: { rules: { name: string; health: string }[] }[] }>("rules");
            return groups
              .flatMap((g) => g.rules)
              .filter((r) => r.health !== "ok")
              .map((r) => r.name);
          },
          { timeout: 20_000, interval: 250, message: log },
        )
        .toEqual([]);
      const { result } = await api<{ result: { metric: { instance: string }; value: [number, string] }[] }>(
        "query?query=lomda_db_up",
      );
      expect(result.map((r) => [r.metric.instance, r.value[1]]).sort()).toEqual(targets.map((t) => [t, "1"]).sort());
    } finally {
      prometheus.kill();
      await new Promise((ok) => prometheus.once("exit", ok));
      rmSync(dir, { recursive: true, force: true });
      await one!.stop();
      await two!.stop();
    }
  }, 60_000);
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as { port: number };
  await new Promise((ok) => server.close(ok));
  return port;
}
