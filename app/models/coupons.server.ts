import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/lib/db.server";
import {
  normalizeCouponCode,
  quoteCoupon,
  type Coupon,
  type CouponItem,
  type CouponQuote,
  type CouponRefusal,
} from "./coupons";

/**
 * Coupons in the database (issue 33, point 4; decision 0051): the admin's list, a buyer's quote, and
 * the uses. A checkout opened with a coupon reserves a use before the provider is asked, for as long
 * as the provider's page is meant to stay open (COUPON_HOLD_MS); its payment redeems it; a lapsed
 * reservation stops counting. Reserving locks the coupon's row first (an UPDATE, which PostgreSQL
 * holds until commit and SQLite takes as the database's write lock), so two buyers racing for the
 * last use are served one after the other, and the second finds it used up.
 */

type Db = Kysely<Database> | Transaction<Database>;

/**
 * How long an opened checkout holds its use: Stripe's page is made to expire then (its `expires_at`
 * takes 30 minutes to 24 hours); Cardcom documents no end to its page (decision 0051 says what then).
 */
export const COUPON_HOLD_MS = 60 * 60_000;

const couponColumns = [
  "id",
  "code",
  "kind",
  "percent_off",
  "amount_off_cents",
  "currency",
  "applies_to",
  "plan_interval",
  "course_id",
  "expires_at",
  "max_uses",
  "active",
] as const;

function couponOf(row: Pick<Database["coupons"], (typeof couponColumns)[number]>): Coupon {
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percentOff: n(row.percent_off),
    amountOffCents: n(row.amount_off_cents),
    currency: row.currency,
    appliesTo: row.applies_to,
    planInterval: row.plan_interval,
    courseId: row.course_id,
    expiresAt: row.expires_at,
    maxUses: n(row.max_uses),
    active: Number(row.active) === 1,
  };
}

async function couponByCode(db: Db, code: string): Promise<Coupon | undefined> {
  const row = await db.selectFrom("coupons").select(couponColumns).where("code", "=", code).executeTakeFirst();
  return row ? couponOf(row) : undefined;
}

/**
 * The uses a coupon has now, as the limit counts them: each redeemed one, and the buyers with a
 * checkout open on it (a buyer's several open checkouts hold one use between them, so trying again
 * does not use a one-use coupon up) — besides `except`, the buyer asking now.
 */
async function usesHeld(db: Db, couponId: string, now: Date, except?: string): Promise<number> {
  const redeemed = await db
    .selectFrom("coupon_redemptions")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("coupon_id", "=", couponId)
    .where("status", "=", "redeemed")
    .executeTakeFirstOrThrow();
  let reserved = db
    .selectFrom("coupon_redemptions")
    .select((eb) => eb.fn.count("user_id").distinct().as("n"))
    .where("coupon_id", "=", couponId)
    .where("status", "=", "reserved")
    .where("held_until", ">", now.toISOString());
  if (except) reserved = reserved.where("user_id", "!=", except);
  return Number(redeemed.n) + Number((await reserved.executeTakeFirstOrThrow()).n);
}

/** What the code would take off this item now, for the order page (nothing is reserved). */
export async function quoteCode(
  db: Db,
  input: string,
  item: CouponItem,
  userId: string | null,
  now: Date = new Date(),
): Promise<CouponQuote> {
  const code = normalizeCouponCode(input);
  const coupon = code ? await couponByCode(db, code) : undefined;
  return quoteCoupon(coupon, item, coupon ? await usesHeld(db, coupon.id, now, userId ?? undefined) : 0, now);
}

export type Reservation =
  | (Extract<CouponQuote, { ok: true }> & { redemptionId: string; heldUntil: Date })
  | { ok: false; reason: CouponRefusal };

/**
 * Reserves a use of the code for this buyer's checkout of this item, or says why not. In one
 * transaction whose first statement locks the coupon's row: the rule is checked against the uses
 * held once every earlier reservation has committed, so the last use goes to one buyer only.
 */
export async function reserveCoupon(
  db: Kysely<Database>,
  input: { code: string; item: CouponItem; userId: string },
  now: Date = new Date(),
): Promise<Reservation> {
  const code = normalizeCouponCode(input.code);
  if (!code) return { ok: false, reason: "unknown" };
  return db.transaction().execute(async (trx): Promise<Reservation> => {
    const locked = await trx
      .updateTable("coupons")
      .set((eb) => ({ updated_at: eb.ref("updated_at") }))
      .where("code", "=", code)
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) === 0) return { ok: false, reason: "unknown" };
    const coupon = await couponByCode(trx, code);
    const quote = quoteCoupon(coupon, input.item, await usesHeld(trx, coupon!.id, now, input.userId), now);
    if (!quote.ok) return quote;
    const redemptionId = randomUUID();
    const heldUntil = new Date(now.getTime() + COUPON_HOLD_MS);
    await trx
      .insertInto("coupon_redemptions")
      .values({
        id: redemptionId,
        coupon_id: coupon!.id,
        user_id: input.userId,
        status: "reserved",
        discount_cents: quote.discountCents,
        currency: quote.currency,
        order_id: null,
        checkout_id: null,
        payment_id: null,
        held_until: heldUntil.toISOString(),
        created_at: now.toISOString(),
        redeemed_at: null,
      })
      .execute();
    return { ...quote, redemptionId, heldUntil };
  });
}

/** The reservation's order (a read-back provider) and the provider's checkout, once they exist. */
export async function attachReservation(
  db: Db,
  redemptionId: string,
  refs: { orderId?: string | null; checkoutId?: string | null },
): Promise<void> {
  await db
    .updateTable("coupon_redemptions")
    .set({
      ...(refs.orderId !== undefined ? { order_id: refs.orderId } : {}),
      ...(refs.checkoutId !== undefined ? { checkout_id: refs.checkoutId } : {}),
    })
    .where("id", "=", redemptionId)
    .execute();
}

