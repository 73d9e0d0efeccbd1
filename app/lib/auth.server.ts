import { createCookie, redirect, type RouterContextProvider } from "react-router";
import { VISITOR, resolveViewer, type Viewer } from "../models/access.server.ts";
import { createSession, deleteSession, findActiveSession, SESSION_ABSOLUTE_MS, type ActiveSession } from "../models/session.server.ts";
import { findUserById } from "../models/user.server.ts";
import { readCookie } from "../i18n/locale.ts";
import { requestContext, viewerContext } from "./context.server.ts";
import type { Config } from "./env.server.ts";
import type { SignInTransaction } from "./oidc.server.ts";
import type { Db } from "./db.server.ts";

/**
 * Sessions in the browser: one httpOnly cookie holding a random session id (the row holds its hash).
 * `__Host-` prefixed and Secure on https.
 */
export function sessionCookieName(config: Pick<Config, "publicOrigin">): string {
  return config.publicOrigin.startsWith("https:") ? "__Host-lomda_session" : "lomda_session";
}

export function serializeSessionCookie(config: Config, value: string, maxAgeSeconds: number): string {
  const secure = config.publicOrigin.startsWith("https:") ? "; Secure" : "";
  return `${sessionCookieName(config)}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

export function clearSessionCookie(config: Config): string {
  return serializeSessionCookie(config, "", 0);
}

export function readSessionId(config: Config, request: Request): string | undefined {
  const value = readCookie(request.headers.get("cookie"), sessionCookieName(config));
  return value && /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : undefined;
}

/** The sign-in transaction (state, nonce, PKCE verifier, returnTo), signed, for one day at most. */
function transactionCookie(config: Config, secrets: string[]) {
  return createCookie("lomda_signin", {
    httpOnly: true,
    sameSite: "lax",
    secure: config.publicOrigin.startsWith("https:"),
    path: "/",
    maxAge: 24 * 60 * 60,
    secrets,
  });
}

export async function serializeTransaction(config: Config, secrets: string[], tx: SignInTransaction): Promise<string> {
  return transactionCookie(config, secrets).serialize(tx);
}

export async function readTransaction(config: Config, secrets: string[], request: Request): Promise<SignInTransaction | undefined> {
  const value = (await transactionCookie(config, secrets).parse(request.headers.get("cookie"))) as unknown;
  if (!value || typeof value !== "object") return undefined;
  const tx = value as Partial<SignInTransaction>;
  if (typeof tx.state !== "string" || typeof tx.nonce !== "string" || typeof tx.codeVerifier !== "string") return undefined;
  return { state: tx.state, nonce: tx.nonce, codeVerifier: tx.codeVerifier, returnTo: safeReturnTo(tx.returnTo), ...(typeof tx.maxAge === "number" ? { maxAge: tx.maxAge } : {}) };
}

export async function clearTransaction(config: Config, secrets: string[]): Promise<string> {
  return transactionCookie(config, secrets).serialize("", { maxAge: 0 });
}

/**
 * Only same-origin relative paths: "/courses?x=1" yes; "//evil", "/\\evil", "https://evil",
 * "javascript:…" and anything with control characters become "/".
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== "string" || value.length > 2000) return "/";
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return "/";
  const url = new URL(value, "http://lomda.invalid");
  if (url.origin !== "http://lomda.invalid") return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

export interface ViewerInfo {
  viewer: Viewer;
  session?: ActiveSession;
  sessionId?: string;
}

/** Reads the session cookie into a viewer (visitor when absent, unknown, idle or expired). */
export async function loadViewer(db: Db, config: Config, request: Request): Promise<ViewerInfo> {
  const sessionId = readSessionId(config, request);
  if (!sessionId) return { viewer: VISITOR };
  const session = await findActiveSession(db.db, sessionId);
  if (!session) return { viewer: VISITOR };
  const user = await findUserById(db.db, session.userId);
  if (!user) return { viewer: VISITOR };
  return { viewer: await resolveViewer(db.db, user, config.adminEmails), session, sessionId };
}

/** Starts a fresh session (the old one, if any, is deleted: no session fixation). Returns its Set-Cookie. */
export async function startSession(db: Db, config: Config, request: Request, userId: string, idToken: string | null) {
  const previous = readSessionId(config, request);
  if (previous) await deleteSession(db.db, previous);
  const { id } = await createSession(db.db, userId, { idToken });
  return serializeSessionCookie(config, id, Math.floor(SESSION_ABSOLUTE_MS / 1000));
}

export function getViewer(context: Readonly<RouterContextProvider>): Viewer {
  return context.get(viewerContext).viewer;
}

/** Guards a page for signed-in people; a visitor goes to /register. */
export function requireUser(context: Readonly<RouterContextProvider>): NonNullable<Viewer["user"]> & { viewer: Viewer } {
  const viewer = getViewer(context);
  if (!viewer.user) throw redirect("/register");
  return { ...viewer.user, viewer };
}

export function servicesOf(context: Readonly<RouterContextProvider>) {
  return context.get(requestContext);
}
