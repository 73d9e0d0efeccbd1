import { data, Form, Link } from "react-router";
import { z } from "zod";
import { AdminTable } from "~/components/admin/admin-table";
import { Pager } from "~/components/admin/pager";
import { RowAction } from "~/components/admin/row-action";
import { PageHeader } from "~/components/layout/page-header";
import { Field } from "~/components/ui/field";
import { useTranslation } from "~/i18n/use-translation";
import { formatDate, formatDateTime, formatMoney } from "~/i18n/format";
import { getCatalogue, pageContext, servicesOf } from "~/context.server";
import { parseCursor } from "~/lib/keyset.server";
import { centsToAmount } from "~/models/catalogue-admin.schema";
import { findCourse } from "~/models/catalogue.server";
import { fieldErrors, type FieldErrors } from "~/lib/form-errors";
import {
  ADMIN_PAYMENTS_FORM,
  adminPaymentsForm,
  type AdminPaymentsErrorKey,
  type AdminPaymentsField,
} from "~/models/billing.schema";
import {
  getPlans,
  grantCourse,
  latestCourseGrants,
  listPaymentsPage,
  onlineCheckoutSetting,
  paymentsNeedingRefund,
  type PaymentListItem,
  revokeCourseAccess,
  savePlan,
  setOnlineCheckout,
} from "~/models/billing.server";
import type { TranslationKey } from "~/i18n/keys";
import type { StringsHandle } from "~/i18n/sections";
import {
  documentCounts,
  documentsOfPayments,
  retryTaxDocument,
  type TaxDocumentView,
} from "~/models/tax-documents.server";
import { documentTypeKey } from "~/components/profile/receipts";
import { getAdmin } from "./guard.server";
import type { Route } from "./+types/payments";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["adminPayments", "courseAdmin", "taxDocuments", "youtube"] } satisfies StringsHandle;

/**
 * /admin/payments (admins only): first, payments taken for which nothing could be given (a course
 * deleted during checkout), to refund; the offer (plans: price, currency, offered or not), the online
 * checkout switch, the payments received (newest first, keyset-paged) and the courses owned — each
 * with its source — and granting or revoking a course by hand. Subscriptions, with their source, are
 * on /admin beside the hand grants and approvals.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t } = pageContext(context, request);
  const { db, payments: provider, taxDocuments } = servicesOf(context);
  const url = new URL(request.url);
  const cursor = parseCursor(url.searchParams.get("payments"));
  const snapshot = getCatalogue(context);
  const titles = new Map([...snapshot.courses.values()].map((c) => [c.id, c.title[locale]]));
  const [plans, online, page, grants, refundsDue] = await Promise.all([
    getPlans(db),
    onlineCheckoutSetting(db),
    listPaymentsPage(db, cursor.ok ? cursor.cursor : null),
    latestCourseGrants(db),
    paymentsNeedingRefund(db),
  ]);
  const [documents, documentTally] = await Promise.all([
    documentsOfPayments(
      db,
      [...page.items, ...refundsDue].map((p) => p.id),
    ),
    documentCounts(db),
  ]);
  // Each payment's documents as the admin reads them: issued (its type, number and link), pending, failed.
  const documentCell = (d: TaxDocumentView) => ({
    id: d.id,
    status: d.status,
    type: d.type,
    number: d.number,
    url: d.url && /^https?:\/\//i.test(d.url) ? d.url : null,
    attempts: d.attempts,
    error: d.lastError,
  });
  const paymentRow = (p: PaymentListItem) => ({
    id: p.id,
    email: p.email,
    what:
      p.kind === "course"
        ? ((p.courseId ? titles.get(p.courseId) : null) ?? t("adminPayments.unknownCourse"))
        : t(p.planInterval === "year" ? "adminPayments.planYear" : "adminPayments.planMonth"),
    amount: formatMoney(p.amountCents / 100, p.currency, locale, { cents: true }),
    // The provider's name as its customers know it.
    provider: PROVIDER_NAMES[p.provider] ?? p.provider,
    reference: p.reference,
    status: p.status,
    needsRefund: p.needsRefund,
    date: formatDateTime(p.createdAt, locale),
    documents: (documents.get(p.id) ?? []).map(documentCell),
  });
  return data(
    {
      title: t("adminPayments.title"),
      configured: provider !== undefined,
      // Whether Lomda issues tax documents at all (decision 0048), and how many failed for good.
      issuing: taxDocuments !== undefined,
      failedDocuments: documentTally.failed,
      online,
      plans: plans.map((p) => ({ ...p, amount: centsToAmount(p.amountCents) })),
      refundsDue: refundsDue.map(paymentRow),
      payments: page.items.map(paymentRow),
      older: page.older ? `/admin/payments?payments=${page.older}#payments-heading` : null,
      newest: page.first ? null : "/admin/payments#payments-heading",
      badCursor: !cursor.ok,
      grants: grants.map((g) => ({
        id: g.id,
        email: g.email,
        course: titles.get(g.courseId) ?? t("adminPayments.unknownCourse"),
        source: g.source,
        provider: g.provider ? (PROVIDER_NAMES[g.provider] ?? g.provider) : "—",
        date: formatDate(g.grantedAt, locale),
        revoked: g.revokedAt !== null,
      })),
      courses: [...snapshot.courses.values()].map((c) => ({ slug: c.slug, title: c.title[locale] })),
    },
    { status: cursor.ok ? 200 : 400 },
  );
}

/** The payments forms' labels, bolder than the kit's own. */
const LABEL = "block font-semibold";

