import { Transform, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceContext } from "./components/ui/nonce";
import { resolveLocale } from "./i18n/locale";
import { serverStringsSource } from "./i18n/resources.server";
import { StringsSourceContext } from "./i18n/use-translation";
import { localeContext, requestContext, type LocaleInfo, type RequestInfo } from "./context.server";
import { readCookies } from "./lib/cookies.server";
import { ModuleDeferral } from "./lib/deferred-modules.server";
import { withPageRoutes } from "./lib/page-routes.server";
import { reportServerError } from "./lib/error-reporting.server";

export const streamTimeout = 5_000;

/**
 * Between React and the response: collects what React writes and passes it on when React calls
 * flush() (after each render pass: the shell, then as Suspense boundaries resolve), gathering the passes of one event-loop turn. React
 * writes in ~2 kB pieces and React Router flushes the compressor after every piece it is given;
 * one piece per pass instead keeps gzip's window whole (the streamed page compresses almost as
 * well as the page in one go) and costs far fewer writes. Each pass also goes through the module
 * deferral (the page's scripts start after its first paint: lib/deferred-modules.server.ts).
 */
class RenderPasses extends Transform {
  private pending: Buffer[] = [];
  private readonly onEnd: () => void;
  constructor(onEnd: () => void) {
    super();
    this.onEnd = onEnd;
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.pending.push(chunk);
    callback();
  }
  private scheduled = false;
  /** React calls this after each pass of writes; passes finished in the same turn go out together. */
  flush() {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.release();
    });
  }
  private readonly modules = new ModuleDeferral();
  private release() {
    if (this.pending.length === 0) return;
    const pass = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    this.pending = [];
    this.push(this.modules.rewrite(pass));
  }
  override _flush(callback: TransformCallback) {
    this.release();
    this.onEnd();
    callback();
  }
}

/** Reads a context value without throwing: a request that skipped the middleware must still render. */
function tryGet<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

function localeFor(request: Request, loadContext: RouterContextProvider): LocaleInfo["locale"] {
  const fromMiddleware = tryGet(() => loadContext.get(localeContext));
  if (fromMiddleware) return fromMiddleware.locale;
  return resolveLocale(request, readCookies(request)).locale;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const info: RequestInfo | undefined = tryGet(() => loadContext.get(requestContext));
  const nonce = info?.nonce || undefined;
  const strings = serverStringsSource(localeFor(request, loadContext));

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <StringsSourceContext value={strings}>
        <NonceContext value={nonce ?? ""}>
          <ServerRouter context={withPageRoutes(routerContext)} url={request.url} nonce={nonce} />
        </NonceContext>
      </StringsSourceContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new RenderPasses(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject and are logged by handleError; these happen mid-stream.
          if (shellRendered) info?.log.error({ err: error, reqId: info.requestId }, "streaming render failed");
        },
      },
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return; // the browser went away: nothing to report
  const info = tryGet(() => context.get(requestContext));
  const path = new URL(request.url).pathname;
  // The router's own 4xx (a POST to a page without an action: 405; no such route: 404) are the
  // sender's mistake, not ours: logged at info, not reported.
  if (isRouteErrorResponse(error) && error.status < 500) {
    info?.log.info({ reqId: info.requestId, path, status: error.status }, "request refused");
    return;
  }
  info?.log.error({ err: error, reqId: info.requestId, path }, "request failed");
  reportServerError(error, { requestId: info?.requestId, path });
};
