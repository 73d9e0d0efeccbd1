import type { i18n } from "i18next";
import { createContext } from "react-router";
import type { Locale } from "../i18n/locale";
import type { Db } from "./db.server";
import type { Config } from "./env.server";
import type { Logger } from "./logger.server";

/** What the Express shell hands to every request: built once per process, plus per-request ids. */
export interface AppServices {
  config: Config;
  db: Db;
  log: Logger;
  cookieSecrets: string[];
}

export interface RequestInfo extends AppServices {
  requestId: string;
  /** The CSP nonce of this response, for React Router's inline scripts. */
  nonce: string;
}

export const requestContext = createContext<RequestInfo>();

export interface LocaleInfo {
  locale: Locale;
  i18n: i18n;
}

export const localeContext = createContext<LocaleInfo>();
