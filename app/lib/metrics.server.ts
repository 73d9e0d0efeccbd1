import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from "prom-client";

/**
 * The process's Prometheus metrics (docs/decisions/0055). One registry per process: every process
 * counts its own requests and is scraped on its own address (several processes are told apart by
 * Prometheus's `instance` label, never summed here). What is read from the database (sessions,
 * outbox depth, migrations, the pool) is read when scraped (server/metrics.ts), not on any request.
 *
 * The hot path (every request, the fast lane's included) costs one `recordRequest`: a Map lookup and
 * a few additions, no label object and no string formatting (measured in the decision record).
 */

/** Seconds: a cached page answers in well under a millisecond, a cold render in tens of them. */
export const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const REQUEST_METRIC = "lomda_http_request_duration_seconds";
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

interface RequestSeries {
  route: string;
  method: string;
  status: string;
  /** Per bucket, not cumulative (the last is +Inf); made cumulative when scraped. */
  buckets: Float64Array;
  sum: number;
  count: number;
}

/**
 * Requests by route pattern, method and status: a histogram of their durations. Written by hand on
 * prom-client's metric interface rather than with its Histogram, whose observe builds and hashes a
 * label object each time (about 0.3 µs; this is a tenth of it). The labels are bounded: `route` is a
 * pattern from the route table (or a fixed name), never a raw URL; methods outside the usual seven
 * count as OTHER; a status is a number node accepted (100–999).
 */
class RequestHistogram {
  readonly name = REQUEST_METRIC;
  readonly help = "HTTP requests by route pattern, method and status, and how long they took to answer";
  readonly type = "histogram";
  readonly aggregator = "sum";
  readonly series = new Map<string, RequestSeries>();

