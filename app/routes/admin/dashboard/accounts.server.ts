import { z } from "zod";
import { setIdpAccountDisabled } from "~/models/idp-account.server";
import { IDP_MOUNT } from "~/lib/idp/provider.server";
import { isSelf, reply, type ActionContext } from "./reply.server";

/** The embedded provider's accounts: disable or enable one (none when sign-in is at an external provider). */

export const accountIntents = [
  z.object({ intent: z.enum(["disable-account", "enable-account"]), email: z.string().trim().min(3).max(254) }),
] as const;

export async function accountsAction(
  input: z.infer<(typeof accountIntents)[number]>,
  { db, log, idp, config, admin }: ActionContext,
) {
  if (!idp) return reply(false);
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
