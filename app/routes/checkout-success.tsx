import { useTranslation } from "~/i18n/use-translation";
import { useEffect } from "react";
import { data, Link, redirect, useRevalidator } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { getCatalogue, getViewer, pageContext, servicesOf } from "~/context.server";
import { passHeaders } from "~/lib/http";
import type { Route } from "./+types/checkout-success";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["checkout"] } satisfies StringsHandle;

const SESSION_ID = /^[A-Za-z0-9_]{1,255}$/;
/** While the payment is confirmed: ask again this often, this many times (then "Check again" is there). */
const RECHECK_MS = 3000;
const RECHECKS = 10;

/**
 * Where the provider sends the buyer after paying (/checkout/success?session_id=…). Access is
 * granted by the provider's signed event, not by this page; the page says whether it has arrived
 * (it usually has) or is on its way, and where to go next. Only the buyer's own checkout is read.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, meta } = pageContext(context, request);
  const viewer = getViewer(context);
  const url = new URL(request.url);
  if (!viewer.user) throw redirect(`/signin?returnTo=${encodeURIComponent(url.pathname + url.search)}`);
  const { payments, log } = servicesOf(context);
  const id = url.searchParams.get("session_id") ?? "";
  let checkout = null;
  if (payments && SESSION_ID.test(id)) {
    try {
      checkout = await payments.getCheckout(id);
    } catch (error) {
      log.warn({ err: error }, "reading a checkout session failed");
    }
  }
  if (checkout && checkout.userId !== viewer.user.id) checkout = null;
  const course = checkout?.courseId
    ? [...getCatalogue(context).courses.values()].find((c) => c.id === checkout.courseId)
    : undefined;
  const ready = checkout
    ? checkout.kind === "subscription"
      ? viewer.hasSubscription
      : course !== undefined && viewer.courseIds.includes(course.id)
    : false;
  return data(
    {
      meta: { ...meta(t("checkout.successMetaTitle"), t("checkout.successText")), robots: "noindex" },
      state: ready ? ("ready" as const) : checkout?.paid ? ("pending" as const) : ("unknown" as const),
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
                : "checkout.successUnknown",
          )}
        </h2>
        <div className="mt-8 flex flex-wrap gap-3">
          {state === "ready" ? (
            <Link to={course ? `/course/${course.slug}` : "/courses"} className="btn btn-primary btn-lg">
              {t("checkout.goWatch")}
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
