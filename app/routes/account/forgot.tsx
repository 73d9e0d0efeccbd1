import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { data, Form, useNavigation } from "react-router";
import { AccountCard, AccountField, AccountMessage } from "~/components/auth/account-card";
import { localeContext, servicesOf } from "~/context.server";
import { passwordFormErrors, forgotSchema, type PasswordFormErrors } from "~/models/account.schema";
import { sendAccountMail } from "~/models/account-mail.server";
import { createAccountToken, SET_PASSWORD_PATH } from "~/models/account-tokens.server";
import { findIdpAccountByEmail } from "~/models/idp-account.server";
import { passHeaders } from "~/lib/http";
import { consumeAll } from "~/lib/rate-limit.server";
import type { Route } from "./+types/forgot";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["account"] } satisfies StringsHandle;

/**
 * /account/forgot: emails a one-time link to choose a new password. The answer is the same whether
 * or not the address has an account (the email goes out after the answer, so timing tells nothing
 * either). Rate-limited per client address, per email from that address, and per email from
 * anywhere (rate-limit.server.ts), so a stranger elsewhere cannot use up a learner's own requests;
 * a new link leaves the ones already sent working (issue 29), so a stranger's request cannot take
 * away the link a learner holds either. A refused request makes and voids nothing. When the school
 * sends no mail (no SMTP_URL) the answer says so and points to staff, who can send a link from the
 * admin area (issue 31, D-H6).
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (!servicesOf(context).idp) throw data("Not Found", { status: 404 });
  return { title: context.get(localeContext).i18n.t("account.forgotMetaTitle") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, idp, log, config, rateLimits, clientIp } = servicesOf(context);
  if (!idp) throw data("Not Found", { status: 404 });
  const form = await request.formData();
  const parsed = forgotSchema.safeParse({ email: form.get("email") });
  const email = typeof form.get("email") === "string" ? String(form.get("email")).slice(0, 254) : "";
  if (!parsed.success) return data({ sent: false, email, errors: passwordFormErrors(parsed.error) }, { status: 400 });
  const normalised = parsed.data.email.toLowerCase();
  const refused = await consumeAll([
    [rateLimits.passwordResetByAddress, clientIp],
    [rateLimits.passwordResetByEmailAndAddress, `${normalised} ${clientIp}`],
    [rateLimits.passwordResetByEmail, normalised],
  ]);
  if (refused) {
    log.warn({ route: "account-forgot", limiter: refused.limiter }, "rate limit hit");
    // Counted whether or not the email has an account: the answer tells nothing about one.
    const message =
      refused.limiter === rateLimits.passwordResetByAddress.name
        ? "account.errors.tooMany"
        : "account.errors.tooManyForEmail";
    return data(
      { sent: false, email, errors: { form: message } as PasswordFormErrors },
      { status: 429, headers: { "Retry-After": String(refused.retryAfter) } },
    );
  }
  const account = await findIdpAccountByEmail(db, parsed.data.email);
  if (account && account.disabled_at === null) {
    const token = await createAccountToken(db, account.id, "reset");
    const link = `${config.PUBLIC_URL}${SET_PASSWORD_PATH}?token=${token}`;
    // After the answer: the same response time whether or not the account exists.
    void sendAccountMail(config, "resetPassword", account.email, link).then(
      (result) =>
        result.ok
          ? log.info({ accountId: account.id }, "account: password reset link emailed")
          : log.warn({ accountId: account.id, error: result.error }, "account: password reset link not emailed"),
      (error: unknown) => log.error({ err: error }, "account: password reset mail failed"),
    );
  } else {
    log.info("account: password reset asked for an address without an (enabled) account");
  }
  // Without mail the link cannot reach anyone: the page says so, for every address alike.
  return data({ sent: true, mailed: Boolean(config.SMTP_URL), email: "", errors: {} as PasswordFormErrors });
}

export const headers = passHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

export default function Forgot({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<PasswordFormErrors | null>(null);
  if (actionData?.sent) {
    return (
      <AccountCard title={t("account.forgotTitle")}>
        {"mailed" in actionData && !actionData.mailed ? (
          <AccountMessage tone="error">{t("account.forgotSentNoMail")}</AccountMessage>
        ) : (
          <AccountMessage tone="ok">{t("account.forgotSent")}</AccountMessage>
        )}
        {"mailed" in actionData && !actionData.mailed ? (
          <a href="/contact" className="btn btn-primary btn-lg mt-6 w-full">
            {t("forbidden.contact")}
          </a>
        ) : null}
        <a href="/signin" className="btn btn-secondary btn-lg mt-3 w-full">
          {t("account.signIn")}
        </a>
      </AccountCard>
    );
  }
  // The errors of the last try: the browser's check when it stopped the form, else the server's
  // answer (a server error the browser's check has since seen fixed is not shown beside new ones).
  const errors = clientErrors ?? actionData?.errors ?? {};
  return (
    <AccountCard title={t("account.forgotTitle")}>
      <p className="mt-2 text-ink-600">{t("account.forgotIntro")}</p>
      {errors.form ? <AccountMessage tone="error">{t(errors.form)}</AccountMessage> : null}
      <Form
        method="post"
        className="mt-6 space-y-4"
        noValidate
        onSubmit={(event) => {
          const parsed = forgotSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
          setClientErrors(parsed.success ? null : passwordFormErrors(parsed.error));
          if (!parsed.success) event.preventDefault();
        }}
      >
        <AccountField
          name="email"
          label={t("account.email")}
          type="email"
          autoComplete="email"
          defaultValue={actionData?.email ?? ""}
          error={errors.email ? t(errors.email) : undefined}
        />
        <button type="submit" className="btn btn-primary btn-lg w-full" disabled={navigation.state === "submitting"}>
          {t("account.sendLink")}
        </button>
      </Form>
    </AccountCard>
  );
}
