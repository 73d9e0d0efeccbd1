import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/lib/db.server";
import { inWindow, readPage, type Page, type PageCursor } from "~/lib/keyset.server";
import type { Locale } from "~/i18n/locale";
import { serverI18n } from "~/i18n/resources.server";
import { cancellationFee, cancellationWindow, refundDue, withinCancellationWindow } from "./cancellation";

/**
 * A buyer's cancellations (issue 33, point 3; decision 0047): the purchases they may still cancel,
 * their requests to cancel one or to stop a subscription's renewal, and the admin's decision. A
 * request records what the buyer was told — amount, fee, what is due back. Approving a purchase's
 * cancellation refunds what is due back through the provider and takes back what was bought
 * (refunds.server.ts, decision 0050); the request records that refund.
 */

export type RequestStatus = "pending" | "approved" | "declined";

export interface RequestSummary {
  id: string;
  status: RequestStatus;
  createdAt: string;
  decidedAt: string | null;
}

export interface Purchase {
  paymentId: string;
  kind: "course" | "subscription";
  courseId: string | null;
  planInterval: string | null;
  amountCents: number;
  currency: string;
  purchasedAt: string;
  /** The fee the rule gives (cancellation.ts) and what would come back, in minor units. */
  feeCents: number;
  refundCents: number;
  /** The last day it can be cancelled (YYYY-MM-DD on Israel's calendar). */
  lastDay: string;
  /**
   * open: can be asked now; expired: the legal period has passed; refunded: the money went back
   * already (or is going back in full: a course withdrawn during checkout); requested: asked once.
   */
  state: "open" | "expired" | "refunded" | "requested";
  request: RequestSummary | null;
}

/** How many of a buyer's purchases the page lists, newest first. */
export const PURCHASES_SHOWN = 20;

function summary(r: {
  request_id: string | null;
  request_status: RequestStatus | null;
  request_created_at: string | null;
  request_decided_at: string | null;
}): RequestSummary | null {
  return r.request_id && r.request_status && r.request_created_at
    ? { id: r.request_id, status: r.request_status, createdAt: r.request_created_at, decidedAt: r.request_decided_at }
    : null;
}

/** A buyer's purchases, newest first, each with whether and until when it can be cancelled. */
export async function purchasesOf(db: Kysely<Database>, userId: string, now: Date = new Date()): Promise<Purchase[]> {
  const rows = await db
    .selectFrom("payments")
    .leftJoin("cancellation_requests as r", "r.payment_id", "payments.id")
    .select([
      "payments.id",
      "payments.kind",
      "payments.course_id",
      "payments.plan_interval",
      "payments.amount_cents",
      "payments.currency",
      "payments.status",
      "payments.refund_due",
      "payments.created_at",
      "r.id as request_id",
      "r.status as request_status",
      "r.created_at as request_created_at",
      "r.decided_at as request_decided_at",
    ])
    .where("payments.user_id", "=", userId)
    .orderBy("payments.created_at", "desc")
    .orderBy("payments.id", "desc")
    .limit(PURCHASES_SHOWN)
    .execute();
  return rows.map((r) => {
    const amount = Number(r.amount_cents);
    const purchasedAt = new Date(r.created_at);
    const request = summary(r);
    return {
      paymentId: r.id,
      kind: r.kind,
      courseId: r.course_id,
      planInterval: r.plan_interval,
      amountCents: amount,
      currency: r.currency,
      purchasedAt: r.created_at,
      feeCents: cancellationFee(amount, r.currency),
      refundCents: refundDue(amount, r.currency),
      lastDay: cancellationWindow(purchasedAt).lastDay,
      state: request
        ? "requested"
        : r.status === "refunded" || r.refund_due !== null
          ? "refunded"
          : withinCancellationWindow(purchasedAt, now)
            ? "open"
            : "expired",
      request,
    };
  });
}

export interface Renewal {
  subscriptionId: string;
  /** The paid period's end: access lasts until then, whether or not it renews. */
  endsAt: string | null;
  /** The provider renews it at the period's end (the buyer has not stopped it there). */
  renews: boolean;
  /**
   * Lomda charges its renewals itself (a Cardcom plan, decision 0049): stopping it is done here, at
   * once, rather than asked of the school.
   */
  byLomda: boolean;
  request: RequestSummary | null;
}

/**
 * A buyer's live subscriptions bought online: those that renew, and any stop already asked for. A
 * provider's subscription (Stripe's), or a plan whose renewals Lomda charges (Cardcom's, with a kept
 * card: decision 0049), which renews unless stopped or its renewal gave up.
 */
