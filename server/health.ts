import { migrationStatus } from "../db/migrate.ts";
import type { DatabaseHandle } from "../app/lib/db.server.ts";
import type { LaneAnswer } from "./fast-lane.ts";

const HEADERS: LaneAnswer["headers"] = [
  ["Cache-Control", "no-store"],
  ["Content-Type", "application/json; charset=utf-8"],
];
const OK: LaneAnswer = { status: 200, headers: HEADERS, body: Buffer.from(JSON.stringify({ status: "ok" })) };
const UNAVAILABLE: LaneAnswer = {
  status: 503,
  headers: HEADERS,
  body: Buffer.from(JSON.stringify({ status: "unavailable" })),
};

/**
 * GET /healthz: 200 `{"status":"ok"}` when the database answers a trivial query, else 503. A load
 * balancer asks often, so both answers are made once (server/fast-lane.ts).
 */
export function healthCheck(database: Pick<DatabaseHandle, "ping">) {
  return async (): Promise<LaneAnswer> => ((await database.ping()) ? OK : UNAVAILABLE);
}

const answer = (status: number, body: object): LaneAnswer => ({
  status,
  headers: HEADERS,
  body: Buffer.from(JSON.stringify(body)),
});
const READY = answer(200, { status: "ready" });
const DATABASE_DOWN = answer(503, { status: "unavailable", reason: "database" });
const MIGRATIONS_DIFFER = answer(503, { status: "unavailable", reason: "migrations" });

/**
 * GET /readyz: may this process take traffic? 200 when the database answers and its applied
 * migrations are exactly this build's list; 503 otherwise: a migration pending (another process is
 * migrating, or this one has not yet), or one applied that this build does not know (a newer version
 * has migrated the database: this process is the old one of a rolling upgrade). /healthz stays the
 * liveness check: it never looks at migrations, so a supervisor does not restart a process for them.
 */
export function readinessCheck(database: Pick<DatabaseHandle, "ping" | "db">) {
  return async (): Promise<LaneAnswer> => {
    if (!(await database.ping())) return DATABASE_DOWN;
    try {
      const { pending, unknown } = await migrationStatus(database.db);
      return pending.length === 0 && unknown.length === 0 ? READY : MIGRATIONS_DIFFER;
    } catch {
      return DATABASE_DOWN;
    }
  };
}