/** The provider would not open its page: the use goes back at once. */
export async function releaseReservation(db: Db, redemptionId: string): Promise<void> {
  await db.deleteFrom("coupon_redemptions").where("id", "=", redemptionId).where("status", "=", "reserved").execute();
}

/**
 * A payment came from a checkout opened with a coupon (found by Lomda's order or the provider's
 * checkout): its use is redeemed, and the payment carries the code and what it took off, for the
 * admin and the tax document. Once: a second call finds it redeemed and changes nothing. A payment
 * that arrives after its reservation lapsed is redeemed all the same (the buyer paid the lowered
 * price the provider was asked for); decision 0051 says when that can happen.
 */
export async function redeemForPayment(
  db: Db,
  input: { paymentId: string; orderId?: string; checkoutId?: string },
  now: Date = new Date(),
): Promise<void> {
  const { orderId, checkoutId } = input;
  if (!orderId && !checkoutId) return;
  const row = await db
    .selectFrom("coupon_redemptions")
    .innerJoin("coupons", "coupons.id", "coupon_redemptions.coupon_id")
    .select(["coupon_redemptions.id", "coupon_redemptions.discount_cents", "coupons.code"])
    .where((eb) =>
      eb.or([
        ...(orderId ? [eb("coupon_redemptions.order_id", "=", orderId)] : []),
        ...(checkoutId ? [eb("coupon_redemptions.checkout_id", "=", checkoutId)] : []),
      ]),
    )
    .executeTakeFirst();
  if (!row) return;
  await db
    .updateTable("coupon_redemptions")
    .set({ status: "redeemed", payment_id: input.paymentId, redeemed_at: now.toISOString() })
    .where("id", "=", row.id)
    .where("status", "=", "reserved")
    .execute();
  await db
    .updateTable("payments")
    .set({ coupon_code: row.code, discount_cents: Number(row.discount_cents) })
    .where("id", "=", input.paymentId)
    .execute();
}

/* ---------- the admin's screen ---------- */

export interface NewCoupon {
  code: string;
  kind: "percent" | "fixed";
  percentOff: number | null;
  amountOffCents: number | null;
  currency: string | null;
  appliesTo: "all" | "plan" | "course";
  planInterval: "month" | "year" | null;
  courseId: string | null;
  expiresAt: string | null;
  maxUses: number | null;
}

/** Stores a new coupon, or says its code is taken (in any case: codes are stored upper case). */
export async function createCoupon(
  db: Db,
  coupon: NewCoupon,
  by: string,
  now: Date = new Date(),
): Promise<{ outcome: "created"; id: string } | { outcome: "duplicate" }> {
  const id = randomUUID();
  const at = now.toISOString();
  const result = await db
    .insertInto("coupons")
    .values({
      id,
      code: coupon.code.toUpperCase(),
      kind: coupon.kind,
      percent_off: coupon.kind === "percent" ? coupon.percentOff : null,
      amount_off_cents: coupon.kind === "fixed" ? coupon.amountOffCents : null,
      currency: coupon.kind === "fixed" ? coupon.currency : null,
      applies_to: coupon.appliesTo,
      plan_interval: coupon.appliesTo === "plan" ? coupon.planInterval : null,
      course_id: coupon.appliesTo === "course" ? coupon.courseId : null,
      expires_at: coupon.expiresAt,
      max_uses: coupon.maxUses,
      active: 1,
      created_by: by,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column("code").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0 ? { outcome: "created", id } : { outcome: "duplicate" };
}

/** Deactivates a coupon: it is refused from now on; checkouts already open keep their price. */
export async function deactivateCoupon(
  db: Db,
  id: string,
  now: Date = new Date(),
): Promise<"changed" | "unchanged" | "missing"> {
  const result = await db
    .updateTable("coupons")
    .set({ active: 0, updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("active", "=", 1)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return "changed";
  const exists = await db.selectFrom("coupons").select("id").where("id", "=", id).executeTakeFirst();
  return exists ? "unchanged" : "missing";
}

export interface CouponListItem extends Coupon {
  /** Paid with it. */
  redeemed: number;
  /** Buyers with a checkout open on it now. */
  held: number;
  createdAt: string;
}

/** The coupons, newest first, with their uses (at most `limit`: a school has tens, not thousands). */
export async function listCoupons(db: Db, now: Date = new Date(), limit = 200): Promise<CouponListItem[]> {
  const rows = await db
    .selectFrom("coupons")
    .select([...couponColumns, "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [redeemed, held] = await Promise.all([
    db
      .selectFrom("coupon_redemptions")
      .select(["coupon_id", (eb) => eb.fn.countAll().as("n")])
      .where("coupon_id", "in", ids)
      .where("status", "=", "redeemed")
      .groupBy("coupon_id")
      .execute(),
    db
      .selectFrom("coupon_redemptions")
      .select(["coupon_id", (eb) => eb.fn.count("user_id").distinct().as("n")])
      .where("coupon_id", "in", ids)
      .where("status", "=", "reserved")
      .where("held_until", ">", now.toISOString())
      .groupBy("coupon_id")
      .execute(),
  ]);
  const count = (list: { coupon_id: string; n: unknown }[], id: string) =>
    Number(list.find((r) => r.coupon_id === id)?.n ?? 0);
  return rows.map((row) => ({
    ...couponOf(row),
    redeemed: count(redeemed, row.id),
    held: count(held, row.id),
    createdAt: row.created_at,
  }));
}