export async function renewalsOf(db: Kysely<Database>, userId: string, now: Date = new Date()): Promise<Renewal[]> {
  const at = now.toISOString();
  const rows = await db
    .selectFrom("subscriptions")
    .leftJoin("cancellation_requests as r", "r.subscription_id", "subscriptions.id")
    .select((eb) => [
      "subscriptions.id",
      "subscriptions.ends_at",
      "subscriptions.cancel_at_period_end",
      "subscriptions.provider_subscription_id",
      "r.id as request_id",
      "r.status as request_status",
      "r.created_at as request_created_at",
      "r.decided_at as request_decided_at",
      // The renewal of the paid period gave up (declined to the end, the card expired, the plan withdrawn).
      eb
        .exists(
          eb
            .selectFrom("plan_renewals as pr")
            .select("pr.id")
            .whereRef("pr.subscription_id", "=", "subscriptions.id")
            .whereRef("pr.period_start", "=", "subscriptions.ends_at")
            .where("pr.state", "=", "stopped"),
        )
        .as("gave_up"),
    ])
    .where("subscriptions.user_id", "=", userId)
    .where((eb) =>
      eb.or([
        eb("subscriptions.provider_subscription_id", "is not", null),
        eb.exists(
          eb
            .selectFrom("payment_orders as o")
            .select("o.id")
            .whereRef("o.subscription_id", "=", "subscriptions.id")
            .where("o.provider", "=", "cardcom")
            .where("o.card_token", "is not", null),
        ),
      ]),
    )
    .where("subscriptions.revoked_at", "is", null)
    .where((eb) => eb.or([eb("subscriptions.ends_at", "is", null), eb("subscriptions.ends_at", ">", at)]))
    .orderBy("subscriptions.created_at", "desc")
    .execute();
  return rows.map((r) => {
    const byLomda = r.provider_subscription_id === null;
    return {
      subscriptionId: r.id,
      endsAt: r.ends_at,
      renews: Number(r.cancel_at_period_end ?? 0) !== 1 && !(byLomda && Boolean(Number(r.gave_up))),
      byLomda,
      request: summary(r),
    };
  });
}

export interface CancellationRequest {
  id: string;
  userId: string | null;
  email: string | null;
  locale: string;
  kind: "purchase" | "renewal";
  paymentId: string | null;
  subscriptionId: string | null;
  courseId: string | null;
  planInterval: string | null;
  amountCents: number | null;
  currency: string | null;
  feeCents: number | null;
  refundCents: number | null;
  purchasedAt: string | null;
  reason: string | null;
  status: RequestStatus;
  createdAt: string;
  decidedAt: string | null;
  /** The refund the approval made through the provider (decision 0050). */
  refundId: string | null;
}

type Row = Database["cancellation_requests"];

function toRequest(r: Row): CancellationRequest {
  const number = (v: number | null) => (v === null ? null : Number(v));
  return {
    id: r.id,
    userId: r.user_id,
    email: r.email,
    locale: r.locale,
    kind: r.kind,
    paymentId: r.payment_id,
    subscriptionId: r.subscription_id,
    courseId: r.course_id,
    planInterval: r.plan_interval,
    amountCents: number(r.amount_cents),
    currency: r.currency,
    feeCents: number(r.fee_cents),
    refundCents: number(r.refund_cents),
    purchasedAt: r.purchased_at,
    reason: r.reason,
    status: r.status,
    createdAt: r.created_at,
    decidedAt: r.decided_at,
    refundId: r.refund_id,
  };
}

export interface RequestInput {
  userId: string;
  email: string | null;
  locale: string;
  now?: Date;
}

export type PurchaseRequestOutcome =
  | { ok: true; request: CancellationRequest }
  /** No such purchase of this buyer's (another's is not theirs to cancel: answered as unknown). */
  | { ok: false; reason: "missing" }
  /** Refunded already, or being refunded in full. */
  | { ok: false; reason: "refunded" }
  /** The legal period has passed. */
  | { ok: false; reason: "expired" }
  /** Asked about once already: a purchase is asked about once. */
  | { ok: false; reason: "already" };

/**
 * A buyer asks to cancel one of their purchases within the legal period. The fee and what is due
 * back are computed here, by the rule, and stored with the request: what the buyer was told stays
 * what the school owes. Two requests at once for one purchase make one row (its unique payment id).
 */
