import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/lib/db.server";
import type { Logger } from "~/lib/logger.server";
import { paymentConfirmations } from "~/lib/metrics.server";
import { bumpCatalogueVersion, ONLINE_CHECKOUT_SETTING } from "./catalogue-version.server";
import { withdrawEarned } from "./earned.server";
import { liveSubscriptions } from "./subscription.server";
import { redeemForPayment } from "./coupons.server";
import { queueTaxDocument } from "./tax-documents.server";
import { inWindow, readPage, type Page, type PageCursor } from "~/lib/keyset.server";
import type {
  CheckoutResult,
  InvoicePayment,
  PaymentProvider,
  PlanInterval,
  ProviderDeal,
  ProviderSubscription,
  ReadBackProvider,
  SignedEventProvider,
  VerifiedEvent,
} from "~/lib/payments/provider.server";

/**
 * Online payments (issue 18, decision 0024): the owner's offer, what buyers paid and own, and the
 * provider's events turned into access. Access never comes from the buyer's browser: a paid
 * checkout, a renewal, a cancellation or a refund reaches Lomda as a signed event from the provider,
 * and each event is applied once (payment_events) and in any order — subscription events are a cue
 * to read the subscription's current state from the provider, so a late or repeated event cannot
 * undo a newer one. A provider whose notification proves nothing (Cardcom, decision 0046) is asked
 * instead: Lomda keeps its own order, reads the deal back and grants only what matches it, once.
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
  provider: SignedEventProvider,
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
    const paymentId = await insertPayment(db, {
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
    // A coupon used for it: its use redeemed, its code and discount on the payment (coupons.server.ts).
    await redeemForPayment(db, { paymentId, checkoutId: checkout.id }, now);
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
  // A coupon used for it: its use redeemed, its code and discount on the payment (coupons.server.ts).
  await redeemForPayment(db, { paymentId, checkoutId: checkout.id }, now);
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
 * before its checkout arrives (which then grants nothing). Also applied by a refund made from the
 * admin area (refunds.server.ts); a later event of the same refund then finds nothing left to take.
 */
export async function recordRefund(
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

export async function insertPayment(
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
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) > 0) {
    // Its tax document, queued with it (decision 0048): issued later by the outbox, never lost.
    if ((p.status ?? "paid") === "paid")
      await queueTaxDocument(db, {
        paymentId: id,
        refundId: null,
        amountCents: p.amountCents,
        currency: p.currency,
        now: p.now,
      });
    return id;
  }
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

/* ---------- orders, for a provider whose notification proves nothing (decision 0046) ---------- */

export interface PaymentOrder {
  id: string;
  provider: string;
  /** The provider's id of the hosted page and its deal; null until the page exists. */
  providerRef: string | null;
  userId: string;
  kind: "subscription" | "course";
  courseId: string | null;
  planInterval: PlanInterval | null;
  amountCents: number;
  currency: string;
  status: "open" | "paid";
  paymentId: string | null;
  /** The coupon the buyer entered, and what it took off: `amountCents` is the price after it. */
  couponCode?: string | null;
  discountCents?: number | null;
}

const orderColumns = [
  "id",
  "provider",
  "provider_ref",
  "user_id",
  "kind",
  "course_id",
  "plan_interval",
  "amount_cents",
  "currency",
  "status",
  "payment_id",
  "coupon_code",
  "discount_cents",
] as const;

function paymentOrder(row: {
  id: string;
  provider: string;
  provider_ref: string | null;
  user_id: string;
  kind: "subscription" | "course";
  course_id: string | null;
  plan_interval: PlanInterval | null;
  amount_cents: number;
  currency: string;
  status: "open" | "paid";
  payment_id: string | null;
  coupon_code: string | null;
  discount_cents: number | null;
}): PaymentOrder {
  return {
    id: row.id,
    provider: row.provider,
    providerRef: row.provider_ref,
    userId: row.user_id,
    kind: row.kind,
    courseId: row.course_id,
    planInterval: row.plan_interval,
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    status: row.status,
    paymentId: row.payment_id,
    couponCode: row.coupon_code,
    discountCents: row.discount_cents === null ? null : Number(row.discount_cents),
  };
}

