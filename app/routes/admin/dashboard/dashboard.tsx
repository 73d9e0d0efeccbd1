import { useTranslation } from "~/i18n/use-translation";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { AdminTable } from "~/components/admin/admin-table";
import { PageHeader } from "~/components/layout/page-header";
import { endOfBusinessDay, formatDate, formatDateTime } from "~/i18n/format";
import { subscriptionSource } from "~/models/billing.server";
import { localeContext, servicesOf } from "~/context.server";
import { deleteFeedback, listFeedbackForModeration, setFeedbackHidden } from "~/models/feedback.server";
import {
  findSubmission,
  countNewsletter,
  listSubmissionsPage,
  setSubmissionStatus,
  type SubmissionKind,
  type SubmissionListItem,
} from "~/models/submission.server";
import { grantSubscription, listSubscriptionsPage } from "~/models/subscription.server";
import { revokeSubscriptionAndEarned } from "~/models/earned.server";
import { IDP_MOUNT } from "~/lib/idp/provider.server";
import { sendAccountMail } from "~/models/account-mail.server";
import {
  createAccountToken,
  ensureAccountForApproval,
  hasPassword,
  SET_PASSWORD_PATH,
} from "~/models/account-tokens.server";
import { listIdpAccountsPage, setIdpAccountDisabled } from "~/models/idp-account.server";
import { parseCursor, type Page, type PageCursor } from "~/lib/keyset.server";
import { getAdmin } from "~/routes/admin/guard.server";
import type { Route } from "./+types/dashboard";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = {
  strings: ["admin", "adminPayments", "certificate", "courseAdmin", "reviews"],
} satisfies StringsHandle;

/**
 * The lists, each paged on its own: its cursor rides in its own query parameter, so paging one
 * list leaves the others where they were. `anchor` is the list's heading, where a page link lands.
 */
const LISTS = {
  registrations: { anchor: "registrations-heading" },
  contact: { anchor: "contact-heading" },
  subscriptions: { anchor: "subs-heading" },
  feedback: { anchor: "moderation-heading" },
  accounts: { anchor: "accounts-heading" },
} as const;
type ListName = keyof typeof LISTS;

/** The links beside a list: its first page (when elsewhere), the newer and the older page. */
interface PageLinks {
  newest: string | null;
  newer: string | null;
  older: string | null;
}

/**
 * /admin: the inbox (contact messages and registration requests), approvals, subscriptions,
 * feedback moderation and the newsletter export. Server-rendered; every action a POST, logged with
 * the admin's user id. Each list shows 20 rows a page (keyset paging: app/lib/keyset.server.ts).
 */
/** Whether this email is the signed-in admin's own. */
const isSelf = (admin: { email: string | null }, email: string) =>
  admin.email !== null && admin.email.trim().toLowerCase() === email.trim().toLowerCase();

