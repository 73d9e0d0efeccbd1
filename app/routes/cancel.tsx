import { data, Form, Link, redirect } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { FeeTerms, SellerDetails } from "~/components/billing/seller-terms";
import { Field, FieldError } from "~/components/ui/field";
import { getViewer, pageContext, requireUser, servicesOf } from "~/context.server";
import { endOfBusinessDay, formatDate, formatMoney } from "~/i18n/format";
import type { TranslationKey } from "~/i18n/keys";
import type { StringsHandle } from "~/i18n/sections";
import { useTranslation } from "~/i18n/use-translation";
import { fieldErrors, type FieldErrors } from "~/lib/form-errors";
import { routeAddress } from "~/lib/route-path";
import { passHeaders } from "~/lib/http";
import { customerIdFor } from "~/models/billing.server";
import { businessDetails, sellerTerms } from "~/models/business.server";
import { CANCELLATION_DAYS } from "~/models/cancellation";
import { mailCancellationRequested } from "~/models/cancellation-mail.server";
import {
  CANCEL_FORM,
  cancelForm,
  REASON_MAX,
  type CancelErrorKey,
  type CancelField,
} from "~/models/cancellation.schema";
import {
  courseTitles,
  describeItem,
  purchasesOf,
  renewalsOf,
  requestOf,
  requestPurchaseCancellation,
  requestRenewalStop,
  type CancellationRequest,
  type Purchase,
} from "~/models/cancellation.server";
import type { Route } from "./+types/cancel";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["cancel", "seller"] } satisfies StringsHandle;