/**
 * What the buyer is about to be asked for, written before the provider's page is opened: its id
 * travels with the deal and is what the read-back must name. Returns the order's id.
 */
export async function openOrder(
  db: Db,
  order: {
    provider: string;
    userId: string;
    kind: "subscription" | "course";
    courseId?: string | null;
    planInterval?: PlanInterval | null;
    amountCents: number;
    currency: string;
    /** A coupon's code and what it took off `amountCents` (already lowered). */
    couponCode?: string | null;
    discountCents?: number | null;
  },
  now: Date = new Date(),
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("payment_orders")
    .values({
      id,
      provider: order.provider,
      provider_ref: null,
      user_id: order.userId,
      kind: order.kind,
      course_id: order.courseId ?? null,
      plan_interval: order.planInterval ?? null,
      amount_cents: order.amountCents,
      currency: order.currency,
      status: "open",
      created_at: now.toISOString(),
      paid_at: null,
      payment_id: null,
      subscription_id: null,
      card_token: null,
      card_expiry: null,
      token_expires_on: null,
      coupon_code: order.couponCode ?? null,
      discount_cents: order.discountCents ?? null,
    })
    .execute();
  return id;
}

/** The provider opened its page for the order: its id of the page and deal (Cardcom: LowProfileId). */
export async function attachOrderRef(db: Db, orderId: string, providerRef: string): Promise<void> {
  await db
    .updateTable("payment_orders")
    .set({ provider_ref: providerRef.toLowerCase() })
    .where("id", "=", orderId)
    .where("provider_ref", "is", null)
    .execute();
}

/** The provider would not open a page for it: nothing can be paid against it. */
export async function dropOrder(db: Db, orderId: string): Promise<void> {
  await db.deleteFrom("payment_orders").where("id", "=", orderId).where("status", "=", "open").execute();
}

export async function findOrder(db: Db, id: string): Promise<PaymentOrder | undefined> {
  const row = await db.selectFrom("payment_orders").select(orderColumns).where("id", "=", id).executeTakeFirst();
  return row ? paymentOrder(row) : undefined;
}

/** The order whose page and deal the provider calls `ref` (a notification names only that). */
export async function findOrderByRef(db: Db, provider: string, ref: string): Promise<PaymentOrder | undefined> {
  const row = await db
    .selectFrom("payment_orders")
    .select(orderColumns)
    .where("provider", "=", provider)
    .where("provider_ref", "=", ref.toLowerCase())
    .executeTakeFirst();
  return row ? paymentOrder(row) : undefined;
}

/** How long an order never paid is kept: the provider notifies for about a day (Cardcom: 7 tries in ~25 h). */
export const OPEN_ORDER_DAYS = 30;

