import { data } from "react-router";
import type { DashboardMessage, Invite } from "~/components/admin/dashboard/invite-result";
import type { RequestInfo } from "~/context.server";
import type { Admin } from "~/routes/admin/guard.server";

/**
 * What every /admin form answers: whether it did it, the message to show, and (after an approval)
 * what became of the person's account. One shape for the dashboard's every intent.
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
) {
  return data({ ok, message, invite: invite ?? null }, { status });
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