/**
 * /cancel (issue 33, point 3; decision 0047): linked from every page's footer, as the Consumer
 * Protection Law asks of a seller online. A visitor signs in first and comes back here. A buyer sees
 * their purchases — those within the legal period with the fee the rule gives and what comes back,
 * the others with why not — asks to cancel one (a plain form, once per purchase), and can ask to stop
 * a subscription's renewal. The school decides at /admin/cancellations; both are emailed.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const me = requireUser(getViewer(context), request);
  const { locale, t, meta } = pageContext(context, request);
  const { db, payments, config } = servicesOf(context);
  const url = new URL(request.url);
  const [purchases, renewals, business, customer] = await Promise.all([
    purchasesOf(db, me.id),
    renewalsOf(db, me.id),
    businessDetails(db),
    customerIdFor(db, me.id),
  ]);
  const titles = await courseTitles(
    db,
    purchases.map((p) => p.courseId),
  );
  const date = (iso: string | null) => (iso ? formatDate(iso, locale) : "");
  const money = (cents: number, currency: string) => formatMoney(cents / 100, currency, locale, { cents: true });
  const stateText = (p: Purchase): string => {
    if (p.request) {
      const on = date(p.request.decidedAt ?? p.request.createdAt);
      if (p.request.status === "approved")
        return t("cancel.approved", { date: on, refund: money(p.refundCents, p.currency) });
      return t(p.request.status === "declined" ? "cancel.declined" : "cancel.pending", { date: on });
    }
    const lastDay = formatDate(endOfBusinessDay(p.lastDay)!, locale);
    if (p.state === "refunded") return t("cancel.refunded");
    if (p.state === "expired") return t("cancel.expired", { days: CANCELLATION_DAYS, date: lastDay });
    return t("cancel.until", { date: lastDay });
  };
  const row = (p: Purchase) => ({
    id: p.paymentId,
    item: describeItem(locale, p, titles),
    bought: t("cancel.bought", { date: date(p.purchasedAt), amount: money(p.amountCents, p.currency) }),
    figures: t("cancel.figures", { fee: money(p.feeCents, p.currency), refund: money(p.refundCents, p.currency) }),
    state: stateText(p),
  });
  const confirmation = (r: CancellationRequest, end: string) => {
    // A renewal Lomda charges is stopped at once (decided when asked); a provider's waits for the school.
    if (r.kind === "renewal")
      return t(r.status === "approved" ? "cancel.confirmedRenewalStopped" : "cancel.confirmedRenewal", { end });
    const currency = r.currency ?? "ILS";
    return t("cancel.confirmed", {
      refund: money(r.refundCents ?? 0, currency),
      amount: money(r.amountCents ?? 0, currency),
      fee: money(r.feeCents ?? 0, currency),
      days: CANCELLATION_DAYS,
    });
  };
  // After a request, its confirmation (?requested=<id>): only the buyer's own is found.
  const requestedId = url.searchParams.get("requested");
  const confirmed =
    requestedId && /^[\w-]{36}$/.test(requestedId) ? await requestOf(db, me.id, requestedId) : undefined;
  const renewalEnd = (subscriptionId: string | null) =>
    date(renewals.find((r) => r.subscriptionId === subscriptionId)?.endsAt ?? null);
  return {
    meta: meta(t("cancel.metaTitle"), t("cancel.description")),
    open: purchases.filter((p) => p.state === "open").map(row),
    others: purchases.filter((p) => p.state !== "open").map(row),
    bought: purchases.length > 0,
    renewals: renewals.map((r) => {
      const on = date(r.request?.decidedAt ?? r.request?.createdAt ?? null);
      const end = date(r.endsAt);
      return {
        id: r.subscriptionId,
        // Asked already, or nothing to stop: said, not offered.
        offer: r.renews && !r.request,
        text: r.request
          ? r.request.status === "approved"
            ? t("cancel.renewalApproved", { date: on, end })
            : r.request.status === "declined"
              ? t("cancel.renewalDeclined", { date: on })
              : t("cancel.renewalPending", { date: on, end })
          : r.renews
            ? t("cancel.renews", { date: end })
            : t("cancel.notRenewing", { date: end }),
      };
    }),
    // The provider's billing page stops a renewal at once, where the buyer has paid before.
    portal: customer !== null && payments !== undefined,
    confirmation: confirmed ? confirmation(confirmed, renewalEnd(confirmed.subscriptionId)) : null,
    mailedTo: confirmed && config.SMTP_URL && confirmed.email ? confirmed.email : null,
    seller: sellerTerms(business, locale, [...new Set(purchases.map((p) => p.currency))]),
    lng: url.searchParams.get("lng"),
  };
}

type Values = { payment: string; reason: string };
type ActionResult = {
  errors: FieldErrors<CancelField, CancelErrorKey | TranslationKey>;
  values: Values;
};

/**
 * POST /cancel: a buyer asks to cancel one of their purchases, or to stop a renewal. Limited per
 * buyer; bad input is a translated 4xx with nothing stored; someone else's purchase or subscription
 * is answered 404, as one that does not exist. On success the buyer and the school are emailed and
 * the page shows the confirmation (303, so a reload asks nothing again).
 */
