/**
 * Browser error reporting: loads the Sentry SDK only when the server rendered a DSN (SENTRY_DSN set).
 * Otherwise nothing is fetched and nothing is sent.
 */
type SentrySdk = typeof import("@sentry/react-router");

let sdk: Promise<SentrySdk | undefined> | undefined;

export function initClientErrorReporting(): void {
  const dsn = document.querySelector<HTMLMetaElement>('meta[name="sentry-dsn"]')?.content;
  if (!dsn) return;
  sdk = import("@sentry/react-router").then((sentry) => {
    sentry.init({ dsn, sendDefaultPii: false, tracesSampleRate: 0 });
    return sentry;
  });
}

export function reportClientError(error: unknown): void {
  void sdk?.then((sentry) => sentry?.captureException(error));
}
