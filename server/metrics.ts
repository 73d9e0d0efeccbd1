import { createHash, timingSafeEqual } from "node:crypto";
import { BlockList, isIPv4 } from "node:net";
import type { NextFunction, Request, Response } from "express";
import { sql } from "kysely";
import { migrationStatus } from "../db/migrate.ts";
import type { AppServices } from "../app/context.server.ts";
import type { Cidr } from "../app/lib/env.server.ts";
import {
  activeSessions,
  dbPoolConnections,
  dbUp,
  METRICS_CONTENT_TYPE,
  migrationsPending,
  outboxDepth,
  outboxFailed,
  recordBackup,
  registry,
} from "../app/lib/metrics.server.ts";
import { lastBackupResult } from "../app/lib/backup-status.server.ts";

/**
 * GET /metrics (decision 0055): this process's metrics in Prometheus's text format, for a scraper
 * that sends `Authorization: Bearer <METRICS_TOKEN>` or comes from a METRICS_ALLOW address (the
 * client address as the rest of the app sees it: req.ip, which honours TRUST_PROXY only). Anyone
 * else is passed on to the app, which answers its ordinary 404 page: a stranger cannot tell that
 * the URL exists, and a wrong token gets the same page as none. Without either setting no one gets
 * in. The token is compared in constant time (both sides hashed first, so their lengths match too).
 */
export function metricsEndpoint(services: AppServices) {
  const { config } = services;
  const token = config.METRICS_TOKEN ? digest(config.METRICS_TOKEN) : undefined;
  const allowed = allowList(config.metricsAllow);
  return (req: Request, res: Response, next: NextFunction) => {
    if (!admitted(req, token, allowed)) return next();
    scrape(services).then((text) => {
      res.status(200).set("Cache-Control", "no-store").type(METRICS_CONTENT_TYPE).send(text);
    }, next);
  };
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}

function allowList(cidrs: Cidr[]): BlockList | undefined {
  if (cidrs.length === 0) return undefined;
  const list = new BlockList();
  for (const { address, prefix, family } of cidrs) list.addSubnet(address, prefix, family);
  return list;
}

function admitted(req: Request, token: Buffer | undefined, allowed: BlockList | undefined): boolean {
  if (token) {
    const header = req.headers.authorization;
    const given = header?.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : undefined;
    if (given && timingSafeEqual(digest(given), token)) return true;
  }
  if (allowed) {
    const address = clientAddress(req.ip ?? req.socket.remoteAddress ?? "");
    if (address && allowed.check(address, isIPv4(address) ? "ipv4" : "ipv6")) return true;
  }
  return false;
}

/** The address to check: an IPv4 client on a dual-stack socket (::ffff:10.0.0.5) as plain IPv4. */
function clientAddress(address: string): string {
  return address.startsWith("::ffff:") && isIPv4(address.slice(7)) ? address.slice(7) : address;
}

/**
 * What is read from the database when scraped (never per request): a few indexed counts and the
 * migration table. One failing read leaves its metric at its last value and says so in lomda_db_up.
 */
async function scrape(services: AppServices): Promise<string> {
  const { database, db } = services;
  const pool = database.poolStats?.();
  if (pool) {
    dbPoolConnections.set({ state: "total" }, pool.total);
    dbPoolConnections.set({ state: "idle" }, pool.idle);
    dbPoolConnections.set({ state: "waiting" }, pool.waiting);
  }
  // The last backup any process of this site recorded in the shared folder (decision 0054): the one
  // that took the lease, or this one.
  if (services.config.BACKUP_DIR || services.config.BACKUP_S3_BUCKET) {
    const last = await lastBackupResult(services.config.backupDir);
    if (last?.ok) recordBackup({ ok: true, at: last.at, durationMs: last.durationMs, bytes: last.bytes });
  }
  const up = await database.ping();
  dbUp.set(up ? 1 : 0);
  if (up) {
    try {
      const now = new Date().toISOString();
      const count = (rows: { n: number | string | bigint }[]) => Number(rows[0]?.n ?? 0);
      const [sessions, contact, registration, documents, migrations] = await Promise.all([
        db
          .selectFrom("sessions")
          .select(sql<number>`count(*)`.as("n"))
          .where("expires_at", ">", now)
          .execute(),
        forwardingStates(services, "contact_messages"),
        forwardingStates(services, "registration_requests"),
        db
          .selectFrom("tax_documents")
          .select(["status", sql<number>`count(*)`.as("n")])
          .where("status", "in", ["pending", "failed"])
          .groupBy("status")
          .execute(),
        migrationStatus(db),
      ]);
      activeSessions.set(count(sessions));
      const rows = (list: { status: string; n: number | string | bigint }[], status: string) =>
        Number(list.find((row) => row.status === status)?.n ?? 0);
      outboxDepth.set({ outbox: "forwarding" }, rows(contact, "pending") + rows(registration, "pending"));
      outboxFailed.set({ outbox: "forwarding" }, rows(contact, "failed") + rows(registration, "failed"));
      outboxDepth.set({ outbox: "tax_documents" }, rows(documents, "pending"));
      outboxFailed.set({ outbox: "tax_documents" }, rows(documents, "failed"));
      migrationsPending.set(migrations.pending.length);
    } catch (error) {
      dbUp.set(0);
      services.log.warn({ err: error }, "metrics: reading the database failed");
    }
  }
  return registry.metrics();
}

/** A forwarding table's rows waiting and given up on (its index starts with forward_status). */
function forwardingStates({ db }: AppServices, table: "contact_messages" | "registration_requests") {
  return db
    .selectFrom(table)
    .select(["forward_status as status", sql<number>`count(*)`.as("n")])
    .where("forward_status", "in", ["pending", "failed"])
    .groupBy("forward_status")
    .execute();
}
