import { randomUUID } from "node:crypto";
import type { AppServices } from "../app/context.server.ts";
import { housekeepingRound } from "../app/models/housekeeping.server.ts";
import { forwardDueSubmissions, forwardingConfigured } from "../app/models/submission.server.ts";
import { CardcomTokenCharges } from "../app/lib/payments/cardcom-token-charge.server.ts";
import { renewalRound, RENEWAL_SCHEDULE, type RenewalSchedule } from "../app/models/renewal.server.ts";
import { issueDueTaxDocuments } from "../app/models/tax-documents.server.ts";
import {
  backgroundRounds,
  housekeepingLastSuccess,
  housekeepingRemoved,
  outboxAttempts,
  renewals,
} from "../app/lib/metrics.server.ts";
import { takeLease } from "../app/lib/lease.server.ts";
import { runBackup } from "./backup.ts";
import { s3Destination } from "./backup-s3.ts";

/**
 * The process's scheduled work, safe with several processes on one database (docs/decisions/0010):
 * housekeeping (a round per interval across all processes, under a lease), the forwarding outbox and
 * the tax documents' outbox (rows claimed one by one: decision 0048) and, with Cardcom, the plans'
 * renewals (a round under a lease, each renewal claimed before it is charged: decision 0049) and
 * the scheduled backups (one per interval across all processes, under a lease: decision 0054). Timers
 * are unref'd; stop() ends them and waits for a running round.
 */
export interface BackgroundOptions {
  /** Between housekeeping rounds (and how long a round's lease is held). */
  housekeepingEveryMs?: number;
  /** Before the first housekeeping round after start. */
  housekeepingFirstMs?: number;
  /** Between looks at the outbox (a new submission in this process looks at once). */
  forwardPollMs?: number;
  /** Between renewal rounds (and how long a round's lease is held); Cardcom only. */
  renewalEveryMs?: number;
  /** Before the first renewal round after start. */
  renewalFirstMs?: number;
  /** When renewals are charged and retried (RENEWAL_SCHEDULE by default). */
  renewalSchedule?: RenewalSchedule;
  /** Between looks at the tax documents waiting to be issued. */
  documentPollMs?: number;
  /** Between scheduled backups (and how long a backup's lease is held); BACKUP_EVERY_HOURS by default. */
  backupEveryMs?: number;
  /** Before the first scheduled backup after start. */
  backupFirstMs?: number;
}

export interface BackgroundJobs {
  /** Looks at the outbox now. */
  kickForwarding(): void;
  stop(): Promise<void>;
}

/** An outbox round's deliveries, for /metrics: sent, failed and retried later, failed for good. */
function countDeliveries(outbox: "forwarding" | "tax_documents", sent: number, retried: number, failed: number) {
  backgroundRounds.inc({ job: outbox, result: "ok" });
  outboxAttempts.inc({ outbox, outcome: "sent" }, sent);
  outboxAttempts.inc({ outbox, outcome: "retry" }, retried);
  outboxAttempts.inc({ outbox, outcome: "failed" }, failed);
}

