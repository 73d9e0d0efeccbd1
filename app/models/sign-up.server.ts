import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, IdpAccount } from "~/lib/db.server";
import { hashPassword } from "~/lib/passwords.server";
import { createAccountToken } from "./account-tokens.server";
import { findIdpAccountByEmail } from "./idp-account.server";

/**
 * Self-service sign-up on the embedded provider (docs/decisions/0039). A sign-up makes an account
 * with the password the person chose, which cannot sign in until its email is confirmed: by the
 * mailed link, followed by that same password at the sign-in form (so a stranger who signed up
 * first with someone else's address cannot have it confirmed for them), or by an admin.
 */

const SIGN_UP_SETTING = "self_sign_up";
/** Sign-ups never confirmed are forgotten after a week (housekeeping), with their links. */
export const UNCONFIRMED_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

type Db = Pick<Kysely<Database>, "selectFrom">;

/** The admin's switch: self-service sign-up offered (the default) or only registration requests. */
export async function signUpOpen(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom("site_settings")
    .select("value")
    .where("key", "=", SIGN_UP_SETTING)
    .executeTakeFirst();
  return row?.value !== "off";
}

/** Turns sign-up on or off; true when that changed something. */
export async function setSignUpOpen(db: Kysely<Database>, open: boolean, now: Date = new Date()): Promise<boolean> {
  if ((await signUpOpen(db)) === open) return false;
  const value = open ? "on" : "off";
  await db
    .insertInto("site_settings")
    .values({ key: SIGN_UP_SETTING, value, updated_at: now.toISOString() })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now.toISOString() }))
    .execute();
  return true;
}

export interface SignUpInput {
  email: string;
  password: string;
  name: string;
  termsVersion: string;
}

/**
 * What a sign-up did: a new account waiting for its confirmation (and the link's token), or
 * nothing, for an address that already has a confirmed account (the person is told by email).
 * The answer to the browser must not tell the two apart.
 */
export type SignUpResult =
  { status: "pending"; account: IdpAccount; token: string } | { status: "exists"; account: IdpAccount };

export async function signUp(db: Kysely<Database>, input: SignUpInput, now: Date = new Date()): Promise<SignUpResult> {
  const email = input.email.trim().toLowerCase();
  // Hashed first, whichever way it goes: the time taken tells nothing either.
  const passwordHash = await hashPassword(input.password);
  const existing = await findIdpAccountByEmail(db, email);
  if (existing && existing.email_verified_at !== null) return { status: "exists", account: existing };
  const fields = {
    password_hash: passwordHash,
    name: input.name,
    terms_version: input.termsVersion,
    terms_accepted_at: now.toISOString(),
  };
  if (existing) {
    // Signed up again before confirming: the newest sign-up's password is the one to confirm
    // with, and the links sent before are void (each needed the password it was sent for).
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("idp_accounts").set(fields).where("id", "=", existing.id).execute();
      await trx
        .updateTable("account_tokens")
        .set({ used_at: now.toISOString() })
        .where("account_id", "=", existing.id)
        .where("purpose", "=", "verify")
        .where("used_at", "is", null)
        .execute();
    });
  } else {
    await db
      .insertInto("idp_accounts")
      .values({
        id: randomUUID(),
        email,
        phone: null,
        address: null,
        is_admin: 0,
        created_at: now.toISOString(),
        email_verified_at: null,
        ...fields,
      })
      // Two sign-ups for one address at once: the second changes nothing and gets its own link below.
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
  }
  const account = (await findIdpAccountByEmail(db, email))!;
  return { status: "pending", account, token: await createAccountToken(db, account.id, "verify", now) };
}

/** A new confirmation link for an account still waiting for one (admin's "send again"), or null. */
export async function newConfirmationToken(
  db: Kysely<Database>,
  accountId: string,
  now: Date = new Date(),
): Promise<{ account: IdpAccount; token: string } | null> {
  const account = await db
    .selectFrom("idp_accounts")
    .selectAll()
    .where("id", "=", accountId)
    .where("email_verified_at", "is", null)
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  if (!account) return null;
  return { account, token: await createAccountToken(db, account.id, "verify", now) };
}

/** An admin confirms the address by hand (no mail, or a learner who asked): true when it changed. */
export async function confirmEmailByAdmin(
  db: Kysely<Database>,
  accountId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable("idp_accounts")
    .set({ email_verified_at: now.toISOString() })
    .where("id", "=", accountId)
    .where("email_verified_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Housekeeping: sign-ups nobody confirmed within UNCONFIRMED_KEEP_MS, and their links. */
export async function deleteUnconfirmedSignUps(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNCONFIRMED_KEEP_MS).toISOString();
  const stale = db
    .selectFrom("idp_accounts")
    .select("id")
    .where("email_verified_at", "is", null)
    .where("created_at", "<", before);
  await db.deleteFrom("account_tokens").where("account_id", "in", stale).execute();
  const result = await db
    .deleteFrom("idp_accounts")
    .where("email_verified_at", "is", null)
    .where("created_at", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
