import type { ReactNode } from "react";
import { Field, PLAIN_LABEL } from "~/components/ui/field";
import { useTranslation } from "~/i18n/use-translation";
import type { PasswordFormErrors } from "~/models/account.schema";

/** The card of the account pages (set, reset, forgot and change password), like the sign-in page. */
export function AccountCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="container-page flex justify-center py-16" aria-labelledby="account-title">
      <div className="w-full max-w-md rounded-[var(--radius-card)] border border-ink-100 p-8 shadow-[var(--shadow-card)]">
        <h1 id="account-title" className="text-2xl font-bold">
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}

/** A password or email field of the account pages (the kit's field, in the card's plainer style). */
export function AccountField({
  name,
  label,
  type,
  autoComplete,
  error,
  defaultValue,
  hint,
}: {
  name: string;
  label: string;
  type: "password" | "email" | "text";
  autoComplete: string;
  /** Translated. */
  error?: string;
  defaultValue?: string;
  /** Read with the field (aria-describedby), under it. */
  hint?: string;
}) {
  return (
    <Field id={`account-${name}`} label={label} hint={hint} error={error} required labelClassName={PLAIN_LABEL}>
      {(control) => (
        <input
          {...control}
          name={name}
          type={type}
          autoComplete={autoComplete}
          // Emails and passwords read left to right in Hebrew too; a name follows its language.
          dir={type === "text" ? "auto" : "ltr"}
          defaultValue={defaultValue}
          className="w-full rounded-md border border-ink-300 px-3 py-2"
        />
      )}
    </Field>
  );
}

export function AccountMessage({ tone, children }: { tone: "ok" | "error"; children: ReactNode }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`mt-4 rounded-md p-3 text-sm font-semibold ${tone === "ok" ? "bg-green-50 text-success-700" : "bg-red-50 text-danger-700"}`}
    >
      {children}
    </p>
  );
}

/** The new password, twice (set, reset and change password), with their translated errors. */
export function NewPasswordFields({
  errors,
  labels = "new",
}: {
  errors: Pick<PasswordFormErrors, "password" | "confirm">;
  /** "signUp": a first password ("Password"), not a new one. */
  labels?: "new" | "signUp";
}) {
  const { t } = useTranslation();
  return (
    <>
      <AccountField
        name="password"
        label={labels === "signUp" ? t("account.password") : t("account.newPassword")}
        hint={labels === "signUp" ? t("account.passwordHint") : undefined}
        type="password"
        autoComplete="new-password"
        error={errors.password ? t(errors.password) : undefined}
      />
      <AccountField
        name="confirm"
        label={labels === "signUp" ? t("account.passwordAgain") : t("account.confirmPassword")}
        type="password"
        autoComplete="new-password"
        error={errors.confirm ? t(errors.confirm) : undefined}
      />
    </>
  );
}

/** The way back from a profile page of the account (change password, edit details). */
export function BackToProfile() {
  const { t } = useTranslation();
  return (
    <a href="/profile" className="btn btn-secondary mt-6 w-full">
      {t("account.backToProfile")}
    </a>
  );
}

/** A profile page of the account that the sign-in provider in use does not offer (not the embedded one). */
export function AccountUnavailable({ title, text }: { title: string; text: string }) {
  return (
    <AccountCard title={title}>
      <p className="mt-4 text-ink-600">{text}</p>
      <BackToProfile />
    </AccountCard>
  );
}
