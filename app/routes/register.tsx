import { useTranslation } from "~/i18n/use-translation";
import { PageHeader } from "~/components/layout/page-header";
import { localeContext, pageContext, servicesOf } from "~/context.server";
import { safeReturnTo } from "~/lib/http";
import { pageMeta } from "~/lib/meta";
import { handleSubmission } from "./submission-action.server";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "~/models/idp-account.server";
import { signUpOpen } from "~/models/sign-up.server";
import { SubmissionForm } from "~/components/forms/submission-form";
import type { Route } from "./+types/register";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["forms", "register"] } satisfies StringsHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { config, db, idp } = servicesOf(context);
  const { t, meta } = pageContext(context, request);
  // Sent here by a page for signed-in people: sign-in comes back to it.
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"));
  return {
    signInHref: returnTo === "/" ? "/signin" : `/signin?returnTo=${encodeURIComponent(returnTo)}`,
    // Self-service sign-up, with the embedded sign-in when the admin has it open.
    signUpHref:
      idp && (await signUpOpen(db))
        ? returnTo === "/"
          ? "/account/signup"
          : `/account/signup?returnTo=${encodeURIComponent(returnTo)}`
        : null,
    meta: meta(t("register.metaTitle"), t("register.loginText")),
    captcha: config.CAPTCHA,
    hcaptchaSiteKey: config.CAPTCHA === "hcaptcha" ? (config.HCAPTCHA_SITEKEY ?? null) : null,
    demo: config.demo
      ? { password: DEMO_PASSWORD, accounts: DEMO_ACCOUNTS.map((a) => ({ email: a.email, role: a.role })) }
      : null,
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

const ROLE_KEY = {
  learner: "register.roleLearner",
  subscriber: "register.roleSubscriber",
  admin: "register.roleAdmin",
} as const;

export async function action({ context, request }: Route.ActionArgs) {
  return handleSubmission("registration", request, servicesOf(context), context.get(localeContext).locale);
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("register.title")} />
      <div className="container-page grid gap-8 py-14 lg:grid-cols-2">
        <section
          aria-labelledby="login-heading"
          className="rounded-[var(--radius-card)] border border-ink-100 p-8 shadow-[var(--shadow-card)]"
        >
          <h2 id="login-heading" className="text-2xl font-bold">
            {t("register.loginHeading")}
          </h2>
          <p className="mt-3 text-ink-600">{t("register.loginText")}</p>
          {/* A document navigation: /signin redirects to the provider, which React Router must not intercept. */}
          <a href={loaderData.signInHref} className="btn btn-primary btn-lg mt-6" data-testid="login-button">
            {t("register.loginButton")}
          </a>
          {loaderData.signUpHref ? (
            <div className="mt-8 border-t border-ink-100 pt-6" data-testid="sign-up-offer">
              <h3 className="text-lg font-bold">{t("register.signUpHeading")}</h3>
              <p className="mt-2 text-ink-600">{t("register.signUpText")}</p>
              <a href={loaderData.signUpHref} className="btn btn-secondary btn-lg mt-4">
                {t("register.signUpButton")}
              </a>
            </div>
          ) : null}
          {loaderData.demo ? (
            <div className="mt-8 rounded-lg bg-brand-50 p-5" data-testid="demo-accounts">
              <h3 className="font-bold text-brand-900">{t("register.demoHeading")}</h3>
              <p className="mt-2 text-sm text-ink-700">{t("register.demoText")}</p>
              <ul className="mt-3 space-y-1 text-sm">
                {loaderData.demo.accounts.map((account) => (
                  <li key={account.email}>
                    <code className="rounded bg-white px-1.5 py-0.5">{account.email}</code> —{" "}
                    {t(ROLE_KEY[account.role])}
                  </li>
                ))}
              </ul>
              <p className="mt-3 text-sm text-ink-700">
                {t("register.demoPassword")}{" "}
                <code className="rounded bg-white px-1.5 py-0.5">{loaderData.demo.password}</code>
              </p>
            </div>
          ) : null}
        </section>
        <section
          aria-labelledby="request-heading"
          className="rounded-[var(--radius-card)] border border-ink-100 p-8 shadow-[var(--shadow-card)]"
        >
          <h2 id="request-heading" className="text-2xl font-bold">
            {t("register.requestHeading")}
          </h2>
          <p className="mt-3 text-ink-600">{t("register.requestText")}</p>
          <div className="mt-6">
            <SubmissionForm
              action="/register"
              intent="registration"
              captcha={loaderData.captcha}
              hcaptchaSiteKey={loaderData.hcaptchaSiteKey}
              labels={{
                name: t("register.name"),
                email: t("register.email"),
                phone: t("register.phone"),
                message: t("register.message"),
              }}
              result={actionData}
              testId="registration-form"
              successNote={t("register.nextSteps")}
            />
          </div>
        </section>
      </div>
    </>
  );
}