export async function action({ context, request }: Route.ActionArgs) {
  const viewer = getViewer(context);
  if (!viewer.user) return redirect(`/register?returnTo=${encodeURIComponent(routeAddress(request))}`, 303);
  const user = viewer.user;
  const { db, rateLimits, config, log } = servicesOf(context);
  const { locale } = pageContext(context, request);
  const raw = Object.fromEntries(await request.formData());
  const values: Values = {
    payment: typeof raw.payment === "string" ? raw.payment : "",
    reason: typeof raw.reason === "string" ? raw.reason.slice(0, REASON_MAX * 2) : "",
  };
  const refuse = (key: TranslationKey, status: number, headers?: HeadersInit) =>
    data<ActionResult>({ errors: { form: key }, values }, { status, headers });

  const limit = await rateLimits.cancellation.consume(user.id);
  if (!limit.ok) {
    log.warn({ route: "cancel", limiter: "cancellation" }, "rate limit hit");
    return refuse("cancel.errors.tooMany", 429, { "Retry-After": String(limit.retryAfter) });
  }
  const parsed = cancelForm.safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues, CANCEL_FORM);
    // A post the page cannot make (no intent, a broken subscription id): nothing to show beside a field.
    if (Object.keys(errors).length === 0) throw data("Bad Request", { status: 400 });
    return data<ActionResult>({ errors, values }, { status: 400 });
  }
  const form = parsed.data;
  const who = { userId: user.id, email: user.email, locale };
  const outcome =
    form.intent === "purchase"
      ? await requestPurchaseCancellation(db, { ...who, paymentId: form.payment, reason: form.reason })
      : await requestRenewalStop(db, { ...who, subscriptionId: form.subscription });
  if (!outcome.ok) {
    if (outcome.reason === "missing") throw data("Not Found", { status: 404 });
    const key: TranslationKey =
      outcome.reason === "expired"
        ? "cancel.errors.expired"
        : outcome.reason === "refunded"
          ? "cancel.errors.refunded"
          : outcome.reason === "notRenewing"
            ? "cancel.errors.notRenewing"
            : form.intent === "renewal"
              ? "cancel.errors.renewalAlready"
              : "cancel.errors.already";
    return refuse(key, 409);
  }
  const asked = outcome.request;
  log.info({ cancellation: asked.id, kind: asked.kind, userId: user.id }, "cancellation requested");
  const mail = await mailCancellationRequested(config, asked, {
    titles: await courseTitles(db, [asked.courseId]),
    schoolEmail: (await businessDetails(db)).email,
    buyerName: user.name,
    adminLink: `${config.PUBLIC_URL}/admin/cancellations`,
  });
  for (const [to, result] of Object.entries(mail))
    if (!result.ok && result.reason === "failed")
      log.warn({ cancellation: asked.id, to, error: result.error }, "cancellation email not sent");
  const lng = new URL(request.url).searchParams.get("lng");
  const query = new URLSearchParams({ ...(lng ? { lng } : {}), requested: asked.id });
  return redirect(`/cancel?${query}#cancel-confirmation`, 303);
}

/** The action's Retry-After reaches the answer (a refusal for too many requests). */
export const headers = passHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.meta.title }, { name: "robots", content: "noindex" }];
}

const INPUT =
  "w-full rounded-md border border-ink-300 bg-white px-3 py-2 text-ink-900 aria-[invalid=true]:border-danger-700";

