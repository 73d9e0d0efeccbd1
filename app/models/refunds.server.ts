import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { writeTransaction, type Database } from "~/lib/db.server";
import { RefundRefusedError, type PaymentProvider } from "~/lib/payments/provider.server";
import { recordRefund } from "./billing.server";
import { withdrawEarned } from "./earned.server";
import { queueTaxDocument } from "./tax-documents.server";
import { revokeSubscription } from "./subscription.server";

/**
 * Refunds made from the admin area through the payment provider (issue 33, point 1; decision 0050).
 *
 * Once, whatever is clicked: a refund is a row (payment_refunds) written "pending" under the key of
 * the admin's form before the provider is asked, while the payment's row is locked. The same key
 * again (a double submit, a retry, a second admin approving the same cancellation) finds that row
 * and asks the provider nothing; the amounts of the payment's pending and done refunds together never
 * exceed what was paid. Stripe also gets the key as its Idempotency-Key; Cardcom takes none, so the
 * row is all that stands between a retry and a second refund there.
 *
 * The provider refusing removes the row: nothing is recorded. A call that got no answer leaves the
 * row pending — whether the provider refunded is not known, so its amount stays reserved and the
 * admin checks at the provider. A refund the provider made becomes "done"; when the done refunds
 * reach the amount paid (or a cancellation is refunded, its fee kept), the payment is marked refunded
 * and what it gave is taken back as a provider's refund event takes it back (billing.server.ts,
 * recordRefund: the course, its certificates and review; for a plan, its period). A partial refund
 * keeps access. Stripe's own event of the same refund later finds nothing left to take.
 */

export interface RefundRecord {
  id: string;
  amountCents: number;
  currency: string;
  status: "pending" | "done";
  providerRefundId: string | null;
  reason: string | null;
  requestedBy: string;
  createdAt: string;
}

export interface RefundablePayment {
  id: string;
  userId: string | null;
  email: string | null;
  kind: "subscription" | "course";
  courseId: string | null;
  planInterval: string | null;
  amountCents: number;
  currency: string;
  provider: string;
  status: "paid" | "refunded";
  createdAt: string;
  /** The provider's payment a refund names; null: it cannot be refunded from here. */
  providerPaymentId: string | null;
  refunds: RefundRecord[];
  /** Refunded or being refunded (pending rows hold their amount). */
  refundedCents: number;
  remainingCents: number;
}

type Db = Kysely<Database>;

function refundRecord(r: Database["payment_refunds"]): RefundRecord {
  return {
    id: r.id,
    amountCents: Number(r.amount_cents),
    currency: r.currency,
    status: r.status,
    providerRefundId: r.provider_refund_id,
    reason: r.reason,
    requestedBy: r.requested_by,
    createdAt: r.created_at,
  };
}

/** A payment with its refunds and what is left of it, for the refund form; undefined when there is none. */
export async function refundablePayment(db: Db, paymentId: string): Promise<RefundablePayment | undefined> {
  const payment = await db
    .selectFrom("payments")
    .leftJoin("users", "users.id", "payments.user_id")
    .select([
      "payments.id",
      "payments.user_id",
      "users.email",
      "payments.kind",
      "payments.course_id",
      "payments.plan_interval",
      "payments.amount_cents",
      "payments.currency",
      "payments.provider",
      "payments.status",
      "payments.created_at",
      "payments.provider_payment_id",
    ])
    .where("payments.id", "=", paymentId)
    .executeTakeFirst();
  if (!payment) return undefined;
  const rows = await db
    .selectFrom("payment_refunds")
    .selectAll()
    .where("payment_id", "=", paymentId)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  const refunds = rows.map(refundRecord);
  const amountCents = Number(payment.amount_cents);
  const refundedCents = refunds.reduce((sum, r) => sum + r.amountCents, 0);
  return {
    id: payment.id,
    userId: payment.user_id,
    email: payment.email ?? null,
    kind: payment.kind,
    courseId: payment.course_id,
    planInterval: payment.plan_interval,
    amountCents,
    currency: payment.currency,
    provider: payment.provider,
    status: payment.status,
    createdAt: payment.created_at,
    providerPaymentId: payment.provider_payment_id,
    refunds,
    refundedCents,
    remainingCents: payment.status === "refunded" ? 0 : Math.max(0, amountCents - refundedCents),
  };
}

