import { z } from "zod";
import type { Invite } from "~/components/admin/dashboard/invite-result";
import type { InboxItem } from "~/components/admin/dashboard/inbox";
import { endOfBusinessDay, formatDateTime } from "~/i18n/format";
import type { Locale } from "~/i18n/locale";
import { sendAccountMail } from "~/models/account-mail.server";
import {
  createAccountToken,
  ensureAccountForApproval,
  hasPassword,
  SET_PASSWORD_PATH,
} from "~/models/account-tokens.server";
import {
  findSubmission,
  setSubmissionStatus,
  settleOtherRequests,
  type SubmissionKind,
  type SubmissionListItem,
} from "~/models/submission.server";
import { grantSubscription } from "~/models/subscription.server";
import { reply, type ActionContext } from "./reply.server";

/** The inbox: contact messages and registration requests, marked handled, approved or rejected. */

export function inboxItem(s: SubmissionListItem, locale: Locale): InboxItem {
  return {
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
  };
}

export const inboxIntents = [
  z.object({ intent: z.literal("handle"), kind: z.enum(["contact", "registration"]), id: z.uuid() }),
  z.object({
    intent: z.literal("approve"),
    id: z.uuid(),
    until: z.union([z.literal(""), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]).default(""),
  }),
  z.object({ intent: z.literal("reject"), id: z.uuid() }),
] as const;
type InboxInput = z.infer<(typeof inboxIntents)[number]>;

export async function inboxAction(input: InboxInput, at: ActionContext) {
  const { db, log, admin, by } = at;
  /** Nothing changed: gone, or decided already (by another click or another admin). */
  const unchanged = async (kind: SubmissionKind, id: string) =>
    (await findSubmission(db, kind, id)) ? reply(false, "admin.alreadyDecided") : reply(false);

  switch (input.intent) {
    case "handle": {
      if (!(await setSubmissionStatus(db, input.kind, input.id, "handled", by))) return unchanged(input.kind, input.id);
      log.info({ adminId: admin.id, kind: input.kind, submissionId: input.id }, "admin: marked handled");
      return reply(true);
    }
    case "reject": {
      if (!(await setSubmissionStatus(db, "registration", input.id, "rejected", by)))
        return unchanged("registration", input.id);
      log.info({ adminId: admin.id, requestId: input.id }, "admin: registration rejected");
      return reply(true);
    }
    case "approve":
      return approve(input, at, unchanged);
  }
}

async function approve(
  input: Extract<InboxInput, { intent: "approve" }>,
  { db, log, idp, config, admin, by }: ActionContext,
  unchanged: (kind: SubmissionKind, id: string) => Promise<ReturnType<typeof reply>>,
) {
  const request = await findSubmission(db, "registration", input.id);
  if (!request) return reply(false);
  let endsAt: Date | null = null;
  if (input.until) {
    // The end of that day on the school's clock, so the list shows the day the admin chose.
    endsAt = endOfBusinessDay(input.until) ?? null;
    if (!endsAt || endsAt <= new Date()) return reply(false, "admin.badDate");
  }
  // The grant rides on the conditional update: only the request that moves it from pending grants.
  const granted = await db.transaction().execute(async (trx) => {
    if (!(await setSubmissionStatus(trx, "registration", request.id, "approved", by))) return false;
    await grantSubscription(trx, { email: request.email, endsAt, grantedBy: `request:${request.id}`, note: by });
    await settleOtherRequests(trx, request.email, request.id, by);
    return true;
  });
  if (!granted) return unchanged("registration", request.id);
  log.info(
    { adminId: admin.id, requestId: request.id, until: input.until || null },
    "admin: registration approved, subscription granted",
  );
  if (!idp) return reply(true);
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
      : { email: account.email, mailed: false, reason: mail.reason, link };
    if (!mail.ok) log.warn({ adminId: admin.id, error: mail.error }, "admin: set-password link not emailed");
  }
  log.info({ adminId: admin.id, accountId: account.id, created }, "admin: account ready for the approved request");
  return reply(true, "admin.done", invite);
}