  observe(route: string, method: string, status: number, seconds: number) {
    const key = `${route} ${method} ${status}`;
    let series = this.series.get(key);
    if (!series) {
      series = {
        route,
        method: METHODS.has(method) ? method : "OTHER",
        status: String(status),
        buckets: new Float64Array(REQUEST_BUCKETS.length + 1),
        sum: 0,
        count: 0,
      };
      this.series.set(key, series);
    }
    let bucket = 0;
    while (bucket < REQUEST_BUCKETS.length && seconds > REQUEST_BUCKETS[bucket]!) bucket += 1;
    series.buckets[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const s of this.series.values()) {
      const labels = { route: s.route, method: s.method, status: s.status };
      let cumulative = 0;
      for (let i = 0; i < s.buckets.length; i++) {
        cumulative += s.buckets[i]!;
        const le = i < REQUEST_BUCKETS.length ? REQUEST_BUCKETS[i]! : "+Inf";
        values.push({ labels: { ...labels, le }, value: cumulative, metricName: `${this.name}_bucket` });
      }
      values.push({ labels, value: s.sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: s.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset() {
    this.series.clear();
  }
}

/**
 * One set per process, shared through globalThis: the test suite loads this module twice (the
 * built server's copy and the sources' one, which opens the test databases), and a process has one
 * set of counters whichever copy counts.
 */
const GLOBAL_KEY = Symbol.for("lomda.metrics");
const metrics = ((globalThis as Record<symbol, unknown>)[GLOBAL_KEY] ??= createMetrics()) as ReturnType<
  typeof createMetrics
>;
export const {
  registry,
  requests,
  dbQueryDuration,
  dbPoolConnections,
  dbUp,
  migrationsPending,
  activeSessions,
  outboxDepth,
  outboxFailed,
  outboxAttempts,
  backgroundRounds,
  housekeepingRemoved,
  housekeepingLastSuccess,
  paymentWebhooks,
  paymentConfirmations,
  renewals,
  backupLastSuccess,
  backupLastDuration,
  backupLastSize,
  backupFailures,
} = metrics;

/** One answered request; `started` is process.hrtime.bigint() when it came in. */
export function recordRequest(route: string, method: string | undefined, status: number, started: bigint) {
  requests.observe(route, method ?? "OTHER", status, Number(process.hrtime.bigint() - started) / 1e9);
}

const queriesOk = dbQueryDuration.labels("ok");
const queriesFailed = dbQueryDuration.labels("error");

/** Kysely's `log` option: every query's duration (app/lib/db.server.ts). */
export function recordQuery(event: { level: "query" | "error"; queryDurationMillis: number }) {
  (event.level === "query" ? queriesOk : queriesFailed).observe(event.queryDurationMillis / 1000);
}

/**
 * A backup's result, as the backup job records it (its `BackupResult`, app/lib/backup-status.server.ts,
 * fits as it is): when it finished (`at`, ISO text or a Date; now by default), how long it took and
 * how large the archive is. A failure only counts; the last success stays as it was.
 */
export type BackupOutcome =
  { ok: true; at?: string | Date; durationMs?: number; bytes?: number } | { ok: false; [detail: string]: unknown };

export function recordBackup(result: BackupOutcome) {
  if (!result.ok) {
    backupFailures.inc();
    return;
  }
  backupLastSuccess.set((result.at === undefined ? Date.now() : new Date(result.at).getTime()) / 1000);
  if (result.durationMs !== undefined) backupLastDuration.set(result.durationMs / 1000);
  if (result.bytes !== undefined) backupLastSize.set(result.bytes);
}

/** The exposition's Content-Type (Prometheus's text format 0.0.4). */
export const METRICS_CONTENT_TYPE = registry.contentType;

function createMetrics() {
  const registry = new Registry();

  // Event-loop lag (nodejs_eventloop_lag_*), heap and RSS, GC, handles, CPU: prom-client's own set.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const requests = new RequestHistogram();
  registry.registerMetric(requests as unknown as Metric);

  const dbQueryDuration = new Histogram({
    name: "lomda_db_query_duration_seconds",
    help: "Database queries made through Kysely, by result (ok or error), and how long they took",
    labelNames: ["result"] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  const dbPoolConnections = new Gauge({
    name: "lomda_db_pool_connections",
    help: "PostgreSQL pool of this process when scraped: total, idle, and clients waiting for a connection (state=waiting)",
    labelNames: ["state"] as const,
    registers: [registry],
  });

  const dbUp = new Gauge({
    name: "lomda_db_up",
    help: "1 when the database answered a trivial query at scrape time, else 0",
    registers: [registry],
  });

  const migrationsPending = new Gauge({
    name: "lomda_db_migrations_pending",
    help: "Migrations of this build not applied to the database at scrape time (readiness needs 0)",
    registers: [registry],
  });

  const activeSessions = new Gauge({
    name: "lomda_sessions_active",
    help: "Sign-in sessions not yet expired, counted at scrape time",
    registers: [registry],
  });

  const outboxDepth = new Gauge({
    name: "lomda_outbox_pending",
    help: "Rows waiting in an outbox at scrape time (forwarding: contact and registration forms; tax_documents)",
    labelNames: ["outbox"] as const,
    registers: [registry],
  });

  const outboxFailed = new Gauge({
    name: "lomda_outbox_failed",
    help: "Rows an outbox gave up on (failed for good), at scrape time",
    labelNames: ["outbox"] as const,
    registers: [registry],
  });

  const outboxAttempts = new Counter({
    name: "lomda_outbox_attempts_total",
    help: "Outbox deliveries tried by this process, by outbox and outcome (sent, retry, failed: given up)",
    labelNames: ["outbox", "outcome"] as const,
    registers: [registry],
  });

  const backgroundRounds = new Counter({
    name: "lomda_background_rounds_total",
    help: "Scheduled rounds run by this process, by job and result (ok, error; skipped: another process held the lease)",
    labelNames: ["job", "result"] as const,
    registers: [registry],
  });

  const housekeepingRemoved = new Counter({
    name: "lomda_housekeeping_removed_rows_total",
    help: "Expired rows removed by this process's housekeeping rounds, by kind",
    labelNames: ["kind"] as const,
    registers: [registry],
  });

  const housekeepingLastSuccess = new Gauge({
    name: "lomda_housekeeping_last_success_timestamp_seconds",
    help: "When this process last finished a housekeeping round (Unix seconds; 0: not yet)",
    registers: [registry],
  });

  const paymentWebhooks = new Counter({
    name: "lomda_payment_webhooks_total",
    help: "Payment providers' webhook calls, by provider and outcome",
    labelNames: ["provider", "outcome"] as const,
    registers: [registry],
  });

  const paymentConfirmations = new Counter({
    name: "lomda_payment_confirmations_total",
    help: "Payments confirmed or refused (a webhook, a return page), by provider and outcome (applied, duplicate, ignored, unpaid, mismatch, unknown)",
    labelNames: ["provider", "outcome"] as const,
    registers: [registry],
  });

  const renewals = new Counter({
    name: "lomda_renewals_total",
    help: "Plan renewals charged by this process (Cardcom), by outcome (started, paid, failed, stopped)",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });

  const backupLastSuccess = new Gauge({
    name: "lomda_backup_last_success_timestamp_seconds",
    help: "When the site's last backup finished, as this process knows it (its own, or the shared folder's; Unix seconds; 0: none known)",
    registers: [registry],
  });

  const backupLastDuration = new Gauge({
    name: "lomda_backup_last_duration_seconds",
    help: "How long the site's last successful backup took (as lomda_backup_last_success_timestamp_seconds)",
    registers: [registry],
  });

  const backupLastSize = new Gauge({
    name: "lomda_backup_last_size_bytes",
    help: "The size of the site's last successful backup archive (as lomda_backup_last_success_timestamp_seconds)",
    registers: [registry],
  });

  const backupFailures = new Counter({
    name: "lomda_backup_failures_total",
    help: "Backups this process attempted that failed (no archive kept)",
    registers: [registry],
  });

  // Series that alerts take increase() of exist from the start at 0: the first failure is then a change.
  for (const outbox of ["forwarding", "tax_documents"])
    for (const outcome of ["sent", "retry", "failed"]) outboxAttempts.inc({ outbox, outcome }, 0);
  for (const job of ["housekeeping", "forwarding", "tax_documents", "renewals"])
    for (const result of ["ok", "error", "skipped"]) backgroundRounds.inc({ job, result }, 0);
  return {
    registry,
    requests,
    dbQueryDuration,
    dbPoolConnections,
    dbUp,
    migrationsPending,
    activeSessions,
    outboxDepth,
    outboxFailed,
    outboxAttempts,
    backgroundRounds,
    housekeepingRemoved,
    housekeepingLastSuccess,
    paymentWebhooks,
    paymentConfirmations,
    renewals,
    backupLastSuccess,
    backupLastDuration,
    backupLastSize,
    backupFailures,
  };
}
