import { data, redirect } from "react-router";
import { z } from "zod";
import { getViewer, pageContext, servicesOf } from "~/context.server";
import { formatMoney } from "~/i18n/format";
import { consumeAll } from "~/lib/rate-limit.server";
import { COUPON_CODE_MAX, type CouponItem, type CouponRefusal } from "~/models/coupons";
import { quoteCode } from "~/models/coupons.server";

/*
 * The coupon form of the order pages (/order for a course, /Payments for the plans; decision 0051):
 * the buyer's code is checked on the server against each thing the page sells, and the page then
 * shows the price before and after it, with buy buttons that carry the code. Nothing is stored or
 * reserved here: the checkout checks the code again and reserves its use (checkout/checkout.ts).
 */

/** What the page shows after a try: the code, and either its prices or why it was refused. */
export interface CouponAnswer {
  code: string;
  /** Translated: why the code does not lower any price here. */
  error: string | null;
  /** Per thing sold (its key: "course", "month", "year"), the prices it gives. */
  quotes: Record<string, { before: string; after: string; discount: string }>;
}

const couponForm = z.object({ intent: z.literal("coupon"), code: z.string().max(COUPON_CODE_MAX + 8) });

/**
 * The action: a signed-in buyer's code (a visitor is sent to sign in and back), limited per buyer
 * and per address, quoted for each of `items`. A refused code: 400 with a translated message.
 */
export async function applyCoupon(
  args: { context: Parameters<typeof servicesOf>[0]; request: Request },
  items: ReadonlyArray<{ key: string; item: CouponItem }>,
  back: string,
) {
  const { context, request } = args;
  const { db, rateLimits, clientIp, log } = servicesOf(context);
  const { t, locale } = pageContext(context, request);
  const viewer = getViewer(context);
  if (!viewer.user) throw redirect(`/signin?returnTo=${encodeURIComponent(back)}`, 303);
  const parsed = couponForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data(t("badRequest.malformed"), { status: 400 });
  const code = parsed.data.code.trim();
  const refuse = (key: `coupon.errors.${CouponRefusal | "busy"}`, status: number, headers?: Record<string, string>) =>
    data<CouponAnswer>({ code, error: t(key), quotes: {} }, { status, headers });
  const refused = await consumeAll([
    [rateLimits.coupon, viewer.user.id],
    [rateLimits.couponByAddress, clientIp],
  ]);
  if (refused) {
    log.warn({ route: "coupon", limiter: refused.limiter }, "rate limit hit");
    return refuse("coupon.errors.busy", 429, { "Retry-After": String(refused.retryAfter) });
  }
  if (items.length === 0) return refuse("coupon.errors.notForThis", 400);
  const money = (cents: number, currency: string) => formatMoney(cents / 100, currency, locale, { cents: true });
  const quotes: CouponAnswer["quotes"] = {};
  let reason: CouponRefusal | null = null;
  for (const { key, item } of items) {
    const quote = await quoteCode(db, code, item, viewer.user.id);
    if (quote.ok)
      quotes[key] = {
        before: money(quote.beforeCents, quote.currency),
        after: money(quote.amountCents, quote.currency),
        discount: money(quote.discountCents, quote.currency),
      };
    // The first refusal names it, unless another item says more ("floor" over "not for this").
    else if (reason === null || quote.reason === "floor") reason = quote.reason;
  }
  if (Object.keys(quotes).length === 0) return refuse(`coupon.errors.${reason ?? "unknown"}`, 400);
  return data<CouponAnswer>({ code: code.toUpperCase(), error: null, quotes });
}