export type RefundOutcome =
  /** The provider refunded; `whole`: the payment is now refunded and what it gave taken back. */
  | { outcome: "refunded"; refund: RefundRecord; whole: boolean }
  /** This key was used before: its refund, done or still pending; nothing asked again. */
  | { outcome: "duplicate"; refund: RefundRecord }
  | { outcome: "missing" }
  /**
   * Cannot be refunded from here: no provider configured, or it cannot refund (Cardcom without its
   * API password), or the payment was taken by another provider, or has no payment a refund can
   * name (a Stripe subscription's), or is refunded already.
   */
  | { outcome: "unavailable"; why: "no-provider" | "no-password" | "other-provider" | "no-reference" | "refunded" }
  /** More than is left (or nothing at all): refused before asking the provider. */
  | { outcome: "too-much"; remainingCents: number }
  /** The provider answered no: nothing recorded. */
  | { outcome: "refused"; message: string }
  /** The provider could not be reached or its answer not read: the refund stays pending, unknown. */
  | { outcome: "unknown"; refund: RefundRecord; message: string };

export type Unavailable = Extract<RefundOutcome, { outcome: "unavailable" }>["why"];

/** Why this payment cannot be refunded from here now, or null when it can (the form's page asks first). */
export function refundUnavailable(
  provider: PaymentProvider | undefined,
  payment: { status: string; provider: string; providerPaymentId: string | null },
): Unavailable | null {
  if (payment.status !== "paid") return "refunded";
  if (!provider) return "no-provider";
  if (payment.provider !== provider.name) return "other-provider";
  if (!payment.providerPaymentId) return "no-reference";
  if (!provider.canRefund) return "no-password";
  return null;
}

export interface RefundInput {
  paymentId: string;
  amountCents: number;
  reason: string | null;
  /** "admin:<user id>". */
  by: string;
  /** The form's key (or "cancellation:<request id>"): the same key refunds once. */
  key: string;
  /**
   * A cancellation (decision 0047): the purchase is undone even though its fee is kept — the payment
   * is marked refunded and what it gave taken back though the refund is less than the amount.
   */
  cancels?: boolean;
  now?: Date;
}

/**
 * Records a refund of (part of) a payment and makes it through the provider, once per key. The one
 * way money is given back from Lomda: the admin's refund form and an approved cancellation both
 * come here.
 */
