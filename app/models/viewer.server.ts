import type { Kysely } from "kysely";
import type { Database } from "~/lib/db.server";
import { readSessionId, serializeLogoutCookie, serializeSessionCookie } from "~/lib/cookies.server";
import type { Config } from "~/lib/env.server";
import { IDP_MOUNT } from "~/lib/idp/provider.server";
import { VISITOR, resolveViewer, type Viewer } from "./access.server";
import {
  createSession,
  deleteSession,
  findActiveSession,
  hashSessionId,
  SESSION_ABSOLUTE_MS,
  type ActiveSession,
} from "./session.server";
import { findUserById } from "./user.server";

/** Who is asking: the session cookie, its row, the user and their rights. */

export interface ViewerInfo {
  viewer: Viewer;
  session?: ActiveSession;
  sessionId?: string;
}

/** Reads the session cookie into a viewer (visitor when absent, malformed, unknown, idle or expired). */
export async function loadViewer(db: Kysely<Database>, config: Config, request: Request): Promise<ViewerInfo> {
  const sessionId = readSessionId(config, request);
  if (!sessionId) return { viewer: VISITOR };
  const session = await findActiveSession(db, sessionId);
  if (!session) return { viewer: VISITOR };
  const user = await findUserById(db, session.userId);
  if (!user) return { viewer: VISITOR };
  const embeddedIssuer = config.embeddedIdp ? `${config.PUBLIC_URL}${IDP_MOUNT}` : undefined;
  return { viewer: await resolveViewer(db, user, config.adminEmails, new Date(), embeddedIssuer), session, sessionId };
}

/**
 * Starts a fresh session (the old one, if any, is deleted: no session fixation). Returns its
 * Set-Cookie values: the session's, and the front-channel logout one when the provider gave no sid.
 */
export async function startSession(
  db: Kysely<Database>,
  config: Config,
  request: Request,
  userId: string,
  providerSid: string | null = null,
) {
  const previous = readSessionId(config, request);
  if (previous) await deleteSession(db, previous);
  const { id } = await createSession(db, userId, { providerSid });
  const maxAge = Math.floor(SESSION_ABSOLUTE_MS / 1000);
  const cookies = [serializeSessionCookie(config, id, maxAge)];
  // Without the provider's sid, its front-channel logout can find this session only by a cookie.
  if (!providerSid && !config.embeddedIdp) cookies.push(serializeLogoutCookie(config, hashSessionId(id), maxAge));
  return cookies;
}

/** The 403 body when the email is an admin's but not verified by the provider (root ErrorBoundary translates it). */
export const ADMIN_EMAIL_NOT_VERIFIED = "admin_email_not_verified";
