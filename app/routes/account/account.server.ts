import type { RouterContextProvider } from "react-router";
import { getViewer, requireUser, servicesOf } from "~/context.server";
import type { Config } from "~/lib/env.server";
import { IDP_MOUNT } from "~/lib/idp/provider.server";
import { passwordProblem } from "~/lib/password-policy.server";
import type { PasswordFormErrors } from "~/models/account.schema";
import { findUserById } from "~/models/user.server";

/* What the account pages (/account/…) share: they manage the embedded provider's accounts. */

/** Answers about a person's own account are kept by no cache. */
export const NO_STORE = { "Cache-Control": "private, no-store" };

/** The embedded provider's issuer: the users it signed in are the ones whose accounts these pages manage. */
export function embeddedIssuer(config: Config): string {
  return `${config.PUBLIC_URL}${IDP_MOUNT}`;
}

/** The form's errors when the password policy refuses a new password, or null when it is acceptable. */
export function weakPasswordErrors(password: string): PasswordFormErrors | null {
  const problem = passwordProblem(password);
  return problem ? { password: `account.errors.${problem}` } : null;
}

/** Where a sign-up's confirmation link leads (app/routes/account/confirm.tsx). */
export const CONFIRM_PATH = "/account/confirm";

/** The sign-in path that comes back to returnTo (a same-site path, already checked). */
export const signInHref = (returnTo: string) =>
  returnTo === "/" ? "/signin" : `/signin?returnTo=${encodeURIComponent(returnTo)}`;

/**
 * The embedded account behind the signed-in person (a visitor is sent to sign in), or null when
 * they signed in at another provider, which keeps their password and details.
 */
export async function embeddedAccountId(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<string | null> {
  const me = requireUser(getViewer(context), request);
  const { db, idp, config } = servicesOf(context);
  const user = await findUserById(db, me.id);
  return idp && user && user.issuer === embeddedIssuer(config) ? user.subject : null;
}
