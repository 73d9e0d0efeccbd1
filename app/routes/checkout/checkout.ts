import { data, redirect } from "react-router";
import { z } from "zod";
import { getCatalogue, getViewer, pageContext, servicesOf } from "~/context.server";
import { consumeAll } from "~/lib/rate-limit.server";
import { dearerCourseSharingLists, findCourse } from "~/models/catalogue.server";
import { attachOrderRef, customerIdFor, dropOrder, getPlans, onlineCheckout, openOrder } from "~/models/billing.server";
import type { CheckoutProblem } from "~/components/billing/checkout-problem";
import { attachReservation, releaseReservation, reserveCoupon } from "~/models/coupons.server";
import { COUPON_CODE_MAX } from "~/models/coupons";
import type { Route } from "./+types/checkout";

/** What the buy buttons post: a plan (/Payments) or a course (/order), and a coupon the page accepted. */
const coupon = z
  .string()
  .max(COUPON_CODE_MAX + 8)
  .transform((v) => v.trim())
  .optional();
const checkoutForm = z.union([
  z.object({ plan: z.enum(["month", "year"]), coupon }),
  z.object({ course: z.string().min(1).max(120), coupon }),
]);

/** GET /checkout: nothing to show; the plans are on /Payments. */
export function loader() {
  return redirect("/Payments");
}

/**
 * POST /checkout: starts a hosted checkout at the payment provider for the signed-in learner and
 * sends them there (303). The price and what it buys come from the database, never from the form;
 * the learner's id travels with the session so the provider's events can grant the access. A visitor
 * signs in first and comes back to the page they were on. With a provider whose notification proves
 * nothing (Cardcom, decision 0046), Lomda first writes its own order of what is asked; the order's id
 * travels with the deal, and the buyer comes back to the thank-you page naming it.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { db, rateLimits, payments, log, config, clientIp } = servicesOf(context);
  const { locale, t } = pageContext(context, request);
  const viewer = getViewer(context);
  const parsed = checkoutForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data("Bad Request", { status: 400 });
  const form = parsed.data;
  const lng = new URL(request.url).searchParams.get("lng");
  const withLng = (path: string, extra: Record<string, string> = {}) => {
    const url = new URL(path, "http://x");
    for (const [k, v] of Object.entries({ ...extra, ...(lng ? { lng } : {}) })) url.searchParams.set(k, v);
    return `${url.pathname}${url.search}`;
  };
  const back = "plan" in form ? "/Payments" : `/order?course=${encodeURIComponent(form.course)}`;
  const backWith = (problem: CheckoutProblem) => redirect(withLng(back, { checkout: problem }), 303);

  if (!viewer.user) return redirect(`/signin?returnTo=${encodeURIComponent(withLng(back))}`, 303);
  if (!(await onlineCheckout(db, payments)) || !payments) return backWith("off");

  let checkout: Parameters<typeof payments.createCheckout>[0];
  const common = {
    userId: viewer.user.id,
    customerId: await customerIdFor(db, viewer.user.id),
    email: viewer.user.email,
    locale,
    successUrl: `${config.PUBLIC_URL}${withLng("/checkout/success")}${lng ? "&" : "?"}session_id={CHECKOUT_SESSION_ID}`,
  };
  if ("plan" in form) {
    // Already subscribed: nothing to buy; the profile says until when.
    if (viewer.hasSubscription) return redirect(withLng("/profile") + "#access", 303);
    const plan = (await getPlans(db)).find((p) => p.interval === form.plan && p.active);
    if (!plan) return backWith("unavailable");
    checkout = {
      ...common,
      kind: "subscription",
      interval: plan.interval,
      amountCents: plan.amountCents,
      currency: plan.currency,
      productName: t(plan.interval === "month" ? "checkout.productMonthly" : "checkout.productYearly"),
      cancelUrl: `${config.PUBLIC_URL}${withLng("/checkout/cancel")}`,
    };
  } else {
    const course = findCourse(getCatalogue(context), form.course);
    if (!course) throw data("Not Found", { status: 404 });
    if (viewer.courseIds.includes(course.id)) return redirect(withLng(`/course/${course.slug}`), 303);
    if (!course.soldSeparately) return backWith("unavailable");
    // Its lists are also a dearer course's (a database from before the builder refused that): buying
    // this one would open that one's lessons for less. Refused before the provider is asked.
    if (dearerCourseSharingLists(getCatalogue(context), course)) return backWith("shared");
    checkout = {
      ...common,
      kind: "course",
      courseId: course.id,
      amountCents: course.priceCents,
      currency: course.currency,
      productName: t("checkout.productCourse", { title: course.title[locale] }),
      cancelUrl: `${config.PUBLIC_URL}${withLng("/checkout/cancel", { course: course.slug })}`,
    };
  }
  // Each start makes a session at the provider: limited per learner and per address (issue 29).
  const refused = await consumeAll([
    [rateLimits.checkout, viewer.user.id],
    [rateLimits.checkoutByAddress, clientIp],
  ]);
  if (refused) {
    log.warn({ route: "checkout", limiter: refused.limiter }, "rate limit hit");
    return backWith("busy");
  }
  // A coupon (decision 0051): checked again here and a use reserved before the provider is asked;
  // the page showed the price it gives, but only this check counts. Refused: 400, nothing stored.
  let reservation: string | null = null;
  if (form.coupon) {
    const reserved = await reserveCoupon(db, {
      code: form.coupon,
      userId: viewer.user.id,
      item:
        checkout.kind === "course"
          ? {
              kind: "course",
              courseId: checkout.courseId!,
              amountCents: checkout.amountCents,
              currency: checkout.currency,
            }
          : {
              kind: "subscription",
              interval: checkout.interval!,
              amountCents: checkout.amountCents,
              currency: checkout.currency,
            },
    });
    if (!reserved.ok) throw data(t(`coupon.errors.${reserved.reason}`), { status: 400 });
    reservation = reserved.redemptionId;
    checkout = {
      ...checkout,
      amountCents: reserved.amountCents,
      coupon: { code: reserved.code, discountCents: reserved.discountCents, expiresAt: reserved.heldUntil },
    };
  }
  const orderId =
    payments.confirmation === "read-back"
      ? await openOrder(db, {
          provider: payments.name,
          userId: viewer.user.id,
          kind: checkout.kind,
          courseId: checkout.courseId,
          planInterval: checkout.interval,
          amountCents: checkout.amountCents,
          currency: checkout.currency,
          couponCode: checkout.coupon?.code ?? null,
          discountCents: checkout.coupon?.discountCents ?? null,
        })
      : undefined;
  // The reservation names its order before the provider is asked, so the payment finds it.
  if (reservation && orderId) await attachReservation(db, reservation, { orderId });
  if (orderId)
    checkout = {
      ...checkout,
      orderId,
      successUrl: `${config.PUBLIC_URL}${withLng("/checkout/success", { order: orderId })}`,
    };
  try {
    const session = await payments.createCheckout(checkout);
    if (orderId) await attachOrderRef(db, orderId, session.id);
    if (reservation) await attachReservation(db, reservation, { checkoutId: session.id });
    return redirect(session.url, 303);
  } catch (error) {
    log.error({ err: error, kind: checkout.kind, provider: payments.name }, "creating a checkout session failed");
    if (orderId) await dropOrder(db, orderId);
    if (reservation) await releaseReservation(db, reservation);
    return backWith("failed");
  }
}
