import { data } from "react-router";
import { AdminListPage } from "~/components/admin/admin-list-page";
import { AdminTable } from "~/components/admin/admin-table";
import { usePageLinks } from "~/components/admin/dashboard/page-links";
import { Pager } from "~/components/admin/pager";
import { RowAction } from "~/components/admin/row-action";
import { pageContext, servicesOf } from "~/context.server";
import { formatDate, formatDateTime, formatMoney } from "~/i18n/format";
import type { TranslationKey } from "~/i18n/keys";
import type { StringsHandle } from "~/i18n/sections";
import { useTranslation } from "~/i18n/use-translation";
import { businessDetails } from "~/models/business.server";
import { mailCancellationDecided } from "~/models/cancellation-mail.server";
import { decisionForm } from "~/models/cancellation.schema";
import {
  cancellationRequestsPage,
  courseTitles,
  decideCancellation,
  describeItem,
  findCancellation,
  pendingCancellations,
} from "~/models/cancellation.server";
import { refundPayment } from "~/models/refunds.server";
import { getAdmin } from "./guard.server";
import { listPageLinks, readListQuery } from "./list-query.server";
import type { Route } from "./+types/cancellations";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["adminCancellations", "cancel"] } satisfies StringsHandle;

/**
 * /admin/cancellations (admins only, by the layout): buyers' requests to cancel a purchase or stop a
 * renewal (issue 33, point 3), newest first, 20 a page (keyset, `page`), with what each paid, the fee
 * and what is due back; approve or decline a pending one. Approving a purchase's cancellation refunds
 * what is due back through the provider (decision 0050; the request stays pending if it refuses),
 * records the decision and emails the buyer.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t } = pageContext(context, request);
  const { db } = servicesOf(context);
  const { cursor, notice } = readListQuery(new URL(request.url));
  const [page, pending] = await Promise.all([cancellationRequestsPage(db, cursor), pendingCancellations(db)]);
  const titles = await courseTitles(
    db,
    page.items.map((r) => r.courseId),
  );
  const money = (cents: number | null, currency: string | null) =>
    cents === null || currency === null ? "" : formatMoney(cents / 100, currency, locale, { cents: true });
  return data(
    {
      title: t("adminCancellations.title"),
      notice: notice ? t(notice.key, notice.params) : null,
      pending,
      pages: listPageLinks("/admin/cancellations", "requests-heading", null, page),
      requests: page.items.map((r) => ({
        id: r.id,
        renewal: r.kind === "renewal",
        received: formatDateTime(r.createdAt, locale),
        email: r.email,
        what: describeItem(
          locale,
          {
            kind: r.kind === "renewal" ? "renewal" : r.courseId ? "course" : "subscription",
            courseId: r.courseId,
            planInterval: r.planInterval,
          },
          titles,
        ),
        bought: r.purchasedAt ? t("adminCancellations.bought", { date: formatDate(r.purchasedAt, locale) }) : null,
        reason: r.reason,
        amount: money(r.amountCents, r.currency),
        fee: money(r.feeCents, r.currency),
        refund: money(r.refundCents, r.currency),
        status: r.status,
        decided: r.decidedAt ? formatDate(r.decidedAt, locale) : null,
      })),
    },
    { status: notice ? 400 : 200 },
  );
}

type ActionResult = { ok: boolean; message: string; mailFailed: string | null };

export async function action({ context, request }: Route.ActionArgs) {
  const admin = getAdmin(context);
  const { db, log, config, payments } = servicesOf(context);
  const { locale, t } = pageContext(context, request);
  const refuse = (key: TranslationKey, status: number) =>
    data<ActionResult>({ ok: false, message: t(key), mailFailed: null }, { status });
  const parsed = decisionForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return refuse("adminCancellations.badRequest", 400);
  let refundId: string | null = null;
  if (parsed.data.intent === "approve") {
    const found = await findCancellation(db, parsed.data.id);
    if (!found) return refuse("adminCancellations.notFound", 404);
    if (found.status !== "pending") return refuse("adminCancellations.unchanged", 409);
    // A purchase's cancellation gives back what is due through the provider first, once: the key is the
    // request's, so two approvals (two admins, a double click) make one refund. A renewal moves no money.
    if (found.kind === "purchase" && found.paymentId && (found.refundCents ?? 0) > 0) {
      const refunded = await refundPayment(db, payments, {
        paymentId: found.paymentId,
        amountCents: found.refundCents!,
        reason: found.reason,
        by: `admin:${admin.id}`,
        key: `cancellation:${found.id}`,
        cancels: true,
      });
      switch (refunded.outcome) {
        case "refunded":
          log.info(
            {
              paymentId: found.paymentId,
              refundId: refunded.refund.id,
              amountCents: refunded.refund.amountCents,
              currency: refunded.refund.currency,
              whole: refunded.whole,
              cancellation: found.id,
              adminId: admin.id,
            },
            "admin: payment refunded",
          );
          refundId = refunded.refund.id;
          break;
        case "duplicate":
          if (refunded.refund.status !== "done") return refuse("adminCancellations.refundBusy", 409);
          refundId = refunded.refund.id;
          break;
        case "refused":
          log.warn(
            { paymentId: found.paymentId, cancellation: found.id, problem: refunded.message, adminId: admin.id },
            "refund refused by the provider",
          );
          return data<ActionResult>(
            {
              ok: false,
              message: t("adminCancellations.refundRefused", { message: refunded.message }),
              mailFailed: null,
            },
            { status: 409 },
          );
        case "unknown":
          log.error(
            {
              paymentId: found.paymentId,
              refundId: refunded.refund.id,
              cancellation: found.id,
              problem: refunded.message,
            },
            "refund not confirmed: the provider could not be reached; check it at the provider",
          );
          return refuse("adminCancellations.refundUnknown", 503);
        // No provider that can refund it here (or nothing left to refund): approved, refunded by hand.
        case "unavailable":
        case "too-much":
        case "missing":
          break;
      }
    }
  }
  const decided = await decideCancellation(db, {
    id: parsed.data.id,
    decision: parsed.data.intent === "approve" ? "approved" : "declined",
    by: `admin:${admin.id}`,
    refundId,
  });
  if (decided.outcome === "missing") return refuse("adminCancellations.notFound", 404);
  if (decided.outcome === "unchanged") return refuse("adminCancellations.unchanged", 409);
  const { request: decision } = decided;
  log.info(
    { cancellation: decision.id, kind: decision.kind, decision: decision.status, adminId: admin.id },
    "admin: cancellation decided",
  );
  const mail = await mailCancellationDecided(config, decision, {
    titles: await courseTitles(db, [decision.courseId]),
    schoolEmail: (await businessDetails(db)).email,
  });
  if (!mail.ok && mail.reason === "failed")
    log.warn({ cancellation: decision.id, error: mail.error }, "cancellation email not sent");
  const key: TranslationKey =
    decision.status === "declined"
      ? "adminCancellations.declined"
      : decision.kind === "renewal"
        ? "adminCancellations.approvedRenewal"
        : refundId
          ? "adminCancellations.approvedRefunded"
          : "adminCancellations.approved";
  const refund =
    decision.refundCents !== null && decision.currency !== null
      ? formatMoney(decision.refundCents / 100, decision.currency, locale, { cents: true })
      : "";
  return data<ActionResult>({
    ok: true,
    message: t(key, { refund }),
    // Said when sending was tried and failed: the admin writes to the buyer instead.
    mailFailed:
      !mail.ok && mail.reason === "failed" && decision.email
        ? t("adminCancellations.mailFailed", { email: decision.email })
        : null,
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

export default function AdminCancellations({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const pageLinks = usePageLinks(loaderData.pages);
  return (
    <AdminListPage
      title={t("adminCancellations.title")}
      adminArea={t("adminCancellations.adminArea")}
      intro={t("adminCancellations.intro")}
      notice={loaderData.notice}
      // A decision whose email failed is done, but the admin must write to the buyer: said as a problem.
      error={actionData ? (actionData.ok ? actionData.mailFailed : actionData.message) : null}
      status={actionData?.ok ? actionData.message : null}
      empty={loaderData.requests.length > 0 ? null : t("adminCancellations.none")}
      emptyTestId="cancellations-empty"
    >
      <AdminTable
        name="cancellations"
        headingId="requests-heading"
        title={t("adminCancellations.listTitle")}
        columns={[
          t("adminCancellations.received"),
          t("adminCancellations.buyer"),
          t("adminCancellations.what"),
          t("adminCancellations.amount"),
          t("adminCancellations.fee"),
          t("adminCancellations.refund"),
          t("adminCancellations.state"),
        ]}
        actions={t("adminCancellations.actions")}
        headingExtra={
          loaderData.pending > 0 ? (
            <p className="font-semibold" data-testid="cancellations-pending">
              {t("adminCancellations.pending", { count: loaderData.pending })}
            </p>
          ) : null
        }
        footer={<Pager label={t("adminCancellations.pages")} links={pageLinks} />}
      >
        {loaderData.requests.map((r) => (
          <tr key={r.id} className="border-b border-ink-100 align-top" data-testid="cancellation-row">
            <td className="py-2 pe-3">{r.received}</td>
            <td className="py-2 pe-3">
              <bdi dir="ltr">{r.email ?? "—"}</bdi>
            </td>
            <td className="py-2 pe-3">
              <bdi className="font-semibold">{r.what}</bdi>
              {r.bought ? <span className="block text-ink-600">{r.bought}</span> : null}
              {r.reason ? (
                <span className="block max-w-xs text-ink-700">
                  {t("adminCancellations.reason", { reason: r.reason })}
                </span>
              ) : null}
            </td>
            <td className="py-2 pe-3">{r.amount}</td>
            <td className="py-2 pe-3">{r.fee}</td>
            <td className="py-2 pe-3 font-semibold">{r.refund}</td>
            <td className="py-2 pe-3">
              {r.status === "pending"
                ? t("adminCancellations.waiting")
                : t(r.status === "approved" ? "adminCancellations.approvedOn" : "adminCancellations.declinedOn", {
                    date: r.decided ?? "",
                  })}
            </td>
            <td className="py-2">
              {r.status === "pending" ? (
                <div className="flex flex-col gap-2">
                  <RowAction
                    intent="approve"
                    fields={{ id: r.id }}
                    label={t(r.renewal ? "adminCancellations.approveRenewal" : "adminCancellations.approve")}
                    about={`${r.email ?? ""}, ${r.what}`}
                  />
                  <RowAction
                    intent="decline"
                    fields={{ id: r.id }}
                    label={t("adminCancellations.decline")}
                    about={`${r.email ?? ""}, ${r.what}`}
                    danger
                  />
                </div>
              ) : null}
            </td>
          </tr>
        ))}
      </AdminTable>
    </AdminListPage>
  );
}
