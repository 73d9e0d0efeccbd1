import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, IdpAccount } from "~/lib/db.server";
import { endProviderSessions } from "~/lib/idp/adapter.server";
import { inWindow, readPage, type Page, type PageCursor } from "~/lib/keyset.server";
import { dummyPasswordHash, hashPassword, verifyPassword } from "~/lib/passwords.server";
import { grantSubscription } from "./subscription.server";

/** Accounts of the embedded OpenID provider (used when OIDC_ISSUER is unset). */

export const DEMO_PASSWORD = "lomda-demo";
export const DEMO_ACCOUNTS = [
  { email: "learner@lomda.test", name: "Dana Levi", role: "learner", phone: null, address: null },
  {
    email: "subscriber@lomda.test",
    name: "Noa Cohen",
    role: "subscriber",
    phone: "+972 50-123-4567",
    address: "12 Herzl St, Haifa, Israel",
  },
  { email: "admin@lomda.test", name: "Avi Mizrahi", role: "admin", phone: "+972 3-555-0142", address: null },
] as const;

/** The account behind a subject, unless it is disabled. */
export async function findIdpAccountById(db: Kysely<Database>, id: string): Promise<IdpAccount | undefined> {
  return db
    .selectFrom("idp_accounts")
    .selectAll()
    .where("id", "=", id)
    .where("disabled_at", "is", null)
    .executeTakeFirst();
}

/** Whether this account (a subject of the embedded provider) is an enabled admin account. */
export async function isIdpAdmin(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db
    .selectFrom("idp_accounts")
    .select("id")
    .where("id", "=", id)
    .where("is_admin", "=", 1)
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findIdpAccountByEmail(db: Kysely<Database>, email: string): Promise<IdpAccount | undefined> {
  return db.selectFrom("idp_accounts").selectAll().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
}

export async function listIdpAccounts(db: Kysely<Database>): Promise<IdpAccount[]> {
  return db.selectFrom("idp_accounts").selectAll().orderBy("created_at").orderBy("email").execute();
}

/** What the admin area shows of an account. */
export interface AccountListItem {
  id: string;
  email: string;
  disabled: boolean;
  hasPassword: boolean;
  /** False: a sign-up whose email is not confirmed yet (it cannot sign in). */
  confirmed: boolean;
}

/** A page of the accounts, newest first (keyset: app/lib/keyset.server.ts), for the admin area. */
export async function listIdpAccountsPage(
  db: Kysely<Database>,
  cursor: PageCursor | null,
): Promise<Page<AccountListItem>> {
  const query = db
    .selectFrom("idp_accounts")
    .select(["id", "email", "password_hash", "disabled_at", "created_at", "email_verified_at"]);
  const page = await readPage(
    cursor,
    (window) => inWindow(query, window, { at: "created_at", id: "id" }).execute(),
    (row) => ({ at: row.created_at, id: row.id }),
  );
  return {
    ...page,
    items: page.items.map((a) => ({
      id: a.id,
      email: a.email,
      disabled: a.disabled_at !== null,
      hasPassword: a.password_hash !== "",
      confirmed: a.email_verified_at !== null,
    })),
  };
}

/** The site's user id of each of these accounts that has signed in (their progress is under it). */
export async function userIdsOfAccounts(
  db: Kysely<Database>,
  embeddedIssuer: string,
  accountIds: readonly string[],
): Promise<Map<string, string>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("users")
    .select(["id", "subject"])
    .where("issuer", "=", embeddedIssuer)
    .where("subject", "in", accountIds)
    .execute();
  return new Map(rows.map((r) => [r.subject, r.id]));
}

/**
 * Disables (or enables again) an account; returns it, or undefined for an unknown email. Disabling
 * also ends the site sessions of the person who signed in with it (given the embedded issuer).
 */
export async function setIdpAccountDisabled(
  db: Kysely<Database>,
  email: string,
  disabled: boolean,
  options: { embeddedIssuer?: string; now?: Date } = {},
): Promise<(IdpAccount & { changed: boolean }) | undefined> {
  const result = await db
    .updateTable("idp_accounts")
    .set({ disabled_at: disabled ? (options.now ?? new Date()).toISOString() : null })
    .where("email", "=", email.trim().toLowerCase())
    // Only a change: disabling a disabled account keeps since when (and the audit log says nothing).
    .where("disabled_at", disabled ? "is" : "is not", null)
    .executeTakeFirst();
  const found = await findIdpAccountByEmail(db, email);
  const account = found && { ...found, changed: Number(result.numUpdatedRows) > 0 };
  if (account && disabled && options.embeddedIssuer) {
    const users = db
      .selectFrom("users")
      .select("id")
      .where("issuer", "=", options.embeddedIssuer)
      .where("subject", "=", account.id);
    await db.deleteFrom("sessions").where("user_id", "in", users).execute();
  }
  // Its sessions at the provider end too: enabled again, the account signs in with its password.
  if (account && disabled) await endProviderSessions(db, account.id);
  return account;
}

