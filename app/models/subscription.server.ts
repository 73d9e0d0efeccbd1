import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, Subscription, User } from "~/lib/db.server";
import { inWindow, readPage, type Page, type PageCursor } from "~/lib/keyset.server";

export interface GrantInput {
  email?: string;
  userId?: string;
  endsAt?: Date | null;
  grantedBy: string;
  note?: string | null;
  now?: Date;
}

/**
 * Grants a subscription to a user, or to an email: an email grant applies when a person with that
 * (verified) email signs in. Returns the new subscription's id.
 */
export async function grantSubscription(db: Kysely<Database>, input: GrantInput): Promise<string> {
  const now = input.now ?? new Date();
  const email = input.email?.trim().toLowerCase() || null;
  if (!email && !input.userId) throw new Error("grantSubscription needs an email or a user id");
  let userId = input.userId ?? null;
  if (!userId && email) {
    const user = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .where("email_verified", "=", 1)
      .executeTakeFirst();
    userId = user?.id ?? null;
  }
  const id = randomUUID();
  await db
    .insertInto("subscriptions")
    .values({
      id,
      user_id: userId,
      email,
      starts_at: now.toISOString(),
      ends_at: input.endsAt ? input.endsAt.toISOString() : null,
      granted_by: input.grantedBy,
      revoked_at: null,
      revoked_by: null,
      note: input.note ?? null,
      created_at: now.toISOString(),
    })
    .execute();
  return id;
}

/** Revokes every live subscription of an email (and of the user holding it). Returns how many. */
export async function revokeSubscriptionsOfEmail(
  db: Kysely<Database>,
  email: string,
  revokedBy: string,
  now: Date = new Date(),
): Promise<number> {
  const normalized = email.trim().toLowerCase();
  const userIds = (await db.selectFrom("users").select("id").where("email", "=", normalized).execute()).map(
    (u) => u.id,
  );
  const result = await db
    .updateTable("subscriptions")
    .set({ revoked_at: now.toISOString(), revoked_by: revokedBy })
    .where("revoked_at", "is", null)
    .where((eb) =>
      userIds.length > 0
        ? eb.or([eb("email", "=", normalized), eb("user_id", "in", userIds)])
        : eb("email", "=", normalized),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function revokeSubscription(
  db: Kysely<Database>,
  id: string,
  revokedBy: string,
  now: Date = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable("subscriptions")
    .set({ revoked_at: now.toISOString(), revoked_by: revokedBy })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface SubscriptionListItem {
  id: string;
  email: string | null;
  userId: string | null;
  startsAt: string;
  endsAt: string | null;
  grantedBy: string;
  revokedAt: string | null;
  active: boolean;
}

function subscriptionRows(db: Kysely<Database>) {
  return db
    .selectFrom("subscriptions")
    .leftJoin("users", "users.id", "subscriptions.user_id")
    .select([
      "subscriptions.id",
      "subscriptions.email",
      "subscriptions.user_id",
      "users.email as user_email",
      "subscriptions.starts_at",
      "subscriptions.ends_at",
      "subscriptions.granted_by",
      "subscriptions.revoked_at",
      "subscriptions.created_at",
    ]);
}

type SubscriptionRow = Awaited<ReturnType<ReturnType<typeof subscriptionRows>["execute"]>>[number];

function toListItem(r: SubscriptionRow, now: Date): SubscriptionListItem {
  return {
    id: r.id,
    email: r.email ?? r.user_email ?? null,
    userId: r.user_id,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    grantedBy: r.granted_by,
    revokedAt: r.revoked_at,
    active: isLive(r, now),
  };
}

/** Every subscription, newest first (the command line's list). */
export async function listSubscriptions(db: Kysely<Database>, now: Date = new Date()): Promise<SubscriptionListItem[]> {
  const rows = await subscriptionRows(db)
    .orderBy("subscriptions.created_at", "desc")
    .orderBy("subscriptions.id", "desc")
    .execute();
  return rows.map((r) => toListItem(r, now));
}

/** A page of the subscriptions, newest first (keyset: app/lib/keyset.server.ts), for the admin area. */
export async function listSubscriptionsPage(
  db: Kysely<Database>,
  cursor: PageCursor | null,
  now: Date = new Date(),
): Promise<Page<SubscriptionListItem>> {
  const page = await readPage(
    cursor,
    (window) =>
      inWindow(subscriptionRows(db), window, { at: "subscriptions.created_at", id: "subscriptions.id" }).execute(),
    (row) => ({ at: row.created_at, id: row.id }),
  );
  return { ...page, items: page.items.map((r) => toListItem(r, now)) };
}

function isLive(row: Pick<Subscription, "starts_at" | "ends_at" | "revoked_at">, now: Date): boolean {
  const at = now.toISOString();
  return row.revoked_at === null && row.starts_at <= at && (row.ends_at === null || row.ends_at > at);
}

/** The user's live subscription rows: granted to the user, or to their verified email (a query to select from). */
export function liveSubscriptions(
  db: Kysely<Database>,
  user: Pick<User, "id" | "email" | "email_verified">,
  now: Date = new Date(),
) {
  const at = now.toISOString();
  return db
    .selectFrom("subscriptions")
    .where("revoked_at", "is", null)
    .where("starts_at", "<=", at)
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", at)]))
    .where((eb) =>
      user.email && user.email_verified === 1
        ? eb.or([eb("user_id", "=", user.id), eb.and([eb("user_id", "is", null), eb("email", "=", user.email)])])
        : eb("user_id", "=", user.id),
    );
}

/**
 * The user's live subscription, if any: granted to the user, or to their verified email. With
 * several, the one lasting longest (an open-ended one wins).
 */
export async function activeSubscriptionFor(
  db: Kysely<Database>,
  user: Pick<User, "id" | "email" | "email_verified">,
  now: Date = new Date(),
): Promise<{ endsAt: string | null } | undefined> {
  const rows = await liveSubscriptions(db, user, now).select(["ends_at"]).execute();
  if (rows.length === 0) return undefined;
  if (rows.some((r) => r.ends_at === null)) return { endsAt: null };
  return {
    endsAt: rows
      .map((r) => r.ends_at!)
      .sort()
      .at(-1)!,
  };
}

/** At sign-in: subscriptions granted to this verified email become the user's. */
export async function claimEmailSubscriptions(
  db: Kysely<Database>,
  user: Pick<User, "id" | "email" | "email_verified">,
): Promise<void> {
  if (!user.email || user.email_verified !== 1) return;
  await db
    .updateTable("subscriptions")
    .set({ user_id: user.id })
    .where("user_id", "is", null)
    .where("email", "=", user.email)
    .execute();
}
