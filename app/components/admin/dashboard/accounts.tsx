import { Form } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import { useTranslation } from "~/i18n/use-translation";
import { Pager, type PageLinks } from "./pager";

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
      footer={<Pager label={t("admin.pagesAccounts")} pages={accounts.pages} />}
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
              <Form method="post" className="inline">
                <input type="hidden" name="intent" value={a.disabled ? "enable-account" : "disable-account"} />
                <input type="hidden" name="email" value={a.email} />
                <button
                  type="submit"
                  className={`btn ${a.disabled ? "btn-secondary" : "border border-danger-700 text-danger-700 hover:bg-red-50"} px-2 py-1 text-xs`}
                  aria-label={`${a.disabled ? t("admin.enable") : t("admin.disable")} ${a.email}`}
                >
                  {a.disabled ? t("admin.enable") : t("admin.disable")}
                </button>
              </Form>
            )}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