export default function Cancel({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { open, others, renewals, seller, confirmation, mailedTo, portal, lng } = loaderData;
  const errors = actionData?.errors ?? {};
  const posted = actionData?.values;
  const message = (name: CancelField | "form") => (errors[name] ? t(errors[name], { days: seller.days }) : undefined);
  return (
    <>
      <PageHeader title={t("cancel.title")} />
      <div className="container-page py-10">
        <div className="mx-auto flex max-w-3xl flex-col gap-8">
          {confirmation ? (
            <div
              role="status"
              id="cancel-confirmation"
              className="rounded-md bg-green-50 p-4 font-semibold text-success-700"
              data-testid="cancel-confirmation"
            >
              <p>{confirmation}</p>
              {mailedTo ? (
                <p className="mt-1 font-normal">
                  {t("cancel.mailed")} <bdi dir="ltr">{mailedTo}</bdi>
                </p>
              ) : null}
            </div>
          ) : null}
          <div className="space-y-2 text-ink-800">
            <p className="text-lg">{t("cancel.intro", { days: seller.days })}</p>
            <p>
              <FeeTerms seller={seller} />
            </p>
            <p>
              <Link to="/terms#cancellation" className="font-semibold text-brand-800 underline">
                {t("cancel.termsLink")}
              </Link>
            </p>
          </div>

          <section aria-labelledby="purchases-heading" className="flex flex-col gap-4">
            <h2 id="purchases-heading" className="text-2xl font-bold">
              {t("cancel.purchasesHeading")}
            </h2>
            {message("form") ? (
              <p
                role="alert"
                id="cancel-form-error"
                className="rounded-md bg-red-50 p-3 font-semibold text-danger-700"
                data-testid="cancel-error"
              >
                {message("form")}
              </p>
            ) : null}
            {open.length > 0 ? (
              <Form method="post" className="flex flex-col gap-6" data-testid="cancel-form">
                <input type="hidden" name="intent" value="purchase" />
                <fieldset
                  className="flex min-w-0 flex-col gap-3"
                  aria-describedby={errors.payment ? "payment-error" : undefined}
                >
                  <legend className="mb-2 font-semibold">{t("cancel.choose")}</legend>
                  {open.map((p) => (
                    <label
                      key={p.id}
                      className="flex gap-3 rounded-lg border border-ink-200 p-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                      data-testid="cancel-purchase"
                    >
                      <input
                        type="radio"
                        name="payment"
                        value={p.id}
                        defaultChecked={posted?.payment === p.id}
                        aria-invalid={errors.payment ? true : undefined}
                        className="mt-1 size-4 shrink-0"
                      />
                      <span className="flex min-w-0 flex-col gap-1">
                        <span className="font-semibold">
                          <bdi>{p.item}</bdi>
                        </span>
                        <span className="text-sm">{p.bought}</span>
                        <span className="text-sm">{p.figures}</span>
                        <span className="text-sm text-ink-700">{p.state}</span>
                      </span>
                    </label>
                  ))}
                  <FieldError id="payment-error" error={message("payment")} />
                </fieldset>
                <Field id="reason" label={t("cancel.reason")} hint={t("cancel.reasonHint")} error={message("reason")}>
                  {(control) => (
                    <textarea
                      {...control}
                      name="reason"
                      rows={3}
                      maxLength={REASON_MAX}
                      defaultValue={posted?.reason ?? ""}
                      className={INPUT}
                    />
                  )}
                </Field>
                <div>
                  <button type="submit" className="btn btn-primary">
                    {t("cancel.submit")}
                  </button>
                </div>
              </Form>
            ) : (
              <p className="text-ink-700" data-testid="cancel-nothing">
                {loaderData.bought ? t("cancel.nothingOpen") : t("cancel.none")}
              </p>
            )}
            {others.length > 0 ? (
              <>
                <h3 className="mt-4 text-lg font-bold">{t("cancel.otherPurchases")}</h3>
                <ul className="flex flex-col gap-3" data-testid="cancel-others">
                  {others.map((p) => (
                    <li key={p.id} className="rounded-lg bg-ink-50 p-4">
                      <p className="font-semibold">
                        <bdi>{p.item}</bdi>
                      </p>
                      <p className="text-sm">{p.bought}</p>
                      <p className="text-sm text-ink-700">{p.state}</p>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>

          {renewals.length > 0 ? (
            <section aria-labelledby="renewal-heading" className="flex flex-col gap-4" data-testid="cancel-renewals">
              <h2 id="renewal-heading" className="text-2xl font-bold">
                {t("cancel.renewalHeading")}
              </h2>
              {renewals.map((r) => (
                <div key={r.id} className="flex flex-col gap-3 rounded-lg border border-ink-200 p-4">
                  <p>{r.text}</p>
                  {r.offer ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="renewal" />
                      <input type="hidden" name="subscription" value={r.id} />
                      <button type="submit" className="btn btn-secondary">
                        {t("cancel.stopRenewal")}
                      </button>
                    </Form>
                  ) : null}
                </div>
              ))}
              {portal && renewals.some((r) => r.offer) ? (
                <form
                  method="post"
                  action={lng ? `/billing/portal?lng=${encodeURIComponent(lng)}` : "/billing/portal"}
                  className="flex flex-wrap items-center gap-3"
                >
                  <p className="text-sm text-ink-700">{t("cancel.renewalSelf")}</p>
                  <button type="submit" className="btn btn-secondary px-3 py-1 text-sm">
                    {t("cancel.billingPage")}
                  </button>
                </form>
              ) : null}
            </section>
          ) : null}

          <section aria-labelledby="seller-heading" className="flex flex-col gap-3">
            <h2 id="seller-heading" className="text-2xl font-bold">
              {t("cancel.sellerHeading")}
            </h2>
            <div className="rounded-lg bg-ink-50 p-4">
              <SellerDetails seller={seller} />
            </div>
            <p>
              {t("cancel.contact")}{" "}
              <Link to="/contact" className="font-semibold text-brand-800 underline">
                {t("cancel.contactLink")}
              </Link>
            </p>
          </section>
        </div>
      </div>
    </>
  );
}
