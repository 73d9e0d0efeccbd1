import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, IdpAccount } from "~/lib/db.server";
import { hashPassword, verifyPassword } from "~/lib/passwords.server";
import { endProviderSessions } from "~/lib/idp/adapter.server";
import { findIdpAccountByEmail } from "./idp-account.server";

/**
 * Passwords of the embedded provider's accounts set through one-time links: "set" after an approved
 * registration (the account exists, with no password, until then), "reset" for a forgotten one. The
 * link carries 32 random bytes; the table keeps their SHA-256; a link works once, before it expires.
 * A new link does not void those already sent (anyone may ask for a reset link for any email: that
 * must not take away the one the learner holds); using one voids every other of the account.
 */

export type AccountTokenPurpose = "set" | "reset" | "verify";
/** The links that choose a password (a "verify" link only confirms an email: app/models/sign-up.server.ts). */
const PASSWORD_PURPOSES = ["set", "reset"] as const;
export const SET_PASSWORD_TTL_MS = 72 * 60 * 60 * 1000;
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000;
export const VERIFY_EMAIL_TTL_MS = 72 * 60 * 60 * 1000;
const TTL: Record<AccountTokenPurpose, number> = {
  set: SET_PASSWORD_TTL_MS,
  reset: RESET_PASSWORD_TTL_MS,
  verify: VERIFY_EMAIL_TTL_MS,
};
export const SET_PASSWORD_PATH = "/account/set-password";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Uses a link token of one of these purposes (of this account, when given): one conditional update,
 * so two submissions cannot both use it. The account it was for, or undefined for an unknown, used
 * or expired token.
 */
async function spendToken(
  trx: Kysely<Database>,
  token: string,
  purposes: readonly AccountTokenPurpose[],
  now: Date,
  accountId?: string,
): Promise<string | undefined> {
  let query = trx
    .updateTable("account_tokens")
    .set({ used_at: now.toISOString() })
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "in", purposes)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString());
  if (accountId) query = query.where("account_id", "=", accountId);
  return (await query.returning("account_id").executeTakeFirst())?.account_id;
}

/** The link reached the inbox: a sign-up still waiting for its confirmation is confirmed by it. */
async function markEmailConfirmed(trx: Kysely<Database>, accountId: string, now: Date): Promise<void> {
  await trx
    .updateTable("idp_accounts")
    .set({ email_verified_at: now.toISOString() })
    .where("id", "=", accountId)
    .where("email_verified_at", "is", null)
    .execute();
}

