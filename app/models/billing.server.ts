import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/lib/db.server";
import { bumpCatalogueVersion, ONLINE_CHECKOUT_SETTING } from "./catalogue-version.server";
import { withdrawEarned } from "./earned.server";
import { liveSubscriptions } from "./subscription.server";
import { inWindow, readPage, type Page, type PageCursor } from "~/lib/keyset.server";
import type {
  CheckoutResult,
  InvoicePayment,
  PaymentProvider,
  PlanInterval,
  ProviderSubscription,
  VerifiedEvent,
} from "~/lib/payments/provider.server";

/**
 * Online payments (issue 18, decision 0024): the owner's offer, what buyers paid and own, and the
 * provider's events turned into access. Access never comes from the buyer's browser: a paid
 * checkout, a renewal, a cancellation or a refund reaches Lomda as a signed event from the provider,
 * and each event is applied once (payment_events) and in any order — subscription events are a cue
 * to read the subscription's current state from the provider, so a late or repeated event cannot
 * undo a newer one.
 */

type Db = Kysely<Database> | Transaction<Database>;

export const CURRENCIES = ["USD", "ILS"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const PLAN_INTERVALS = ["month", "year"] as const satisfies readonly PlanInterval[];

/** A bought subscription is a `subscriptions` row granted by this. */
export const PAYMENT_GRANT = "payment";

export interface BillingPlan {
  interval: PlanInterval;
  amountCents: number;
  currency: string;
  active: boolean;
}

export async function getPlans(db: Db): Promise<BillingPlan[]> {
  const rows = await db.selectFrom("billing_plans").selectAll().execute();
  return PLAN_INTERVALS.flatMap((interval) => {
    const row = rows.find((r) => r.interval === interval);
    return row
      ? [{ interval, amountCents: Number(row.amount_cents), currency: row.currency, active: Number(row.active) === 1 }]
      : [];
  });
}

/** The offer is on visitors' pages (cached): a change bumps the catalogue's version with it. */
export async function savePlan(db: Kysely<Database>, plan: BillingPlan, now: Date = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("billing_plans")
      .set({
        amount_cents: plan.amountCents,
        currency: plan.currency,
        active: plan.active ? 1 : 0,
        updated_at: now.toISOString(),
      })
      .where("interval", "=", plan.interval)
      .execute();
    await bumpCatalogueVersion(trx);
  });
}

/** The owner's switch: online checkout offered (default) or only registration requests. */
export async function onlineCheckoutSetting(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom("site_settings")
    .select("value")
    .where("key", "=", ONLINE_CHECKOUT_SETTING)
    .executeTakeFirst();
  return row?.value !== "off";
}

export async function setOnlineCheckout(db: Kysely<Database>, on: boolean, now: Date = new Date()): Promise<void> {
  const value = on ? "on" : "off";
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("site_settings")
      .values({ key: ONLINE_CHECKOUT_SETTING, value, updated_at: now.toISOString() })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now.toISOString() }))
      .execute();
    await bumpCatalogueVersion(trx);
  });
}

/** Whether buyers can pay online now: the provider is configured and the owner has not turned it off. */
export async function onlineCheckout(db: Db, provider: PaymentProvider | undefined): Promise<boolean> {
  return provider !== undefined && (await onlineCheckoutSetting(db));
}

