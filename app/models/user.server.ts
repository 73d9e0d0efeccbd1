import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, User } from "~/lib/db.server";

/** What the identity provider tells us about a person at sign-in. */
export interface ProviderProfile {
  issuer: string;
  subject: string;
  email?: string | null;
  emailVerified?: boolean;
  name?: string | null;
  picture?: string | null;
  phone?: string | null;
  address?: string | null;
}

/** Users are keyed by (issuer, subject), never by email: an email can change hands. */
export async function upsertUserFromProvider(
  db: Kysely<Database>,
  profile: ProviderProfile,
  now: Date = new Date(),
): Promise<User> {
  const values = {
    email: profile.email?.toLowerCase() ?? null,
    email_verified: profile.emailVerified ? 1 : 0,
    name: profile.name ?? null,
    picture: profile.picture ?? null,
    phone: profile.phone ?? null,
    address: profile.address ?? null,
    last_login_at: now.toISOString(),
  };
  await db
    .insertInto("users")
    .values({
      id: randomUUID(),
      issuer: profile.issuer,
      subject: profile.subject,
      created_at: now.toISOString(),
      ...values,
    })
    .onConflict((oc) => oc.columns(["issuer", "subject"]).doUpdateSet(values))
    .execute();
  return db
    .selectFrom("users")
    .selectAll()
    .where("issuer", "=", profile.issuer)
    .where("subject", "=", profile.subject)
    .executeTakeFirstOrThrow();
}

export async function findUserById(db: Kysely<Database>, id: string): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}
