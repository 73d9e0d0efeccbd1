import { data } from "react-router";
import type { AccountLink, DashboardMessage, Invite } from "~/components/admin/dashboard/invite-result";
import type { RequestInfo } from "~/context.server";
import type { Admin } from "~/routes/admin/guard.server";

/**
 * What every /admin form answers: whether it did it, the message to show, (after an approval) what
 * became of the person's account, and (after an account link was asked for) where that link went.
 * One shape for the dashboard's every intent.
 */
export function reply(
  ok: boolean,
  message: DashboardMessage = ok ? "admin.done" : "admin.notFound",
  invite?: Invite,
  status = ok
    ? 200
    : message === "admin.badDate"
      ? 400
      : message === "admin.alreadyDecided" || message === "admin.cannotDisableSelf"
        ? 409
        : 404,
  accountLink?: AccountLink,
) {
  return data({ ok, message, invite: invite ?? null, accountLink: accountLink ?? null }, { status });
}

/** What a dashboard part's action is given: the services and the admin (whom the audit log names). */
export interface ActionContext extends Pick<RequestInfo, "db" | "log" | "config" | "idp"> {
  admin: Admin;
  /** How a decision records who made it: `admin:<id>`. */
  by: string;
}

/** Whether this email is the signed-in admin's own. */
export const isSelf = (admin: { email: string | null }, email: string) =>
  admin.email !== null && admin.email.trim().toLowerCase() === email.trim().toLowerCase();