export async function customerIdFor(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("billing_customers")
    .select("customer_id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.customer_id ?? null;
}

async function rememberCustomer(db: Db, provider: string, userId: string, customerId: string, now: Date) {
  await db
    .insertInto("billing_customers")
    .values({ user_id: userId, provider, customer_id: customerId, created_at: now.toISOString() })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}

async function userExists(db: Db, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  return (await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst()) !== undefined;
}

/* ---------- courses owned ---------- */

export async function grantCourse(
  db: Db,
  input: { userId: string; courseId: string; grantedBy: string; paymentId?: string | null; now?: Date },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("course_access")
    .values({
      id,
      user_id: input.userId,
      course_id: input.courseId,
      granted_by: input.grantedBy,
      payment_id: input.paymentId ?? null,
      granted_at: (input.now ?? new Date()).toISOString(),
      revoked_at: null,
      revoked_by: null,
    })
    .execute();
  // One more learner on the course's card (D-M6): the card's figures are in the catalogue's snapshot.
  await bumpCatalogueVersion(db);
  return id;
}

/**
 * Takes a course grant back (the admin's "Revoke"), and with it what it earned: the certificates of
 * the course's lists the learner can no longer watch in full, their review of the course
 * (earned.server.ts). Returns whether there was a live grant to revoke.
 */
export async function revokeCourseAccess(db: Db, id: string, revokedBy: string, now: Date = new Date()) {
  const revoke = async (trx: Db) => {
    const grant = await trx
      .selectFrom("course_access")
      .select(["user_id", "course_id"])
      .where("id", "=", id)
      .executeTakeFirst();
    const result = await trx
      .updateTable("course_access")
      .set({ revoked_at: now.toISOString(), revoked_by: revokedBy })
      .where("id", "=", id)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0 || !grant) return false;
    await bumpCatalogueVersion(trx);
    await withdrawEarned(trx, {
      userIds: [grant.user_id],
      courseId: grant.course_id,
      reason: `access-revoked:${revokedBy}`,
      now,
    });
    return true;
  };
  return db.isTransaction ? revoke(db) : db.transaction().execute(revoke);
}

/* ---------- events ---------- */

/**
 * How long an applied event's id is kept to recognise a redelivery. Stripe retries for up to three
 * days; after a month a repeat is no longer a delivery. (Even then nothing would be granted twice:
 * payments are keyed by the provider's reference and subscriptions copy the provider's state.)
 */
export const PAYMENT_EVENT_DAYS = 30;

export async function deleteOldPaymentEvents(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - PAYMENT_EVENT_DAYS * 86_400_000).toISOString();
  const result = await db.deleteFrom("payment_events").where("received_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export type EventOutcome = "applied" | "duplicate" | "ignored";

/**
 * Applies one verified event. What the provider must be asked (a subscription's current state) is
 * asked first; then, in one transaction, the event is marked as seen and its effect written — a
 * failure rolls both back and the provider delivers the event again.
 */
export async function applyPaymentEvent(
  db: Kysely<Database>,
  provider: PaymentProvider,
  verified: VerifiedEvent,
  now: Date = new Date(),
): Promise<EventOutcome> {
  const { event } = verified;
  if (event.kind === "ignored") return "ignored";
  const seen = await db.selectFrom("payment_events").select("id").where("id", "=", verified.id).executeTakeFirst();
  if (seen) return "duplicate";

  const subscriptionId =
    event.kind === "subscription.changed"
      ? event.subscriptionId
      : event.kind === "invoice.paid"
        ? event.invoice.subscriptionId
        : event.kind === "checkout.completed"
          ? event.checkout.subscriptionId
          : null;
  const subscription = subscriptionId ? await provider.getSubscription(subscriptionId) : null;

  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("payment_events")
      .values({ id: verified.id, provider: provider.name, type: verified.type, received_at: now.toISOString() })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    // Another process took the same delivery meanwhile.
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return "duplicate";
    switch (event.kind) {
      case "checkout.completed":
        await recordCheckout(trx, provider.name, event.checkout, now);
        break;
      case "invoice.paid":
        await recordRenewal(trx, provider.name, event.invoice, subscription, now);
        break;
      case "payment.refunded":
        await recordRefund(trx, provider.name, event.paymentId, event.amountCents, event.currency, now);
        break;
      case "subscription.changed":
        break;
    }
    if (subscription) await syncSubscription(trx, provider.name, subscription, now);
    return "applied";
  });
}

/**
 * A paid checkout: the payment, the buyer's customer id, and — for a course — the course for good
 * (unless a refund of that payment arrived first). A subscription's access is its row, written by
 * syncSubscription from the provider's state. Idempotent: the payment is keyed by the provider's ref.
 * A course deleted while the buyer was paying cannot be granted, but the money was taken: the
 * payment is recorded all the same (with the course's id, though the course is gone) and marked
 * `refund_due` for the admin to give back (paymentsNeedingRefund; checkoutPayment tells the webhook).
 */
