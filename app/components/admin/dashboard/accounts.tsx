import { AdminTable } from "~/components/admin/admin-table";
import { Pager } from "~/components/admin/pager";
import { RowAction } from "~/components/admin/row-action";
import { useTranslation } from "~/i18n/use-translation";
import { usePageLinks, type PageLinks } from "./page-links";

/** An embedded-provider account as the dashboard lists it; the admin's own offers no Disable. */
export interface AccountRow {
  id: string;
  email: string;
  disabled: boolean;
  hasPassword: boolean;
  self: boolean;
}

export function Accounts({ accounts }: { accounts: { items: AccountRow[]; pages: PageLinks } }) {
  const { t } = useTranslation();
  return (
    <AdminTable
      name="accounts"
      title={t("admin.accounts")}
      columns={[t("admin.account"), t("admin.accountState")]}
      actions={t("admin.disable")}
      footer={<Pager label={t("admin.pagesAccounts")} links={usePageLinks(accounts.pages)} />}
    >
      {accounts.items.map((a) => (
        <tr key={a.id} className="border-b border-ink-100">
          <td className="py-2">
            <bdi dir="ltr">{a.email}</bdi>
          </td>
          <td className="py-2">
            {a.disabled
              ? t("admin.accountDisabled")
              : a.hasPassword
                ? t("admin.accountEnabled")
                : t("admin.accountNoPassword")}
          </td>
          <td className="py-2">
            {a.self ? (
              <span className="text-sm text-ink-600">{t("admin.yourAccount")}</span>
            ) : (
              <RowAction
                intent={a.disabled ? "enable-account" : "disable-account"}
                fields={{ email: a.email }}
                label={a.disabled ? t("admin.enable") : t("admin.disable")}
                name={`${a.disabled ? t("admin.enable") : t("admin.disable")} ${a.email}`}
                danger={!a.disabled}
                compact
              />
            )}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
