import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";

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

/** A labelled input with its error (announced, and tied to the input by aria-describedby). */
export function AccountField({
  name,
  label,
  type,
  autoComplete,
  error,
  defaultValue,
}: {
  name: string;
  label: string;
  type: "password" | "email";
  autoComplete: string;
  error?: string;
  defaultValue?: string;
}) {
  const id = `account-${name}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        dir="ltr"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="w-full rounded-md border border-ink-300 px-3 py-2"
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
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
export function NewPasswordFields({ errors }: { errors: { password?: string; confirm?: string } }) {
  const { t } = useTranslation();
  return (
    <>
      <AccountField
        name="password"
        label={t("account.newPassword")}
        type="password"
        autoComplete="new-password"
        error={errors.password ? t(errors.password as "account.errors.required") : undefined}
      />
      <AccountField
        name="confirm"
        label={t("account.confirmPassword")}
        type="password"
        autoComplete="new-password"
        error={errors.confirm ? t(errors.confirm as "account.errors.required") : undefined}
      />
    </>
  );
}