export async function requestPurchaseCancellation(
  db: Kysely<Database>,
  input: RequestInput & { paymentId: string; reason: string | null },
): Promise<PurchaseRequestOutcome> {
  const now = input.now ?? new Date();
  const payment = await db
    .selectFrom("payments")
    .select([
      "id",
      "kind",
      "course_id",
      "plan_interval",
      "amount_cents",
      "currency",
      "status",
      "refund_due",
      "created_at",
    ])
    .where("id", "=", input.paymentId)
    .where("user_id", "=", input.userId)
    .executeTakeFirst();
  if (!payment) return { ok: false, reason: "missing" };
  const asked = await db
    .selectFrom("cancellation_requests")
    .select("id")
    .where("payment_id", "=", payment.id)
    .executeTakeFirst();
  if (asked) return { ok: false, reason: "already" };
  if (payment.status === "refunded" || payment.refund_due !== null) return { ok: false, reason: "refunded" };
  if (!withinCancellationWindow(new Date(payment.created_at), now)) return { ok: false, reason: "expired" };
  const amount = Number(payment.amount_cents);
  const row: Row = {
    id: randomUUID(),
    user_id: input.userId,
    email: input.email,
    locale: input.locale,
    kind: "purchase",
    payment_id: payment.id,
    subscription_id: null,
    course_id: payment.course_id,
    plan_interval: payment.plan_interval,
    amount_cents: amount,
    currency: payment.currency,
    fee_cents: cancellationFee(amount, payment.currency),
    refund_cents: refundDue(amount, payment.currency),
    purchased_at: payment.created_at,
    reason: input.reason,
    status: "pending",
    created_at: now.toISOString(),
    decided_at: null,
    decided_by: null,
    refund_id: null,
  };
  return insertOnce(db, row, "payment_id");
}

/**
 * Stores a request, one per purchase or subscription (`unique`): when another request for the same
 * one landed first (two posts at once), this one is "already" asked.
 */
