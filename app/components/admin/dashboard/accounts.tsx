import { Link } from "react-router";
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
  /** False: a sign-up waiting for its email to be confirmed. */
  confirmed: boolean;
  self: boolean;
  /** The site's user behind the account once it has signed in: their progress page. */
  learnerId: string | null;
}

export interface AccountsData {
  items: AccountRow[];
  pages: PageLinks;
  signUpOpen: boolean;
  /** Whether the school sends mail (SMTP_URL): links can be emailed, not only shown. */
  mail: boolean;
}

/**
 * The accounts of the embedded sign-in: the switch for self-service sign-up, then each account with
 * its state and what an admin can do for the person — confirm a sign-up's address, send or show a
 * one-time link (to confirm, to set a first password, or to choose a new one), see their progress,
 * disable or enable it.
 */
export function Accounts({ accounts }: { accounts: AccountsData }) {
  const { t } = useTranslation();
  const linkLabel = (a: AccountRow) =>
    !a.confirmed ? t("admin.linkConfirm") : a.hasPassword ? t("admin.linkReset") : t("admin.linkSet");
  return (
    <div className="space-y-4">
      <div
        className="flex flex-wrap items-center gap-3 rounded-md border border-ink-100 p-4"
        data-testid="sign-up-switch"
      >
        <p className="grow text-ink-800">{accounts.signUpOpen ? t("admin.signUpOpen") : t("admin.signUpClosed")}</p>
        <RowAction
          intent="sign-up"
          fields={{ open: accounts.signUpOpen ? "off" : "on" }}
          label={accounts.signUpOpen ? t("admin.signUpClose") : t("admin.signUpOpenButton")}
          danger={accounts.signUpOpen}
        />
      </div>
      <AdminTable
        name="accounts"
        title={t("admin.accounts")}
        columns={[t("admin.account"), t("admin.accountState")]}
        actions={t("admin.accountActions")}
        footer={<Pager label={t("admin.pagesAccounts")} links={usePageLinks(accounts.pages)} />}
      >
        {accounts.items.map((a) => (
          <tr key={a.id} className="border-b border-ink-100 align-top" data-testid="account-row">
            <td className="py-2">
              <bdi dir="ltr">{a.email}</bdi>
            </td>
            <td className="py-2">
              {a.disabled
                ? t("admin.accountDisabled")
                : !a.confirmed
                  ? t("admin.accountUnconfirmed")
                  : a.hasPassword
                    ? t("admin.accountEnabled")
                    : t("admin.accountNoPassword")}
            </td>
            <td className="flex flex-wrap gap-2 py-2">
              {!a.disabled && !a.confirmed ? (
                <RowAction
                  intent="confirm-account"
                  fields={{ email: a.email }}
                  label={t("admin.confirmAccount")}
                  name={`${t("admin.confirmAccount")} ${a.email}`}
                  compact
                />
              ) : null}
              {!a.disabled && accounts.mail ? (
                <RowAction
                  intent="account-link"
                  fields={{ email: a.email, deliver: "mail" }}
                  label={`${linkLabel(a)}: ${t("admin.linkEmail")}`}
                  name={`${linkLabel(a)}: ${t("admin.linkEmail")} ${a.email}`}
                  compact
                />
              ) : null}
              {!a.disabled ? (
                <RowAction
                  intent="account-link"
                  fields={{ email: a.email, deliver: "show" }}
                  label={`${linkLabel(a)}: ${t("admin.linkShow")}`}
                  name={`${linkLabel(a)}: ${t("admin.linkShow")} ${a.email}`}
                  compact
                />
              ) : null}
              {a.learnerId ? (
                <Link
                  to={`/admin/learners/${a.learnerId}`}
                  className="btn btn-secondary px-2 py-1 text-xs"
                  aria-label={`${t("admin.learnerProgress")} ${a.email}`}
                >
                  {t("admin.learnerProgress")}
                </Link>
              ) : null}
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
    </div>
  );
}
