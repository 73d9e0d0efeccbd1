import type { IncomingMessage, ServerResponse } from "node:http";
import type { i18n } from "i18next";
import type Provider from "oidc-provider";
import { createContext } from "react-router";
import type { Locale } from "../i18n/locale";
import type { Db } from "./db.server";
import type { Config } from "./env.server";
import type { Logger } from "./logger.server";
import type { OidcClient } from "./oidc.server";
import type { RateLimits } from "./rate-limit.server";
import type { BooksClient } from "../models/books.server";
import type { ViewerInfo } from "./auth.server";

/** What the Express shell hands to every request: built once per process, plus per-request ids. */
export interface AppServices {
  config: Config;
  db: Db;
  log: Logger;
  cookieSecrets: string[];
  oidc: OidcClient;
  rateLimits: RateLimits;
  books: BooksClient;
  /** Delays between attempts to forward a submission (tests make them short). */
  forwardDelays?: number[];
  /** The embedded OpenID provider, when OIDC_ISSUER is unset. */
  idp?: Provider;
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
