import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { useViewer } from "./use-viewer";
import { useSignInHref } from "~/components/auth/use-sign-in-href";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="container-page py-20 text-center" aria-labelledby="not-found-title">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="mx-auto size-16 text-brand-600"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M9 9.5h.01M15 9.5h.01M8.5 16c1.8-1.6 5.2-1.6 7 0" strokeLinecap="round" />
      </svg>
      <p className="mt-4 text-8xl font-extrabold text-ink-900" data-testid="error-code">
        {t("notFound.code")}
      </p>
      <h1 id="not-found-title" className="mt-2 text-3xl font-bold">
        {t("notFound.title")}
      </h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-ink-600">{t("notFound.message")}</p>
      <Link to="/" className="btn btn-primary btn-lg mt-8">
        {t("notFound.goHome")}
      </Link>
    </section>
  );
}

export function ErrorPage({ status, message, stack }: { status: number; message?: string; stack?: string }) {
  const { t } = useTranslation();
  return (
    <section className="container-page py-20 text-center" aria-labelledby="error-title">
      <h1 id="error-title" className="text-3xl font-bold text-ink-900">
        {t("error.title")}
      </h1>
      <p className="mt-4 text-xl font-semibold text-brand-800" data-testid="error-status">
        {t("error.status", { status })}
      </p>
      <p className="mx-auto mt-3 max-w-xl text-ink-600">{message || t("error.genericMessage")}</p>
      {stack ? (
        <pre dir="ltr" className="mx-auto mt-6 max-w-3xl overflow-auto rounded-lg bg-ink-100 p-4 text-start text-xs">
          {stack}
        </pre>
      ) : null}
      <Link to="/" className="btn btn-primary btn-lg mt-8">
        {t("error.goHome")}
      </Link>
    </section>
  );
}

/**
 * A refusal (403): the page exists but is not for this viewer. Says what to do: sign in with an
 * account that may see it, ask for a subscription (unless `subscribe` is false: no subscription
 * opens the page, as for the admin area), or write to us.
 */
export function ForbiddenPage({ reason, subscribe = true }: { reason?: string; subscribe?: boolean }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const signIn = useSignInHref();
  return (
    <section className="container-page py-20 text-center" aria-labelledby="forbidden-title">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="mx-auto size-16 text-brand-600"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <rect x="5" y="10.5" width="14" height="10" rx="2" />
        <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2" strokeLinecap="round" />
      </svg>
      <p className="mt-4 text-8xl font-extrabold text-ink-900" data-testid="error-code">
        403
      </p>
      <h1 id="forbidden-title" className="mt-2 text-3xl font-bold text-balance">
        {t("forbidden.title")}
      </h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-ink-600" data-testid="forbidden-message">
        {reason ?? (viewer.isAuthenticated ? t("forbidden.messageSignedIn") : t("forbidden.messageVisitor"))}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {viewer.isAuthenticated ? (
          viewer.hasSubscription || !subscribe ? null : (
            <Link to="/Payments" className="btn btn-primary btn-lg">
              {t("forbidden.subscribe")}
            </Link>
          )
        ) : (
          <Link to={signIn} className="btn btn-primary btn-lg">
            {t("forbidden.signIn")}
          </Link>
        )}
        <Link to="/contact" className="btn btn-secondary btn-lg">
          {t("forbidden.contact")}
        </Link>
        <Link to="/" className="btn btn-secondary btn-lg">
          {t("error.goHome")}
        </Link>
      </div>
    </section>
  );
}
