import { AdminTable } from "~/components/admin/admin-table";
import type { TranslationKey } from "~/i18n/keys";
import { useTranslation } from "~/i18n/use-translation";
import { Pager } from "~/components/admin/pager";
import { RowAction } from "~/components/admin/row-action";
import { usePageLinks, type PageLinks } from "./page-links";

/** A subscription as the dashboard lists it: who, since and until when, granted how, and its state. */
export interface SubscriptionRow {
  id: string;
  email: string;
  startsAt: string;
  endsAt: string | null;
  /** What granted it, in words (never the stored "request:<uuid>", D-L2): a hand grant says how. */
  source: "payment" | "approval" | "manual" | "cli" | "demo";
  state: "active" | "revoked" | "ended";
}

const STATE_LABELS = {
  active: "admin.active",
  revoked: "admin.revoked",
  ended: "admin.ended",
} as const satisfies Record<SubscriptionRow["state"], TranslationKey>;

const SOURCE_LABELS = {
  approval: "adminPayments.sourceApproval",
  manual: "adminPayments.sourceManual",
  cli: "adminPayments.sourceCli",
  demo: "adminPayments.sourceDemo",
} as const satisfies Record<Exclude<SubscriptionRow["source"], "payment">, TranslationKey>;

/** Subscriptions, with Revoke on the active ones. */
export function Subscriptions({ subscriptions }: { subscriptions: { items: SubscriptionRow[]; pages: PageLinks } }) {
  const { t } = useTranslation();
  return (
    <AdminTable
      name="subscriptions"
      headingId="subs-heading"
      title={t("admin.subscriptions")}
      columns={[t("admin.subscriber"), t("admin.from"), t("admin.until"), t("admin.grantedBy"), t("admin.status")]}
      actions={t("admin.revoke")}
      footer={<Pager label={t("admin.pagesSubscriptions")} links={usePageLinks(subscriptions.pages)} />}
    >
      {subscriptions.items.map((s) => (
        <tr key={s.id} className="border-b border-ink-100">
          <td className="py-2">
            <bdi dir="ltr">{s.email}</bdi>
          </td>
          <td className="py-2">{s.startsAt}</td>
          <td className="py-2">{s.endsAt ?? t("admin.noEnd")}</td>
          <td className="py-2">
            {s.source === "payment"
              ? t("adminPayments.sourcePayment", { provider: "Stripe" })
              : t(SOURCE_LABELS[s.source])}
          </td>
          <td className="py-2">{t(STATE_LABELS[s.state])}</td>
          <td className="py-2">
            {s.state === "active" ? (
              <RowAction intent="revoke" fields={{ id: s.id }} label={t("admin.revoke")} danger compact />
            ) : null}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
