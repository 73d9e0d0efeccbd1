import type { Server } from "node:http";
import type { Logger } from "../app/lib/logger.server.ts";
import { clientKey } from "./render-budget.ts";

/**
 * Open connections one client may hold at once (issue 29). A browser keeps about six per site, a
 * classroom behind one address some dozens; a few thousand from one address (slow bodies, idle
 * sockets) would hold every file descriptor the process has.
 */
export const MAX_CONNECTIONS_PER_CLIENT = 256;

/** How often, at most, refusals for one client are logged. */
const LOG_EVERY_MS = 60_000;

export interface ConnectionCapOptions {
  max?: number;
  /**
   * Whether a peer is a trusted proxy (TRUST_PROXY): its connections carry everyone's requests and
   * are not counted (the proxy caps per client itself: deploy/nginx/lomda.conf's limit_conn).
   */
  trusted(address: string): boolean;
  log: Logger;
  now?: () => number;
}

/** Closes, at once, a connection past the client's cap (the client's /64 for IPv6: render-budget.ts). */
export function capConnections(server: Server, options: ConnectionCapOptions): { open(address: string): number } {
  const max = options.max ?? MAX_CONNECTIONS_PER_CLIENT;
  const now = options.now ?? Date.now;
  const open = new Map<string, number>();
  const logged = new Map<string, number>();
  server.on("connection", (socket) => {
    const address = socket.remoteAddress ?? "";
    if (options.trusted(address)) return;
    const client = clientKey(address);
    const count = (open.get(client) ?? 0) + 1;
    if (count > max) {
      const last = logged.get(client);
      if (last === undefined || now() - last >= LOG_EVERY_MS) {
        logged.set(client, now());
        options.log.warn({ client, open: count - 1 }, "too many connections from one client: refused");
      }
      socket.destroy();
      return;
    }
    open.set(client, count);
    socket.once("close", () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
    });
  });
  return { open: (address) => open.get(clientKey(address)) ?? 0 };
}
