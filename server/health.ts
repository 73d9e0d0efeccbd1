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
