import { redirect } from "react-router";
import { getViewer, servicesOf } from "~/context.server";
import { consumeAll } from "~/lib/rate-limit.server";
import { customerIdFor } from "~/models/billing.server";
import type { Route } from "./+types/billing-portal";

export function loader() {
  return redirect("/profile#access");
}

/**
 * POST /billing/portal: sends the learner to the provider's customer portal (change the card,
 * receipts, cancel), which brings them back to their profile. Only for a learner who has paid before.
 * Each opening makes a session at the provider and spends the school's rate limit there: a few per
 * learner and per address (issue 29); past them, the profile says to wait and nothing is made.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const viewer = getViewer(context);
  if (!viewer.user) return redirect("/signin?returnTo=%2Fprofile", 303);
  const { db, payments, config, log, rateLimits, clientIp } = servicesOf(context);
  const lng = new URL(request.url).searchParams.get("lng");
  const profile = `/profile${lng ? `?lng=${encodeURIComponent(lng)}` : ""}`;
  const withProblem = (problem: "busy" | "failed") => `${profile}${lng ? "&" : "?"}billing=${problem}#access`;
  const customerId = await customerIdFor(db, viewer.user.id);
  // Only a provider with a customer portal (Stripe; Cardcom has none) has customers to send there.
  if (payments?.confirmation !== "signed-events" || !customerId) return redirect(`${profile}#access`, 303);
  const refused = await consumeAll([
    [rateLimits.billingPortal, viewer.user.id],
    [rateLimits.billingPortalByAddress, clientIp],
  ]);
  if (refused) {
    log.warn({ route: "billing-portal", limiter: refused.limiter }, "rate limit hit");
    return redirect(withProblem("busy"), 303);
  }
  try {
    return redirect(await payments.createPortal(customerId, `${config.PUBLIC_URL}${profile}`), 303);
  } catch (error) {
    log.error({ err: error }, "opening the customer portal failed");
    return redirect(withProblem("failed"), 303);
  }
}
