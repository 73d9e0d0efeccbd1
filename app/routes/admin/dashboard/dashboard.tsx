import { useTranslation } from "~/i18n/use-translation";
import { data, Link, useNavigation } from "react-router";
import { z } from "zod";
import { Accounts } from "~/components/admin/dashboard/accounts";
import { Inbox } from "~/components/admin/dashboard/inbox";
import { AccountLinkResult, InviteResult } from "~/components/admin/dashboard/invite-result";
import { Moderation } from "~/components/admin/dashboard/moderation";
import { Subscriptions } from "~/components/admin/dashboard/subscriptions";
import { PageHeader } from "~/components/layout/page-header";
import { localeContext, servicesOf } from "~/context.server";
import { formatDate, formatDateTime } from "~/i18n/format";
import { lastBackupResult } from "~/lib/backup-status.server";
import { listFeedbackForModeration } from "~/models/feedback.server";
import { listIdpAccountsPage, userIdsOfAccounts } from "~/models/idp-account.server";
import { signUpOpen } from "~/models/sign-up.server";
import { IDP_MOUNT } from "~/lib/idp/provider.server";
import { countNewsletter, listSubmissionsPage } from "~/models/submission.server";
import { listSubscriptionsPage } from "~/models/subscription.server";
import { getAdmin } from "~/routes/admin/guard.server";
import { accountIntents, accountsAction } from "./accounts.server";
import { feedbackAction, feedbackIntents } from "./feedback.server";
import { inboxAction, inboxIntents, inboxItem } from "./inbox.server";
import { pageLinker, readCursors } from "./paging.server";
import { isSelf, reply } from "./reply.server";
import { subscriptionIntents, subscriptionRow, subscriptionsAction } from "./subscriptions.server";
import type { Route } from "./+types/dashboard";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = {
  strings: ["admin", "adminPayments", "certificate", "courseAdmin", "reviews"],
} satisfies StringsHandle;

/**
 * /admin: the inbox (contact messages and registration requests), approvals, subscriptions,
 * feedback moderation, the embedded provider's accounts and the newsletter export — one part
 * each (./inbox.server.ts, ./subscriptions.server.ts, ./feedback.server.ts, ./accounts.server.ts;
 * their views in components/admin/dashboard/). Server-rendered; every action a POST, logged with
 * the admin's user id when it changed something. Each list pages on its own (./paging.server.ts).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const admin = getAdmin(context);
  const { db, idp, config } = servicesOf(context);
  const { locale, i18n } = context.get(localeContext);
  const url = new URL(request.url);
  const { cursors, badCursor } = readCursors(url);
  const [registrations, contact, subscriptions, feedback, accounts, newsletterCount, backup] = await Promise.all([
    listSubmissionsPage(db, "registration", cursors.registrations),
    listSubmissionsPage(db, "contact", cursors.contact),
    listSubscriptionsPage(db, cursors.subscriptions),
    listFeedbackForModeration(db, cursors.feedback),
    // The embedded provider's accounts (none when sign-in is at an external provider).
    idp ? listIdpAccountsPage(db, cursors.accounts) : null,
    countNewsletter(db),
    lastBackupResult(config.backupDir),
  ]);
  const pageLinks = pageLinker(url, { registrations, contact, subscriptions, feedback, accounts });
  const learners = accounts
    ? await userIdsOfAccounts(
        db,
        `${config.PUBLIC_URL}${IDP_MOUNT}`,
        accounts.items.map((a) => a.id),
      )
    : new Map<string, string>();
  return data(
    {
      title: i18n.t("admin.metaTitle"),
      badCursor,
      registrations: {
        items: registrations.items.map((s) => inboxItem(s, locale)),
        pages: pageLinks("registrations", registrations),
      },
      contact: { items: contact.items.map((s) => inboxItem(s, locale)), pages: pageLinks("contact", contact) },
      subscriptions: {
        items: subscriptions.items.map((s) => subscriptionRow(s, locale)),
        pages: pageLinks("subscriptions", subscriptions),
      },
      feedback: {
        items: feedback.items.map((f) => ({ ...f, date: formatDate(f.date, locale) })),
        pages: pageLinks("feedback", feedback),
      },
      newsletterCount,
      // The last backup's outcome, one line (decision 0054): the archive's name, not the server's path.
      backup: backup
        ? backup.ok
          ? { ok: true as const, date: formatDateTime(backup.at, locale), file: backup.file.split(/[\\/]/).at(-1)! }
          : { ok: false as const, date: formatDateTime(backup.at, locale), error: backup.error }
        : null,
      accounts: accounts
        ? {
            // The admin's own row offers no Disable (the action refuses it too).
            items: accounts.items.map((a) => ({
              ...a,
              self: isSelf(admin, a.email),
              learnerId: learners.get(a.id) ?? null,
            })),
            pages: pageLinks("accounts", accounts),
            signUpOpen: await signUpOpen(db),
            mail: Boolean(config.SMTP_URL),
          }
        : null,
    },
    { status: badCursor ? 400 : 200 },
  );
}

/** Every form of the page, by intent: each part names its own. */
const actionSchema = z.discriminatedUnion("intent", [
  ...inboxIntents,
  ...subscriptionIntents,
  ...feedbackIntents,
  ...accountIntents,
]);

