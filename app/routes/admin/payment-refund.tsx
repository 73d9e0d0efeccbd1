import { randomUUID } from "node:crypto";
import { data, Form, Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { Field } from "~/components/ui/field";
import { getCatalogue, pageContext, servicesOf } from "~/context.server";
import { formatDateTime, formatMoney } from "~/i18n/format";
import type { TranslationKey } from "~/i18n/keys";
import type { StringsHandle } from "~/i18n/sections";
import { useTranslation } from "~/i18n/use-translation";
import { fieldErrors, type FieldErrors } from "~/lib/form-errors";
import { centsToAmount } from "~/models/catalogue-admin.schema";
import { REASON_MAX, REFUND_FORM, refundForm, type RefundErrorKey, type RefundField } from "~/models/refund.schema";
import {
  refundablePayment,
  refundPayment,
  refundUnavailable,
  type RefundablePayment,
  type Unavailable,
} from "~/models/refunds.server";
import { getAdmin } from "./guard.server";
import type { Route } from "./+types/payment-refund";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["adminRefund", "adminPayments"] } satisfies StringsHandle;

/**
 * /admin/payments/:id/refund (admins only, by the layout; issue 33, decision 0050): one payment, what
 * was refunded from it before and what is left, and a form to refund all that is left or a part of
 * it, with a reason, through the provider that took it. The form carries a fresh key each time it
 * is shown: the same form posted twice (a double click, a reload of the answer) refunds once.
 */

const PROVIDER_NAMES: Record<string, string> = { stripe: "Stripe", cardcom: "Cardcom" };
const providerName = (name: string) => PROVIDER_NAMES[name] ?? name;

const UNAVAILABLE: Record<Unavailable, TranslationKey> = {
  "no-provider": "adminRefund.noProvider",
  "no-password": "adminRefund.noPassword",
  "other-provider": "adminRefund.otherProvider",
  "no-reference": "adminRefund.noReference",
  refunded: "adminRefund.fullyRefunded",
};

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { locale, t } = pageContext(context, request);
  const { db, payments: provider } = servicesOf(context);
  const payment = await refundablePayment(db, params.id);
  if (!payment) throw data("Not Found", { status: 404 });
  const money = (cents: number) => formatMoney(cents / 100, payment.currency, locale, { cents: true });
  const titles = new Map([...getCatalogue(context).courses.values()].map((c) => [c.id, c.title[locale]]));
  const why = refundUnavailable(provider, payment);
  return data(
    {
      title: t("adminRefund.title"),
      payment: {
        id: payment.id,
        email: payment.email,
        what: whatOf(payment, titles, t),
        amount: money(payment.amountCents),
        date: formatDateTime(payment.createdAt, locale),
        provider: providerName(payment.provider),
        currency: payment.currency,
      },
      refunds: payment.refunds.map((r) => ({
        id: r.id,
        date: formatDateTime(r.createdAt, locale),
        amount: money(r.amountCents),
        reason: r.reason,
        status: r.status,
      })),
      refunded: money(payment.refundedCents),
      remaining: money(payment.remainingCents),
      /** For the amount field: what is left, as typed (12.50). */
      remainingTyped: centsToAmount(payment.remainingCents),
      unavailable: why === null ? null : t(UNAVAILABLE[why], { provider: providerName(payment.provider) }),
      canRefund: why === null && payment.remainingCents > 0,
      key: randomUUID(),
    },
    // The key is this page's own: never kept by a cache.
    { headers: { "cache-control": "no-store" } },
  );
}

function whatOf(payment: RefundablePayment, titles: Map<string, string>, t: (key: TranslationKey) => string) {
  if (payment.kind === "course")
    return (payment.courseId ? titles.get(payment.courseId) : null) ?? t("adminPayments.unknownCourse");
  return t(payment.planInterval === "year" ? "adminPayments.planYear" : "adminPayments.planMonth");
}

type ActionResult = {
  ok: string | null;
  error: string | null;
  errors: FieldErrors<RefundField, RefundErrorKey>;
};

