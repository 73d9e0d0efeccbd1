import { z } from "zod";
import type { SubscriptionRow } from "~/components/admin/dashboard/subscriptions";
import { formatDate } from "~/i18n/format";
import type { Locale } from "~/i18n/locale";
import { subscriptionSource } from "~/models/billing.server";
import { revokeSubscriptionAndEarned } from "~/models/earned.server";
import type { listSubscriptionsPage } from "~/models/subscription.server";
import { reply, type ActionContext } from "./reply.server";

/** Subscriptions: who has one, since and until when, granted how; revoke. */

type Listed = Awaited<ReturnType<typeof listSubscriptionsPage>>["items"][number];

export function subscriptionRow(s: Listed, locale: Locale): SubscriptionRow {
  return {
    id: s.id,
    email: s.email ?? s.userId ?? "",
    startsAt: formatDate(s.startsAt, locale),
    endsAt: s.endsAt ? formatDate(s.endsAt, locale) : null,
    // The hand grants that are not an admin's: the command line's and the demo accounts' (the seed).
    source: s.grantedBy === "cli" ? "cli" : s.grantedBy === "seed" ? "demo" : subscriptionSource(s.grantedBy),
    state: s.active ? "active" : s.revokedAt ? "revoked" : "ended",
  };
}

export const subscriptionIntents = [z.object({ intent: z.literal("revoke"), id: z.uuid() })] as const;

export async function subscriptionsAction(
  input: z.infer<(typeof subscriptionIntents)[number]>,
  { db, log, admin, by }: ActionContext,
) {
  // What only the subscription gave goes with it: certificates and reviews (earned.server.ts).
  const revoked = await revokeSubscriptionAndEarned(db, input.id, by);
  // Logged only when it was revoked now (not one gone, or revoked before).
  if (revoked) log.info({ adminId: admin.id, subscriptionId: input.id }, "admin: subscription revoked");
  return reply(revoked);
}
