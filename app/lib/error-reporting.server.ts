/**
 * Optional error reporting to Sentry (docs/product.md#outside-services). With SENTRY_DSN unset nothing is loaded or sent;
 * set, the SDK is imported once at start and failures are captured with the request id.
 */
type SentrySdk = typeof import("@sentry/react-router");

let sdk: SentrySdk | undefined;

export async function initServerErrorReporting(dsn: string | undefined, environment: string): Promise<void> {
  if (!dsn) return;
  sdk = await import("@sentry/react-router");
  sdk.init({ dsn, environment, sendDefaultPii: false, tracesSampleRate: 0 });
}

/**
 * Whether an error only says that the client went away before its answer was complete: Express's
 * "Request aborted" when a file was being sent (code ECONNABORTED), or a body that stopped arriving
 * (raw-body's "request aborted"). Not a failure of ours: neither logged as an error nor reported.
 */
export function isClientAbort(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, type } = error as { code?: unknown; type?: unknown };
  return code === "ECONNABORTED" || type === "request.aborted";
}

export function reportServerError(error: unknown, context: { requestId?: string; path?: string }): void {
  if (isClientAbort(error)) return;
  sdk?.captureException(error, { tags: { request_id: context.requestId, path: context.path } });
}

export async function flushErrorReporting(): Promise<void> {
  await sdk?.flush(2000);
}
