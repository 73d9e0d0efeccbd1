import type { IncomingMessage, ServerResponse } from "node:http";
import type { DatabaseHandle } from "../app/lib/db.server.ts";

const OK = Buffer.from(JSON.stringify({ status: "ok" }));
const UNAVAILABLE = Buffer.from(JSON.stringify({ status: "unavailable" }));

/**
 * GET /healthz: 200 `{"status":"ok"}` when the database answers a trivial query, else 503. A load
 * balancer asks often, so the answers are made once and nothing else is done (server/fast-lane.ts).
 */
export function healthCheck(database: Pick<DatabaseHandle, "ping">) {
  return async (_req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const ok = await database.ping();
    const body = ok ? OK : UNAVAILABLE;
    res.writeHead(ok ? 200 : 503, {
      "Cache-Control": "no-store",
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": body.length,
    });
    res.end(body);
  };
}