export async function recordCheckout(db: Db, provider: string, checkout: CheckoutResult, now: Date): Promise<void> {
  if (!checkout.paid || !(await userExists(db, checkout.userId))) return;
  const userId = checkout.userId!;
  if (checkout.customerId) await rememberCustomer(db, provider, userId, checkout.customerId, now);

  if (checkout.kind === "subscription") {
    await insertPayment(db, {
      userId,
      kind: "subscription",
      planInterval: checkout.interval,
      amountCents: checkout.amountCents,
      currency: checkout.currency,
      provider,
      ref: checkout.id,
      paymentId: null,
      subscriptionId: checkout.subscriptionId,
      checkoutId: checkout.id,
      now,
    });
    return;
  }
  if (!checkout.courseId || !checkout.paymentId) return;
  const course = await db.selectFrom("courses").select("id").where("id", "=", checkout.courseId).executeTakeFirst();
  const refundDue = course ? null : ("course-deleted" as const);
  // A one-off purchase is keyed by its payment, which a refund names too, whichever comes first.
  const existing = await db
    .selectFrom("payments")
    .select(["id", "status", "user_id"])
    .where("provider_ref", "=", checkout.paymentId)
    .executeTakeFirst();
  if (existing) {
    // Made by a refund that came first (no buyer yet); a row with a buyer is this checkout's, seen before.
    if (existing.user_id === null)
      await db
        .updateTable("payments")
        .set({ user_id: userId, course_id: checkout.courseId, checkout_id: checkout.id, refund_due: refundDue })
        .where("id", "=", existing.id)
        .execute();
    if (refundDue) return;
    const granted = await db
      .selectFrom("course_access")
      .select("id")
      .where("payment_id", "=", existing.id)
      .executeTakeFirst();
    if (existing.status === "refunded" || granted) return;
    await grantCourse(db, {
      userId,
      courseId: checkout.courseId,
      grantedBy: `${PAYMENT_GRANT}:${existing.id}`,
      paymentId: existing.id,
      now,
    });
    return;
  }
  const paymentId = await insertPayment(db, {
    userId,
    kind: "course",
    courseId: checkout.courseId,
    amountCents: checkout.amountCents,
    currency: checkout.currency,
    provider,
    ref: checkout.paymentId,
    paymentId: checkout.paymentId,
    subscriptionId: null,
    checkoutId: checkout.id,
    refundDue,
    now,
  });
  if (refundDue) return;
  await grantCourse(db, {
    userId,
    courseId: checkout.courseId,
    grantedBy: `${PAYMENT_GRANT}:${paymentId}`,
    paymentId,
    now,
  });
}

export interface CheckoutPayment {
  id: string;
  userId: string | null;
  kind: "subscription" | "course";
  courseId: string | null;
  status: "paid" | "refunded";
  refundDue: "course-deleted" | null;
}

/**
 * The payment recorded for a checkout, once its event has been applied: the thank-you page reads
 * this before asking the provider (a subscription's first payment is keyed by its checkout; a
 * course's names it in checkout_id), and the webhook learns from it that a payment needs a refund.
 */
export async function checkoutPayment(db: Db, checkoutId: string): Promise<CheckoutPayment | undefined> {
  const row = await db
    .selectFrom("payments")
    .select(["id", "user_id", "kind", "course_id", "status", "refund_due"])
    .where((eb) => eb.or([eb("checkout_id", "=", checkoutId), eb("provider_ref", "=", checkoutId)]))
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        userId: row.user_id,
        kind: row.kind,
        courseId: row.course_id,
        status: row.status,
        refundDue: row.refund_due,
      }
    : undefined;
}