export async function deleteStaleOrders(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - OPEN_ORDER_DAYS * 86_400_000).toISOString();
  const result = await db
    .deleteFrom("payment_orders")
    .where("status", "=", "open")
    .where("created_at", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Why a deal read back does not pay for its order, or null when it does: the same page and deal,
 * Lomda's own order, a charge that went through, for what was asked, of the amount and in the
 * currency asked. Anything else grants nothing.
 */
export function dealMismatch(order: PaymentOrder, deal: ProviderDeal): string | null {
  if (!order.providerRef || deal.id.toLowerCase() !== order.providerRef) return "another deal";
  if (deal.orderId !== order.id) return "another order";
  if (!deal.paid) return null;
  if (deal.kind !== order.kind) return `a ${deal.kind ?? "different"} operation for a ${order.kind} order`;
  if (deal.amountCents !== order.amountCents) return `amount ${deal.amountCents ?? "?"} for ${order.amountCents}`;
  if (deal.currency !== order.currency) return `currency ${deal.currency ?? "?"} for ${order.currency}`;
  return null;
}

export type ConfirmOutcome =
  /**
   * A matching paid deal: its payment recorded and its access granted now — or, for a course
   * deleted while its buyer paid, the payment recorded to refund (`refundDue`), as with Stripe.
   */
  | { outcome: "applied"; order: PaymentOrder; refundDue: CheckoutPayment["refundDue"] }
  /** Paid and granted before (a repeated notification, a reload of the thank-you page). */
  | { outcome: "duplicate"; order: PaymentOrder; refundDue: CheckoutPayment["refundDue"] }
  /** The deal is not (or not yet) a charge that went through: nothing granted. */
  | { outcome: "unpaid"; order: PaymentOrder; problem: string }
  /** The deal read back does not match the order (another amount, currency, order…): refused. */
  | { outcome: "mismatch"; order: PaymentOrder; problem: string }
  /** The provider knows no such deal. */
  | { outcome: "unknown"; order: PaymentOrder };

/**
 * Confirms an order with the provider (Cardcom's webhook and the buyer's return both end here):
 * the deal is read back — never taken from the notification — and applied only when it matches
 * the order. Applying is once: in one transaction the deal is marked as seen (payment_events, as a
 * Stripe event is) and the order goes from open to paid, with the payment and the access; a second
 * confirmation, here or in another process, finds it done and changes nothing. A failure to reach
 * the provider throws (the caller answers "try again").
 */
export async function confirmOrder(
  db: Kysely<Database>,
  provider: ReadBackProvider,
  order: PaymentOrder,
  now: Date = new Date(),
): Promise<ConfirmOutcome> {
  if (!order.providerRef) return { outcome: "unknown", order };
  if (order.status === "paid") return { outcome: "duplicate", order, refundDue: await refundDueOf(db, order) };
  const deal = await provider.readDeal(order.providerRef);
  if (!deal) return { outcome: "unknown", order };
  const mismatch = dealMismatch(order, deal);
  if (mismatch) return { outcome: "mismatch", order, problem: mismatch };
  if (!deal.paid) return { outcome: "unpaid", order, problem: deal.problem ?? "not paid" };
  const applied = await applyConfirmedDeal(db, provider.name, order, deal, now);
  const current = (await findOrder(db, order.id)) ?? order;
  return { outcome: applied ? "applied" : "duplicate", order: current, refundDue: await refundDueOf(db, current) };
}

/** One line per confirmation: a refusal or money taken for nothing is a warning someone must read. */
export function logConfirmation(log: Logger, confirmed: ConfirmOutcome, context: { reqId?: string; via: string }) {
  paymentConfirmations.inc({ provider: confirmed.order.provider, outcome: confirmed.outcome });
  const fields = {
    ...context,
    order: confirmed.order.id,
    deal: confirmed.order.providerRef,
    outcome: confirmed.outcome,
  };
  switch (confirmed.outcome) {
    case "applied":
    case "duplicate":
      log.info(fields, "payment confirmed by reading the deal back");
      // Money taken for nothing granted (the course was deleted during checkout): someone must act.
      if (confirmed.outcome === "applied" && confirmed.refundDue)
        log.warn(
          { ...fields, course: confirmed.order.courseId, reason: confirmed.refundDue },
          "payment recorded for a course deleted during checkout: it needs a refund (admin payments page)",
        );
      return;
    case "unpaid":
      log.info({ ...fields, problem: confirmed.problem }, "payment not confirmed: the deal is not paid");
      return;
    case "mismatch":
      log.warn(
        { ...fields, problem: confirmed.problem },
        "payment refused: the deal read back does not match its order; nothing granted",
      );
      return;
    case "unknown":
      log.warn(fields, "payment not confirmed: the provider knows no such deal");
  }
}

/** Why the order's payment must be given back, if it must (its course was deleted during checkout). */
async function refundDueOf(db: Db, order: PaymentOrder): Promise<CheckoutPayment["refundDue"]> {
  const payment = order.providerRef ? await checkoutPayment(db, order.providerRef) : undefined;
  return payment?.status === "paid" ? payment.refundDue : null;
}

/** Writes a confirmed deal: false when it was applied before (by another notification or process). */
async function applyConfirmedDeal(
  db: Kysely<Database>,
  provider: string,
  order: PaymentOrder,
  deal: ProviderDeal,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const seen = await trx
      .insertInto("payment_events")
      .values({ id: `${provider}:${deal.id}`, provider, type: "deal.read-back", received_at: now.toISOString() })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    if (Number(seen.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
    const taken = await trx
      .updateTable("payment_orders")
      .set({ status: "paid", paid_at: now.toISOString() })
      .where("id", "=", order.id)
      .where("status", "=", "open")
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) return false;
    // The payment is known at the provider by its transaction (what a refund names, what the
    // provider's reports show); the page's id links it to its checkout.
    const reference = deal.transactionId ?? deal.id;
    let paymentId: string | null;
    let subscriptionId: string | null = null;
    if (order.kind === "course") {
      await recordCheckout(
        trx,
        provider,
        {
          id: deal.id,
          kind: "course",
          paid: true,
          userId: order.userId,
          courseId: order.courseId,
          interval: null,
          customerId: null,
          subscriptionId: null,
          paymentId: reference,
          amountCents: order.amountCents,
          currency: order.currency,
        },
        now,
      );
      // None when the buyer's account went meanwhile: nothing to grant to anyone.
      paymentId = (await checkoutPayment(trx, deal.id))?.id ?? null;
    } else {
      paymentId = await insertPayment(trx, {
        userId: order.userId,
        kind: "subscription",
        planInterval: order.planInterval,
        amountCents: order.amountCents,
        currency: order.currency,
        provider,
        ref: reference,
        paymentId: deal.transactionId,
        subscriptionId: null,
        checkoutId: deal.id,
        now,
      });
      subscriptionId = await grantPaidPeriod(trx, order.userId, order.planInterval ?? "month", now);
    }
    if (paymentId) await redeemForPayment(trx, { paymentId, orderId: order.id }, now);
    await trx
      .updateTable("payment_orders")
      .set({
        payment_id: paymentId,
        subscription_id: subscriptionId,
        // A plan's card, for the renewals Lomda will charge (the provider's token, never the card).
        card_token: order.kind === "subscription" ? (deal.card?.token ?? null) : null,
        card_expiry: order.kind === "subscription" ? (deal.card?.expiry ?? null) : null,
        token_expires_on: order.kind === "subscription" ? (deal.card?.tokenExpiresOn ?? null) : null,
      })
      .where("id", "=", order.id)
      .execute();
    return true;
  });
}

