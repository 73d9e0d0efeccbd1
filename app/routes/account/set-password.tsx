import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { data, Form, redirect, useNavigation } from "react-router";
import { AccountCard, AccountMessage, NewPasswordFields } from "~/components/auth/account-card";
import { localeContext, servicesOf } from "~/context.server";
import { passwordFormErrors, setPasswordSchema, type PasswordFormErrors } from "~/models/account.schema";
import { checkAccountToken, SET_PASSWORD_PATH, setPasswordWithToken } from "~/models/account-tokens.server";
import { passHeaders } from "~/lib/http";
import { embeddedIssuer, NO_STORE, weakPasswordErrors } from "./account.server";
import type { Route } from "./+types/set-password";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["account"] } satisfies StringsHandle;

/**
 * /account/set-password?token=…: the one-time link of an approved registration ("set") or of a
 * forgotten password ("reset"). A POST form (works without JavaScript); the answer sends the person
 * to sign in with the new password.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, idp } = servicesOf(context);
  if (!idp) throw data("Not Found", { status: 404 });
  const { i18n } = context.get(localeContext);
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  // After a successful POST (post/redirect/get): the page that says so.
  if (url.searchParams.get("done") === "1") {
    return data(
      {
        title: i18n.t("account.setMetaTitle"),
        token: "",
        valid: false as const,
        email: "",
        purpose: "set" as const,
        done: true,
      },
      { headers: NO_STORE },
    );
  }
  const state = await checkAccountToken(db, token);
  const base = { title: i18n.t("account.setMetaTitle"), token };
  if (!state.ok)
    return data(
      { ...base, valid: false as const, email: "", purpose: "set" as const, done: false },
      { status: 400, headers: NO_STORE },
    );
  return data(
    { ...base, valid: true as const, email: state.email, purpose: state.purpose, done: false },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, idp, log, config } = servicesOf(context);
  if (!idp) throw data("Not Found", { status: 404 });
  const form = await request.formData();
  const parsed = setPasswordSchema.safeParse({
    token: form.get("token"),
    password: form.get("password"),
    confirm: form.get("confirm"),
  });
  if (!parsed.success)
    return data({ done: false as const, errors: passwordFormErrors(parsed.error) }, { status: 400, headers: NO_STORE });
  const weak = weakPasswordErrors(parsed.data.password);
  if (weak) return data({ done: false as const, errors: weak }, { status: 400, headers: NO_STORE });
  const account = await setPasswordWithToken(db, parsed.data.token, parsed.data.password, {
    embeddedIssuer: embeddedIssuer(config),
  });
  if (!account) {
    log.warn("account: set-password link refused (unknown, used or expired)");
    return data(
      { done: false as const, errors: { form: "account.linkInvalid" } as PasswordFormErrors },
      { status: 400, headers: NO_STORE },
    );
  }
  log.info({ accountId: account.id }, "account: password set with a one-time link");
  return redirect(`${SET_PASSWORD_PATH}?done=1`, { status: 303, headers: NO_STORE });
}

export const headers = passHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<PasswordFormErrors | null>(null);
  const title = loaderData.purpose === "reset" ? t("account.resetTitle") : t("account.setTitle");
  if (loaderData.done) {
    return (
      <AccountCard title={title}>
        <AccountMessage tone="ok">{t("account.passwordSet")}</AccountMessage>
        <a href="/signin?returnTo=%2Fprofile" className="btn btn-primary btn-lg mt-6 w-full">
          {t("account.signIn")}
        </a>
      </AccountCard>
    );
  }
  if (!loaderData.valid || actionData?.errors.form) {
    return (
      <AccountCard title={title}>
        <AccountMessage tone="error">{t("account.linkInvalid")}</AccountMessage>
        <p className="mt-4 text-ink-600">{t("account.linkInvalidText")}</p>
        <a href="/account/forgot" className="btn btn-primary btn-lg mt-6 w-full">
          {t("account.forgotLink")}
        </a>
      </AccountCard>
    );
  }
  // The errors of the last try: the browser's check when it stopped the form, else the server's
  // answer (a server error the browser's check has since seen fixed is not shown beside new ones).
  const errors = clientErrors ?? actionData?.errors ?? {};
  return (
    <AccountCard title={title}>
      <p className="mt-2 text-ink-600">{t("account.setIntro", { email: loaderData.email })}</p>
      {/* A document post: the answer is a redirect to the "done" page, and the link is used up. */}
      <Form
        method="post"
        reloadDocument
        className="mt-6 space-y-4"
        noValidate
        onSubmit={(event) => {
          const form = new FormData(event.currentTarget);
          const parsed = setPasswordSchema.safeParse(Object.fromEntries(form));
          setClientErrors(parsed.success ? null : passwordFormErrors(parsed.error));
          if (!parsed.success) event.preventDefault();
        }}
      >
        <input type="hidden" name="token" value={loaderData.token} />
        <input type="email" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
        <NewPasswordFields errors={errors} />
        <button type="submit" className="btn btn-primary btn-lg w-full" disabled={navigation.state === "submitting"}>
          {t("account.save")}
        </button>
      </Form>
    </AccountCard>
  );
}