/** A renewal's payment, for the admin's list (the first payment is its checkout's). */
async function recordRenewal(
  db: Db,
  provider: string,
  invoice: InvoicePayment,
  subscription: ProviderSubscription | null,
  now: Date,
): Promise<void> {
  if (invoice.firstPayment || !invoice.id) return;
  const userId = subscription?.userId && (await userExists(db, subscription.userId)) ? subscription.userId : null;
  const exists = await db.selectFrom("payments").select("id").where("provider_ref", "=", invoice.id).executeTakeFirst();
  if (exists) return;
  await insertPayment(db, {
    userId,
    kind: "subscription",
    planInterval: subscription?.interval ?? null,
    amountCents: invoice.amountCents,
    currency: invoice.currency,
    provider,
    ref: invoice.id,
    paymentId: null,
    subscriptionId: invoice.subscriptionId,
    now,
  });
}

/**
 * A full refund of a one-off purchase takes the course back, and what it earned; recorded even
 * before its checkout arrives (which then grants nothing).
 */
async function recordRefund(
  db: Db,
  provider: string,
  paymentRef: string,
  amountCents: number,
  currency: string,
  now: Date,
) {
  const payment = await db
    .selectFrom("payments")
    .select(["id"])
    .where("provider_ref", "=", paymentRef)
    .executeTakeFirst();
  const at = now.toISOString();
  if (!payment) {
    await insertPayment(db, {
      userId: null,
      kind: "course",
      amountCents,
      currency,
      provider,
      ref: paymentRef,
      paymentId: paymentRef,
      subscriptionId: null,
      status: "refunded",
      now,
    });
    return;
  }
  await db
    .updateTable("payments")
    .set({ status: "refunded", refunded_at: at })
    .where("id", "=", payment.id)
    .where("status", "=", "paid")
    .execute();
  const reason = `refund:${paymentRef}`;
  const granted = await db
    .selectFrom("course_access")
    .select(["user_id", "course_id"])
    .where("payment_id", "=", payment.id)
    .where("revoked_at", "is", null)
    .execute();
  await db
    .updateTable("course_access")
    .set({ revoked_at: at, revoked_by: reason })
    .where("payment_id", "=", payment.id)
    .where("revoked_at", "is", null)
    .execute();
  // What the course earned goes with it: its certificates and the buyer's review (earned.server.ts).
  for (const grant of granted)
    await withdrawEarned(db, { userIds: [grant.user_id], courseId: grant.course_id, reason, now });
}

async function insertPayment(
  db: Db,
  p: {
    userId: string | null;
    kind: "subscription" | "course";
    courseId?: string | null;
    planInterval?: PlanInterval | null;
    amountCents: number;
    currency: string;
    provider: string;
    ref: string;
    paymentId: string | null;
    subscriptionId: string | null;
    status?: "paid" | "refunded";
    /** The provider's checkout it came from, when it came from one. */
    checkoutId?: string | null;
    /** Why it must be refunded, when nothing could be granted for it. */
    refundDue?: "course-deleted" | null;
    now: Date;
  },
): Promise<string> {
  const id = randomUUID();
  const result = await db
    .insertInto("payments")
    .values({
      id,
      user_id: p.userId,
      kind: p.kind,
      course_id: p.courseId ?? null,
      plan_interval: p.planInterval ?? null,
      amount_cents: p.amountCents,
      currency: p.currency,
      provider: p.provider,
      provider_ref: p.ref,
      provider_payment_id: p.paymentId,
      provider_subscription_id: p.subscriptionId,
      status: p.status ?? "paid",
      created_at: p.now.toISOString(),
      refunded_at: p.status === "refunded" ? p.now.toISOString() : null,
      refund_due: p.refundDue ?? null,
      checkout_id: p.checkoutId ?? null,
    })
    .onConflict((oc) => oc.column("provider_ref").doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) > 0) return id;
  const existing = await db
    .selectFrom("payments")
    .select("id")
    .where("provider_ref", "=", p.ref)
    .executeTakeFirstOrThrow();
  return existing.id;
}

/**
 * Until when a subscription in this state gives access. Paid periods count; an unpaid renewal
 * (past_due, unpaid — the provider has already moved the period on) ends access where the last paid
 * period ended; a cancelled one where it stopped, never past the period paid for.
 */
export function accessUntil(s: ProviderSubscription): Date {
  switch (s.status) {
    case "active":
    case "trialing":
      return s.periodEnd;
    case "canceled":
    case "incomplete_expired":
      return s.endedAt && s.endedAt < s.periodEnd ? s.endedAt : s.periodEnd;
    default:
      return s.periodStart;
  }
}

