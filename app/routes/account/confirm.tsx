import { data, redirect } from "react-router";
import { AccountCard } from "~/components/auth/account-card";
import { localeContext, servicesOf } from "~/context.server";
import { useTranslation } from "~/i18n/use-translation";
import { serializeConfirmToken } from "~/lib/cookies.server";
import { passHeaders, safeReturnTo } from "~/lib/http";
import { checkConfirmToken } from "~/models/account-tokens.server";
import { NO_STORE, signInHref } from "./account.server";
import type { Route } from "./+types/confirm";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["account"] } satisfies StringsHandle;

/**
 * /account/confirm?token=…&returnTo=…: the link a sign-up's email carries. It changes nothing by
 * itself (a mail scanner that opens it confirms nothing): it keeps the token in a signed cookie and
 * starts sign-in, where the password chosen at sign-up confirms the address and signs in, then
 * goes on to returnTo. A link that is used, expired or replaced gets a page that says what to do.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, idp, config, cookieSecrets } = servicesOf(context);
  if (!idp) throw data("Not Found", { status: 404 });
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"));
  if (await checkConfirmToken(db, token)) {
    throw redirect(signInHref(returnTo), {
      status: 303,
      headers: { ...NO_STORE, "Set-Cookie": await serializeConfirmToken(config, cookieSecrets, token) },
    });
  }
  const { i18n } = context.get(localeContext);
  return data(
    { title: i18n.t("account.confirmMetaTitle"), signInHref: signInHref(returnTo), returnTo },
    { status: 400, headers: NO_STORE },
  );
}

export const headers = passHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

export default function Confirm({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const signUp =
    loaderData.returnTo === "/"
      ? "/account/signup"
      : `/account/signup?returnTo=${encodeURIComponent(loaderData.returnTo)}`;
  return (
    <AccountCard title={t("account.confirmInvalidTitle")}>
      <p className="mt-4 text-ink-700" data-testid="confirm-invalid">
        {t("account.confirmInvalidText")}
      </p>
      <a href={loaderData.signInHref} className="btn btn-primary btn-lg mt-6 w-full">
        {t("account.signIn")}
      </a>
      <a href={signUp} className="btn btn-secondary mt-3 w-full">
        {t("account.confirmSignUpAgain")}
      </a>
    </AccountCard>
  );
}
