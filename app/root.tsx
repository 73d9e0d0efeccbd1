import { useEffect } from "react";
import { useStringsSource, useTranslation } from "~/i18n/use-translation";
import { Translations } from "~/i18n/translations";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/root";
// The stylesheet as a React resource (precedence): sent at the top of <head>, so a slow connection
// fetches it first (it is the only thing that holds the first paint; the page's modules come after
// that paint: lib/deferred-modules.server.ts).
import stylesheet from "./app.css?url";
// The text font's files for the page's scripts, fetched with the page rather than after the stylesheet
// (the same hashed files the stylesheet names: Vite emits each once).
import heeboHebrew from "@fontsource-variable/heebo/files/heebo-hebrew-wght-normal.woff2?url";
import heeboLatin from "@fontsource-variable/heebo/files/heebo-latin-wght-normal.woff2?url";
import { ErrorPage, ForbiddenPage, NotFoundPage } from "./components/layout/error-pages";
import { SiteChrome } from "./components/layout/site-chrome";
import { refusalReason, shellOf, useRootData } from "./components/layout/use-root-data";
import { direction, isLocale, resolveLocale, type Locale } from "./i18n/locale";
import { serverI18n } from "./i18n/resources.server";
import { reportClientError } from "./lib/error-reporting.client";
import { settleBeforeNavigation } from "./lib/before-navigation";
import { catalogueContext, localeContext, requestContext, shellData, viewerContext } from "./context.server";
import { localeCookie, readCookies, takeFlash } from "./lib/cookies.server";
import { hasControlCharacters, jsonHasControlCharacters } from "./lib/control-characters";
import { json } from "./lib/http";
import { ensureCatalogueFresh } from "./models/catalogue.server";
import { loadViewer } from "./models/viewer.server";

const localeMiddleware: Route.MiddlewareFunction = async ({ request, context }, next) => {
  const { locale, fromQuery } = resolveLocale(request, readCookies(request));
  context.set(localeContext, { locale, i18n: serverI18n(locale) });
  const response = await next();
  if (fromQuery) response.headers.append("Set-Cookie", localeCookie(context.get(requestContext).config, locale));
  response.headers.append("Vary", "Cookie, Accept-Language");
  return response;
};

/** Who is asking: the session cookie becomes a viewer (visitor, learner, subscriber, admin). */
const viewerMiddleware: Route.MiddlewareFunction = async ({ request, context }, next) => {
  const services = context.get(requestContext);
  const info = await loadViewer(services.db, services.config, request);
  context.set(viewerContext, info);
  if (info.viewer.user) services.nodeRes.locals.userId = info.viewer.user.id;
  const response = await next();
  // Pages for a signed-in person carry personal data (name, profile): never store them in a cache.
  // An answer that declares itself public (the same for everyone, like /api/strings) keeps its own.
  const declared = response.headers.get("Cache-Control") ?? "";
  if (info.viewer.isAuthenticated && !/^public\b/.test(declared))
    response.headers.set("Cache-Control", "private, no-store");
  return response;
};

/** The catalogue, checked for changes (at most once a second, or after a change here) once per request. */
const catalogueMiddleware: Route.MiddlewareFunction = async ({ context }, next) => {
  context.set(catalogueContext, await ensureCatalogueFresh(context.get(requestContext).db));
  return next();
};

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * A form body that does not parse (a cut-short multipart, a wrong boundary) is the sender's
 * mistake: 400 with a translated message, before an action's `request.formData()` throws it as
 * a 500. The server shell has already refused bodies that are not forms at all (415). A form or
 * JSON body with control characters is refused the same way (readableFormMiddleware below).
 */
/** Bodies read this way are small: the forms of the site, the builder's text forms. */
const SMALL_BODY = 128 * 1024;

/**
 * A course-media upload (a large multipart POST under /admin/, let through by the server shell for
 * admins only): read as a stream by the upload helper, which answers a malformed body itself;
 * copying it here would hold the whole file in memory.
 */
function isStreamedUpload(request: Request, type: string): boolean {
  if (type !== "multipart/form-data" || !new URL(request.url).pathname.startsWith("/admin/")) return false;
  const length = Number(request.headers.get("content-length") ?? Number.NaN);
  return !Number.isFinite(length) || length > SMALL_BODY;
}

