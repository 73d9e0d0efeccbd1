import { parse, serialize, type CookieSerializeOptions } from "cookie";
import { createCookie } from "react-router";
import { LOCALE_COOKIE, type Locale } from "~/i18n/locale";
import type { Config } from "./env.server";
import { safeReturnTo } from "./http";
import type { SignInTransaction } from "./oidc.server";

/**
 * Every cookie the site sets is built here, from the config: SameSite=Lax and Path=/ always,
 * Secure (and the `__Host-` prefix where it matters) on https, HttpOnly unless the browser's
 * script may read it. Reading goes through one parser that never throws: a malformed cookie is
 * simply absent (a bad session cookie means "visitor", a bad language cookie means "detect").
 */

const https = (config: Pick<Config, "publicOrigin">) => config.publicOrigin.startsWith("https:");

function options(config: Pick<Config, "publicOrigin">, extra: CookieSerializeOptions): CookieSerializeOptions {
  return { path: "/", sameSite: "lax", secure: https(config), ...extra };
}

/** The request's cookies by name; never throws (a value that does not decode is kept as sent, a header that does not parse gives none). */
export function readCookies(request: Request): Record<string, string | undefined> {
  const header = request.headers.get("cookie");
  if (!header) return {};
  try {
    return parse(header, {
      decode(value) {
        try {
          return decodeURIComponent(value);
        } catch {
          return value;
        }
      },
    });
  } catch {
    return {};
  }
}

/* The session: one httpOnly cookie holding a random session id (the row holds its hash). */

export function sessionCookieName(config: Pick<Config, "publicOrigin">): string {
  return https(config) ? "__Host-lomda_session" : "lomda_session";
}

export function serializeSessionCookie(config: Config, value: string, maxAgeSeconds: number): string {
  return serialize(sessionCookieName(config), value, options(config, { httpOnly: true, maxAge: maxAgeSeconds }));
}

export function clearSessionCookie(config: Config): string {
  return serializeSessionCookie(config, "", 0);
}

export function readSessionId(config: Config, request: Request): string | undefined {
  const value = readCookies(request)[sessionCookieName(config)];
  return value && /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : undefined;
}

/*
 * Front-channel logout for a provider whose ID tokens carry no `sid` (LemonLDAP::NG 2.16): the
 * session's hash (the row's key, never the session id itself), sent back only to
 * /auth/frontchannel-logout. SameSite=None, because the provider's logout page frames that URL from
 * its own site, where the Lax session cookie is never sent; Secure, as browsers require of
 * SameSite=None (they accept it on http://localhost too). It can end that one session, nothing more.
 */

export const FRONTCHANNEL_LOGOUT_PATH = "/auth/frontchannel-logout";

export function logoutCookieName(config: Pick<Config, "publicOrigin">): string {
  return https(config) ? "__Secure-lomda_logout" : "lomda_logout";
}

export function serializeLogoutCookie(config: Config, sessionHash: string, maxAgeSeconds: number): string {
  return serialize(logoutCookieName(config), sessionHash, {
    path: FRONTCHANNEL_LOGOUT_PATH,
    sameSite: "none",
    secure: true,
    httpOnly: true,
    maxAge: maxAgeSeconds,
  });
}

export function clearLogoutCookie(config: Config): string {
  return serializeLogoutCookie(config, "", 0);
}

export function readLogoutCookie(config: Config, request: Request): string | undefined {
  const value = readCookies(request)[logoutCookieName(config)];
  return value && /^[0-9a-f]{64}$/.test(value) ? value : undefined;
}

/* The language chosen with ?lng=: readable by the page, not secret. */

/** How long each cookie lasts, in seconds (the privacy notice, /privacy, quotes them). */
export const COOKIE_MAX_AGE = {
  locale: 365 * 24 * 60 * 60,
  signIn: 24 * 60 * 60,
  postedFeedback: 365 * 24 * 60 * 60,
  flash: 60,
} as const;

export function localeCookie(config: Config, locale: Locale): string {
  return serialize(LOCALE_COOKIE, locale, options(config, { maxAge: COOKIE_MAX_AGE.locale }));
}

/* Signed cookies (React Router's createCookie signs and encodes; the options come from here). */

function signedCookie(config: Config, secrets: string[], name: string, maxAge: number) {
  return createCookie(name, { ...options(config, { httpOnly: true, maxAge }), secrets });
}

/** The sign-in transaction (state, nonce, PKCE verifier, returnTo), signed, for one day at most. */
const transactionCookie = (config: Config, secrets: string[]) =>
  signedCookie(config, secrets, "lomda_signin", COOKIE_MAX_AGE.signIn);

export async function serializeTransaction(config: Config, secrets: string[], tx: SignInTransaction): Promise<string> {
  return transactionCookie(config, secrets).serialize(tx);
}

