import { data, redirect } from "react-router";
import { setFlash } from "~/lib/cookies.server";
import { safeReturnTo } from "~/lib/http";
import { localeContext, servicesOf } from "~/context.server";
import { newsletterSchema } from "~/models/submission.schema";
import { subscribeToNewsletter } from "~/models/submission.server";
import type { Route } from "./+types/newsletter";

/**
 * POST /newsletter: the footer's sign-up. Stored once; a repeat gets the same friendly answer, so
 * nobody can learn who is subscribed. Without JavaScript it redirects back to the page it came from.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, log, rateLimits, clientIp, config, cookieSecrets } = servicesOf(context);
  const form = await request.formData();
  const returnTo = safeReturnTo(form.get("returnTo"));
  const wantsDocument = !new URL(request.url).pathname.endsWith(".data");
  // Without JavaScript: back to the page, whose footer reads the answer from the flash cookie.
  const back = async (answer: "newsletter.thanks" | "newsletter.invalid") =>
    redirect(`${returnTo}#newsletter`, {
      status: 303,
      headers: { "Set-Cookie": await setFlash(config, cookieSecrets, answer) },
    });
  const limit = await rateLimits.forms.consume(clientIp);
  if (!limit.ok)
    return data(
      { ok: false as const, error: "forms.errors.tooMany" as const, retryAfter: limit.retryAfter },
      { status: 429, headers: { "Retry-After": String(limit.retryAfter) } },
    );
  if (typeof form.get("website") === "string" && form.get("website")) return data({ ok: true as const });
  const parsed = newsletterSchema.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) {
    if (wantsDocument) return back("newsletter.invalid");
    return data({ ok: false as const, error: "newsletter.invalid" as const, retryAfter: 0 }, { status: 400 });
  }
  await subscribeToNewsletter(db, parsed.data.email, context.get(localeContext).locale);
  log.info("newsletter sign-up");
  if (wantsDocument) return back("newsletter.thanks");
  return data({ ok: true as const });
}

export async function loader() {
  return redirect("/");
}