export async function loader({ context, request }: Route.LoaderArgs) {
  const admin = getAdmin(context);
  const { db, idp } = servicesOf(context);
  const { locale, i18n } = context.get(localeContext);
  const url = new URL(request.url);
  // Every cursor is checked before anything is read. One that this page did not write (cut short,
  // edited by hand) is refused with 400 — but the page still shows, that list from its newest, so
  // the admin can carry on.
  const cursors = {} as Record<ListName, PageCursor | null>;
  let badCursor = false;
  for (const list of Object.keys(LISTS) as ListName[]) {
    const parsed = parseCursor(url.searchParams.get(list));
    cursors[list] = parsed.ok ? parsed.cursor : null;
    if (!parsed.ok) badCursor = true;
  }
  const submission = (s: SubmissionListItem) => ({
    id: s.id,
    name: s.name,
    email: s.email,
    phone: s.phone,
    message: s.message,
    received: formatDateTime(s.created_at, locale),
    status: s.status,
    forward: s.forward_status,
    forwardError: s.forward_error,
    forwardAttempts: s.forward_attempts,
  });
  const [registrations, contact, subscriptions, feedback, accounts, newsletterCount] = await Promise.all([
    listSubmissionsPage(db, "registration", cursors.registrations),
    listSubmissionsPage(db, "contact", cursors.contact),
    listSubscriptionsPage(db, cursors.subscriptions),
    listFeedbackForModeration(db, cursors.feedback),
    // The embedded provider's accounts (none when sign-in is at an external provider).
    idp ? listIdpAccountsPage(db, cursors.accounts) : null,
    countNewsletter(db),
  ]);
  const pages = { registrations, contact, subscriptions, feedback, accounts };
  // The page links keep the other lists where they are: each list's cursor, unless it is on its
  // first page (a bad cursor, or a Newer link that reached the top) — then none.
  const here = new URLSearchParams(url.searchParams);
  for (const list of Object.keys(LISTS) as ListName[]) if (pages[list]?.first !== false) here.delete(list);
  const hrefTo = (list: ListName, cursor: string | null) => {
    const params = new URLSearchParams(here);
    if (cursor) params.set(list, cursor);
    else params.delete(list);
    const search = params.toString();
    return `/admin${search ? `?${search}` : ""}#${LISTS[list].anchor}`;
  };
  const pageLinks = (list: ListName, page: Page<unknown>): PageLinks => ({
    newest: page.first ? null : hrefTo(list, null),
    newer: page.newer ? hrefTo(list, page.newer) : null,
    older: page.older ? hrefTo(list, page.older) : null,
  });
  return data(
    {
      title: i18n.t("admin.metaTitle"),
      badCursor,
      registrations: { items: registrations.items.map(submission), pages: pageLinks("registrations", registrations) },
      contact: { items: contact.items.map(submission), pages: pageLinks("contact", contact) },
      subscriptions: {
        items: subscriptions.items.map((s) => ({
          id: s.id,
          email: s.email ?? s.userId ?? "",
          startsAt: formatDate(s.startsAt, locale),
          endsAt: s.endsAt ? formatDate(s.endsAt, locale) : null,
          grantedBy: s.grantedBy,
          source: subscriptionSource(s.grantedBy),
          state: s.active ? "active" : s.revokedAt ? "revoked" : "ended",
        })),
        pages: pageLinks("subscriptions", subscriptions),
      },
      feedback: {
        items: feedback.items.map((f) => ({ ...f, date: formatDate(f.date, locale) })),
        pages: pageLinks("feedback", feedback),
      },
      newsletterCount,
      accounts: accounts
        ? {
            // The admin's own row offers no Disable (the action refuses it too).
            items: accounts.items.map((a) => ({ ...a, self: isSelf(admin, a.email) })),
            pages: pageLinks("accounts", accounts),
          }
        : null,
    },
    { status: badCursor ? 400 : 200 },
  );
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("handle"), kind: z.enum(["contact", "registration"]), id: z.uuid() }),
  z.object({
    intent: z.literal("approve"),
    id: z.uuid(),
    until: z.union([z.literal(""), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]).default(""),
  }),
  z.object({ intent: z.literal("reject"), id: z.uuid() }),
  z.object({ intent: z.literal("revoke"), id: z.uuid() }),
  z.object({ intent: z.enum(["hide", "show", "delete-feedback"]), id: z.uuid() }),
  z.object({ intent: z.enum(["disable-account", "enable-account"]), email: z.string().trim().min(3).max(254) }),
]);

/** What became of the approved person's account: a link mailed, a link to copy, or nothing to do. */
type Invite =
  | { email: string; mailed: true }
  | { email: string; mailed: false; error: string; link: string }
  | { email: string; hadPassword: true };

