import { useEffect, useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { AccountCard, AccountField, AccountMessage, NewPasswordFields } from "~/components/auth/account-card";
import { Captcha } from "~/components/forms/captcha";
import { getViewer, localeContext, servicesOf } from "~/context.server";
import { useTranslation } from "~/i18n/use-translation";
import { CAPTCHA_ERRORS, captchaStatus, checkCaptcha } from "~/lib/captcha.server";
import { passHeaders, safeReturnTo } from "~/lib/http";
import { consumeAll } from "~/lib/rate-limit.server";
import { passwordFormErrors, signUpSchema, type PasswordFormErrors } from "~/models/account.schema";
import { sendAccountMail } from "~/models/account-mail.server";
import { PRIVACY_VERSION, TERMS_VERSION } from "~/models/legal";
import { site } from "~/models/site";
import { signUp, signUpOpen } from "~/models/sign-up.server";
import { CONFIRM_PATH, NO_STORE, signInHref, weakPasswordErrors } from "./account.server";
import type { Route } from "./+types/signup";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["account", "forms"] } satisfies StringsHandle;

/**
 * /account/signup?returnTo=…: a stranger makes an account at the embedded provider — name, email,
 * a password, the terms and privacy notice agreed to, and the captcha. The account signs in once
 * its email is confirmed (the mailed link, then the password; or an admin, when the school sends no
 * mail), and sign-in then goes on to returnTo: the course or checkout the person came from. The
 * answer is the same for an address that has an account already (that inbox is told instead), so
 * the form tells nobody which addresses have accounts. Off when the admin turned sign-up off.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, idp, config } = servicesOf(context);
  if (!idp) throw data("Not Found", { status: 404 });
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"));
  if (getViewer(context).isAuthenticated) throw redirect(returnTo);
  const { i18n } = context.get(localeContext);
  return data(
    {
      title: i18n.t("account.signUpMetaTitle"),
      open: await signUpOpen(db),
      returnTo,
      signInHref: signInHref(returnTo),
      captcha: config.CAPTCHA,
      hcaptchaSiteKey: config.CAPTCHA === "hcaptcha" ? (config.HCAPTCHA_SITEKEY ?? null) : null,
    },
    { headers: NO_STORE },
  );
}

type Values = { name: string; email: string };
type SignUpAnswer =
  | { sent: true; email: string; mailed: boolean; signInHref: string }
  | { sent: false; errors: PasswordFormErrors; values: Values };

export async function action({ request, context }: Route.ActionArgs) {
  const { db, idp, log, config, rateLimits, clientIp, cookieSecrets } = servicesOf(context);
  if (!idp) throw data("Not Found", { status: 404 });
  const form = await request.formData();
  const text = (name: string) => (typeof form.get(name) === "string" ? String(form.get(name)) : "");
  const values: Values = { name: text("name").slice(0, 200), email: text("email").slice(0, 254) };
  const refuse = (errors: PasswordFormErrors, status: number, headers: Record<string, string> = {}) =>
    data<SignUpAnswer>({ sent: false, errors, values }, { status, headers: { ...NO_STORE, ...headers } });
  if (!(await signUpOpen(db))) return refuse({ form: "account.errors.signUpClosed" }, 403);
  const byAddress = await rateLimits.signUpByAddress.consume(clientIp);
  if (!byAddress.ok) {
    log.warn({ route: "sign-up", limiter: rateLimits.signUpByAddress.name }, "rate limit hit");
    return refuse({ form: "account.errors.tooMany" }, 429, { "Retry-After": String(byAddress.retryAfter) });
  }
  const parsed = signUpSchema.safeParse({
    name: form.get("name") ?? undefined,
    email: form.get("email") ?? undefined,
    password: form.get("password") ?? undefined,
    confirm: form.get("confirm") ?? "",
    terms: form.get("terms") ?? undefined,
  });
  if (!parsed.success) return refuse(passwordFormErrors(parsed.error), 400);
  const weak = weakPasswordErrors(parsed.data.password);
  if (weak) return refuse(weak, 400);
  const captcha = await checkCaptcha({ config, db, cookieSecrets }, form, clientIp);
  if (!captcha.ok) {
    log.info({ route: "sign-up", reason: captcha.reason }, "sign-up refused: captcha");
    return refuse({ captcha: CAPTCHA_ERRORS[captcha.reason] }, captchaStatus(captcha.reason));
  }
  const email = parsed.data.email.toLowerCase();
  // Counted whether or not the address has an account: the answer tells nothing about one.
  const refused = await consumeAll([[rateLimits.signUpByEmail, email]]);
  if (refused) {
    log.warn({ route: "sign-up", limiter: refused.limiter }, "rate limit hit");
    return refuse({ form: "account.errors.signUpTooManyForEmail" }, 429, { "Retry-After": String(refused.retryAfter) });
  }
  const returnTo = safeReturnTo(text("returnTo"));
  const result = await signUp(db, {
    email,
    password: parsed.data.password,
    name: parsed.data.name,
    termsVersion: `terms ${TERMS_VERSION}, privacy ${PRIVACY_VERSION}`,
  });
  const link =
    result.status === "pending"
      ? `${config.PUBLIC_URL}${CONFIRM_PATH}?token=${result.token}${returnTo === "/" ? "" : `&returnTo=${encodeURIComponent(returnTo)}`}`
      : `${config.PUBLIC_URL}/account/forgot`;
  const accountId = result.account.id;
  log.info({ accountId, status: result.status }, "account: sign-up");
  // After the answer: the same response time whether or not the address had an account.
  if (config.SMTP_URL)
    void sendAccountMail(
      config,
      result.status === "pending" ? "confirmEmail" : "alreadyRegistered",
      result.account.email,
      link,
    ).then(
      (mail) =>
        mail.ok
          ? log.info({ accountId }, "account: sign-up mail sent")
          : log.warn({ accountId, error: mail.error }, "account: sign-up mail not sent"),
      (error: unknown) => log.error({ err: error }, "account: sign-up mail failed"),
    );
  return data<SignUpAnswer>(
    { sent: true, email, mailed: Boolean(config.SMTP_URL), signInHref: signInHref(returnTo) },
    { headers: NO_STORE },
  );
}

export const headers = passHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<PasswordFormErrors | null>(null);
  // Each answer ends a round: a captcha challenge is single-use, so the widget starts afresh.
  const [round, setRound] = useState(0);
  useEffect(() => {
    // The answer arriving is an event from outside React: start the next round in response to it.
    // oxlint-disable-next-line react/set-state-in-effect
    if (actionData) setRound((r) => r + 1);
  }, [actionData]);
  if (actionData?.sent) {
    return (
      <AccountCard title={t("account.signUpSentTitle")}>
        <div data-testid="sign-up-sent">
          <AccountMessage tone="ok">
            {actionData.mailed
              ? t("account.signUpSentMail", { email: actionData.email })
              : t("account.signUpSentNoMail", { email: actionData.email })}
          </AccountMessage>
          <p className="mt-4 text-ink-700">
            {actionData.mailed ? t("account.signUpSentMailNext") : t("account.signUpSentNoMailNext")}
          </p>
          <a href={actionData.signInHref} className="btn btn-primary btn-lg mt-6 w-full">
            {t("account.signIn")}
          </a>
        </div>
      </AccountCard>
    );
  }
  if (!loaderData.open) {
    return (
      <AccountCard title={t("account.signUpTitle")}>
        <p className="mt-4 text-ink-700" data-testid="sign-up-closed">
          {t("account.signUpClosedText")}
        </p>
        <a href="/register" className="btn btn-primary btn-lg mt-6 w-full">
          {t("account.signUpClosedRequest")}
        </a>
        <a href={loaderData.signInHref} className="btn btn-secondary mt-3 w-full">
          {t("account.signUpHaveAccount")}
        </a>
      </AccountCard>
    );
  }
  // The errors of the last try: the browser's check when it stopped the form, else the server's answer.
  const errors = clientErrors ?? actionData?.errors ?? {};
  const values = actionData && !actionData.sent ? actionData.values : undefined;
  return (
    <AccountCard title={t("account.signUpTitle")}>
      <p className="mt-2 text-ink-600">{t("account.signUpIntro")}</p>
      {errors.form ? <AccountMessage tone="error">{t(errors.form)}</AccountMessage> : null}
      <Form
        method="post"
        className="mt-6 space-y-4"
        noValidate
        data-testid="sign-up-form"
        onSubmit={(event) => {
          const parsed = signUpSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
          setClientErrors(parsed.success ? null : passwordFormErrors(parsed.error));
          if (!parsed.success) {
            event.preventDefault();
            const wrong = (["name", "email", "password", "confirm", "terms"] as const).find(
              (name) => passwordFormErrors(parsed.error)[name],
            );
            event.currentTarget.querySelector<HTMLElement>(`[name="${wrong}"]`)?.focus();
          }
        }}
      >
        <input type="hidden" name="returnTo" value={loaderData.returnTo} />
        <AccountField
          name="name"
          label={t("account.fullName")}
          type="text"
          autoComplete="name"
          defaultValue={values?.name}
          error={errors.name ? t(errors.name) : undefined}
        />
        <AccountField
          name="email"
          label={t("account.email")}
          type="email"
          autoComplete="email"
          defaultValue={values?.email}
          error={errors.email ? t(errors.email) : undefined}
        />
        <NewPasswordFields errors={errors} labels="signUp" />
        <div>
          <div className="flex items-start gap-2">
            <input
              id="account-terms"
              name="terms"
              type="checkbox"
              required
              className="mt-1 size-5 shrink-0 accent-brand-700"
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? "account-terms-error" : undefined}
            />
            <label htmlFor="account-terms" className="text-sm text-ink-800">
              {t("account.termsBefore")}{" "}
              <a href="/terms" target="_blank" className="text-brand-700 underline">
                {t("account.termsLink")}
              </a>{" "}
              {t("account.termsBetween")}{" "}
              <a href="/privacy" target="_blank" className="text-brand-700 underline">
                {t("account.privacyLink")}
              </a>
              {t("account.termsAfter")}
            </label>
          </div>
          {errors.terms ? (
            <p id="account-terms-error" className="mt-1 text-sm font-semibold text-danger-700">
              {t(errors.terms)}
            </p>
          ) : null}
        </div>
        <Captcha
          key={round}
          mode={loaderData.captcha}
          siteKey={loaderData.hcaptchaSiteKey}
          phone={site.phone}
          email={site.email}
        />
        {errors.captcha ? (
          <p role="alert" className="text-sm font-semibold text-danger-700" data-testid="captcha-error">
            {t(errors.captcha)}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary btn-lg w-full" disabled={navigation.state === "submitting"}>
          {t("account.signUpButton")}
        </button>
      </Form>
      <p className="mt-6 text-center text-ink-700">
        {t("account.signUpHaveAccount")}{" "}
        <a href={loaderData.signInHref} className="text-brand-700 underline">
          {t("account.signIn")}
        </a>
      </p>
    </AccountCard>
  );
}