const PROVIDER_NAMES: Record<string, string> = { stripe: "Stripe", cardcom: "Cardcom" };

type ActionResult = {
  ok: TranslationKey | null;
  errors: FieldErrors<AdminPaymentsField, AdminPaymentsErrorKey | "adminPayments.errors.noUser">;
  /** Which form the errors belong to: a plan's interval, or "grant". */
  form?: string;
};

const done = (ok: TranslationKey): ActionResult => ({ ok, errors: {} });

export async function action({ context, request }: Route.ActionArgs) {
  const admin = getAdmin(context);
  const { db, log } = servicesOf(context);
  const fields = Object.fromEntries(await request.formData());
  // A failed tax document asked for again (decision 0048): the outbox takes it at its next look.
  if (fields.intent === "retry-document") {
    const id = z.uuid().safeParse(fields.id);
    if (!id.success) throw data("Bad Request", { status: 400 });
    if (!(await retryTaxDocument(db, id.data))) throw data("Not Found", { status: 404 });
    log.info({ by: admin.id, document: id.data }, "tax document asked for again");
    return done("taxDocuments.retried");
  }
  const parsed = adminPaymentsForm.safeParse(fields);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues, ADMIN_PAYMENTS_FORM);
    if (Object.keys(errors).length === 0) throw data("Bad Request", { status: 400 });
    const form = fields.intent === "plan" ? String(fields.interval) : "grant";
    return data<ActionResult>({ ok: null, errors, form }, { status: 400 });
  }
  const form = parsed.data;
  switch (form.intent) {
    case "plan":
      await savePlan(db, {
        interval: form.interval,
        amountCents: form.amount,
        currency: form.currency,
        active: form.active,
      });
      log.info({ by: admin.id, plan: form.interval, amount: form.amount, currency: form.currency }, "plan saved");
      return done("adminPayments.planSaved");
    case "checkout":
      await setOnlineCheckout(db, form.online === "on");
      log.info({ by: admin.id, online: form.online }, "online checkout switched");
      return done(form.online === "on" ? "adminPayments.checkoutOn" : "adminPayments.checkoutOff");
    case "grant-course": {
      const course = findCourse(getCatalogue(context), form.course);
      if (!course)
        return data<ActionResult>(
          { ok: null, errors: { course: "adminPayments.errors.course" }, form: "grant" },
          { status: 400 },
        );
      const user = await db
        .selectFrom("users")
        .select("id")
        .where("email", "=", form.email.toLowerCase())
        .executeTakeFirst();
      if (!user)
        return data<ActionResult>(
          { ok: null, errors: { email: "adminPayments.errors.noUser" }, form: "grant" },
          { status: 400 },
        );
      await grantCourse(db, { userId: user.id, courseId: course.id, grantedBy: `admin:${admin.id}` });
      log.info({ by: admin.id, course: course.id, user: user.id }, "course granted by hand");
      return done("adminPayments.granted");
    }
    case "revoke-course": {
      const revoked = await revokeCourseAccess(db, form.id, `admin:${admin.id}`);
      if (!revoked) throw data("Not Found", { status: 404 });
      log.info({ by: admin.id, grant: form.id }, "course access revoked");
      return done("adminPayments.revoked");
    }
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

type DocumentCellData = Route.ComponentProps["loaderData"]["payments"][number]["documents"][number];

/** A payment's tax documents: issued (type, number, link), pending (with the last error), failed (and "Try again"). */
function DocumentCell({ documents, about }: { documents: readonly DocumentCellData[]; about: string }) {
  const { t } = useTranslation();
  if (documents.length === 0) return <td className="py-2 pe-3 text-ink-600">{t("taxDocuments.noDocument")}</td>;
  return (
    <td className="py-2 pe-3">
      <ul className="grid gap-1">
        {documents.map((d) => {
          const type = t(documentTypeKey(d.type));
          return (
            <li key={d.id} data-testid="payment-document" data-status={d.status}>
              {d.status === "issued" ? (
                d.url ? (
                  <a href={d.url} rel="noreferrer" className="text-brand-800 underline">
                    {t("taxDocuments.issued", { type, number: d.number ?? "" })}
                  </a>
                ) : (
                  t("taxDocuments.issued", { type, number: d.number ?? "" })
                )
              ) : d.status === "failed" ? (
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-danger-700">
                    {t("taxDocuments.failed", { error: d.error ?? "—" })}
                  </span>
                  <RowAction
                    intent="retry-document"
                    fields={{ id: d.id }}
                    label={t("taxDocuments.retry")}
                    about={about}
                    compact
                  />
                </span>
              ) : d.attempts > 0 ? (
                <span className="font-semibold text-ink-800">
                  {t("taxDocuments.pendingRetry", { count: d.attempts, error: d.error ?? "—" })}
                </span>
              ) : (
                t("taxDocuments.pending")
              )}
            </li>
          );
        })}
      </ul>
    </td>
  );
}

/** The first cells of a sale's row, in both tables: when, who, and what. */
function BuyerCells({ date, email, what }: { date: string; email: string; what: string }) {
  return (
    <>
      <td className="py-2 pe-3">{date}</td>
      <td className="py-2 pe-3">
        <bdi dir="ltr">{email}</bdi>
      </td>
      <td className="py-2 pe-3">
        <bdi>{what}</bdi>
      </td>
    </>
  );
}

/** A payment's refund page (decision 0050): "Refund" while it is paid, "Refunds" once refunded. */
function RefundLink({
  payment,
}: {
  payment: { id: string; status: "paid" | "refunded"; email: string | null; what: string; amount: string };
}) {
  const { t } = useTranslation();
  const about = `${payment.email ?? "—"}, ${payment.what}, ${payment.amount}`;
  const paid = payment.status === "paid";
  return (
    <Link
      to={`/admin/payments/${payment.id}/refund`}
      className="btn btn-secondary px-3 py-1"
      aria-label={t(paid ? "adminPayments.refundName" : "adminPayments.refundsName", { about })}
      data-testid="refund-link"
    >
      {t(paid ? "adminPayments.refundLink" : "adminPayments.refundsLink")}
    </Link>
  );
}

export default function AdminPayments({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const errors: ActionResult["errors"] = actionData?.errors ?? {};
  const message = (key: ActionResult["errors"][AdminPaymentsField]) => (key ? t(key) : undefined);
  const grantErrors = actionData?.form === "grant" ? errors : {};
  const field = "mt-1 w-full rounded-md border border-ink-300 bg-white px-3 py-2 text-ink-900";
  return (
    <>
      <PageHeader title={t("adminPayments.title")} trail={[{ label: t("adminPayments.adminArea"), to: "/admin" }]} />
      <div className="container-page flex flex-col gap-12 py-10">
        {actionData?.ok ? (
          <p
            role="status"
            className="rounded-md bg-green-50 p-3 font-semibold text-success-700"
            data-testid="admin-payments-ok"
          >
            {t(actionData.ok)}
          </p>
        ) : null}
        {loaderData.badCursor ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 font-semibold text-danger-700">
            {t("adminPayments.badCursor")}
          </p>
        ) : null}
        {loaderData.refundsDue.length > 0 ? (
          <div className="flex flex-col gap-3" data-testid="refunds-due">
            <p className="rounded-md bg-red-50 p-3 font-semibold text-danger-700">
              {t("adminPayments.refundsDue", { count: loaderData.refundsDue.length })}
            </p>
            <AdminTable
              name="refunds"
              title={t("adminPayments.refundsHeading")}
              columns={[
                t("adminPayments.date"),
                t("adminPayments.buyer"),
                t("adminPayments.what"),
                t("adminPayments.amountColumn"),
                t("adminPayments.reference"),
                t("adminPayments.status"),
              ]}
              actions={t("adminPayments.none")}
            >
              {loaderData.refundsDue.map((p) => (
                <tr key={p.id} className="border-b border-ink-100" data-testid="refund-row">
                  <BuyerCells date={p.date} email={p.email ?? "—"} what={p.what} />
                  <td className="py-2 pe-3">
                    <bdi>{p.amount}</bdi>
                  </td>
                  <td className="py-2 pe-3">
                    <bdi dir="ltr">
                      {p.provider} <code>{p.reference}</code>
                    </bdi>
                  </td>
                  <td className="py-2 pe-3 font-semibold text-danger-700">{t("adminPayments.needsRefund")}</td>
                  <td className="py-2">
                    <RefundLink payment={p} />
                  </td>
                </tr>
              ))}
            </AdminTable>
          </div>
        ) : null}
        <section aria-labelledby="checkout-heading">
          <h2 id="checkout-heading" className="mb-2 text-2xl font-bold">
            {t("adminPayments.checkoutHeading")}
          </h2>
          <p className="mb-4 max-w-3xl text-ink-700" data-testid="checkout-state">
            {!loaderData.configured
              ? t("adminPayments.notConfigured")
              : loaderData.online
                ? t("adminPayments.onlineOn")
                : t("adminPayments.onlineOff")}
          </p>
          {/* Without a provider there is nothing to switch; the setting waits for one. */}
          {loaderData.configured ? (
            <Form method="post">
              <input type="hidden" name="intent" value="checkout" />
              <input type="hidden" name="online" value={loaderData.online ? "off" : "on"} />
              <button type="submit" className="btn btn-secondary">
                {t(loaderData.online ? "adminPayments.turnOff" : "adminPayments.turnOn")}
              </button>
            </Form>
          ) : null}
        </section>

        <section aria-labelledby="plans-heading">
          <h2 id="plans-heading" className="mb-4 text-2xl font-bold">
            {t("adminPayments.plansHeading")}
          </h2>
          <div className="grid gap-6 md:grid-cols-2">
            {loaderData.plans.map((plan) => {
              const id = `plan-${plan.interval}`;
              const mine = actionData?.form === plan.interval ? errors : {};
              return (
                <Form
                  key={plan.interval}
                  method="post"
                  className="min-w-0 rounded-[var(--radius-card)] border border-ink-200 p-5"
                  aria-labelledby={`${id}-title`}
                >
                  <h3 id={`${id}-title`} className="mb-3 text-lg font-bold">
                    {t(plan.interval === "year" ? "adminPayments.planYear" : "adminPayments.planMonth")}
                  </h3>
                  <input type="hidden" name="intent" value="plan" />
                  <input type="hidden" name="interval" value={plan.interval} />
                  <Field
                    id={`${id}-amount`}
                    label={t("adminPayments.amount")}
                    error={message(mine.amount)}
                    required
                    labelClassName={LABEL}
                  >
                    {(control) => (
                      <input
                        {...control}
                        name="amount"
                        inputMode="decimal"
                        dir="ltr"
                        pattern="\d{1,7}(\.\d{1,2})?"
                        defaultValue={plan.amount}
                        className={field}
                      />
                    )}
                  </Field>
                  <Field
                    id={`${id}-currency`}
                    label={t("adminPayments.currency")}
                    error={message(mine.currency)}
                    labelClassName={`mt-3 ${LABEL}`}
                  >
                    {(control) => (
                      <select {...control} name="currency" defaultValue={plan.currency} className={field}>
                        <option value="USD">{t("adminPayments.usd")}</option>
                        <option value="ILS">{t("adminPayments.ils")}</option>
                      </select>
                    )}
                  </Field>
                  <label className="mt-3 flex items-center gap-2">
                    <input type="checkbox" name="active" defaultChecked={plan.active} className="size-4" />
                    {t("adminPayments.offered")}
                  </label>
                  <button type="submit" className="btn btn-primary mt-4">
                    {t("adminPayments.savePlan")}
                  </button>
                </Form>
              );
            })}
          </div>
        </section>

        <section aria-labelledby="documents-heading" className="flex flex-col gap-3">
          <h2 id="documents-heading" className="text-2xl font-bold">
            {t("taxDocuments.column")}
          </h2>
          <p className="max-w-3xl text-ink-700" data-testid="documents-state">
            {t(loaderData.issuing ? "taxDocuments.on" : "taxDocuments.off")}
          </p>
          {loaderData.failedDocuments > 0 ? (
            <p
              role="alert"
              className="rounded-md bg-red-50 p-3 font-semibold text-danger-700"
              data-testid="documents-failed"
            >
              {t("taxDocuments.failedCount", { count: loaderData.failedDocuments })}
            </p>
          ) : null}
          {/* A download, not a page: a plain link works without JavaScript. */}
          <p>
            <a href="/admin/payments.csv" download className="font-semibold text-brand-800 underline">
              {t("taxDocuments.export")}
            </a>
          </p>
        </section>

        <AdminTable
          name="payments"
          title={t("adminPayments.paymentsHeading")}
          columns={[
            t("adminPayments.date"),
            t("adminPayments.buyer"),
            t("adminPayments.what"),
            t("adminPayments.amountColumn"),
            t("adminPayments.source"),
            t("adminPayments.status"),
            t("taxDocuments.column"),
          ]}
          actions={t("adminPayments.none")}
          footer={
            <Pager
              label={t("adminPayments.pages")}
              links={[
                { to: loaderData.newest, label: t("adminPayments.newest") },
                { to: loaderData.older, label: t("adminPayments.older"), rel: "next" },
              ]}
            />
          }
        >
          {loaderData.payments.map((p) => (
            <tr key={p.id} className="border-b border-ink-100" data-testid="payment-row">
              <td className="py-2 pe-3">{p.date}</td>
              <td className="py-2 pe-3">
                <bdi dir="ltr">{p.email ?? "—"}</bdi>
              </td>
              <td className="py-2 pe-3">
                <bdi>{p.what}</bdi>
              </td>
              <td className="py-2 pe-3">
                <bdi>{p.amount}</bdi>
              </td>
              <td className="py-2 pe-3">{t("adminPayments.sourcePayment", { provider: p.provider })}</td>
              <td className={p.needsRefund ? "py-2 pe-3 font-semibold text-danger-700" : "py-2 pe-3"}>
                {t(
                  p.needsRefund
                    ? "adminPayments.needsRefund"
                    : p.status === "refunded"
                      ? "adminPayments.refunded"
                      : "adminPayments.paid",
                )}
              </td>
              <DocumentCell documents={p.documents} about={`${p.email ?? "—"}, ${p.what}, ${p.date}`} />
              <td className="py-2">
                <RefundLink payment={p} />
              </td>
            </tr>
          ))}
        </AdminTable>
        {loaderData.payments.length === 0 ? <p className="text-ink-600">{t("adminPayments.noPayments")}</p> : null}

        <section aria-labelledby="grant-heading">
          <h2 id="grant-heading" className="mb-4 text-2xl font-bold">
            {t("adminPayments.grantHeading")}
          </h2>
          <Form method="post" className="flex max-w-xl flex-col gap-3">
            <input type="hidden" name="intent" value="grant-course" />
            <Field
              id="grant-email"
              label={t("adminPayments.learnerEmail")}
              error={message(grantErrors.email)}
              required
              labelClassName={LABEL}
            >
              {(control) => (
                <input {...control} name="email" type="email" dir="ltr" maxLength={254} className={field} />
              )}
            </Field>
            <Field
              id="grant-course"
              label={t("adminPayments.course")}
              error={message(grantErrors.course)}
              required
              labelClassName={LABEL}
            >
              {(control) => (
                <select {...control} name="course" className={field}>
                  {loaderData.courses.map((c) => (
                    <option key={c.slug} value={c.slug}>
                      {c.title}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <button type="submit" className="btn btn-primary self-start">
              {t("adminPayments.grant")}
            </button>
          </Form>
        </section>

        {/* No rows: a sentence, not a table of headers over nothing (finding D-L10). */}
        {loaderData.grants.length === 0 ? (
          <section aria-labelledby="grants-heading">
            <h2 id="grants-heading" className="mb-4 text-2xl font-bold">
              {t("adminPayments.grantsHeading")}
            </h2>
            <p className="text-ink-600" data-testid="grants-empty">
              {t("adminPayments.noGrants")}
            </p>
          </section>
        ) : (
          <AdminTable
            name="grants"
            title={t("adminPayments.grantsHeading")}
            columns={[
              t("adminPayments.date"),
              t("adminPayments.buyer"),
              t("adminPayments.course"),
              t("adminPayments.source"),
              t("adminPayments.status"),
            ]}
            actions={t("adminPayments.revoke")}
          >
            {loaderData.grants.map((g) => (
              <tr key={g.id} className="border-b border-ink-100" data-testid="grant-row">
                <BuyerCells date={g.date} email={g.email ?? ""} what={g.course} />
                <td className="py-2 pe-3">
                  {g.source === "payment"
                    ? t("adminPayments.sourcePayment", { provider: g.provider })
                    : t("adminPayments.sourceManual")}
                </td>
                <td className="py-2 pe-3">
                  {t(g.revoked ? "adminPayments.revokedState" : "adminPayments.activeState")}
                </td>
                <td className="py-2">
                  {g.revoked ? null : (
                    <RowAction
                      fields={{ id: g.id }}
                      intent="revoke-course"
                      label={t("adminPayments.revoke")}
                      about={`${g.email}, ${g.course}`}
                    />
                  )}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </div>
    </>
  );
}
