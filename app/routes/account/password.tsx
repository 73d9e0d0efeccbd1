import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { data, Form, useNavigation } from "react-router";
import {
  AccountCard,
  AccountField,
  AccountMessage,
  NewPasswordFields,
  AccountUnavailable,
  BackToProfile,
} from "~/components/auth/account-card";
import { localeContext, servicesOf, viewerContext } from "~/context.server";
import { changePasswordSchema, passwordFormErrors, type PasswordFormErrors } from "~/models/account.schema";
import { changePassword } from "~/models/account-tokens.server";
import { passHeaders } from "~/lib/http";
import { embeddedAccountId, embeddedIssuer, NO_STORE, weakPasswordErrors } from "./account.server";
import type { Route } from "./+types/password";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["account"] } satisfies StringsHandle;

/** /account/password (linked from the profile): current password and a new one, for embedded accounts. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const accountId = await embeddedAccountId(context, request);
  const { i18n } = context.get(localeContext);
  return data({ title: i18n.t("account.changeMetaTitle"), embedded: accountId !== null }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const accountId = await embeddedAccountId(context, request);
  const { db, log, config, rateLimits, clientIp } = servicesOf(context);
  if (!accountId)
    return data({ done: false, errors: { form: "account.notEmbedded" } as PasswordFormErrors }, { status: 400 });
  const form = await request.formData();
  const parsed = changePasswordSchema.safeParse({
    current: form.get("current"),
    password: form.get("password"),
    confirm: form.get("confirm"),
  });
  if (!parsed.success)
    return data({ done: false, errors: passwordFormErrors(parsed.error) }, { status: 400, headers: NO_STORE });
  const weak = weakPasswordErrors(parsed.data.password);
  if (weak) return data({ done: false, errors: weak }, { status: 400, headers: NO_STORE });
  // The current password is a password guess: counted like the sign-in form's (a right one is refunded).
  const limit = await rateLimits.loginByAccountAndAddress.consume(`${accountId}|${clientIp}`);
  if (!limit.ok) {
    return data(
      { done: false, errors: { form: "account.errors.tooMany" } as PasswordFormErrors },
      { status: 429, headers: { ...NO_STORE, "Retry-After": String(limit.retryAfter) } },
    );
  }
  const { session } = context.get(viewerContext);
  const ok = await changePassword(db, accountId, parsed.data.current, parsed.data.password, {
    embeddedIssuer: embeddedIssuer(config),
    keepSessionHash: session?.idHash,
  });
  if (!ok) {
    log.info({ accountId }, "account: password change refused (current password wrong)");
    return data(
      { done: false, errors: { current: "account.wrongCurrent" } as PasswordFormErrors },
      { status: 400, headers: NO_STORE },
    );
  }
  await rateLimits.loginByAccountAndAddress.refund(`${accountId}|${clientIp}`);
  log.info({ accountId }, "account: password changed");
  return data({ done: true, errors: {} as PasswordFormErrors }, { headers: NO_STORE });
}

export const headers = passHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

export default function ChangePassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<PasswordFormErrors | null>(null);
  if (!loaderData.embedded)
    return <AccountUnavailable title={t("account.changeTitle")} text={t("account.notEmbedded")} />;
  // The errors of the last try: the browser's check when it stopped the form, else the server's
  // answer (a server error the browser's check has since seen fixed is not shown beside new ones).
  const errors = clientErrors ?? actionData?.errors ?? {};
  return (
    <AccountCard title={t("account.changeTitle")}>
      {actionData?.done && !clientErrors ? <AccountMessage tone="ok">{t("account.changed")}</AccountMessage> : null}
      {errors.form ? <AccountMessage tone="error">{t(errors.form)}</AccountMessage> : null}
      <Form
        method="post"
        className="mt-6 space-y-4"
        noValidate
        onSubmit={(event) => {
          const parsed = changePasswordSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
          setClientErrors(parsed.success ? null : passwordFormErrors(parsed.error));
          if (!parsed.success) event.preventDefault();
        }}
      >
        <AccountField
          name="current"
          label={t("account.currentPassword")}
          type="password"
          autoComplete="current-password"
          error={errors.current ? t(errors.current) : undefined}
        />
        <NewPasswordFields errors={errors} />
        <button type="submit" className="btn btn-primary btn-lg w-full" disabled={navigation.state === "submitting"}>
          {t("account.save")}
        </button>
      </Form>
      <BackToProfile />
    </AccountCard>
  );
}
