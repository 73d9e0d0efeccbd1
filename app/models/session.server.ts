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
}

export async function createSession(
  db: Kysely<Database>,
  userId: string,
  options: { now?: Date; providerSid?: string | null } = {},
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
      provider_sid: options.providerSid ?? null,
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
    .select(["id_hash", "user_id", "created_at", "last_seen_at", "expires_at"])
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
  };
}

export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("sessions").where("id_hash", "=", hashSessionId(id)).execute();
}

export async function deleteSessionsOfUser(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

/**
 * Back-channel logout: ends the sessions a provider's logout token names — by the provider's
 * session id, or (without one) every session of the user it signed in as (issuer, subject).
 * Returns how many ended.
 */
export async function deleteSessionsForProviderLogout(
  db: Kysely<Database>,
  target: { issuer: string; subject?: string; sid?: string },
): Promise<number> {
  const users = db
    .selectFrom("users")
    .select("id")
    .where("issuer", "=", target.issuer)
    .where("subject", "=", target.subject ?? "");
  let query = db.deleteFrom("sessions");
  if (target.sid && target.subject) {
    query = query.where("provider_sid", "=", target.sid).where("user_id", "in", users);
  } else if (target.sid) {
    const anyUserOfIssuer = db.selectFrom("users").select("id").where("issuer", "=", target.issuer);
    query = query.where("provider_sid", "=", target.sid).where("user_id", "in", anyUserOfIssuer);
  } else {
    query = query.where("user_id", "in", users);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Front-channel logout from a provider whose ID tokens carry no sid (LemonLDAP::NG 2.16 sends the
 * person's subject as `sid` instead): ends the session the browser's own cookies name (by their
 * hashes: the session cookie's, the logout cookie's), if it was started without a provider sid by
 * that issuer's user with that subject. Returns how many ended.
 */
export async function deleteSessionWithoutProviderSid(
  db: Kysely<Database>,
  target: { idHashes: string[]; issuer: string; subject: string },
): Promise<number> {
  if (target.idHashes.length === 0) return 0;
  const users = db
    .selectFrom("users")
    .select("id")
    .where("issuer", "=", target.issuer)
    .where("subject", "=", target.subject);
  const result = await db
    .deleteFrom("sessions")
    .where("id_hash", "in", target.idHashes)
    .where("provider_sid", "is", null)
    .where("user_id", "in", users)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Records a logout token's jti as used; false when it was already (a replay). Kept until `expiresAt`.
 */
export async function markLogoutTokenUsed(
  db: Kysely<Database>,
  issuer: string,
  jti: string,
  expiresAt: Date,
): Promise<boolean> {
  const key = createHash("sha256").update(`${issuer} ${jti}`).digest("hex");
  const result = await db
    .insertInto("logout_tokens_seen")
    .values({ key, expires_at: expiresAt.toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Housekeeping: used logout tokens past their time (a replay would fail on expiry anyway). */
export async function deleteExpiredLogoutTokens(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("logout_tokens_seen")
    .where("expires_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
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