export async function action({ context, request }: Route.ActionArgs) {
  const admin = getAdmin(context);
  const { db, log, idp, config } = servicesOf(context);
  const embeddedIssuer = `${config.PUBLIC_URL}${IDP_MOUNT}`;
  const form = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === "string"));
  const parsed = actionSchema.safeParse(form);
  if (!parsed.success)
    return data({ ok: false, message: "admin.notFound" as const, invite: null as Invite | null }, { status: 400 });
  const input = parsed.data;
  const by = `admin:${admin.id}`;
  const done = (
    ok: boolean,
    message: "admin.done" | "admin.notFound" | "admin.badDate" | "admin.alreadyDecided" | "admin.cannotDisableSelf" = ok
      ? "admin.done"
      : "admin.notFound",
  ) =>
    data(
      { ok, message, invite: null as Invite | null },
      {
        status: ok
          ? 200
          : message === "admin.badDate"
            ? 400
            : message === "admin.alreadyDecided" || message === "admin.cannotDisableSelf"
              ? 409
              : 404,
      },
    );
  /** Nothing changed: gone, or decided already (by another click or another admin). */
  const unchanged = async (kind: SubmissionKind, id: string) =>
    (await findSubmission(db, kind, id)) ? done(false, "admin.alreadyDecided") : done(false);

  switch (input.intent) {
    case "handle": {
      const ok = await setSubmissionStatus(db, input.kind as SubmissionKind, input.id, "handled", by);
      if (!ok) return unchanged(input.kind as SubmissionKind, input.id);
      log.info({ adminId: admin.id, kind: input.kind, submissionId: input.id }, "admin: marked handled");
      return done(ok);
    }
    case "approve": {
      const request = await findSubmission(db, "registration", input.id);
      if (!request) return done(false);
      let endsAt: Date | null = null;
      if (input.until) {
        // The end of that day on the school's clock, so the list shows the day the admin chose.
        endsAt = endOfBusinessDay(input.until) ?? null;
        if (!endsAt || endsAt <= new Date()) return done(false, "admin.badDate");
      }
      // The grant rides on the conditional update: only the request that moves it from pending grants.
      const granted = await db.transaction().execute(async (trx) => {
        if (!(await setSubmissionStatus(trx, "registration", request.id, "approved", by))) return false;
        await grantSubscription(trx, { email: request.email, endsAt, grantedBy: `request:${request.id}`, note: by });
        return true;
      });
      if (!granted) return unchanged("registration", request.id);
      log.info(
        { adminId: admin.id, requestId: request.id, until: input.until || null },
        "admin: registration approved, subscription granted",
      );
      if (!idp) return done(true);
      // With the embedded provider, the approval is also the person's account: made (without a
      // password) if none, and a one-time link to set the password emailed — or shown here to copy.
      const { account, created } = await ensureAccountForApproval(db, request);
      let invite: Invite;
      if (hasPassword(account)) {
        invite = { email: account.email, hadPassword: true };
      } else {
        const token = await createAccountToken(db, account.id, "set");
        const link = `${config.PUBLIC_URL}${SET_PASSWORD_PATH}?token=${token}`;
        const mail = await sendAccountMail(config, "setPassword", account.email, link);
        invite = mail.ok
          ? { email: account.email, mailed: true }
          : { email: account.email, mailed: false, error: mail.error, link };
        if (!mail.ok) log.warn({ adminId: admin.id, error: mail.error }, "admin: set-password link not emailed");
      }
      log.info({ adminId: admin.id, accountId: account.id, created }, "admin: account ready for the approved request");
      return data({ ok: true, message: "admin.done" as const, invite });
    }
    case "reject": {
      const ok = await setSubmissionStatus(db, "registration", input.id, "rejected", by);
      if (!ok) return unchanged("registration", input.id);
      log.info({ adminId: admin.id, requestId: input.id }, "admin: registration rejected");
      return done(ok);
    }
    case "revoke": {
      // What only the subscription gave goes with it: certificates and reviews (earned.server.ts).
      const ok = await revokeSubscriptionAndEarned(db, input.id, by);
      log.info({ adminId: admin.id, subscriptionId: input.id }, "admin: subscription revoked");
      return done(ok);
    }
    case "hide":
    case "show": {
      const ok = await setFeedbackHidden(db, input.id, input.intent === "hide");
      log.info(
        { adminId: admin.id, feedbackId: input.id, hidden: input.intent === "hide" },
        "admin: feedback moderated",
      );
      return done(ok);
    }
    case "disable-account":
    case "enable-account": {
      if (!idp) return done(false);
      const disable = input.intent === "disable-account";
      // Disabling oneself would end one's own session and sign-in at once: with no other admin,
      // nobody could reach this page again.
      if (disable && isSelf(admin, input.email)) return done(false, "admin.cannotDisableSelf");
      const account = await setIdpAccountDisabled(db, input.email, disable, { embeddedIssuer });
      if (!account) return done(false);
      log.info({ adminId: admin.id, accountId: account.id, disabled: disable }, "admin: account disabled or enabled");
      return done(true);
    }
    case "delete-feedback": {
      const ok = await deleteFeedback(db, input.id);
      log.info({ adminId: admin.id, feedbackId: input.id }, "admin: feedback deleted");
      return done(ok);
    }
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

function ActionButton({
  intent,
  id,
  label,
  extra,
  danger = false,
}: {
  intent: string;
  id: string;
  label: string;
  extra?: Record<string, string>;
  danger?: boolean;
}) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {Object.entries(extra ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button
        type="submit"
        className={`btn ${danger ? "border border-danger-700 text-danger-700 hover:bg-red-50" : "btn-secondary"} px-2 py-1 text-xs`}
      >
        {label}
      </button>
    </Form>
  );
}

type Loader = Route.ComponentProps["loaderData"];

function InviteResult({ invite }: { invite: Invite }) {
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
      <p>{t("admin.inviteNotMailed", { email: invite.email, error: invite.error })}</p>
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

/** A list's page links: real links, working without JavaScript, each landing on its list's heading. */
function Pager({ label, pages }: { label: string; pages: PageLinks }) {
  const { t } = useTranslation();
  if (!pages.newest && !pages.newer && !pages.older) return null;
  const link = (to: string, text: string, rel?: string) => (
    <Link to={to} rel={rel} className="btn btn-secondary px-3 py-1 text-sm">
      {text}
    </Link>
  );
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-3" data-testid="pager">
      {pages.newest ? link(pages.newest, t("admin.newest")) : null}
      {pages.newer ? link(pages.newer, t("admin.newer"), "prev") : null}
      {pages.older ? link(pages.older, t("admin.older"), "next") : null}
    </nav>
  );
}

function Accounts({ accounts }: { accounts: NonNullable<Loader["accounts"]> }) {
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

type InboxItem = Loader["contact"]["items"][number];

function Inbox({ items, kind }: { items: InboxItem[]; kind: SubmissionKind }) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="text-ink-600">{t("admin.none")}</p>;
  const statusLabel = {
    pending: t("admin.statusPending"),
    handled: t("admin.statusHandled"),
    approved: t("admin.statusApproved"),
    rejected: t("admin.statusRejected"),
  };
  const forwardLabel = (item: InboxItem) =>
    item.forward === "none"
      ? t("admin.forwardNone")
      : item.forward === "sent"
        ? t("admin.forwardSent")
        : item.forward === "pending"
          ? t("admin.forwardPending")
          : t("admin.forwardFailed", { error: item.forwardError ?? "" });
  return (
    <ul className="space-y-3" data-testid={`inbox-${kind}`}>
      {items.map((item) => (
        <li
          key={item.id}
          className="rounded-lg border border-ink-200 p-4"
          data-testid="inbox-item"
          data-status={item.status}
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-bold">
              <bdi>{item.name}</bdi> · <bdi dir="ltr">{item.email}</bdi> · <bdi dir="ltr">{item.phone}</bdi>
            </p>
            <p className="text-sm text-ink-600">
              {t("admin.received")}: {item.received}
            </p>
          </div>
          {item.message ? (
            <p className="mt-2 whitespace-pre-line text-ink-800" dir="auto">
              {item.message}
            </p>
          ) : null}
          <p className="mt-2 text-sm text-ink-700">
            {t("admin.status")}: <strong data-testid="inbox-status">{statusLabel[item.status]}</strong> ·{" "}
            {t("admin.forwarding")}: <span data-testid="inbox-forward">{forwardLabel(item)}</span>
          </p>
          {item.status === "pending" ? (
            <div className="mt-3 flex flex-wrap items-end gap-2">
              {kind === "registration" ? (
                <>
                  <Form method="post" className="flex items-end gap-2">
                    <input type="hidden" name="intent" value="approve" />
                    <input type="hidden" name="id" value={item.id} />
                    <label className="text-xs">
                      {t("admin.approveUntil")}
                      <input type="date" name="until" className="ms-2 rounded border border-ink-300 px-2 py-1" />
                    </label>
                    <button type="submit" className="btn btn-primary px-2 py-1 text-xs">
                      {t("admin.approve")}
                    </button>
                  </Form>
                  <ActionButton intent="reject" id={item.id} label={t("admin.reject")} danger />
                </>
              ) : (
                <ActionButton intent="handle" id={item.id} label={t("admin.markHandled")} extra={{ kind }} />
              )}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
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
        <section aria-labelledby="course-builder-heading">
          <h2 id="course-builder-heading" className="mb-2 text-2xl font-bold">
            {t("courseAdmin.title")}
          </h2>
          <p className="mb-4 text-ink-700">{t("courseAdmin.adminLinkIntro")}</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/admin/courses" className="btn btn-primary">
              {t("courseAdmin.adminLink")}
            </Link>
            <Link to="/admin/certificates" className="btn btn-secondary">
              {t("certificate.adminLink")}
            </Link>
            <Link to="/admin/reviews" className="btn btn-secondary">
              {t("reviews.adminLink")}
            </Link>
            <Link to="/admin/payments" className="btn btn-secondary">
              {t("adminPayments.adminLink")}
            </Link>
          </div>
        </section>
        <section aria-labelledby="inbox-heading">
          <h2 id="inbox-heading" className="mb-4 text-2xl font-bold">
            {t("admin.inbox")}
          </h2>
          <h3 id="registrations-heading" className="mb-3 text-lg font-bold">
            {t("admin.registrationRequests")}
          </h3>
          <Inbox items={loaderData.registrations.items} kind="registration" />
          <Pager label={t("admin.pagesRegistrations")} pages={loaderData.registrations.pages} />
          <h3 id="contact-heading" className="mt-8 mb-3 text-lg font-bold">
            {t("admin.contactMessages")}
          </h3>
          <Inbox items={loaderData.contact.items} kind="contact" />
          <Pager label={t("admin.pagesContact")} pages={loaderData.contact.pages} />
        </section>
        <AdminTable
          name="subscriptions"
          headingId="subs-heading"
          title={t("admin.subscriptions")}
          columns={[t("admin.subscriber"), t("admin.from"), t("admin.until"), t("admin.grantedBy"), t("admin.status")]}
          actions={t("admin.revoke")}
          footer={<Pager label={t("admin.pagesSubscriptions")} pages={loaderData.subscriptions.pages} />}
        >
          {loaderData.subscriptions.items.map((s) => (
            <tr key={s.id} className="border-b border-ink-100">
              <td className="py-2">
                <bdi dir="ltr">{s.email}</bdi>
              </td>
              <td className="py-2">{s.startsAt}</td>
              <td className="py-2">{s.endsAt ?? t("admin.noEnd")}</td>
              <td className="py-2">
                {s.source === "payment"
                  ? t("adminPayments.sourcePayment", { provider: "Stripe" })
                  : s.source === "approval"
                    ? t("adminPayments.sourceApproval")
                    : t("adminPayments.sourceManual")}
                <bdi dir="ltr" className="block text-xs text-ink-600">
                  {s.grantedBy}
                </bdi>
              </td>
              <td className="py-2">{t(`admin.${s.state}` as "admin.active")}</td>
              <td className="py-2">
                {s.state === "active" ? (
                  <ActionButton intent="revoke" id={s.id} label={t("admin.revoke")} danger />
                ) : null}
              </td>
            </tr>
          ))}
        </AdminTable>
        <section aria-labelledby="moderation-heading">
          <h2 id="moderation-heading" className="mb-4 text-2xl font-bold">
            {t("admin.feedback")}
          </h2>
          {loaderData.feedback.items.length === 0 ? <p className="text-ink-600">{t("admin.none")}</p> : null}
          <ul className="space-y-2" data-testid="moderation">
            {loaderData.feedback.items.map((f) => (
              <li
                key={f.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded border border-ink-200 p-3"
                data-testid="moderation-item"
              >
                <p className="min-w-0 flex-1">
                  <strong>
                    <bdi>{f.name}</bdi>
                  </strong>{" "}
                  ({f.rating}/5, {f.date}){f.hidden ? ` · ${t("admin.hidden")}` : ""}:{" "}
                  <span dir="auto">{f.comment}</span>
                </p>
                <div className="flex gap-2">
                  <ActionButton
                    intent={f.hidden ? "show" : "hide"}
                    id={f.id}
                    label={f.hidden ? t("admin.show") : t("admin.hide")}
                  />
                  <ActionButton intent="delete-feedback" id={f.id} label={t("admin.delete")} danger />
                </div>
              </li>
            ))}
          </ul>
          <Pager label={t("admin.pagesFeedback")} pages={loaderData.feedback.pages} />
        </section>
        {loaderData.accounts ? <Accounts accounts={loaderData.accounts} /> : null}
        <section aria-labelledby="newsletter-heading">
          <h2 id="newsletter-heading" className="mb-4 text-2xl font-bold">
            {t("admin.newsletter", { count: loaderData.newsletterCount })}
          </h2>
          <a href="/admin/newsletter.csv" className="btn btn-primary" download>
            {t("admin.downloadCsv")}
          </a>
        </section>
      </div>
    </>
  );
}
