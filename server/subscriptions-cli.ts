import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { grantSubscription, listSubscriptions } from "../app/models/subscription.server.ts";
import { revokeSubscriptionsOfEmailAndEarned } from "../app/models/earned.server.ts";
import { endOfBusinessDay } from "../app/i18n/format.ts";

const USAGE = `Usage:
  npm run subscriptions -- grant <email> [--until YYYY-MM-DD]
  npm run subscriptions -- revoke <email>
  npm run subscriptions -- list`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Manages subscriptions from the command line (until and beside the admin area). A grant to an
 * email applies when that person first signs in. Returns the process exit code.
 */
export async function runSubscriptionsCommand(
  db: Kysely<Database>,
  args: string[],
  out: (line: string) => void,
  now: Date = new Date(),
): Promise<number> {
  const [command, email, ...rest] = args;
  if (command === "list") {
    const rows = await listSubscriptions(db, now);
    if (rows.length === 0) out("No subscriptions.");
    for (const row of rows) {
      const state = row.active ? "active" : row.revokedAt ? "revoked" : "ended";
      out(
        `${row.email ?? row.userId}\t${state}\tfrom ${row.startsAt.slice(0, 10)}\tuntil ${row.endsAt?.slice(0, 10) ?? "(no end)"}\tby ${row.grantedBy}`,
      );
    }
    return 0;
  }
  if ((command === "grant" || command === "revoke") && email && EMAIL.test(email)) {
    if (command === "revoke") {
      // Its certificates and reviews that only the subscription covered go with it (earned.server.ts).
      const count = await revokeSubscriptionsOfEmailAndEarned(db, email, "cli", now);
      out(count > 0 ? `Revoked ${count} subscription(s) of ${email}.` : `${email} has no active subscription.`);
      return count > 0 ? 0 : 1;
    }
    let endsAt: Date | null = null;
    const untilIndex = rest.indexOf("--until");
    if (untilIndex !== -1) {
      const value = rest[untilIndex + 1] ?? "";
      // The end of that day on the school's clock (Israel), as the admin area does.
      endsAt = endOfBusinessDay(value) ?? null;
      if (!endsAt) {
        out(`--until needs a date as YYYY-MM-DD, got "${value}".`);
        return 2;
      }
      if (endsAt <= now) {
        out("--until must be in the future.");
        return 2;
      }
    }
    await grantSubscription(db, { email, endsAt, grantedBy: "cli", now });
    out(
      `Granted a subscription to ${email}${endsAt ? ` until ${endsAt.toISOString().slice(0, 10)}` : " with no end date"}.`,
    );
    return 0;
  }
  out(USAGE);
  return 2;
}
