import { useTranslation } from "~/i18n/use-translation";
import { useEffect } from "react";
import { data, Link, redirect, useRevalidator } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { getCatalogue, getViewer, pageContext, servicesOf } from "~/context.server";
import { passHeaders } from "~/lib/http";
import { consumeAll } from "~/lib/rate-limit.server";
import { checkoutPayment, confirmOrder, findOrder, logConfirmation } from "~/models/billing.server";
import type { Route } from "./+types/success";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["checkout"] } satisfies StringsHandle;

const SESSION_ID = /^[A-Za-z0-9_]{1,255}$/;
/** Lomda's own order (a read-back provider's checkout, decision 0046). */
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** While the payment is confirmed: ask again this often, this many times (then "Check again" is there). */
const RECHECK_MS = 3000;
const RECHECKS = 10;

/**
 * Where the provider sends the buyer after paying (/checkout/success?session_id=…). Access is
 * granted by the provider's signed event, not by this page; the page says whether it has arrived
 * (it usually has) or is on its way, and where to go next. Only the buyer's own checkout is read.
 *
 * Asking the provider spends the school's rate limit there, which its checkouts and events need
 * (issue 29): the database is read first (the event has usually arrived, and then the provider is
 * not asked at all); otherwise the provider's answer of the last few seconds is reused
 * (CheckoutCache), and a fresh call counts against a limit per learner and per address — past it,
 * the page says "on its way" without asking, and looks again later.
 *
 * With a provider whose notification proves nothing (Cardcom), the buyer comes back to
 * /checkout/success?order=<Lomda's order id>: an order already paid answers from the database;
 * otherwise the deal is read back from the provider (within the same limits) and, when it matches
 * the order, recorded and granted here, exactly as the notification would — once, whichever comes
 * first. That GET records only what the provider says was paid for the viewer's own order.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, meta } = pageContext(context, request);
  const viewer = getViewer(context);
  const url = new URL(request.url);
  if (!viewer.user) throw redirect(`/signin?returnTo=${encodeURIComponent(url.pathname + url.search)}`);
  const user = viewer.user;
  const { db, payments, checkoutCache, rateLimits, clientIp, log } = servicesOf(context);
  const id = url.searchParams.get("session_id") ?? "";
  const courses = getCatalogue(context).courses;
  const courseById = (courseId: string | null) =>
    courseId ? [...courses.values()].find((c) => c.id === courseId) : undefined;
  const hasAccess = (kind: "subscription" | "course", courseId: string | null) =>
    kind === "subscription" ? viewer.hasSubscription : courseId !== null && viewer.courseIds.includes(courseId);

  let state: "ready" | "pending" | "unknown" | "refund" = "unknown";
  let course: ReturnType<typeof courseById>;
  const readBack = payments?.confirmation === "read-back" ? payments : undefined;
  const orderId = url.searchParams.get("order") ?? "";
  const order = readBack && ORDER_ID.test(orderId) ? await findOrder(db, orderId) : undefined;
  const recorded = payments && !readBack && SESSION_ID.test(id) ? await checkoutPayment(db, id) : undefined;
  if (readBack) {
    // Another learner's order is not theirs to read.
    if (order && order.userId === user.id) {
      course = courseById(order.courseId);
      let confirmed: Awaited<ReturnType<typeof confirmOrder>> | null = null;
      const refused =
        order.status === "paid"
          ? null
          : await consumeAll([
              [rateLimits.checkoutRead, user.id],
              [rateLimits.checkoutReadByAddress, clientIp],
            ]);
      if (refused) log.warn({ route: "checkout-success", limiter: refused.limiter }, "rate limit hit: deal not read");
      else {
        try {
          confirmed = await confirmOrder(db, readBack, order);
          if (confirmed.outcome !== "duplicate") logConfirmation(log, confirmed, { via: "return" });
        } catch (error) {
          log.warn({ err: error, order: order.id }, "reading the deal back failed");
        }
      }
      state = !confirmed
        ? "pending"
        : confirmed.outcome === "applied" || confirmed.outcome === "duplicate"
          ? confirmed.refundDue
            ? "refund"
            : order.kind === "subscription" || course
              ? "ready"
              : "pending"
          : "unknown";
    }
  } else if (recorded) {
    // The event has arrived: the database knows (another learner's checkout is not theirs to read).
    if (recorded.userId === user.id) {
      course = courseById(recorded.courseId);
      state = recorded.refundDue
        ? "refund"
        : hasAccess(recorded.kind, recorded.courseId) && (recorded.kind === "subscription" || course)
          ? "ready"
          : "pending";
    }
  } else if (payments?.confirmation === "signed-events" && SESSION_ID.test(id)) {
    let answer = checkoutCache.fresh(id);
    if (!answer) {
      const refused = await consumeAll([
        [rateLimits.checkoutRead, user.id],
        [rateLimits.checkoutReadByAddress, clientIp],
      ]);
      if (refused)
        log.warn({ route: "checkout-success", limiter: refused.limiter }, "rate limit hit: checkout not read");
      else answer = checkoutCache.read(id, () => payments.getCheckout(id));
    }
    if (answer) {
      let checkout = null;
      try {
        checkout = await answer;
      } catch (error) {
        log.warn({ err: error }, "reading a checkout session failed");
      }
      if (checkout && checkout.userId === user.id) {
        course = courseById(checkout.courseId);
        state =
          hasAccess(checkout.kind, checkout.courseId) && (checkout.kind === "subscription" || course)
            ? "ready"
            : checkout.paid
              ? "pending"
              : "unknown";
      }
    } else {
      state = "pending";
    }
  }
  return data(
    {
      meta: { ...meta(t("checkout.successMetaTitle"), t("checkout.successText")), robots: "noindex" },
      state,
      course: course ? { slug: course.slug } : null,
      again: url.pathname + url.search,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers = passHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.meta.title }, { name: "robots", content: "noindex" }];
}

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { state, course } = loaderData;
  const revalidator = useRevalidator();
  // The provider's event usually lands within seconds: look again by itself until it has.
  useEffect(() => {
    if (state !== "pending") return;
    let left = RECHECKS;
    const timer = setInterval(() => {
      if (left-- <= 0) clearInterval(timer);
      else void revalidator.revalidate();
    }, RECHECK_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer per state, not per render
  }, [state]);
  return (
    <>
      <PageHeader title={t("checkout.successTitle")} />
      <section className="container-page max-w-2xl py-14" aria-labelledby="checkout-result">
        <h2
          id="checkout-result"
          className="text-2xl font-bold"
          data-testid="checkout-state"
          data-state={state}
          aria-live="polite"
        >
          {t(
            state === "ready"
              ? "checkout.successReady"
              : state === "pending"
                ? "checkout.successPending"
                : state === "refund"
                  ? "checkout.successRefund"
                  : "checkout.successUnknown",
          )}
        </h2>
        <div className="mt-8 flex flex-wrap gap-3">
          {state === "ready" ? (
            <Link to={course ? `/course/${course.slug}` : "/courses"} className="btn btn-primary btn-lg">
              {t("checkout.goWatch")}
            </Link>
          ) : state === "refund" ? (
            <Link to="/courses" className="btn btn-primary btn-lg">
              {t("checkout.goCourses")}
            </Link>
          ) : (
            <a href={loaderData.again} className="btn btn-primary btn-lg">
              {t("checkout.checkAgain")}
            </a>
          )}
          <Link to="/profile#access" className="btn btn-secondary btn-lg">
            {t("checkout.goProfile")}
          </Link>
        </div>
      </section>
    </>
  );
}