/** One calendar month or year after `from` (the 31st of January plus a month is the end of February). */
export function periodEnd(from: Date, interval: PlanInterval): Date {
  const end = new Date(from);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  if (interval === "year") end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/**
 * A plan's paid period, as a subscription row granted by payment: from now, or from the end of a
 * period already paid for (two plans bought at once add up rather than overlap), for one interval.
 * The provider keeps no subscription: Lomda renews it itself (renewal.server.ts, decision 0049).
 */
async function grantPaidPeriod(db: Db, userId: string, interval: PlanInterval, now: Date): Promise<string> {
  const at = now.toISOString();
  const paid = await db
    .selectFrom("subscriptions")
    .select("ends_at")
    .where("user_id", "=", userId)
    .where("granted_by", "=", PAYMENT_GRANT)
    .where("revoked_at", "is", null)
    .where("ends_at", ">", at)
    .orderBy("ends_at", "desc")
    .executeTakeFirst();
  const start = paid?.ends_at ? new Date(paid.ends_at) : now;
  const id = randomUUID();
  await db
    .insertInto("subscriptions")
    .values({
      id,
      user_id: userId,
      email: null,
      starts_at: start.toISOString(),
      ends_at: periodEnd(start, interval).toISOString(),
      granted_by: PAYMENT_GRANT,
      revoked_at: null,
      revoked_by: null,
      note: null,
      created_at: at,
      provider_subscription_id: null,
      cancel_at_period_end: null,
    })
    .execute();
  return id;
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
    .leftJoin("payments", "payments.id", "course_access.payment_id")
    .select([
      "course_access.id",
      "users.email",
      "course_access.course_id",
      "course_access.granted_by",
      "course_access.granted_at",
      "course_access.revoked_at",
      "payments.provider",
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
    /** The provider that took the payment (a bought course). */
    provider: r.provider ?? null,
    grantedAt: r.granted_at,
    revokedAt: r.revoked_at,
  }));
}
