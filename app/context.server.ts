import type { IncomingMessage, ServerResponse } from "node:http";
import type { i18n } from "i18next";
import type Provider from "oidc-provider";
import type { Kysely } from "kysely";
import { createContext, redirect, type RouterContextProvider } from "react-router";
import type { Database } from "./lib/db.server";
import type { Locale } from "./i18n/locale";
import type { DatabaseHandle } from "./lib/db.server";
import type { Config } from "./lib/env.server";
import type { Logger } from "./lib/logger.server";
import type { MediaStore } from "./lib/media-store.server";
import type { CheckoutCache } from "./lib/payments/checkout-cache.server";
import type { PaymentProvider } from "./lib/payments/provider.server";
import type { DocumentIssuer } from "./lib/invoicing/document-issuer.server";
import type { Grader } from "./lib/exercises/grader.server";
import { pageUrls, type PageMeta } from "./lib/meta";
import type { OidcClient } from "./lib/oidc.server";
import type { RateLimits } from "./lib/rate-limit.server";
import { canonicalPagePath, routeAddress, routePathname } from "./lib/route-path";
import type { Viewer } from "./models/access.server";
import type { BooksClient } from "./models/books.server";
import type { CatalogueSnapshot } from "./models/catalogue.server";
import type { ViewerInfo } from "./models/viewer.server";
import type { ClientViewer } from "./models/viewer.types";

/**
 * The request context, at the app level: the Express shell fills it, root's middleware adds the
 * language and the viewer, and routes read it. Models and lib never see it: routes pass them what
 * they need as arguments.
 */

/** What the Express shell hands to every request: built once per process, plus per-request ids. */
export interface AppServices {
  config: Config;
  /** For queries: model functions take it (or a transaction) as their first argument. */
  db: Kysely<Database>;
  /** The process's handle on the same database: dialect, health check, close. */
  database: DatabaseHandle;
  log: Logger;
  cookieSecrets: string[];
  oidc: OidcClient;
  rateLimits: RateLimits;
  books: BooksClient;
  /** Uploaded media (lesson videos, course covers): readUpload saves into it, /video/ and /media/covers/ serve from it. */
  media: MediaStore;
  /** Delays between attempts to forward a submission (tests make them short). */
  forwardDelays?: number[];
  /** Looks at the forwarding outbox now (set once the process's background jobs run). */
  kickForwarding?: () => void;
  /** Online payments (Stripe), when configured; absent: checkout is off. */
  payments?: PaymentProvider;
  /**
   * Issues the tax documents of payments (decision 0048): Cardcom's, when it takes the payments and
   * CARDCOM_API_PASSWORD is set; absent: Lomda issues none.
   */
  taxDocuments?: DocumentIssuer;
  /** Delays between attempts to issue a tax document (tests make them short). */
  taxDocumentDelays?: number[];
  /** The provider's recent answers about checkouts (this process's, a few seconds). */
  checkoutCache: CheckoutCache;
  /** The embedded OpenID provider, when OIDC_ISSUER is unset. */
  idp?: Provider;
  /** Grades exercise submissions in worker threads (decision 0052); closed on shutdown. */
  grader: Grader;
}

export interface RequestInfo extends AppServices {
  requestId: string;
  /** The CSP nonce of this response, for React Router's inline scripts. */
  nonce: string;
  /** Node's request and response, for the few things that need them (the embedded provider's login page). */
  nodeReq: IncomingMessage;
  nodeRes: ServerResponse & { locals: Record<string, unknown> };
  /** The client's address (honouring TRUST_PROXY only), for rate limits. */
  clientIp: string;
}

export const requestContext = createContext<RequestInfo>();

export interface LocaleInfo {
  locale: Locale;
  i18n: i18n;
}

export const localeContext = createContext<LocaleInfo>();

export const viewerContext = createContext<ViewerInfo>();

/** The catalogue as this request sees it: checked for freshness once, by root's middleware. */
export const catalogueContext = createContext<CatalogueSnapshot>();

export function servicesOf(context: Readonly<RouterContextProvider>) {
  return context.get(requestContext);
}

export function getViewer(context: Readonly<RouterContextProvider>): Viewer {
  return context.get(viewerContext).viewer;
}

export function getCatalogue(context: Readonly<RouterContextProvider>): CatalogueSnapshot {
  return context.get(catalogueContext);
}

/**
 * The language, translator and a meta builder for a page's loader. The page's canonical URL is its
 * path in lower case (canonicalPagePath); a route whose address has capitals of its own (/Payments,
 * a certificate's id) names it. The page cache keeps a page only under that address.
 */
export function pageContext(context: Readonly<RouterContextProvider>, request: Request, canonicalPath?: string) {
  const { locale, i18n } = context.get(localeContext);
  const { config } = context.get(requestContext);
  const meta = (title: string, description: string): PageMeta => ({
    title,
    description,
    ...pageUrls(config.PUBLIC_URL, canonicalPath ?? canonicalPagePath(routePathname(request)), locale as Locale),
    locale,
    siteName: i18n.t("site.name"),
  });
  return { locale: locale as Locale, t: i18n.t.bind(i18n), meta, config };
}

/* A guard on the viewer: it throws the answer (a redirect), which is route code, not the model's. */

/**
 * Guards a page for signed-in people; a visitor goes to /register, whose sign-in brings them back to
 * this page (`returnTo`, checked again by /register and /signin with safeReturnTo).
 */
export function requireUser(viewer: Viewer, request: Request): NonNullable<Viewer["user"]> & { viewer: Viewer } {
  if (!viewer.user) throw redirect(`/register?returnTo=${encodeURIComponent(routeAddress(request))}`);
  return { ...viewer.user, viewer };
}

/**
 * The frame's data for every page: language, who is signed in (as the browser may see it), the
 * error pages' titles… The root loader returns it; a middleware's refusal (the admin guard) carries
 * it, since no loader runs after one (components/layout/use-root-data.ts).
 */
export function shellData(context: Readonly<RouterContextProvider>) {
  const { locale, i18n } = context.get(localeContext);
  const { viewer } = context.get(viewerContext);
  const clientViewer: ClientViewer = {
    user: viewer.user ? { name: viewer.user.name, picture: viewer.user.picture } : null,
    isAuthenticated: viewer.isAuthenticated,
    hasSubscription: viewer.hasSubscription,
    isAdmin: viewer.isAdmin,
  };
  return {
    locale,
    viewer: clientViewer,
    // A Sentry DSN is public by design (browsers send to it); null when error reporting is off.
    sentryDsn: context.get(requestContext).config.SENTRY_DSN ?? null,
    // The site's public origin, for absolute URLs in structured data.
    publicUrl: context.get(requestContext).config.PUBLIC_URL,
    // Demo mode (published demo passwords): a banner on every page says so.
    demo: context.get(requestContext).config.demo,
    // The server's year, so the footer's copyright renders the same in the browser on New Year's Eve.
    year: new Date().getUTCFullYear(),
    errorTitles: {
      notFound: i18n.t("notFound.metaTitle"),
      forbidden: i18n.t("forbidden.metaTitle"),
      error: i18n.t("error.metaTitle"),
    },
  };
}