export async function action({ context, request }: Route.ActionArgs) {
  const admin = getAdmin(context);
  const { db, log, idp, config } = servicesOf(context);
  const form = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === "string"));
  const parsed = actionSchema.safeParse(form);
  if (!parsed.success) return reply(false, "admin.notFound", undefined, 400);
  const at = { db, log, idp, config, admin, by: `admin:${admin.id}` };
  const input = parsed.data;
  switch (input.intent) {
    case "handle":
    case "approve":
    case "reject":
      return inboxAction(input, at);
    case "revoke":
      return subscriptionsAction(input, at);
    case "hide":
    case "show":
    case "delete-feedback":
      return feedbackAction(input, at);
    case "disable-account":
    case "enable-account":
    case "confirm-account":
    case "account-link":
    case "sign-up":
      return accountsAction(input, at);
  }
}

/** The admin area's other screens, the course builder first. */
const SCREENS = [
  ["/admin/courses", "courseAdmin.adminLink"],
  ["/admin/certificates", "certificate.adminLink"],
  ["/admin/reviews", "reviews.adminLink"],
  ["/admin/payments", "adminPayments.adminLink"],
  ["/admin/cancellations", "admin.navCancellations"],
  ["/admin/business", "admin.navBusiness"],
] as const;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <>
      <PageHeader title={t("admin.title")} />
      <div className="container-page space-y-12 py-14" aria-busy={navigation.state !== "idle"}>
        {actionData ? (
          <p
            role="status"
            className={`rounded-md p-3 font-semibold ${actionData.ok ? "bg-green-50 text-success-700" : "bg-red-50 text-danger-700"}`}
            data-testid="admin-status"
          >
            {t(actionData.message)}
          </p>
        ) : null}
        {loaderData.badCursor ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 font-semibold text-danger-700" data-testid="bad-cursor">
            {t("admin.badCursor")}
          </p>
        ) : null}
        {actionData?.invite ? <InviteResult invite={actionData.invite} /> : null}
        {actionData?.accountLink ? <AccountLinkResult result={actionData.accountLink} /> : null}
        <section aria-labelledby="course-builder-heading">
          <h2 id="course-builder-heading" className="mb-2 text-2xl font-bold">
            {t("courseAdmin.title")}
          </h2>
          <p className="mb-4 text-ink-700">{t("courseAdmin.adminLinkIntro")}</p>
          <div className="flex flex-wrap gap-3">
            {SCREENS.map(([to, label], index) => (
              <Link key={to} to={to} className={`btn ${index === 0 ? "btn-primary" : "btn-secondary"}`}>
                {t(label)}
              </Link>
            ))}
          </div>
        </section>
        <Inbox registrations={loaderData.registrations} contact={loaderData.contact} />
        <Subscriptions subscriptions={loaderData.subscriptions} />
        <Moderation feedback={loaderData.feedback} />
        {loaderData.accounts ? <Accounts accounts={loaderData.accounts} /> : null}
        <section aria-labelledby="newsletter-heading">
          <h2 id="newsletter-heading" className="mb-4 text-2xl font-bold">
            {t("admin.newsletter", { count: loaderData.newsletterCount })}
          </h2>
          <a href="/admin/newsletter.csv" className="btn btn-primary" download>
            {t("admin.downloadCsv")}
          </a>
        </section>
        <p
          data-testid="backup-status"
          className={loaderData.backup && !loaderData.backup.ok ? "font-semibold text-danger-700" : "text-ink-700"}
        >
          {loaderData.backup === null
            ? t("admin.backupNone")
            : loaderData.backup.ok
              ? t("admin.backupOk", { date: loaderData.backup.date, file: loaderData.backup.file })
              : t("admin.backupFailed", { date: loaderData.backup.date, error: loaderData.backup.error })}
        </p>
      </div>
    </>
  );
}
