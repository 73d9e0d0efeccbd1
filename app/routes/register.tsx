import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { servicesOf } from "~/lib/auth.server";
import { localeContext } from "~/lib/context.server";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "~/models/idp-account.server";
import type { Route } from "./+types/register";

export async function loader({ context }: Route.LoaderArgs) {
  const { config } = servicesOf(context);
  const { i18n } = context.get(localeContext);
  return {
    title: i18n.t("register.metaTitle"),
    description: i18n.t("register.loginText"),
    demo: config.embeddedIdp
      ? { password: DEMO_PASSWORD, accounts: DEMO_ACCOUNTS.map((a) => ({ email: a.email, role: a.role })) }
      : null,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "description", content: loaderData?.description }];
}

const ROLE_KEY = { learner: "register.roleLearner", subscriber: "register.roleSubscriber", admin: "register.roleAdmin" } as const;

function Field({ id, label, type = "text", autoComplete, required = false, dir }: {
  id: string;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  dir?: "ltr";
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink-800">
        {label}
      </label>
      <input
        id={id}
        name={id.replace("register-", "")}
        type={type}
        autoComplete={autoComplete}
        required={required}
        dir={dir}
        className="w-full rounded-md border border-ink-300 px-3 py-2 text-ink-900"
      />
    </div>
  );
}

export default function Register({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("register.title")} />
      <div className="container-page grid gap-8 py-14 lg:grid-cols-2">
        <section aria-labelledby="login-heading" className="rounded-[var(--radius-card)] border border-ink-100 p-8 shadow-[var(--shadow-card)]">
          <h2 id="login-heading" className="text-2xl font-bold">
            {t("register.loginHeading")}
          </h2>
          <p className="mt-3 text-ink-600">{t("register.loginText")}</p>
          {/* A document navigation: /signin redirects to the provider, which React Router must not intercept. */}
          <a href="/signin" className="btn btn-primary btn-lg mt-6" data-testid="login-button">
            {t("register.loginButton")}
          </a>
          {loaderData.demo ? (
            <div className="mt-8 rounded-lg bg-brand-50 p-5" data-testid="demo-accounts">
              <h3 className="font-bold text-brand-900">{t("register.demoHeading")}</h3>
              <p className="mt-2 text-sm text-ink-700">{t("register.demoText")}</p>
              <ul className="mt-3 space-y-1 text-sm">
                {loaderData.demo.accounts.map((account) => (
                  <li key={account.email}>
                    <code className="rounded bg-white px-1.5 py-0.5">{account.email}</code> — {t(ROLE_KEY[account.role])}
                  </li>
                ))}
              </ul>
              <p className="mt-3 text-sm text-ink-700">
                {t("register.demoPassword")} <code className="rounded bg-white px-1.5 py-0.5">{loaderData.demo.password}</code>
              </p>
            </div>
          ) : null}
        </section>
        <section aria-labelledby="request-heading" className="rounded-[var(--radius-card)] border border-ink-100 p-8 shadow-[var(--shadow-card)]">
          <h2 id="request-heading" className="text-2xl font-bold">
            {t("register.requestHeading")}
          </h2>
          <p className="mt-3 text-ink-600">{t("register.requestText")}</p>
          <form method="post" className="mt-6 space-y-4" data-testid="registration-form">
            <Field id="register-name" label={t("register.name")} autoComplete="name" required />
            <Field id="register-email" label={t("register.email")} type="email" autoComplete="email" required dir="ltr" />
            <Field id="register-phone" label={t("register.phone")} type="tel" autoComplete="tel" required dir="ltr" />
            <div>
              <label htmlFor="register-message" className="mb-1 block text-sm font-semibold text-ink-800">
                {t("register.message")}
              </label>
              <textarea id="register-message" name="message" rows={4} className="w-full rounded-md border border-ink-300 px-3 py-2" />
            </div>
            <button type="submit" className="btn btn-primary btn-lg">
              {t("register.send")}
            </button>
          </form>
        </section>
      </div>
    </>
  );
}
