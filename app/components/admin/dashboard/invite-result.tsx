import { useTranslation } from "~/i18n/use-translation";

/** What every dashboard form can say (app/i18n: admin.*). */
export type DashboardMessage =
  "admin.done" | "admin.notFound" | "admin.badDate" | "admin.alreadyDecided" | "admin.cannotDisableSelf";

/** What became of the approved person's account: a link mailed, a link to copy, or nothing to do. */
export type Invite =
  | { email: string; mailed: true }
  | { email: string; mailed: false; reason: "notConfigured" | "failed"; link: string }
  | { email: string; hadPassword: true };

/**
 * A one-time link an admin asked for (the accounts list): emailed, or to copy and send another way —
 * because they asked to see it, the school sends no mail ("noSmtp") or the mail failed ("failed").
 */
export type AccountLink =
  | { kind: "confirm" | "set" | "reset"; email: string; mailed: true }
  | {
      kind: "confirm" | "set" | "reset";
      email: string;
      mailed: false;
      link: string;
      error: "noSmtp" | "failed" | null;
    };

const LINK_STRINGS = {
  confirm: { mailed: "admin.linkMailedConfirm", label: "admin.linkLabelConfirm" },
  set: { mailed: "admin.inviteMailed", label: "admin.inviteLink" },
  reset: { mailed: "admin.linkMailedReset", label: "admin.linkLabelReset" },
} as const;

export function AccountLinkResult({ result }: { result: AccountLink }) {
  const { t } = useTranslation();
  const strings = LINK_STRINGS[result.kind];
  if (result.mailed) {
    return (
      <p className="rounded-md bg-green-50 p-3 text-success-700" data-testid="account-link">
        {t(strings.mailed, { email: result.email })}
      </p>
    );
  }
  return (
    <div
      className={`rounded-md p-3 ${result.error ? "bg-red-50 text-danger-700" : "bg-brand-50 text-ink-900"}`}
      data-testid="account-link"
    >
      {result.error ? (
        <p>{t(result.error === "noSmtp" ? "admin.linkNoSmtp" : "admin.linkMailFailed", { email: result.email })}</p>
      ) : null}
      <label className="mt-2 block text-sm font-semibold" htmlFor="account-link-url">
        {t(strings.label, { email: result.email })}
      </label>
      <input
        id="account-link-url"
        readOnly
        dir="ltr"
        value={result.link}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 w-full rounded-md border border-ink-300 bg-white px-3 py-2 text-ink-900"
        data-testid="account-link-url"
      />
      <p className="mt-2 text-sm">{t(result.kind === "reset" ? "admin.linkWorksHour" : "admin.linkWorks72")}</p>
    </div>
  );
}

export function InviteResult({ invite }: { invite: Invite }) {
  const { t } = useTranslation();
  if ("hadPassword" in invite) {
    return <p className="rounded-md bg-brand-50 p-3">{t("admin.accountHadPassword", { email: invite.email })}</p>;
  }
  if (invite.mailed) {
    return (
      <p className="rounded-md bg-green-50 p-3 text-success-700" data-testid="invite">
        {t("admin.inviteMailed", { email: invite.email })}
      </p>
    );
  }
  return (
    <div className="rounded-md bg-red-50 p-3 text-danger-700" data-testid="invite">
      {/* Why, in the page's language; the technical detail is in the server's log. */}
      <p>
        {t("admin.inviteNotMailed", {
          email: invite.email,
          error: t(invite.reason === "notConfigured" ? "admin.mailNotConfigured" : "admin.mailFailed"),
        })}
      </p>
      <label className="mt-2 block text-sm font-semibold" htmlFor="invite-link">
        {t("admin.inviteLink")}
      </label>
      <input
        id="invite-link"
        readOnly
        dir="ltr"
        value={invite.link}
        className="mt-1 w-full rounded-md border border-ink-300 bg-white px-3 py-2 text-ink-900"
        data-testid="invite-link"
      />
    </div>
  );
}
