import { useTranslation } from "~/i18n/use-translation";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { Field, PLAIN_LABEL } from "~/components/ui/field";
import { localeContext, servicesOf } from "~/context.server";
import { EMBEDDED_CLIENT_ID, EMBEDDED_SCOPES } from "~/lib/idp/provider.server";
import { clearConfirmToken, readConfirmToken, readTransaction } from "~/lib/cookies.server";
import { checkConfirmToken, confirmEmailWithToken } from "~/models/account-tokens.server";
import { checkIdpCredentials, DEMO_ACCOUNTS, DEMO_PASSWORD } from "~/models/idp-account.server";
import { signUpOpen } from "~/models/sign-up.server";
import type { Route } from "./+types/idp-interaction";
import { passHeaders } from "~/lib/http";
import type { StringsHandle } from "~/i18n/sections";

/**
 * The embedded provider's login page (/idp/interaction/:uid): email and password, checked against
 * idp_accounts. The same message for an unknown email and a wrong password; rate-limited per
 * client address and per account and address (never per account alone). After a sign-up's
 * confirmation link (its token in a cookie: routes/account/confirm.tsx), the right password for
 * that account confirms its email and signs in. It offers sign-up, coming back to the same page.
 */

const credentials = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
});

async function interaction(context: Route.LoaderArgs["context"]) {
  const { idp, nodeReq, nodeRes } = servicesOf(context);
  if (!idp) throw data("Not Found", { status: 404 });
  try {
    return { idp, details: await idp.interactionDetails(nodeReq, nodeRes) };
  } catch {
    return { idp, details: undefined };
  }
}

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["account", "idp", "register"] } satisfies StringsHandle;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { idp, details } = await interaction(context);
  const { nodeReq, nodeRes } = servicesOf(context);
  const { i18n } = context.get(localeContext);
  const demo = servicesOf(context).config.demo
    ? { password: DEMO_PASSWORD, emails: DEMO_ACCOUNTS.map((a) => a.email) }
    : null;
  const { db, config, cookieSecrets } = servicesOf(context);
  // Where sign-in will go on to (the site's own sign-in cookie): a sign-up from here goes there too.
  const returnTo = (await readTransaction(config, cookieSecrets, request))?.returnTo ?? "/";
  const confirmToken = await readConfirmToken(config, cookieSecrets, request);
  const confirming = confirmToken ? await checkConfirmToken(db, confirmToken) : null;
  const base = {
    title: i18n.t("idp.metaTitle"),
    demo,
    confirmingEmail: confirming?.email ?? null,
    signUpHref: (await signUpOpen(db))
      ? returnTo === "/"
        ? "/account/signup"
        : `/account/signup?returnTo=${encodeURIComponent(returnTo)}`
      : null,
  };
  if (!details || details.uid !== params.uid) return data({ ...base, expired: true }, { status: 400 });
  if (details.prompt.name !== "login") {
    // Consent for our own first-party client: granted without a screen.
    const grant = new idp.Grant({ clientId: EMBEDDED_CLIENT_ID, accountId: details.session!.accountId });
    grant.addOIDCScope(EMBEDDED_SCOPES);
    const grantId = await grant.save();
    const to = await idp.interactionResult(
      nodeReq,
      nodeRes,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
    throw redirect(to);
  }
  return { ...base, expired: false };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, log, clientIp, nodeReq, nodeRes, rateLimits, config, cookieSecrets } = servicesOf(context);
  const { details, idp } = await interaction(context);
  if (!details || details.uid !== params.uid) return data({ error: "expired" as const, email: "" }, { status: 400 });
  const form = await request.formData();
  const parsed = credentials.safeParse({ email: form.get("email"), password: form.get("password") });
  const email = typeof form.get("email") === "string" ? String(form.get("email")).slice(0, 254) : "";
  if (!parsed.success) return data({ error: "missing" as const, email }, { status: 400 });

  // Counted before the password is checked (one atomic step each, shared by every process), so
  // parallel guesses cannot slip past; a right password gives its count back, so only failures
  // count. Per address, and per account and address: never per account alone, so nobody can lock
  // an account out from elsewhere (docs/decisions/0010).
  const accountKey = `${parsed.data.email.toLowerCase()}|${clientIp}`;
  const limits = [
    await rateLimits.loginByAddress.consume(clientIp),
    await rateLimits.loginByAccountAndAddress.consume(accountKey),
  ];
  const blocked = limits.filter((l) => !l.ok);
  if (blocked.length > 0) {
    log.warn({ route: "idp-login" }, "rate limit hit");
    const retryAfter = Math.max(...blocked.map((l) => l.retryAfter));
    return data(
      { error: "tooMany" as const, email, retryAfter },
      { status: 429, headers: { "Retry-After": String(retryAfter) } },
    );
  }
  const check = await checkIdpCredentials(db, parsed.data.email, parsed.data.password);
  if (check.status === "invalid") {
    log.info({ route: "idp-login" }, "embedded provider: failed sign-in");
    return data({ error: "invalid" as const, email }, { status: 401 });
  }
  const { account } = check;
  const confirmToken = await readConfirmToken(config, cookieSecrets, request);
  if (check.status === "unconfirmed") {
    // The confirmation link followed in this browser, and the password chosen at sign-up: confirmed.
    const confirmed = confirmToken && (await confirmEmailWithToken(db, confirmToken, account.id));
    if (!confirmed) {
      log.info({ route: "idp-login", accountId: account.id }, "embedded provider: sign-in before confirming");
      return data({ error: "unconfirmed" as const, email }, { status: 403 });
    }
    log.info({ accountId: account.id }, "account: email confirmed by its link and password");
  }
  await rateLimits.loginByAddress.refund(clientIp);
  await rateLimits.loginByAccountAndAddress.reset(accountKey);
  const to = await idp.interactionResult(
    nodeReq,
    nodeRes,
    { login: { accountId: account.id } },
    { mergeWithLastSubmission: false },
  );
  return redirect(
    to,
    confirmToken ? { headers: { "Set-Cookie": await clearConfirmToken(config, cookieSecrets) } } : {},
  );
}