export function startBackgroundJobs(services: AppServices, options: BackgroundOptions = {}): BackgroundJobs {
  const { db, log, config } = services;
  const holder = randomUUID();
  const housekeepingEveryMs = options.housekeepingEveryMs ?? 10 * 60_000;
  const forwardPollMs = options.forwardPollMs ?? 2_000;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  const later = (ms: number, fn: () => void) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  };
  const track = (work: Promise<unknown>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
  };

  const housekeeping = () => {
    if (stopped) return;
    track(
      housekeepingRound(db, holder, housekeepingEveryMs)
        .then((removed) => {
          backgroundRounds.inc({ job: "housekeeping", result: removed ? "ok" : "skipped" });
          if (!removed) return;
          housekeepingLastSuccess.set(Date.now() / 1000);
          for (const [kind, count] of Object.entries(removed)) housekeepingRemoved.inc({ kind }, count);
          log.info({ removed }, "housekeeping: removed expired rows");
        })
        .catch((err: unknown) => {
          backgroundRounds.inc({ job: "housekeeping", result: "error" });
          log.error({ err }, "housekeeping failed");
        })
        .finally(() => later(housekeepingEveryMs, housekeeping)),
    );
  };
  later(options.housekeepingFirstMs ?? 5_000, housekeeping);

  // One outbox round at a time in this process; a kick during a round asks for another.
  let forwarding = false;
  let again = false;
  const forward = () => {
    if (stopped) return;
    if (forwarding) {
      again = true;
      return;
    }
    forwarding = true;
    again = false;
    track(
      forwardDueSubmissions({ config, db, log, delays: services.forwardDelays })
        .then(({ sent, failed, retries }) => {
          countDeliveries("forwarding", sent, retries.length, failed);
          for (const at of retries) later(Math.max(0, at.getTime() - Date.now()), forward);
        })
        .catch((err: unknown) => {
          backgroundRounds.inc({ job: "forwarding", result: "error" });
          log.error({ err }, "forwarding round failed");
        })
        .finally(() => {
          forwarding = false;
          if (again) forward();
        }),
    );
  };
  const poll = () => {
    forward();
    later(forwardPollMs, poll);
  };
  if (forwardingConfigured(config)) later(0, poll);

  // Plans Lomda renews itself: Cardcom keeps the card, not the subscription (decision 0049).
  const renewalEveryMs = options.renewalEveryMs ?? 15 * 60_000;
  const { CARDCOM_TERMINAL, CARDCOM_API_NAME } = config;
  if (config.paymentProvider === "cardcom" && CARDCOM_TERMINAL && CARDCOM_API_NAME) {
    const charger = new CardcomTokenCharges({
      terminal: CARDCOM_TERMINAL,
      apiName: CARDCOM_API_NAME,
      apiPassword: config.CARDCOM_API_PASSWORD ?? null,
      apiUrl: config.CARDCOM_API_URL,
    });
    const schedule = options.renewalSchedule ?? RENEWAL_SCHEDULE;
    const renew = () => {
      if (stopped) return;
      track(
        renewalRound({ db, log, config, charger, schedule }, holder, renewalEveryMs)
          .then((counts) => {
            backgroundRounds.inc({ job: "renewals", result: counts ? "ok" : "skipped" });
            if (!counts) return;
            for (const outcome of ["started", "paid", "failed", "stopped"] as const)
              renewals.inc({ outcome }, counts[outcome]);
            if (counts.started + counts.paid + counts.failed + counts.stopped > 0)
              log.info(counts, "renewals: round done");
          })
          .catch((err: unknown) => {
            backgroundRounds.inc({ job: "renewals", result: "error" });
            log.error({ err }, "renewal round failed");
          })
          .finally(() => later(renewalEveryMs, renew)),
      );
    };
    later(options.renewalFirstMs ?? 20_000, renew);
  }

  // Tax documents (decision 0048): the same outbox pattern, one round at a time in this process.
  const issuer = services.taxDocuments;
  const documentPollMs = options.documentPollMs ?? 5_000;
  let issuing = false;
  const issueDocuments = () => {
    if (stopped || !issuer || issuing) return;
    issuing = true;
    track(
      issueDueTaxDocuments({ db, issuer, log, delays: services.taxDocumentDelays })
        .then(({ issued, failed, retries }) => {
          countDeliveries("tax_documents", issued, retries.length, failed);
          for (const at of retries) later(Math.max(0, at.getTime() - Date.now()), issueDocuments);
        })
        .catch((err: unknown) => {
          backgroundRounds.inc({ job: "tax_documents", result: "error" });
          log.error({ err }, "tax document round failed");
        })
        .finally(() => {
          issuing = false;
        }),
    );
  };
  const pollDocuments = () => {
    issueDocuments();
    later(documentPollMs, pollDocuments);
  };
  if (issuer) later(0, pollDocuments);

  // Scheduled backups (decision 0054), only with BACKUP_DIR or a bucket: one process per interval takes the
  // lease and backs up; the others find it taken. Its result is recorded beside the archives.
  const backupEveryMs = options.backupEveryMs ?? config.BACKUP_EVERY_HOURS * 3_600_000;
  if ((config.BACKUP_DIR || config.BACKUP_S3_BUCKET) && backupEveryMs > 0) {
    const backup = () => {
      if (stopped) return;
      track(
        takeLease(db, "backup", holder, backupEveryMs)
          .then(async (taken) => {
            if (!taken) return;
            await runBackup({
              databaseUrl: services.database.url,
              mediaDir: config.mediaDir,
              dir: config.backupDir,
              key: config.BACKUP_ENCRYPTION_KEY,
              s3: s3Destination(config),
              keep: config.BACKUP_KEEP,
              log,
              reason: "scheduled",
            });
          })
          .catch((err: unknown) => log.error({ err }, "scheduled backup failed"))
          .finally(() => later(backupEveryMs, backup)),
      );
    };
    later(options.backupFirstMs ?? 60_000, backup);
  }

  return {
    kickForwarding: () => {
      if (forwardingConfigured(config)) forward();
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
    },
  };
}