export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = getAdmin(context);
  const { db, log, payments: provider } = servicesOf(context);
  const { locale, t } = pageContext(context, request);
  const answer = (status: number, result: Partial<ActionResult>) =>
    data<ActionResult>({ ok: null, error: null, errors: {}, ...result }, { status });
  const parsed = refundForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues, REFUND_FORM);
    if (Object.keys(errors).length === 0) return answer(400, { error: t("adminRefund.badRequest") });
    return answer(400, { errors });
  }
  const form = parsed.data;
  const payment = await refundablePayment(db, params.id);
  if (!payment) return answer(404, { error: t("adminRefund.notFound") });
  const name = providerName(payment.provider);
  const money = (cents: number) => formatMoney(cents / 100, payment.currency, locale, { cents: true });
  const amountCents = form.amount;
  const refunded = await refundPayment(db, provider, {
    paymentId: payment.id,
    amountCents,
    reason: form.reason === "" ? null : form.reason,
    by: `admin:${admin.id}`,
    key: form.key,
  });
  switch (refunded.outcome) {
    case "refunded":
      log.info(
        {
          paymentId: payment.id,
          refundId: refunded.refund.id,
          amountCents: refunded.refund.amountCents,
          currency: refunded.refund.currency,
          whole: refunded.whole,
          adminId: admin.id,
        },
        "admin: payment refunded",
      );
      return answer(200, {
        ok: t(refunded.whole ? "adminRefund.refundedWhole" : "adminRefund.refundedOk", {
          amount: money(refunded.refund.amountCents),
          provider: name,
        }),
      });
    case "duplicate":
      return refunded.refund.status === "done"
        ? answer(200, { ok: t("adminRefund.duplicate", { amount: money(refunded.refund.amountCents) }) })
        : answer(409, { error: t("adminRefund.duplicatePending") });
    case "missing":
      return answer(404, { error: t("adminRefund.notFound") });
    case "unavailable":
      return answer(409, { error: t(UNAVAILABLE[refunded.why], { provider: name }) });
    case "too-much":
      return answer(400, { error: t("adminRefund.tooMuch", { amount: money(refunded.remainingCents) }) });
    case "refused":
      log.warn(
        { paymentId: payment.id, amountCents, problem: refunded.message, adminId: admin.id },
        "refund refused by the provider",
      );
      return answer(409, { error: t("adminRefund.refused", { provider: name, message: refunded.message }) });
    case "unknown":
      log.error(
        {
          paymentId: payment.id,
          refundId: refunded.refund.id,
          amountCents,
          problem: refunded.message,
          adminId: admin.id,
        },
        "refund not confirmed: the provider could not be reached; check it at the provider",
      );
      return answer(503, { error: t("adminRefund.unknown", { provider: name }) });
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

const LABEL = "block font-semibold";
const FIELD = "mt-1 w-full rounded-md border border-ink-300 bg-white px-3 py-2 text-ink-900";

export default function PaymentRefund({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { payment } = loaderData;
  const errors = actionData?.errors ?? {};
  const message = (key: RefundErrorKey | undefined) => (key ? t(key) : undefined);
  return (
    <>
      <PageHeader
        title={t("adminRefund.title")}
        trail={[
          { label: t("adminRefund.adminArea"), to: "/admin" },
          { label: t("adminRefund.payments"), to: "/admin/payments" },
        ]}
      />
      <div className="container-page flex max-w-3xl flex-col gap-8 py-10">
        {actionData?.ok ? (
          <p
            role="status"
            className="rounded-md bg-green-50 p-3 font-semibold text-success-700"
            data-testid="refund-ok"
          >
            {actionData.ok}
          </p>
        ) : null}
        {actionData?.error ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 font-semibold text-danger-700" data-testid="refund-error">
            {actionData.error}
          </p>
        ) : null}

        <section aria-labelledby="payment-heading">
          <h2 id="payment-heading" className="mb-3 text-2xl font-bold">
            {t("adminRefund.summaryHeading")}
          </h2>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt className="font-semibold">{t("adminRefund.buyer")}</dt>
            <dd>
              <bdi dir="ltr">{payment.email ?? "—"}</bdi>
            </dd>
            <dt className="font-semibold">{t("adminRefund.what")}</dt>
            <dd>
              <bdi>{payment.what}</bdi>
            </dd>
            <dt className="font-semibold">{t("adminRefund.paidOn")}</dt>
            <dd>{payment.date}</dd>
            <dt className="font-semibold">{t("adminRefund.amount")}</dt>
            <dd data-testid="refund-paid">
              <bdi>{payment.amount}</bdi>
            </dd>
            <dt className="font-semibold">{t("adminRefund.provider")}</dt>
            <dd>{payment.provider}</dd>
          </dl>
        </section>

        <section aria-labelledby="history-heading">
          <h2 id="history-heading" className="mb-3 text-2xl font-bold">
            {t("adminRefund.historyHeading")}
          </h2>
          {loaderData.refunds.length === 0 ? (
            <p className="text-ink-600">{t("adminRefund.noRefunds")}</p>
          ) : (
            <table className="w-full text-sm" data-testid="refund-history">
              <thead>
                <tr className="border-b border-ink-300 text-start">
                  <th scope="col" className="py-2 pe-3 text-start">
                    {t("adminRefund.date")}
                  </th>
                  <th scope="col" className="py-2 pe-3 text-start">
                    {t("adminRefund.refundAmount")}
                  </th>
                  <th scope="col" className="py-2 pe-3 text-start">
                    {t("adminRefund.reasonColumn")}
                  </th>
                  <th scope="col" className="py-2 text-start">
                    {t("adminRefund.state")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaderData.refunds.map((r) => (
                  <tr key={r.id} className="border-b border-ink-100" data-testid="refund-line">
                    <td className="py-2 pe-3">{r.date}</td>
                    <td className="py-2 pe-3">
                      <bdi>{r.amount}</bdi>
                    </td>
                    <td className="py-2 pe-3">
                      <bdi>{r.reason ?? "—"}</bdi>
                    </td>
                    <td className="py-2">
                      {r.status === "done"
                        ? t("adminRefund.done")
                        : t("adminRefund.pending", { provider: payment.provider })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="mt-3">
            <bdi>{t("adminRefund.refunded", { amount: loaderData.refunded })}</bdi>
          </p>
          <p className="font-semibold" data-testid="refund-remaining">
            <bdi>{t("adminRefund.remaining", { amount: loaderData.remaining })}</bdi>
          </p>
        </section>

        <section aria-labelledby="refund-heading">
          <h2 id="refund-heading" className="mb-3 text-2xl font-bold">
            {t("adminRefund.formHeading")}
          </h2>
          {loaderData.unavailable ? (
            <p className="rounded-md bg-amber-50 p-3 text-ink-800" data-testid="refund-unavailable">
              {loaderData.unavailable}
            </p>
          ) : null}
          {loaderData.canRefund ? (
            // A fresh key with every render: a second post of this same form finds its refund made.
            <Form method="post" className="flex flex-col gap-4" key={loaderData.key}>
              <input type="hidden" name="key" value={loaderData.key} />
              <Field
                id="refund-amount"
                label={t("adminRefund.amountLabel")}
                hint={t("adminRefund.amountHint", { currency: payment.currency, amount: loaderData.remaining })}
                error={message(errors.amount)}
                required
                labelClassName={LABEL}
              >
                {(control) => (
                  <input
                    {...control}
                    name="amount"
                    inputMode="decimal"
                    dir="ltr"
                    maxLength={12}
                    defaultValue={loaderData.remainingTyped}
                    className={FIELD}
                  />
                )}
              </Field>
              <Field
                id="refund-reason"
                label={t("adminRefund.reasonLabel")}
                hint={t("adminRefund.reasonHint")}
                error={message(errors.reason)}
                labelClassName={LABEL}
              >
                {(control) => <textarea {...control} name="reason" rows={2} maxLength={REASON_MAX} className={FIELD} />}
              </Field>
              <div>
                <label className="flex items-start gap-2">
                  <input
                    type="checkbox"
                    name="confirm"
                    required
                    className="mt-1 size-4"
                    aria-invalid={errors.confirm ? true : undefined}
                    aria-describedby={errors.confirm ? "refund-confirm-error" : undefined}
                  />
                  {t("adminRefund.confirmLabel", { provider: payment.provider })}
                </label>
                {errors.confirm ? (
                  <p id="refund-confirm-error" className="mt-1 text-sm font-semibold text-danger-700">
                    {t(errors.confirm)}
                  </p>
                ) : null}
              </div>
              <button type="submit" className="btn btn-primary self-start">
                {t("adminRefund.submit")}
              </button>
            </Form>
          ) : null}
          <p className="mt-6">
            <Link to="/admin/payments" className="underline">
              {t("adminRefund.payments")}
            </Link>
          </p>
        </section>
      </div>
    </>
  );
}