/** The account an approval gives this person: found, or made with no password (cannot sign in yet). */
export async function ensureAccountForApproval(
  db: Kysely<Database>,
  input: { email: string; name: string; phone?: string | null },
  now: Date = new Date(),
): Promise<{ account: IdpAccount; created: boolean }> {
  const existing = await findIdpAccountByEmail(db, input.email);
  if (existing) return { account: existing, created: false };
  await db
    .insertInto("idp_accounts")
    .values({
      id: randomUUID(),
      email: input.email.trim().toLowerCase(),
      password_hash: "",
      name: input.name,
      phone: input.phone ?? null,
      address: null,
      is_admin: 0,
      created_at: now.toISOString(),
      // An admin approved this address; the set-password link goes to it.
      email_verified_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
  return { account: (await findIdpAccountByEmail(db, input.email))!, created: true };
}

/** Whether the account has a password yet (an approved one has none until its link is used). */
export const hasPassword = (account: IdpAccount) => account.password_hash !== "";

/**
 * A new one-time link token for this account. Earlier unused ones keep working until used or
 * expired (how many there can be is bounded by the rate limits of whoever asks for them).
 */
export async function createAccountToken(
  db: Kysely<Database>,
  accountId: string,
  purpose: AccountTokenPurpose,
  now: Date = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const ttl = TTL[purpose];
  await db
    .insertInto("account_tokens")
    .values({
      token_hash: hashToken(token),
      account_id: accountId,
      purpose,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttl).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

export type TokenState = { ok: true; purpose: AccountTokenPurpose; email: string } | { ok: false };

/** Whether a password link (set or reset) can still be used (for the page; the action checks again as it uses it). */
export async function checkAccountToken(
  db: Kysely<Database>,
  token: string,
  now: Date = new Date(),
): Promise<TokenState> {
  if (token.length < 20 || token.length > 100) return { ok: false };
  const row = await db
    .selectFrom("account_tokens")
    .innerJoin("idp_accounts", "idp_accounts.id", "account_tokens.account_id")
    .select(["account_tokens.purpose", "account_tokens.expires_at", "account_tokens.used_at", "idp_accounts.email"])
    .where("token_hash", "=", hashToken(token))
    .where("account_tokens.purpose", "in", PASSWORD_PURPOSES)
    .executeTakeFirst();
  if (!row || row.used_at || row.expires_at <= now.toISOString()) return { ok: false };
  return { ok: true, purpose: row.purpose as AccountTokenPurpose, email: row.email };
}

/**
 * Uses a link token: marks it used (one conditional update, so two submissions cannot both use it),
 * voids the account's other unused links, and sets the password. Ends the site sessions of that
 * account (given the embedded issuer). Returns the account, or undefined for an unknown, used or
 * expired token.
 */
export async function setPasswordWithToken(
  db: Kysely<Database>,
  token: string,
  password: string,
  options: { embeddedIssuer?: string; now?: Date } = {},
): Promise<IdpAccount | undefined> {
  const now = options.now ?? new Date();
  if (token.length < 20 || token.length > 100) return undefined;
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const accountId = await spendToken(trx, token, PASSWORD_PURPOSES, now);
    if (!accountId) return undefined;
    // The password is chosen: every other link sent for this account is moot.
    await trx
      .updateTable("account_tokens")
      .set({ used_at: now.toISOString() })
      .where("account_id", "=", accountId)
      .where("used_at", "is", null)
      .execute();
    await trx.updateTable("idp_accounts").set({ password_hash: passwordHash }).where("id", "=", accountId).execute();
    await markEmailConfirmed(trx, accountId, now);
    if (options.embeddedIssuer) await endAccountSessions(trx, options.embeddedIssuer, accountId);
    return trx.selectFrom("idp_accounts").selectAll().where("id", "=", accountId).executeTakeFirst();
  });
}

/** The account a sign-up's confirmation link is for, while it can still be used; else null. */
export async function checkConfirmToken(
  db: Kysely<Database>,
  token: string,
  now: Date = new Date(),
): Promise<{ accountId: string; email: string } | null> {
  if (token.length < 20 || token.length > 100) return null;
  const row = await db
    .selectFrom("account_tokens")
    .innerJoin("idp_accounts", "idp_accounts.id", "account_tokens.account_id")
    .select(["idp_accounts.id", "idp_accounts.email"])
    .where("token_hash", "=", hashToken(token))
    .where("account_tokens.purpose", "=", "verify")
    .where("account_tokens.used_at", "is", null)
    .where("account_tokens.expires_at", ">", now.toISOString())
    .where("idp_accounts.email_verified_at", "is", null)
    .where("idp_accounts.disabled_at", "is", null)
    .executeTakeFirst();
  return row ? { accountId: row.id, email: row.email } : null;
}

/**
 * Uses an email confirmation link (a sign-up's) for the account whose password was just given:
 * marks it used and the account's email confirmed. Returns the account, or undefined for an
 * unknown, used or expired link, or one of another account. The account's other
 * confirmation links stay valid until they expire; they only confirm what is confirmed.
 */
export async function confirmEmailWithToken(
  db: Kysely<Database>,
  token: string,
  accountId: string,
  now: Date = new Date(),
): Promise<IdpAccount | undefined> {
  if (token.length < 20 || token.length > 100) return undefined;
  return db.transaction().execute(async (trx) => {
    if (!(await spendToken(trx, token, ["verify"], now, accountId))) return undefined;
    await markEmailConfirmed(trx, accountId, now);
    return trx
      .selectFrom("idp_accounts")
      .selectAll()
      .where("id", "=", accountId)
      .where("disabled_at", "is", null)
      .executeTakeFirst();
  });
}

/**
 * Ends the site sessions of the person who signed in with this embedded account (but the one to
 * keep), and every session of the account at the provider, so that no other browser signs in
 * again without the password.
 */
export async function endAccountSessions(
  db: Kysely<Database>,
  embeddedIssuer: string,
  accountId: string,
  exceptSessionHash?: string,
): Promise<void> {
  const users = db
    .selectFrom("users")
    .select("id")
    .where("issuer", "=", embeddedIssuer)
    .where("subject", "=", accountId);
  let query = db.deleteFrom("sessions").where("user_id", "in", users);
  if (exceptSessionHash) query = query.where("id_hash", "!=", exceptSessionHash);
  await query.execute();
  await endProviderSessions(db, accountId);
}

/**
 * Changes the password of a signed-in embedded account after checking the current one. Other
 * sessions of the account end; the current one stays. False when the current password is wrong.
 */
export async function changePassword(
  db: Kysely<Database>,
  accountId: string,
  current: string,
  next: string,
  options: { embeddedIssuer: string; keepSessionHash?: string },
): Promise<boolean> {
  const account = await db
    .selectFrom("idp_accounts")
    .selectAll()
    .where("id", "=", accountId)
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  if (!account || !(await verifyPassword(current, account.password_hash))) return false;
  await db
    .updateTable("idp_accounts")
    .set({ password_hash: await hashPassword(next) })
    .where("id", "=", accountId)
    .execute();
  await endAccountSessions(db, options.embeddedIssuer, accountId, options.keepSessionHash);
  return true;
}

/** Housekeeping: link tokens past their time. */
export async function deleteExpiredAccountTokens(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const result = await db.deleteFrom("account_tokens").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