export async function refundPayment(
  db: Db,
  provider: PaymentProvider | undefined,
  input: RefundInput,
): Promise<RefundOutcome> {
  const now = input.now ?? new Date();
  if (!provider) return { outcome: "unavailable", why: "no-provider" };
  const claim = await writeTransaction(db, async (trx) => {
    // Lock the payment's row first (a write, on both databases): two refunds of one payment take turns,
    // so the second sees the first's row when it adds up what is left.
    const locked = await trx
      .updateTable("payments")
      .set((eb) => ({ status: eb.ref("status") }))
      .where("id", "=", input.paymentId)
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) === 0) return { outcome: "missing" } as const;
    const seen = await trx
      .selectFrom("payment_refunds")
      .selectAll()
      .where("idempotency_key", "=", input.key)
      .executeTakeFirst();
    if (seen) return { outcome: "duplicate", refund: refundRecord(seen) } as const;
    const payment = await trx
      .selectFrom("payments")
      .select(["amount_cents", "currency", "provider", "status", "provider_payment_id"])
      .where("id", "=", input.paymentId)
      .executeTakeFirstOrThrow();
    const why = refundUnavailable(provider, {
      status: payment.status,
      provider: payment.provider,
      providerPaymentId: payment.provider_payment_id,
    });
    if (why || !payment.provider_payment_id) return { outcome: "unavailable", why: why ?? "no-reference" } as const;
    const before = await trx
      .selectFrom("payment_refunds")
      .select("amount_cents")
      .where("payment_id", "=", input.paymentId)
      .execute();
    const refundedCents = before.reduce((sum, r) => sum + Number(r.amount_cents), 0);
    const remainingCents = Number(payment.amount_cents) - refundedCents;
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > remainingCents)
      return { outcome: "too-much", remainingCents: Math.max(0, remainingCents) } as const;
    const row: Database["payment_refunds"] = {
      id: randomUUID(),
      payment_id: input.paymentId,
      amount_cents: input.amountCents,
      currency: payment.currency,
      status: "pending",
      provider_refund_id: null,
      idempotency_key: input.key,
      reason: input.reason,
      requested_by: input.by,
      created_at: now.toISOString(),
      completed_at: null,
    };
    await trx.insertInto("payment_refunds").values(row).execute();
    return {
      outcome: "claimed",
      row,
      paymentRef: payment.provider_payment_id,
      whole: refundedCents === 0 && input.amountCents === Number(payment.amount_cents),
    } as const;
  });
  if (claim.outcome !== "claimed") return claim;

  const { row } = claim;
  let providerRefundId: string;
  try {
    ({ id: providerRefundId } = await provider.refund({
      paymentRef: claim.paymentRef,
      amountCents: row.amount_cents,
      currency: row.currency,
      whole: claim.whole,
      idempotencyKey: row.idempotency_key,
    }));
  } catch (error) {
    if (error instanceof RefundRefusedError) {
      await db.deleteFrom("payment_refunds").where("id", "=", row.id).where("status", "=", "pending").execute();
      return { outcome: "refused", message: error.message };
    }
    // No answer: the provider may have refunded. The row stays pending and keeps its amount reserved.
    return {
      outcome: "unknown",
      refund: refundRecord(row),
      message: error instanceof Error ? error.message : String(error),
    };
  }

  return writeTransaction(db, async (trx) => {
    const completedAt = now.toISOString();
    await trx
      .updateTable("payment_refunds")
      .set({ status: "done", provider_refund_id: providerRefundId, completed_at: completedAt })
      .where("id", "=", row.id)
      .execute();
    // The refund's credit document, in the same transaction (nothing is queued when documents are off).
    await queueTaxDocument(trx, {
      paymentId: row.payment_id,
      refundId: row.id,
      amountCents: Number(row.amount_cents),
      currency: row.currency,
      now,
    });
    const payment = await trx
      .selectFrom("payments")
      .select(["id", "amount_cents", "currency", "provider", "provider_ref", "status"])
      .where("id", "=", row.payment_id)
      .executeTakeFirstOrThrow();
    const done = await trx
      .selectFrom("payment_refunds")
      .select("amount_cents")
      .where("payment_id", "=", payment.id)
      .where("status", "=", "done")
      .execute();
    const doneCents = done.reduce((sum, r) => sum + Number(r.amount_cents), 0);
    const whole = input.cancels === true || doneCents >= Number(payment.amount_cents);
    if (whole) await takeBack(trx, payment, now);
    const refund = refundRecord({
      ...row,
      status: "done",
      provider_refund_id: providerRefundId,
      completed_at: completedAt,
    });
    return { outcome: "refunded", refund, whole } as const;
  });
}

/**
 * The payment is refunded: marked so, and what it gave goes — as when the provider reports a refund
 * (recordRefund: a course's access, its certificates and review). A plan Lomda granted itself (a
 * read-back provider's first payment, or a renewal Lomda charged) ends now, with what only it covered.
 */
async function takeBack(
  trx: Db,
  payment: {
    id: string;
    amount_cents: number;
    currency: string;
    provider: string;
    provider_ref: string;
    status: string;
  },
  now: Date,
) {
  if (payment.status === "paid")
    await recordRefund(
      trx,
      payment.provider,
      payment.provider_ref,
      Number(payment.amount_cents),
      payment.currency,
      now,
    );
  // The plan it paid for: its first payment's order, or a renewal Lomda charged (decision 0049).
  const periods = await trx
    .selectFrom("payment_orders")
    .innerJoin("subscriptions", "subscriptions.id", "payment_orders.subscription_id")
    .select(["subscriptions.id", "subscriptions.user_id"])
    .where("payment_orders.payment_id", "=", payment.id)
    .union(
      trx
        .selectFrom("plan_renewals")
        .innerJoin("subscriptions", "subscriptions.id", "plan_renewals.subscription_id")
        .select(["subscriptions.id", "subscriptions.user_id"])
        .where("plan_renewals.payment_id", "=", payment.id),
    )
    .execute();
  const reason = `refund:${payment.provider_ref}`;
  for (const period of periods)
    if ((await revokeSubscription(trx, period.id, reason, now)) && period.user_id)
      await withdrawEarned(trx, { userIds: [period.user_id], courseId: null, reason, now });
}
