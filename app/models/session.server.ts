import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/lib/db.server";

/**
 * Sign-in sessions are database rows. The browser's cookie holds a random 256-bit id; the table
 * holds only its SHA-256, so a leaked database cannot be replayed as cookies.
 */

/** A session ends after this long without a request (idle lifetime). */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** …and this long after sign-in, whatever the activity (absolute lifetime). */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, to keep page views from becoming writes. */
const TOUCH_EVERY_MS = 60 * 1000;

export function hashSessionId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

export interface ActiveSession {
  idHash: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
  idToken: string | null;
}

export async function createSession(
  db: Kysely<Database>,
  userId: string,
  options: { now?: Date; idToken?: string | null } = {},
): Promise<{ id: string; expiresAt: Date }> {
  const now = options.now ?? new Date();
  const id = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await db
    .insertInto("sessions")
    .values({
      id_hash: hashSessionId(id),
      user_id: userId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      id_token: options.idToken ?? null,
    })
    .execute();
  return { id, expiresAt };
}

/**
 * The live session for a cookie value, or undefined when it is unknown, idle too long or past
 * its absolute end (an expired row is deleted on the way).
 */
export async function findActiveSession(
  db: Kysely<Database>,
  id: string,
  now: Date = new Date(),
): Promise<ActiveSession | undefined> {
  if (id.length < 16 || id.length > 128) return undefined;
  const idHash = hashSessionId(id);
  const row = await db
    .selectFrom("sessions")
    .select(["id_hash", "user_id", "created_at", "last_seen_at", "expires_at", "id_token"])
    .where("id_hash", "=", idHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const idleEnd = new Date(row.last_seen_at).getTime() + SESSION_IDLE_MS;
  if (now.getTime() >= Math.min(idleEnd, new Date(row.expires_at).getTime())) {
    await db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
    return undefined;
  }
  if (now.getTime() - new Date(row.last_seen_at).getTime() >= TOUCH_EVERY_MS) {
    await db.updateTable("sessions").set({ last_seen_at: now.toISOString() }).where("id_hash", "=", idHash).execute();
  }
  return {
    idHash,
    userId: row.user_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    idToken: row.id_token,
  };
}

export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("sessions").where("id_hash", "=", hashSessionId(id)).execute();
}

export async function deleteSessionsOfUser(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

/** Housekeeping: removes sessions past their absolute end or idle limit. */
export async function deleteExpiredSessions(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS).toISOString();
  const result = await db
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("expires_at", "<=", now.toISOString()), eb("last_seen_at", "<=", idleCutoff)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
