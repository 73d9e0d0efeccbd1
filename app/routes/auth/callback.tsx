import { data, redirect } from "react-router";
import { AuthErrorPage } from "~/components/auth/auth-error";
import { clearSessionCookie, clearTransaction, readSessionId, readTransaction } from "~/lib/cookies.server";
import { startSession } from "~/models/viewer.server";
import { localeContext, servicesOf } from "~/context.server";
import { SignInError } from "~/lib/oidc.server";
import type { SignInErrorCode } from "~/lib/oidc.types";
import { deleteSession } from "~/models/session.server";
import { claimEmailSubscriptions } from "~/models/subscription.server";
import { upsertUserFromProvider } from "~/models/user.server";
import type { Route } from "./+types/callback";
import { passHeaders } from "~/lib/http";
import type { StringsHandle } from "~/i18n/sections";

const STATUS: Record<SignInErrorCode, number> = {
  missing_transaction: 400,
  state_mismatch: 400,
  access_denied: 403,
  login_required: 401,
  login_failed: 400,
  timeout: 504,
  request_error: 502,
  secret_refused: 502,
  bad_algorithm: 502,
  clock_skew: 502,
  missing_claim: 502,
  userinfo_mismatch: 400,
};

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["auth"] } satisfies StringsHandle;

/** email_verified as providers send it: the boolean true, or the string "true". */
export function isVerified(value: unknown): boolean {
  return value === true || value === "true";
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim().slice(0, 500) : null;
}

/** Finishes the sign-in: checks the transaction, exchanges the code, validates the ID token, starts a session. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, db, oidc, cookieSecrets, log } = servicesOf(context);
  const title = context.get(localeContext).i18n.t("auth.metaTitle");
  const headers = new Headers();
  // The transaction is single-use: whatever happens next, it is gone (a replayed callback finds nothing).
  headers.append("Set-Cookie", await clearTransaction(config, cookieSecrets));
  const fail = (code: SignInErrorCode, description?: string, minutes?: number) =>
    data(
      { code, description: description ?? null, minutes: minutes ?? null, title },
      { status: STATUS[code], headers },
    );

  const transaction = await readTransaction(config, cookieSecrets, request);
  if (!transaction) {
    log.warn("sign-in callback without a transaction (expired, replayed or forged)");
    return fail("missing_transaction");
  }
  const url = new URL(request.url);
  const currentUrl = new URL(`${url.pathname}${url.search}`, config.PUBLIC_URL);
  try {
    const { claims } = await oidc.finishSignIn(currentUrl, transaction);
    const emailVerified = isVerified(claims.email_verified);
    const user = await upsertUserFromProvider(db, {
      issuer: claims.iss,
      subject: claims.sub,
      email: text(claims.email),
      emailVerified,
      name: text(claims.name) ?? text(claims.nickname),
      picture: text(claims.picture),
      phone: text(claims.phone_number),
      address: text((claims.address as { formatted?: unknown } | undefined)?.formatted),
    });
    await claimEmailSubscriptions(db, user);
    for (const cookie of await startSession(db, config, request, user.id, text(claims.sid)))
      headers.append("Set-Cookie", cookie);
    log.info({ userId: user.id }, "signed in");
    if (user.email && config.adminEmails.includes(user.email.toLowerCase()) && !emailVerified) {
      log.warn(
        { userId: user.id, email_verified: claims.email_verified ?? null },
        "admin email not verified by the provider (email_verified absent or not true): signed in without admin rights",
      );
    }
    return redirect(transaction.returnTo, { headers });
  } catch (error) {
    if (!(error instanceof SignInError)) throw error;
    if (error.code === "login_required") {
      // The provider says the person is no longer signed in there: sign them out here too.
      const sessionId = readSessionId(config, request);
      if (sessionId) await deleteSession(db, sessionId);
      headers.append("Set-Cookie", clearSessionCookie(config));
    }
    log.warn({ code: error.code }, "sign-in failed");
    const showDescription = error.code === "login_failed" || error.code === "access_denied";
    const minutes = error.code === "clock_skew" ? Number(error.description) : undefined;
    return fail(error.code, showDescription ? error.description : undefined, minutes);
  }
}

export const headers = passHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

export default function AuthCallback({ loaderData }: Route.ComponentProps) {
  return <AuthErrorPage code={loaderData.code} description={loaderData.description} minutes={loaderData.minutes} />;
}