/** What a password check found: an account that may sign in, one still to be confirmed, or nothing. */
export type CredentialCheck =
  { status: "ok"; account: IdpAccount } | { status: "unconfirmed"; account: IdpAccount } | { status: "invalid" };

/**
 * Checks an email and password. The same work is done whether or not the email exists, so neither
 * the answer nor its timing tells which emails have accounts. Only the right password learns that
 * an account still waits for its email to be confirmed.
 */
export async function checkIdpCredentials(
  db: Kysely<Database>,
  email: string,
  password: string,
): Promise<CredentialCheck> {
  const account = await db
    .selectFrom("idp_accounts")
    .selectAll()
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  // An account with no password yet (approved, link not used) does the same work and fails.
  const ok = await verifyPassword(password, account?.password_hash || (await dummyPasswordHash()));
  if (!account || !ok || account.password_hash === "" || account.disabled_at !== null) return { status: "invalid" };
  return account.email_verified_at === null ? { status: "unconfirmed", account } : { status: "ok", account };
}

/** The account for these credentials when it may sign in, or undefined. */
export async function authenticateIdpAccount(
  db: Kysely<Database>,
  email: string,
  password: string,
): Promise<IdpAccount | undefined> {
  const check = await checkIdpCredentials(db, email, password);
  return check.status === "ok" ? check.account : undefined;
}

/**
 * The person's own name, phone and address (/account/details), on the embedded account and on the
 * site's user it signs in as, so the header, profile and future certificates show them at once.
 */
export async function updateIdpAccountDetails(
  db: Kysely<Database>,
  embeddedIssuer: string,
  accountId: string,
  details: { name: string; phone: string | null; address: string | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("idp_accounts").set(details).where("id", "=", accountId).execute();
    await trx
      .updateTable("users")
      .set(details)
      .where("issuer", "=", embeddedIssuer)
      .where("subject", "=", accountId)
      .execute();
  });
}

export async function createIdpAccount(
  db: Kysely<Database>,
  input: {
    email: string;
    password: string;
    name: string;
    phone?: string | null;
    address?: string | null;
    isAdmin?: boolean;
  },
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto("idp_accounts")
    .values({
      id,
      email: input.email.trim().toLowerCase(),
      password_hash: await hashPassword(input.password),
      name: input.name,
      phone: input.phone ?? null,
      address: input.address ?? null,
      is_admin: input.isAdmin ? 1 : 0,
      created_at: now,
      // Made by an admin (the command line) or the demo seed: the admin vouches for the address.
      email_verified_at: now,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
  return id;
}

const DEMO_EMAILS = DEMO_ACCOUNTS.map((a) => a.email);

/**
 * Creates the demo accounts once (and the subscriber's subscription), or enables them again after a
 * start without demo mode. Safe to run at every start.
 */
export async function seedDemoAccounts(db: Kysely<Database>): Promise<void> {
  await db.updateTable("idp_accounts").set({ disabled_at: null }).where("email", "in", DEMO_EMAILS).execute();
  for (const demo of DEMO_ACCOUNTS) {
    const exists = await db.selectFrom("idp_accounts").select("id").where("email", "=", demo.email).executeTakeFirst();
    if (exists) continue;
    await createIdpAccount(db, {
      email: demo.email,
      password: DEMO_PASSWORD,
      name: demo.name,
      phone: demo.phone,
      address: demo.address,
    });
    if (demo.role === "subscriber") {
      await grantSubscription(db, { email: demo.email, grantedBy: "seed", note: "demo account" });
    }
  }
}

/**
 * Outside demo mode, demo accounts a demo start left in this database must not sign in: their
 * password is published. Returns how many were disabled.
 */
export async function disableDemoAccounts(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const result = await db
    .updateTable("idp_accounts")
    .set({ disabled_at: now.toISOString() })
    .where("email", "in", DEMO_EMAILS)
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function countIdpAccounts(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("idp_accounts")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("disabled_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
