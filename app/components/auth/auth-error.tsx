import type { TranslationKey } from "~/i18n/keys";
import { useTranslation } from "~/i18n/use-translation";
import type { SignInErrorCode } from "~/lib/oidc.types";

const MESSAGES: Record<SignInErrorCode, { title: TranslationKey; text: TranslationKey }> = {
  missing_transaction: { title: "auth.invalidState", text: "auth.invalidStateText" },
  state_mismatch: { title: "auth.invalidState", text: "auth.invalidStateText" },
  access_denied: { title: "auth.accessDenied", text: "auth.accessDeniedText" },
  login_required: { title: "auth.loginRequired", text: "auth.loginRequiredText" },
  login_failed: { title: "auth.loginFailed", text: "auth.loginFailedText" },
  timeout: { title: "auth.timeout", text: "auth.timeoutText" },
  request_error: { title: "auth.requestError", text: "auth.requestErrorText" },
  secret_refused: { title: "auth.secretRefused", text: "auth.secretRefusedText" },
  bad_algorithm: { title: "auth.badAlgorithm", text: "auth.badAlgorithmText" },
  clock_skew: { title: "auth.clockSkew", text: "auth.clockSkewText" },
  missing_claim: { title: "auth.missingClaim", text: "auth.missingClaimText" },
  userinfo_mismatch: { title: "auth.userinfoMismatch", text: "auth.userinfoMismatchText" },
};

/** A translated sign-in error (docs/product.md#errors) with a "Try again" link that starts a fresh sign-in. */
export function AuthErrorPage({
  code,
  description,
  minutes,
}: {
  code: SignInErrorCode;
  description?: string | null;
  minutes?: number | null;
}) {
  const { t } = useTranslation();
  const message = MESSAGES[code];
  return (
    <section className="container-page py-20 text-center" aria-labelledby="auth-error-title" data-error-code={code}>
      <p className="text-sm font-semibold tracking-wide text-brand-800">{t("auth.title")}</p>
      <h1 id="auth-error-title" className="mt-2 text-3xl font-bold">
        {t(message.title)}
      </h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-ink-600">{t(message.text, { minutes: minutes ?? 0 })}</p>
      {description ? (
        <p className="mx-auto mt-3 max-w-xl text-ink-600">{t("auth.providerSaid", { description })}</p>
      ) : null}
      <a href="/signin" className="btn btn-primary btn-lg mt-8">
        {t("auth.tryAgain")}
      </a>
    </section>
  );
}
