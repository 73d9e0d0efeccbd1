import { data, redirect } from "react-router";
import { AuthErrorPage } from "~/components/auth/auth-error";
import { getViewer, localeContext, servicesOf } from "~/context.server";
import { serializeTransaction } from "~/lib/cookies.server";
import { SignInError } from "~/lib/oidc.server";
import type { Route } from "./+types/signin";
import { passHeaders, safeReturnTo } from "~/lib/http";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["auth"] } satisfies StringsHandle;

/** Starts the authorization-code flow with PKCE, state and nonce; remembers them in a signed cookie. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, oidc, cookieSecrets, log, clientIp, rateLimits } = servicesOf(context);
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"));
  if (getViewer(context).isAuthenticated) throw redirect(returnTo);
  const limit = await rateLimits.signin.consume(clientIp);
  if (!limit.ok) {
    log.warn({ route: "signin" }, "rate limit hit");
    throw data("Too Many Requests", { status: 429, headers: { "Retry-After": String(limit.retryAfter) } });
  }
  try {
    const { url, transaction } = await oidc.startSignIn(returnTo);
    throw redirect(url.href, {
      headers: { "Set-Cookie": await serializeTransaction(config, cookieSecrets, transaction) },
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    log.error({ err: error }, "sign-in could not start: the provider did not answer");
    const code = error instanceof SignInError ? error.code : "request_error";
    return data(
      { code, title: context.get(localeContext).i18n.t("auth.metaTitle") },
      { status: code === "timeout" ? 504 : 502 },
    );
  }
}

export const headers = passHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

export default function SignIn({ loaderData }: Route.ComponentProps) {
  return <AuthErrorPage code={loaderData.code} />;
}