const readableFormMiddleware: Route.MiddlewareFunction = async ({ request, context }, next) => {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (request.body && FORM_TYPES.includes(type) && !isStreamedUpload(request, type)) {
    let form: FormData;
    try {
      form = await request.clone().formData();
    } catch {
      throw data(context.get(localeContext).i18n.t("badRequest.malformed"), { status: 400 });
    }
    // No field takes control characters, and PostgreSQL refuses a NUL in text (a 500 otherwise).
    for (const [name, value] of form)
      if (hasControlCharacters(name) || (typeof value === "string" && hasControlCharacters(value)))
        throw data(context.get(localeContext).i18n.t("badRequest.controlCharacters"), { status: 400 });
  }
  if (request.body && type === "application/json" && Number(request.headers.get("content-length")) <= SMALL_BODY) {
    // The API's JSON: the same rule, answered as JSON. A body that does not parse is the route's to refuse.
    let body: unknown;
    try {
      body = JSON.parse(await request.clone().text());
    } catch {
      body = undefined;
    }
    if (jsonHasControlCharacters(body)) throw json({ error: "control_characters" }, 400);
  }
  return next();
};

/**
 * The matched route's pattern (`/lesson/:list/:lesson`), never the URL: the label the request metrics
 * count this request under (server/request-log.ts; bounded by the route table).
 */
const routeLabelMiddleware: Route.MiddlewareFunction = ({ context, pattern }, next) => {
  context.get(requestContext).nodeRes.locals.route = pattern.startsWith("/") ? pattern : `/${pattern}`;
  return next();
};

export const middleware: Route.MiddlewareFunction[] = [
  routeLabelMiddleware,
  localeMiddleware,
  readableFormMiddleware,
  viewerMiddleware,
  catalogueMiddleware,
];

/**
 * In the browser, before an in-app navigation's (or a fetcher's) actions and loaders: what must reach
 * the server first, such as a playing lesson's last progress report (lib/before-navigation.ts, D-L1).
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request, url }, next) => {
    await settleBeforeNavigation(url, request.method, new URL(window.location.href));
    return next();
  },
];

/**
 * The frame's data for every page (context.server.ts: shellData; a refusal by a middleware carries it
 * too), and the footer's newsletter answer after a sign-up without JavaScript (read once, then cleared).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { config, cookieSecrets } = context.get(requestContext);
  const newsletter = await takeFlash(config, cookieSecrets, request, "newsletter.");
  return data(
    { ...shellData(context), newsletter: newsletter.message },
    { headers: newsletter.clear ? { "Set-Cookie": newsletter.clear } : {} },
  );
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet, precedence: "default" }];

export function meta({ error, loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  if (!error) return [];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const titles = (loaderData ?? shellOf<ReturnType<typeof shellData>>(error))?.errorTitles;
  const title = status === 404 ? titles?.notFound : status === 403 ? titles?.forbidden : titles?.error;
  return [{ title: title ?? "Lomda" }, { name: "robots", content: "noindex" }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const strings = useStringsSource();
  const data = useRootData<ReturnType<typeof shellData>>();
  const locale: Locale = data?.locale ?? (isLocale(strings.locale) ? strings.locale : "en");
  return (
    <html lang={locale} dir={direction(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0e7490" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Every page needs the Latin subset (digits, the brand, course and code names); a Hebrew page
            needs the Hebrew one too. A subset found only at the first layout would arrive too late for
            this page: fonts.css lets no late font in (decision 0041). */}
        {(locale === "he" ? [heeboHebrew, heeboLatin] : [heeboLatin]).map((font) => (
          <link key={font} rel="preload" href={font} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        {data?.sentryDsn ? <meta name="sentry-dsn" content={data.sentryDsn} /> : null}
        <Meta />
        {/* Stylesheets need no nonce (style-src 'self'). An empty one, rather than the response's,
            renders the same on the server and in the browser (which hides nonces after load). */}
        <Links nonce="" />
      </head>
      <body className="min-h-dvh bg-white font-sans text-ink-900 antialiased">
        <Translations>
          <SiteChrome>{children}</SiteChrome>
        </Translations>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // A marker for the browser tests: React has hydrated, so clicks reach its handlers.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useEffect(() => {
    if (!(isRouteErrorResponse(error) && error.status < 500)) reportClientError(error);
  }, [error]);
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // The admin guard's reasons (routes/admin/guard.server.ts): the admin area is not part of any
  // subscription, so its refusal says so and offers none.
  const reason = refusalReason(error);
  if (isRouteErrorResponse(error) && error.status === 403) {
    if (reason === "admin_email_not_verified")
      return <ForbiddenPage reason={t("forbidden.adminEmailNotVerified")} subscribe={false} />;
    if (reason === "admin_only") return <ForbiddenPage reason={t("forbidden.adminOnly")} subscribe={false} />;
    return <ForbiddenPage />;
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Loaders throw plain English words ("Too Many Requests"): the page says it in its own language.
  // A 400 thrown with a message carries one already translated (the root's form check).
  const message = !isRouteErrorResponse(error)
    ? undefined
    : status === 429
      ? t("error.tooManyRequests")
      : status === 400 && typeof error.data === "string" && error.data
        ? error.data
        : status < 500
          ? t("error.requestMessage")
          : undefined;
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return <ErrorPage status={status} message={message} stack={stack} />;
}