export async function readTransaction(
  config: Config,
  secrets: string[],
  request: Request,
): Promise<SignInTransaction | undefined> {
  const value = (await transactionCookie(config, secrets).parse(request.headers.get("cookie"))) as unknown;
  if (!value || typeof value !== "object") return undefined;
  const tx = value as Partial<SignInTransaction>;
  if (typeof tx.state !== "string" || typeof tx.nonce !== "string" || typeof tx.codeVerifier !== "string")
    return undefined;
  return {
    state: tx.state,
    nonce: tx.nonce,
    codeVerifier: tx.codeVerifier,
    returnTo: safeReturnTo(tx.returnTo),
    ...(typeof tx.maxAge === "number" ? { maxAge: tx.maxAge } : {}),
  };
}

export async function clearTransaction(config: Config, secrets: string[]): Promise<string> {
  return transactionCookie(config, secrets).serialize("", { maxAge: 0 });
}

/**
 * The feedback a browser posted without signing in: their ids in a signed httpOnly cookie, which is
 * the browser's proof that it may delete them (the 50 most recent).
 */
const postedCookie = (config: Config, secrets: string[]) =>
  signedCookie(config, secrets, "lomda_feedback", COOKIE_MAX_AGE.postedFeedback);

export async function readPostedFeedback(config: Config, secrets: string[], request: Request): Promise<Set<string>> {
  const value = (await postedCookie(config, secrets).parse(request.headers.get("cookie"))) as unknown;
  return new Set(Array.isArray(value) ? value.filter((v): v is string => typeof v === "string").slice(0, 50) : []);
}

export async function rememberPostedFeedback(
  config: Config,
  secrets: string[],
  request: Request,
  id: string,
): Promise<string> {
  const ids = [id, ...(await readPostedFeedback(config, secrets, request))].slice(0, 50);
  return postedCookie(config, secrets).serialize(ids);
}

/**
 * A one-time message after a redirect (post/redirect/get), in its own cookie, not in the URL: the
 * site's one way to carry a message over a redirect. A request with it is never served from the page
 * cache, and the answer that clears it is never stored there (server/page-cache.ts: any cookie but
 * the language one, any Set-Cookie), so a flash never reaches anyone else.
 */
const flashCookie = (config: Config, secrets: string[]) =>
  signedCookie(config, secrets, "lomda_flash", COOKIE_MAX_AGE.flash);

const FLASHES = [
  "feedback.thanks",
  "feedback.deleted",
  "newsletter.thanks",
  "newsletter.invalid",
  "reviews.saved",
  "courseAdmin.created",
  "courseAdmin.saved",
  "courseAdmin.deleted",
  "courseAdmin.upload.videoUploaded",
  "courseAdmin.upload.videoRemoved",
  "courseAdmin.upload.coverUploaded",
  "courseAdmin.captions.saved",
  "courseAdmin.captions.removed",
  "courseAdmin.resources.added",
  "courseAdmin.resources.removed",
  "courseAdmin.exerciseCreated",
] as const;
export type Flash = (typeof FLASHES)[number];
const isFlash = (value: unknown): value is Flash => (FLASHES as readonly unknown[]).includes(value);

export async function setFlash(config: Config, secrets: string[], message: Flash): Promise<string> {
  return flashCookie(config, secrets).serialize(message);
}

/** The flash for this page, taken (cleared) once read; with `area`, only a message of that area ("courseAdmin."). */
export async function takeFlash(
  config: Config,
  secrets: string[],
  request: Request,
  area?: string,
): Promise<{ message: Flash | null; clear: string | null }> {
  const value = (await flashCookie(config, secrets).parse(request.headers.get("cookie"))) as unknown;
  if (!isFlash(value) || (area !== undefined && !value.startsWith(area))) return { message: null, clear: null };
  return { message: value, clear: await flashCookie(config, secrets).serialize("", { maxAge: 0 }) };
}

/**
 * A sign-up's confirmation link, followed: its token, until the person signs in with their password
 * at the embedded provider, which confirms the email then (app/models/sign-up.server.ts). Signed,
 * httpOnly, for an hour.
 */
const confirmCookie = (config: Config, secrets: string[]) => signedCookie(config, secrets, "lomda_confirm", 60 * 60);

export async function serializeConfirmToken(config: Config, secrets: string[], token: string): Promise<string> {
  return confirmCookie(config, secrets).serialize(token);
}

export async function readConfirmToken(config: Config, secrets: string[], request: Request): Promise<string | null> {
  const value = (await confirmCookie(config, secrets).parse(request.headers.get("cookie"))) as unknown;
  return typeof value === "string" && value.length >= 20 && value.length <= 100 ? value : null;
}

export async function clearConfirmToken(config: Config, secrets: string[]): Promise<string> {
  return confirmCookie(config, secrets).serialize("", { maxAge: 0 });
}
