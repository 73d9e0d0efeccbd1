import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, DIALECTS, type TestDb } from "../../tests/setup/databases.ts";
import { createUser, newCoupon } from "../../tests/support/factories.ts";
import type { DatabaseHandle } from "~/lib/db.server";
import {
  COUPON_HOLD_MS,
  attachReservation,
  createCoupon,
  deactivateCoupon,
  listCoupons,
  quoteCode,
  redeemForPayment,
  releaseReservation,
  reserveCoupon,
} from "./coupons.server";
import type { CouponItem } from "./coupons";

/** Coupons in the database (decision 0051): the codes, the uses and the race for the last one. */
const NOW = new Date("2027-03-01T10:00:00Z");
const COURSE: CouponItem = { kind: "course", courseId: "course-1", amountCents: 12900, currency: "ILS" };

describe.each(DIALECTS)("coupons on %s", (dialect) => {
  let database: TestDb;
  let second: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDb(dialect, { seed: false });
    // Another process's connection to the same database: the race is between two of them.
    second = database.reopen();
  });
  afterAll(async () => {
    await second?.close();
    await database?.destroy();
  });
  const buyer = async () => (await createUser(database.db)).id;

  it("a code is unique whatever its case, and found in any case", async () => {
    const made = await createCoupon(database.db, newCoupon({ code: "Spring-25" }), "admin:1", NOW);
    expect(made.outcome).toBe("created");
    expect(await createCoupon(database.db, newCoupon({ code: "SPRING-25" }), "admin:1", NOW)).toEqual({
      outcome: "duplicate",
    });
    expect(await database.db.selectFrom("coupons").select("code").where("code", "like", "%PRING-25").execute()).toEqual(
      [{ code: "SPRING-25" }],
    );
    expect(await quoteCode(database.db, " spring-25 ", COURSE, null, NOW)).toMatchObject({
      ok: true,
      beforeCents: 12900,
      discountCents: 2580,
      amountCents: 10320,
    });
    expect(await quoteCode(database.db, "SPRING-26", COURSE, null, NOW)).toEqual({ ok: false, reason: "unknown" });
  });

  it("reserving holds a use until it lapses; paying redeems it and marks the payment", async () => {
    const { code } = newCoupon();
    await createCoupon(database.db, newCoupon({ code, maxUses: 1 }), "admin:1", NOW);
    const [dana, eli] = [await buyer(), await buyer()];
    const held = await reserveCoupon(database.db, { code, item: COURSE, userId: dana }, NOW);
    expect(held).toMatchObject({ ok: true, amountCents: 10320, discountCents: 2580 });
    if (!held.ok) return;
    expect(held.heldUntil.getTime() - NOW.getTime()).toBe(COUPON_HOLD_MS);
    // Eli finds it used up while Dana's checkout is open; Dana trying again is not refused by her own.
    expect(await reserveCoupon(database.db, { code, item: COURSE, userId: eli }, NOW)).toEqual({
      ok: false,
      reason: "usedUp",
    });
    expect((await reserveCoupon(database.db, { code, item: COURSE, userId: dana }, NOW)).ok).toBe(true);
    // Once Dana's hold lapses unpaid, the use is Eli's.
    const later = new Date(NOW.getTime() + COUPON_HOLD_MS + 1000);
    const elis = await reserveCoupon(database.db, { code, item: COURSE, userId: eli }, later);
    expect(elis.ok).toBe(true);
    if (!elis.ok) return;

    // Eli pays: the use is redeemed and the payment carries the code and what it took off.
    await attachReservation(database.db, elis.redemptionId, { orderId: "order-1", checkoutId: "cs_1" });
    const paymentId = randomUUID();
    await database.db
      .insertInto("payments")
      .values({
        id: paymentId,
        user_id: eli,
        kind: "course",
        course_id: "course-1",
        plan_interval: null,
        amount_cents: 10320,
        currency: "ILS",
        provider: "cardcom",
        provider_ref: `tx-${paymentId}`,
        provider_payment_id: null,
        provider_subscription_id: null,
        status: "paid",
        created_at: later.toISOString(),
        refunded_at: null,
        refund_due: null,
        checkout_id: "cs_1",
      })
      .execute();
    await redeemForPayment(database.db, { paymentId, orderId: "order-1" }, later);
    await redeemForPayment(database.db, { paymentId, checkoutId: "cs_1" }, later);
    expect(
      await database.db
        .selectFrom("payments")
        .select(["coupon_code", "discount_cents"])
        .where("id", "=", paymentId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ coupon_code: code, discount_cents: 2580 });
    const [listed] = (await listCoupons(database.db, later)).filter((c) => c.code === code);
    expect(listed).toMatchObject({ redeemed: 1, held: 0, maxUses: 1 });
    // Used up for good: even Dana, whose checkout lapsed.
    const muchLater = new Date(later.getTime() + 2 * COUPON_HOLD_MS);
    expect(await reserveCoupon(database.db, { code, item: COURSE, userId: dana }, muchLater)).toEqual({
      ok: false,
      reason: "usedUp",
    });
  });

  it("two buyers racing for the last use: one gets it", async () => {
    // PostgreSQL: two connections, as two processes have. SQLite: better-sqlite3 waits for a lock by
    // blocking its thread, so a second connection in this same process would wait on a transaction
    // that cannot finish meanwhile; two processes each block only themselves. Here the two go through
    // one connection, whose statements interleave between the awaits, as they would without a transaction;
    // two server processes race on one SQLite file in tests/integration/coupons.test.ts.
    const other = dialect === "postgres" ? second : database;
    for (let round = 0; round < 5; round++) {
      const { code } = newCoupon();
      await createCoupon(database.db, newCoupon({ code, maxUses: 1 }), "admin:1", NOW);
      const [a, b] = [await buyer(), await buyer()];
      const results = await Promise.all([
        reserveCoupon(database.db, { code, item: COURSE, userId: a }, NOW),
        reserveCoupon(other.db, { code, item: COURSE, userId: b }, NOW),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "usedUp" }]);
    }
  });

  it("a use given back when the provider opened no page; a deactivated coupon is refused", async () => {
    const { code } = newCoupon();
    const made = await createCoupon(database.db, newCoupon({ code, maxUses: 1 }), "admin:1", NOW);
    if (made.outcome !== "created") throw new Error("not created");
    const held = await reserveCoupon(database.db, { code, item: COURSE, userId: await buyer() }, NOW);
    if (!held.ok) throw new Error("not reserved");
    await releaseReservation(database.db, held.redemptionId);
    expect((await reserveCoupon(database.db, { code, item: COURSE, userId: await buyer() }, NOW)).ok).toBe(true);

    const other = newCoupon();
    const second = await createCoupon(database.db, other, "admin:1", NOW);
    if (second.outcome !== "created") throw new Error("not created");
    expect(await deactivateCoupon(database.db, second.id, NOW)).toBe("changed");
    expect(await deactivateCoupon(database.db, second.id, NOW)).toBe("unchanged");
    expect(await deactivateCoupon(database.db, randomUUID(), NOW)).toBe("missing");
    expect(await reserveCoupon(database.db, { code: other.code, item: COURSE, userId: await buyer() }, NOW)).toEqual({
      ok: false,
      reason: "ended",
    });
    expect(
      await database.db.selectFrom("coupon_redemptions").select("id").where("coupon_id", "=", second.id).execute(),
    ).toEqual([]);
  });
});
