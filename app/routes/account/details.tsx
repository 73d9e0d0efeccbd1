import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import {
  AccountCard,
  AccountField,
  AccountMessage,
  AccountUnavailable,
  BackToProfile,
} from "~/components/auth/account-card";
import { Field, PLAIN_LABEL } from "~/components/ui/field";
import { localeContext, servicesOf } from "~/context.server";
import { useTranslation } from "~/i18n/use-translation";
import { passHeaders } from "~/lib/http";
import { ADDRESS_MAX, detailsSchema, passwordFormErrors, type PasswordFormErrors } from "~/models/account.schema";
import { findIdpAccountById, updateIdpAccountDetails } from "~/models/idp-account.server";
import { embeddedAccountId, embeddedIssuer, NO_STORE } from "./account.server";
import type { Route } from "./+types/details";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["account", "forms"] } satisfies StringsHandle;

/**
 * /account/details (linked from the profile): the name — the one certificates will carry — phone and
 * address of an embedded account, edited by its owner. Someone who signed in at another provider
 * is told that provider keeps them (it sends them again at every sign-in).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const accountId = await embeddedAccountId(context, request);
  const { db } = servicesOf(context);
  const { i18n } = context.get(localeContext);
  const account = accountId ? await findIdpAccountById(db, accountId) : undefined;
  return data(
    {
      title: i18n.t("account.detailsMetaTitle"),
      details: account ? { name: account.name, phone: account.phone ?? "", address: account.address ?? "" } : null,
    },
    { headers: NO_STORE },
  );
}

export async function action({ context, request }: Route.ActionArgs) {
  const accountId = await embeddedAccountId(context, request);
  const { db, log, config } = servicesOf(context);
  if (!accountId)
    return data({ done: false, errors: { form: "account.notEmbedded" } as PasswordFormErrors }, { status: 400 });
  const form = await request.formData();
  const parsed = detailsSchema.safeParse({
    name: form.get("name") ?? undefined,
    phone: form.get("phone") ?? "",
    address: form.get("address") ?? "",
  });
  if (!parsed.success)
    return data({ done: false, errors: passwordFormErrors(parsed.error) }, { status: 400, headers: NO_STORE });
  const { name, phone, address } = parsed.data;
  await updateIdpAccountDetails(db, embeddedIssuer(config), accountId, {
    name,
    phone: phone || null,
    address: address || null,
  });
  log.info({ accountId }, "account: details changed");
  return data({ done: true, errors: {} as PasswordFormErrors }, { headers: NO_STORE });
}

export const headers = passHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

export default function Details({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<PasswordFormErrors | null>(null);
  if (!loaderData.details)
    return <AccountUnavailable title={t("account.detailsTitle")} text={t("account.detailsNotEmbedded")} />;
  const errors = clientErrors ?? actionData?.errors ?? {};
  const input = "w-full rounded-md border border-ink-300 px-3 py-2";
  return (
    <AccountCard title={t("account.detailsTitle")}>
      {actionData?.done && !clientErrors ? (
        <AccountMessage tone="ok">{t("account.detailsSaved")}</AccountMessage>
      ) : null}
      {errors.form ? <AccountMessage tone="error">{t(errors.form)}</AccountMessage> : null}
      <Form
        method="post"
        className="mt-6 space-y-4"
        noValidate
        data-testid="details-form"
        onSubmit={(event) => {
          const parsed = detailsSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
          setClientErrors(parsed.success ? null : passwordFormErrors(parsed.error));
          if (!parsed.success) event.preventDefault();
        }}
      >
        <AccountField
          name="name"
          label={t("account.fullName")}
          type="text"
          autoComplete="name"
          defaultValue={loaderData.details.name}
          error={errors.name ? t(errors.name) : undefined}
        />
        <Field
          id="account-phone"
          label={t("account.phoneOptional")}
          error={errors.phone ? t(errors.phone) : undefined}
          labelClassName={PLAIN_LABEL}
        >
          {(control) => (
            <input
              {...control}
              name="phone"
              type="tel"
              dir="ltr"
              autoComplete="tel"
              maxLength={20}
              defaultValue={loaderData.details!.phone}
              className={input}
            />
          )}
        </Field>
        <Field
          id="account-address"
          label={t("account.addressOptional")}
          error={errors.address ? t(errors.address) : undefined}
          labelClassName={PLAIN_LABEL}
        >
          {(control) => (
            <input
              {...control}
              name="address"
              type="text"
              dir="auto"
              autoComplete="street-address"
              maxLength={ADDRESS_MAX}
              defaultValue={loaderData.details!.address}
              className={input}
            />
          )}
        </Field>
        <p className="text-sm text-ink-600">{t("account.detailsCertificates")}</p>
        <button type="submit" className="btn btn-primary btn-lg w-full" disabled={navigation.state === "submitting"}>
          {t("account.saveDetails")}
        </button>
      </Form>
      <BackToProfile />
    </AccountCard>
  );
}