/**
 * Writes the provider's current state of a subscription into its row (made on first sight). A paid
 * subscription that ends — cancelled, or a renewal that failed — ends at the end of the period paid
 * for, and takes back nothing the learner earned in it: they paid for that time. Only a refund or an
 * admin's revocation takes certificates and reviews back (earned.server.ts).
 */
export async function syncSubscription(db: Db, provider: string, s: ProviderSubscription, now: Date): Promise<void> {
  const endsAt = accessUntil(s).toISOString();
  const row = await db
    .selectFrom("subscriptions")
    .select("id")
    .where("provider_subscription_id", "=", s.id)
    .executeTakeFirst();
  if (row) {
    await db
      .updateTable("subscriptions")
      .set({ ends_at: endsAt, cancel_at_period_end: s.cancelAtPeriodEnd ? 1 : 0 })
      .where("id", "=", row.id)
      .execute();
    return;
  }
  // Not ours (made elsewhere in the provider's account), or never paid: nothing to grant.
  if (!(await userExists(db, s.userId)) || s.status === "incomplete" || s.status === "incomplete_expired") return;
  if (s.customerId) await rememberCustomer(db, provider, s.userId!, s.customerId, now);
  await db
    .insertInto("subscriptions")
    .values({
      id: randomUUID(),
      user_id: s.userId,
      email: null,
      starts_at: (s.periodStart < now ? s.periodStart : now).toISOString(),
      ends_at: endsAt,
      granted_by: PAYMENT_GRANT,
      revoked_at: null,
      revoked_by: null,
      note: null,
      created_at: now.toISOString(),
      provider_subscription_id: s.id,
      cancel_at_period_end: s.cancelAtPeriodEnd ? 1 : 0,
    })
    .onConflict((oc) => oc.column("provider_subscription_id").doNothing())
    .execute();
}

/* ---------- what a learner has ---------- */

export interface OwnedCourse {
  courseId: string;
  grantedAt: string;
  bought: boolean;
}

export interface BillingSummary {
  /** The live subscription that lasts longest, if any. */
  subscription: { endsAt: string | null; online: boolean; renews: boolean; source: SubscriptionSource } | null;
  courses: OwnedCourse[];
  /** The learner has a customer record at the provider: the portal link can be offered. */
  hasCustomer: boolean;
}

export type SubscriptionSource = "payment" | "approval" | "manual";

/** Where a subscription came from, by who granted it ("request:<id>" is an approved registration). */
export function subscriptionSource(grantedBy: string): SubscriptionSource {
  if (grantedBy === PAYMENT_GRANT) return "payment";
  return grantedBy.startsWith("request:") ? "approval" : "manual";
}

export async function billingSummary(
  db: Db,
  user: { id: string; email: string | null; email_verified: number },
  now: Date = new Date(),
): Promise<BillingSummary> {
  const [subscriptions, courses, customer] = await Promise.all([
    liveSubscriptions(db, user, now)
      .select(["ends_at", "granted_by", "cancel_at_period_end", "provider_subscription_id"])
      .execute(),
    db
      .selectFrom("course_access")
      .select(["course_id", "granted_at", "granted_by"])
      .where("user_id", "=", user.id)
      .where("revoked_at", "is", null)
      .orderBy("granted_at", "asc")
      .execute(),
    customerIdFor(db, user.id),
  ]);
  const longest = [...subscriptions].sort((a, b) =>
    a.ends_at === null ? 1 : b.ends_at === null ? -1 : a.ends_at.localeCompare(b.ends_at),
  )[subscriptions.length - 1];
  const seen = new Set<string>();
  return {
    subscription: longest
      ? {
          endsAt: longest.ends_at,
          online: longest.provider_subscription_id !== null,
          renews: longest.provider_subscription_id !== null && Number(longest.cancel_at_period_end ?? 0) !== 1,
          source: subscriptionSource(longest.granted_by),
        }
      : null,
    courses: courses.flatMap((c) => {
      if (seen.has(c.course_id)) return [];
      seen.add(c.course_id);
      return [{ courseId: c.course_id, grantedAt: c.granted_at, bought: c.granted_by.startsWith(`${PAYMENT_GRANT}:`) }];
    }),
    hasCustomer: customer !== null,
  };
}

