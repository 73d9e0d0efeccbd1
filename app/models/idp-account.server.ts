import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, IdpAccount } from "~/lib/db.server";
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

export async function findIdpAccountById(db: Kysely<Database>, id: string): Promise<IdpAccount | undefined> {
  return db.selectFrom("idp_accounts").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * The account for these credentials, or undefined. The same work is done whether or not the email
 * exists, so neither the answer nor its timing tells which emails have accounts.
 */
export async function authenticateIdpAccount(
  db: Kysely<Database>,
  email: string,
  password: string,
): Promise<IdpAccount | undefined> {
  const account = await db
    .selectFrom("idp_accounts")
    .selectAll()
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  const ok = await verifyPassword(password, account?.password_hash ?? (await dummyPasswordHash()));
  return account && ok ? account : undefined;
}

export async function createIdpAccount(
  db: Kysely<Database>,
  input: { email: string; password: string; name: string; phone?: string | null; address?: string | null },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("idp_accounts")
    .values({
      id,
      email: input.email.trim().toLowerCase(),
      password_hash: await hashPassword(input.password),
      name: input.name,
      phone: input.phone ?? null,
      address: input.address ?? null,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
  return id;
}

/** Creates the demo accounts once (and the subscriber's subscription). Safe to run at every start. */
export async function seedDemoAccounts(db: Kysely<Database>): Promise<void> {
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
