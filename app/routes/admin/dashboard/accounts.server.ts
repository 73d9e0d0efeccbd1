import { z } from "zod";
import type { AccountLink } from "~/components/admin/dashboard/invite-result";
import { createAccountToken, SET_PASSWORD_PATH, hasPassword } from "~/models/account-tokens.server";
import { sendAccountMail } from "~/models/account-mail.server";
import { findIdpAccountByEmail, setIdpAccountDisabled } from "~/models/idp-account.server";
import { confirmEmailByAdmin, newConfirmationToken, setSignUpOpen } from "~/models/sign-up.server";
import { IDP_MOUNT } from "~/lib/idp/provider.server";
import { isSelf, reply, type ActionContext } from "./reply.server";

/**
 * The embedded provider's accounts (none when sign-in is at an external provider): disable or
 * enable one; confirm a sign-up's address by hand; a one-time link — to confirm the address, to set
 * a first password or to choose a new one — emailed, or shown to copy and send another way (a school
 * without mail, or a learner who cannot find the email); and the switch that opens or closes
 * self-service sign-up.
 */

const email = z.string().trim().min(3).max(254);
export const accountIntents = [
  z.object({ intent: z.enum(["disable-account", "enable-account", "confirm-account"]), email }),
  z.object({ intent: z.literal("account-link"), email, deliver: z.enum(["mail", "show"]) }),
  z.object({ intent: z.literal("sign-up"), open: z.enum(["on", "off"]) }),
] as const;

type AccountInput = z.infer<(typeof accountIntents)[number]>;

export async function accountsAction(input: AccountInput, at: ActionContext) {
  const { db, log, idp, config, admin } = at;
  if (!idp) return reply(false);
  if (input.intent === "sign-up") {
    const changed = await setSignUpOpen(db, input.open === "on");
    if (changed)
      log.info({ adminId: admin.id, open: input.open === "on" }, "admin: self-service sign-up turned on or off");
    return reply(true);
  }
  if (input.intent === "account-link") return accountLink(input.email, input.deliver, at);
  if (input.intent === "confirm-account") {
    const account = await findIdpAccountByEmail(db, input.email);
    if (!account) return reply(false);
    if (await confirmEmailByAdmin(db, account.id))
      log.info({ adminId: admin.id, accountId: account.id }, "admin: sign-up's email confirmed by hand");
    return reply(true);
  }
  const disable = input.intent === "disable-account";
  // Disabling oneself would end one's own session and sign-in at once: with no other admin,
  // nobody could reach this page again.
  if (disable && isSelf(admin, input.email)) return reply(false, "admin.cannotDisableSelf");
  const account = await setIdpAccountDisabled(db, input.email, disable, {
    embeddedIssuer: `${config.PUBLIC_URL}${IDP_MOUNT}`,
  });
  if (!account) return reply(false);
  if (account.changed)
    log.info({ adminId: admin.id, accountId: account.id, disabled: disable }, "admin: account disabled or enabled");
  return reply(true);
}

/**
 * The link the account needs now: to confirm a sign-up still waiting, to set the first password of
 * an approved account that has none, or else to choose a new one. Emailed when asked and possible;
 * otherwise (or when the mail fails) shown to the admin to send another way.
 */
async function accountLink(address: string, deliver: "mail" | "show", { db, log, config, admin }: ActionContext) {
  const account = await findIdpAccountByEmail(db, address);
  if (!account || account.disabled_at !== null) return reply(false);
  let kind: AccountLink["kind"];
  let link: string;
  if (account.email_verified_at === null) {
    const made = await newConfirmationToken(db, account.id);
    if (!made) return reply(false);
    kind = "confirm";
    link = `${config.PUBLIC_URL}/account/confirm?token=${made.token}`;
  } else {
    kind = hasPassword(account) ? "reset" : "set";
    link = `${config.PUBLIC_URL}${SET_PASSWORD_PATH}?token=${await createAccountToken(db, account.id, kind)}`;
  }
  let result: AccountLink = { kind, email: account.email, mailed: false, link, error: null };
  if (deliver === "mail") {
    const mail = await sendAccountMail(
      config,
      kind === "confirm" ? "confirmEmail" : kind === "set" ? "setPassword" : "resetPassword",
      account.email,
      link,
    );
    result = mail.ok
      ? { kind, email: account.email, mailed: true }
      : { ...result, error: config.SMTP_URL ? "failed" : "noSmtp" };
    if (!mail.ok)
      log.warn({ adminId: admin.id, accountId: account.id, error: mail.error }, "admin: account link not emailed");
  }
  // Who gave out which kind of link, never the link: it is a password's worth.
  log.info({ adminId: admin.id, accountId: account.id, kind, mailed: result.mailed }, "admin: account link made");
  return reply(true, "admin.done", undefined, undefined, result);
}