/* ---------- the admin's view ---------- */

export interface PaymentListItem {
  id: string;
  email: string | null;
  kind: "subscription" | "course";
  courseId: string | null;
  planInterval: string | null;
  amountCents: number;
  currency: string;
  provider: string;
  /** The provider's reference (a checkout, a payment, an invoice): what to look for in its dashboard. */
  reference: string;
  status: "paid" | "refunded";
  /** Taken but nothing granted for it, and not refunded yet: the admin must give it back. */
  needsRefund: boolean;
  createdAt: string;
}

const paymentListColumns = [
  "payments.id",
  "users.email",
  "payments.kind",
  "payments.course_id",
  "payments.plan_interval",
  "payments.amount_cents",
  "payments.currency",
  "payments.provider",
  "payments.provider_ref",
  "payments.status",
  "payments.refund_due",
  "payments.created_at",
] as const;

function paymentListItem(r: {
  id: string;
  email: string | null;
  kind: "subscription" | "course";
  course_id: string | null;
  plan_interval: string | null;
  amount_cents: number;
  currency: string;
  provider: string;
  provider_ref: string;
  status: "paid" | "refunded";
  refund_due: string | null;
  created_at: string;
}): PaymentListItem {
  return {
    id: r.id,
    email: r.email ?? null,
    kind: r.kind,
    courseId: r.course_id,
    planInterval: r.plan_interval,
    amountCents: Number(r.amount_cents),
    currency: r.currency,
    provider: r.provider,
    reference: r.provider_ref,
    status: r.status,
    needsRefund: r.refund_due !== null && r.status === "paid",
    createdAt: r.created_at,
  };
}

/**
 * Payments taken for which nothing could be granted (a course deleted during checkout), not yet
 * refunded — oldest first, for the top of the admin's payments page. The provider's refund event
 * takes one off this list.
 */
export async function paymentsNeedingRefund(db: Kysely<Database>, limit = 100): Promise<PaymentListItem[]> {
  const rows = await db
    .selectFrom("payments")
    .leftJoin("users", "users.id", "payments.user_id")
    .select(paymentListColumns)
    .where("payments.refund_due", "is not", null)
    .where("payments.status", "=", "paid")
    .orderBy("payments.created_at", "asc")
    .orderBy("payments.id", "asc")
    .limit(limit)
    .execute();
  return rows.map(paymentListItem);
}

/** A page of the payments, newest first (keyset: app/lib/keyset.server.ts). */
export async function listPaymentsPage(
  db: Kysely<Database>,
  cursor: PageCursor | null,
): Promise<Page<PaymentListItem>> {
  const rows = () =>
    db.selectFrom("payments").leftJoin("users", "users.id", "payments.user_id").select(paymentListColumns);
  const page = await readPage(
    cursor,
    (window) => inWindow(rows(), window, { at: "payments.created_at", id: "payments.id" }).execute(),
    (row) => ({ at: row.created_at, id: row.id }),
  );
  return { ...page, items: page.items.map(paymentListItem) };
}

/** The courses granted or bought, newest first, for the admin (a short list: one row per grant). */
export async function latestCourseGrants(db: Kysely<Database>, limit = 50) {
  const rows = await db
    .selectFrom("course_access")
    .innerJoin("users", "users.id", "course_access.user_id")
    .select([
      "course_access.id",
      "users.email",
      "course_access.course_id",
      "course_access.granted_by",
      "course_access.granted_at",
      "course_access.revoked_at",
    ])
    .orderBy("course_access.granted_at", "desc")
    .orderBy("course_access.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    courseId: r.course_id,
    source: r.granted_by.startsWith(`${PAYMENT_GRANT}:`) ? ("payment" as const) : ("manual" as const),
    grantedAt: r.granted_at,
    revokedAt: r.revoked_at,
  }));
}