export const headers = passHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

export default function IdpLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (loaderData.expired || actionData?.error === "expired") {
    return (
      <section className="container-page py-20 text-center">
        <h1 className="text-3xl font-bold">{t("idp.expired")}</h1>
        <a href="/signin" className="btn btn-primary btn-lg mt-8">
          {t("idp.restart")}
        </a>
      </section>
    );
  }
  const error = actionData?.error;
  const message =
    error === "invalid"
      ? t("idp.invalid")
      : error === "unconfirmed"
        ? t("idp.unconfirmed")
        : error === "missing"
          ? t("idp.missing")
          : error === "tooMany"
            ? t("idp.tooMany", { count: actionData && "retryAfter" in actionData ? actionData.retryAfter : 60 })
            : null;
  return (
    <section className="container-page flex justify-center py-16" aria-labelledby="idp-title">
      <div className="w-full max-w-md rounded-[var(--radius-card)] border border-ink-100 p-8 shadow-[var(--shadow-card)]">
        <h1 id="idp-title" className="text-2xl font-bold">
          {t("idp.title")}
        </h1>
        <p className="mt-2 text-ink-600">{t("idp.subtitle")}</p>
        {loaderData.confirmingEmail ? (
          <p
            role="status"
            className="mt-4 rounded-md bg-brand-50 p-3 text-sm text-ink-800"
            data-testid="idp-confirming"
          >
            {t("idp.confirming")}
          </p>
        ) : null}
        {/* A document post: the answer is a redirect into the provider, which the router must not intercept. */}
        <Form method="post" reloadDocument className="mt-6 space-y-4" noValidate>
          {message ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-semibold text-danger-700" id="idp-error">
              {message}
            </p>
          ) : null}
          <Field
            id="idp-email"
            label={t("idp.email")}
            describedBy={message ? "idp-error" : undefined}
            required
            labelClassName={PLAIN_LABEL}
          >
            {(control) => (
              <input
                {...control}
                name="email"
                type="email"
                autoComplete="username"
                dir="ltr"
                defaultValue={actionData?.email ?? loaderData.confirmingEmail ?? ""}
                className="w-full rounded-md border border-ink-300 px-3 py-2"
              />
            )}
          </Field>
          <Field id="idp-password" label={t("idp.password")} required labelClassName={PLAIN_LABEL}>
            {(control) => (
              <input
                {...control}
                name="password"
                type="password"
                autoComplete="current-password"
                dir="ltr"
                className="w-full rounded-md border border-ink-300 px-3 py-2"
              />
            )}
          </Field>
          <button type="submit" className="btn btn-primary btn-lg w-full" disabled={navigation.state === "submitting"}>
            {t("idp.signIn")}
          </button>
        </Form>
        <p className="mt-4 text-center">
          <a href="/account/forgot" className="text-brand-700 underline">
            {t("account.forgotLink")}
          </a>
        </p>
        {loaderData.signUpHref ? (
          <p className="mt-6 border-t border-ink-100 pt-6 text-center text-ink-700">
            {t("idp.newHere")}{" "}
            <a
              href={loaderData.signUpHref}
              className="font-semibold text-brand-700 underline"
              data-testid="sign-up-link"
            >
              {t("idp.createAccount")}
            </a>
          </p>
        ) : null}
        {loaderData.demo ? (
          <div className="mt-6 rounded-md bg-brand-50 p-4 text-sm text-ink-700">
            <p>{t("idp.demoHint")}</p>
            <ul className="mt-2 space-y-1">
              {loaderData.demo.emails.map((email) => (
                <li key={email}>
                  <code>{email}</code>
                </li>
              ))}
            </ul>
            <p className="mt-2">
              {t("register.demoPassword")} <code>{loaderData.demo.password}</code>
            </p>
          </div>
        ) : null}
      </div>
    </section>
  );
}