async function insertOnce(
  db: Kysely<Database> | Transaction<Database>,
  row: Row,
  unique: "payment_id" | "subscription_id",
): Promise<{ ok: true; request: CancellationRequest } | { ok: false; reason: "already" }> {
  const inserted = await db
    .insertInto("cancellation_requests")
    .values(row)
    .onConflict((oc) => oc.column(unique).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return { ok: false, reason: "already" };
  return { ok: true, request: toRequest(row) };
}

export type RenewalRequestOutcome =
  | { ok: true; request: CancellationRequest }
  | { ok: false; reason: "missing" }
  /** It does not renew: nothing to stop. */
  | { ok: false; reason: "notRenewing" }
  | { ok: false; reason: "already" };

/**
 * A buyer asks to stop their subscription's renewal. The provider's interface has no call to do it
 * from here (decision 0047): the request is recorded for the school to stop it at the provider, and
 * the buyer keeps access until the period paid for ends.
 */
export async function requestRenewalStop(
  db: Kysely<Database>,
  input: RequestInput & { subscriptionId: string },
): Promise<RenewalRequestOutcome> {
  const now = input.now ?? new Date();
  const renewal = (await renewalsOf(db, input.userId, now)).find((r) => r.subscriptionId === input.subscriptionId);
  if (!renewal) return { ok: false, reason: "missing" };
  if (renewal.request) return { ok: false, reason: "already" };
  if (!renewal.renews) return { ok: false, reason: "notRenewing" };
  if (renewal.byLomda) return stopLomdaRenewal(db, input, now);
  const plan = await db
    .selectFrom("payments")
    .innerJoin("subscriptions", "subscriptions.provider_subscription_id", "payments.provider_subscription_id")
    .select("payments.plan_interval")
    .where("subscriptions.id", "=", input.subscriptionId)
    .where("payments.plan_interval", "is not", null)
    .orderBy("payments.created_at", "desc")
    .executeTakeFirst();
  const row = renewalRequestRow(input, plan?.plan_interval ?? null, now, null);
  return insertOnce(db, row, "subscription_id");
}

/**
 * A request to stop a subscription's renewal: pending for the admin, or decided at once by `decidedBy`
 * (a plan Lomda renews itself, which nothing at a provider has to stop).
 */
function renewalRequestRow(
  input: RequestInput & { subscriptionId: string },
  planInterval: string | null,
  now: Date,
  decidedBy: string | null,
): Row {
  return {
    id: randomUUID(),
    user_id: input.userId,
    email: input.email,
    locale: input.locale,
    kind: "renewal",
    payment_id: null,
    subscription_id: input.subscriptionId,
    course_id: null,
    plan_interval: planInterval,
    amount_cents: null,
    currency: null,
    fee_cents: null,
    refund_cents: null,
    purchased_at: null,
    reason: null,
    status: decidedBy ? "approved" : "pending",
    created_at: now.toISOString(),
    decided_at: decidedBy ? now.toISOString() : null,
    decided_by: decidedBy,
    refund_id: null,
  };
}

/**
 * A plan Lomda renews itself (decision 0049) is stopped here and now: the subscription is marked so the
 * scheduler does not charge it, and the request is stored decided ("approved"), so the page and the
 * admin's list say it is stopped and the one-request rule holds. Two stops at once make one request.
 */
async function stopLomdaRenewal(
  db: Kysely<Database>,
  input: RequestInput & { subscriptionId: string },
  now: Date,
): Promise<RenewalRequestOutcome> {
  const order = await db
    .selectFrom("payment_orders")
    .select("plan_interval")
    .where("subscription_id", "=", input.subscriptionId)
    .executeTakeFirst();
  const row = renewalRequestRow(input, order?.plan_interval ?? null, now, "renewals:stopped-by-buyer");
  return db.transaction().execute(async (trx) => {
    const stored = await insertOnce(trx, row, "subscription_id");
    if (stored.ok)
      await trx
        .updateTable("subscriptions")
        .set({ cancel_at_period_end: 1 })
        .where("id", "=", input.subscriptionId)
        .where("user_id", "=", input.userId)
        .execute();
    return stored;
  });
}

/** One of a buyer's own requests (the confirmation after asking); another's is not found. */
export async function requestOf(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<CancellationRequest | undefined> {
  const row = await db
    .selectFrom("cancellation_requests")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? toRequest(row) : undefined;
}

/** A request, for the admin deciding it (any buyer's). */
export async function findCancellation(db: Kysely<Database>, id: string): Promise<CancellationRequest | undefined> {
  const row = await db.selectFrom("cancellation_requests").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toRequest(row) : undefined;
}

/** A page of the requests for the admin, newest first (keyset: app/lib/keyset.server.ts). */
export async function cancellationRequestsPage(
  db: Kysely<Database>,
  cursor: PageCursor | null,
): Promise<Page<CancellationRequest>> {
  const query = db.selectFrom("cancellation_requests").selectAll();
  const page = await readPage(
    cursor,
    (window) => inWindow(query, window, { at: "created_at", id: "id" }).execute(),
    (row) => ({ at: row.created_at, id: row.id }),
  );
  return { ...page, items: page.items.map(toRequest) };
}

/** How many requests wait for the admin's decision. */
export async function pendingCancellations(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("cancellation_requests")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export type DecisionOutcome =
  { outcome: "changed"; request: CancellationRequest } | { outcome: "unchanged" } | { outcome: "missing" };

/**
 * The admin approves or declines a pending request: a conditional update, so of two admins (or two
 * clicks) exactly one decides it, and a decided request stays decided. An approved purchase's refund
 * is made first, through the provider (the admin's page calls refunds.server.ts), and recorded here.
 */
export async function decideCancellation(
  db: Kysely<Database>,
  input: {
    id: string;
    decision: "approved" | "declined";
    by: string;
    /** The refund the approval made through the provider (refunds.server.ts; decision 0050). */
    refundId?: string | null;
    now?: Date;
  },
): Promise<DecisionOutcome> {
  const now = input.now ?? new Date();
  const result = await db
    .updateTable("cancellation_requests")
    .set({
      status: input.decision,
      decided_at: now.toISOString(),
      decided_by: input.by,
      ...(input.refundId ? { refund_id: input.refundId } : {}),
    })
    .where("id", "=", input.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  const row = await db.selectFrom("cancellation_requests").selectAll().where("id", "=", input.id).executeTakeFirst();
  if (!row) return { outcome: "missing" };
  if (Number(result.numUpdatedRows) === 0) return { outcome: "unchanged" };
  return { outcome: "changed", request: toRequest(row) };
}

/** A course's title in each language (an empty Hebrew title falls back to the English), by id; any course, shown or not. */
export async function courseTitles(
  db: Kysely<Database>,
  ids: readonly (string | null)[],
): Promise<Map<string, { en: string; he: string }>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom("courses")
    .select(["id", "title_en", "title_he"])
    .where("id", "in", wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, { en: r.title_en, he: r.title_he?.trim() || r.title_en }]));
}

/** What a purchase or a request is about, in the reader's language: a course (by title), a plan, or a renewal to stop. */
export function describeItem(
  locale: Locale,
  item: { kind: "course" | "subscription" | "renewal"; courseId: string | null; planInterval: string | null },
  titles: ReadonlyMap<string, { en: string; he: string }>,
): string {
  const { t } = serverI18n(locale);
  if (item.kind === "renewal") return t("adminCancellations.renewal");
  if (item.kind === "course") {
    const title = item.courseId ? titles.get(item.courseId) : undefined;
    return title ? t("cancel.course", { title: title[locale] }) : t("cancel.unknownCourse");
  }
  return t(
    item.planInterval === "month"
      ? "cancel.planMonth"
      : item.planInterval === "year"
        ? "cancel.planYear"
        : "cancel.plan",
  );
}
