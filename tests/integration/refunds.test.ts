import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "../../app/lib/db.server.ts";
import { resolveViewer } from "../../app/models/access.server.ts";
import { savePlan } from "../../app/models/billing.server.ts";
import { ensureCatalogueFresh } from "../../app/models/catalogue.server.ts";
import { issueCertificateIfEarned } from "../../app/models/certificate.server.ts";
import { saveReview } from "../../app/models/review.server.ts";
import { DIALECTS } from "../setup/databases.ts";
import {
  createCourse,
  createLesson,
  createPayment,
  createSignedInUser,
  createVideoList,
  watchLesson,
} from "../support/factories.ts";
import {
  cardcomEnv,
  startCardcomStandin,
  TEST_API_NAME,
  TEST_API_PASSWORD,
  type CardcomStandin,
} from "../support/cardcom-standin.ts";
import { startStripeStandin, type StripeStandin } from "../support/stripe-standin.ts";
import { shown, startApp } from "./harness.ts";

/**
 * Issue 33, point 1: refunds from the admin area, full or partial, through the provider (decision
 * 0050), and an approved cancellation refunding what is due back. Lomda talks plain HTTP to local
 * stand-ins of Stripe's API (the real SDK) and Cardcom's API v11 (RefundByTransactionId). A whole
 * refund takes back the course and what it earned; a partial one keeps access; more than is left,
 * bad input and a provider's refusal store nothing; the same form posted twice refunds once.
 */

type App = Awaited<ReturnType<typeof startApp>>;

/** HTTP as a browser without JavaScript would speak it, against one app. */
function client(app: () => App) {
  const get = (path: string, cookie?: string) =>
    fetch(`${app().url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const post = (path: string, cookie: string | undefined, form: Record<string, string>) =>
    fetch(`${app().url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { ...(cookie ? { cookie } : {}), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
  /** The refund page's form key (a fresh one each time the page is shown). */
  const formKey = async (paymentId: string, cookie: string) => {
    const page = await get(`/admin/payments/${paymentId}/refund`, cookie);
    expect(page.status).toBe(200);
    const key = /name="key" value="([0-9a-f-]{36})"/.exec(await page.text())?.[1];
    expect(key).toBeDefined();
    return key!;
  };
  /** Posts the refund form as the admin: an amount in major units, confirmed, with a fresh key unless given. */
  const refund = async (
    paymentId: string,
    cookie: string,
    form: { amount: string; reason?: string; key?: string; confirm?: boolean },
  ) =>
    post(`/admin/payments/${paymentId}/refund`, cookie, {
      amount: form.amount,
      reason: form.reason ?? "",
      ...(form.confirm === false ? {} : { confirm: "on" }),
      key: form.key ?? (await formKey(paymentId, cookie)),
    });
  return { get, post, formKey, refund };
}

/** In an app of a test's own: an admin, and a learner's ₪50.00 Cardcom payment of that transaction. */
async function cardcomPaymentIn(app: App, transactionId: string) {
  const owner = await createSignedInUser(app.db, "admin");
  const buyer = await createSignedInUser(app.db, "learner");
  const courseId = (await app.db.selectFrom("courses").select("id").executeTakeFirstOrThrow()).id;
  const paymentId = await createPayment(app.db, buyer.user, { courseId, amountCents: 5000, currency: "ILS" });
  await app.db
    .updateTable("payments")
    .set({ provider: "cardcom", provider_payment_id: transactionId })
    .where("id", "=", paymentId)
    .execute();
  return { owner, paymentId };
}

/** A course sold on its own with one list of four short lessons; once the app sees it. */
async function smallCourse(app: App, price: string, currency: string) {
  const courseId = await createCourse(app.db, { soldSeparately: "on", price, currency });
  const listId = await createVideoList(app.db, { courses: [courseId], freeSamples: "1" });
  const lessons: string[] = [];
  for (let i = 0; i < 4; i++) lessons.push(await createLesson(app.db, listId, { duration: "0:40" }));
  const { slug } = await app.db
    .selectFrom("courses")
    .select("slug")
    .where("id", "=", courseId)
    .executeTakeFirstOrThrow();
  await expect.poll(async () => (await fetch(`${app.url}/course/${slug}`)).status, { timeout: 15_000 }).toBe(200);
  return { courseId, listId, lessons, slug };
}

/** Every lesson watched, the list's certificate and a review: what access to the course earned. */
async function earn(
  db: Kysely<Database>,
  learner: { id: string; name: string },
  course: Awaited<ReturnType<typeof smallCourse>>,
) {
  for (const lesson of course.lessons) await watchLesson(db, learner.id, lesson);
  const snapshot = await ensureCatalogueFresh(db);
  const user = await db.selectFrom("users").selectAll().where("id", "=", learner.id).executeTakeFirstOrThrow();
  const certificate = await issueCertificateIfEarned(
    db,
    snapshot,
    await resolveViewer(db, user, []),
    snapshot.lists.get(course.listId)!,
  );
  expect(certificate).toBeDefined();
  await saveReview(db, {
    courseId: course.courseId,
    userId: learner.id,
    authorName: learner.name,
    rating: 5,
    comment: "Clear.",
  });
  return certificate!.id;
}

const tables = (db: Kysely<Database>) => ({
  refunds: (paymentId: string) =>
    db.selectFrom("payment_refunds").selectAll().where("payment_id", "=", paymentId).orderBy("created_at").execute(),
  payment: (id: string) => db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
  access: (userId: string, courseId: string) =>
    db
      .selectFrom("course_access")
      .selectAll()
      .where("user_id", "=", userId)
      .where("course_id", "=", courseId)
      .executeTakeFirstOrThrow(),
  certificate: (id: string) =>
    db.selectFrom("certificates").select(["revoked_at", "revoked_by"]).where("id", "=", id).executeTakeFirstOrThrow(),
  review: (userId: string, courseId: string) =>
    db
      .selectFrom("course_reviews")
      .select(["hidden", "hidden_by"])
      .where("user_id", "=", userId)
      .where("course_id", "=", courseId)
      .executeTakeFirstOrThrow(),
});

describe.each(DIALECTS)("refunds through Stripe over HTTP on %s", (dialect) => {
  const SECRET = "whsec_test_lomda_refunds_0123456789";
  let stripe: StripeStandin;
  let app: App;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  const { get, post, refund } = client(() => app);

  beforeAll(async () => {
    stripe = await startStripeStandin({ webhookSecret: SECRET });
    app = await startApp(
      { STRIPE_SECRET_KEY: "sk_test_lomda", STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: stripe.url },
      dialect,
    );
    stripe.setWebhook(`${app.url}/webhooks/stripe`, SECRET);
    admin = await createSignedInUser(app.db, "admin");
  });
  afterAll(async () => {
    await app?.stop();
    await stripe?.close();
  });

  /** A learner who bought a new $59.00 course through Stripe's page; its payment's id and intent. */
  async function bought(name: string) {
    const course = await smallCourse(app, "59.00", "USD");
    const learner = await createSignedInUser(app.db, "learner", {
      name,
      email: `${name.toLowerCase()}-${randomUUID().slice(0, 6)}@example.org`,
    });
    const started = await post("/checkout", learner.cookie, { course: course.slug });
    expect(started.status).toBe(303);
    const page = new URL(started.headers.get("location")!);
    expect((await fetch(page, { method: "POST", redirect: "manual" })).status).toBe(303);
    await stripe.settled();
    const payment = await app.db
      .selectFrom("payments")
      .selectAll()
      .where("user_id", "=", learner.user.id)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: "paid", amount_cents: 5900, provider: "stripe" });
    expect(payment.provider_payment_id).toMatch(/^pi_/);
    return { course, learner, payment, intent: payment.provider_payment_id! };
  }
  const stripeRefunds = (intent: string) => stripe.state.refunds.filter((r) => r.payment_intent === intent);
  const db = () => tables(app.db);

  it("offers Refund beside a paid payment, and the page shows what was paid and what is left, in both languages", async () => {
    const { payment } = await bought("Lior");
    const list = shown(await (await get("/admin/payments", admin.cookie)).text());
    expect(list).toContain(`href="/admin/payments/${payment.id}/refund"`);
    const en = shown(await (await get(`/admin/payments/${payment.id}/refund`, admin.cookie)).text());
    expect(en).toContain("Refund a payment");
    expect(en).toContain("Nothing has been refunded from this payment.");
    expect(en).toContain("Left to refund: $59.00");
    const he = shown(await (await get(`/admin/payments/${payment.id}/refund?lng=he`, admin.cookie)).text());
    expect(he).toContain("החזר כספי על תשלום");
    expect(he).toContain("נשאר להחזיר");
    // Admins only: a learner is refused, and a made-up payment is not found.
    const learner = await createSignedInUser(app.db, "learner");
    expect((await get(`/admin/payments/${payment.id}/refund`, learner.cookie)).status).toBe(403);
    expect(
      (
        await post(`/admin/payments/${payment.id}/refund`, learner.cookie, {
          amount: "59.00",
          confirm: "on",
          key: randomUUID(),
        })
      ).status,
    ).toBe(403);
    expect((await get(`/admin/payments/${randomUUID()}/refund`, admin.cookie)).status).toBe(404);
    expect(await db().refunds(payment.id)).toEqual([]);
  });

  it("a partial refund goes through Stripe and keeps the course; what is left is shown", async () => {
    const { course, learner, payment, intent } = await bought("Dana");
    const answer = await refund(payment.id, admin.cookie, { amount: "20.50", reason: "Goodwill" });
    expect(answer.status).toBe(200);
    const html = shown(await answer.text());
    expect(html).toContain("$20.50 was refunded through Stripe; the buyer keeps access.");
    expect(html).toContain("Left to refund: $38.50");
    // Stripe was asked for 2050 cents of the intent, under the refund's key.
    expect(stripeRefunds(intent).map((r) => r.amount)).toEqual([2050]);
    const sent = stripe.state.requests.filter((r) => r.path === "/v1/refunds" && r.params.payment_intent === intent);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.params.amount).toBe("2050");
    const [row] = await db().refunds(payment.id);
    expect(row).toMatchObject({
      amount_cents: 2050,
      currency: "USD",
      status: "done",
      reason: "Goodwill",
      requested_by: `admin:${admin.user.id}`,
    });
    expect(row!.provider_refund_id).toBe(stripeRefunds(intent)[0]!.id);
    await stripe.settled();
    expect((await db().payment(payment.id)).status).toBe("paid");
    expect((await db().access(learner.user.id, course.courseId)).revoked_at).toBeNull();
    // The admin audit log names the admin and the refund.
    expect(
      app.logs.filter(
        (l) => l.msg === "admin: payment refunded" && l.paymentId === payment.id && l.adminId === admin.user.id,
      ),
    ).toHaveLength(1);
  });

  it("a whole refund takes the course, its certificate and review back, once, though Stripe's event follows", async () => {
    const { course, learner, payment, intent } = await bought("Noa");
    const certificate = await earn(app.db, { id: learner.user.id, name: "Noa" }, course);
    // First a part, then all that is left: the second reaches the amount paid.
    expect((await refund(payment.id, admin.cookie, { amount: "9" })).status).toBe(200);
    expect((await db().access(learner.user.id, course.courseId)).revoked_at).toBeNull();
    const rest = await refund(payment.id, admin.cookie, { amount: "50.00" });
    expect(rest.status).toBe(200);
    expect(shown(await rest.text())).toContain("The payment is refunded in full, and what it gave is taken back.");
    const reason = `refund:${intent}`;
    const taken = {
      payment: await db().payment(payment.id),
      access: await db().access(learner.user.id, course.courseId),
      certificate: await db().certificate(certificate),
      review: await db().review(learner.user.id, course.courseId),
    };
    expect(taken.payment.status).toBe("refunded");
    expect(taken.access).toMatchObject({ revoked_at: expect.any(String), revoked_by: reason });
    expect(taken.certificate).toMatchObject({ revoked_at: expect.any(String), revoked_by: reason });
    expect(taken.review).toMatchObject({ hidden: 1, hidden_by: reason });
    // Stripe reports the refund too (charge.refunded, refunded in full): applied, and nothing changes.
    await stripe.settled();
    const events = stripe.state.deliveries.filter(
      (d) => d.event.type === "charge.refunded" && d.event.data.object.payment_intent === intent,
    );
    expect(events.map((d) => d.status)).toEqual([200, 200]);
    expect(await db().payment(payment.id)).toEqual(taken.payment);
    expect(await db().access(learner.user.id, course.courseId)).toEqual(taken.access);
    expect(await db().certificate(certificate)).toEqual(taken.certificate);
    expect(stripeRefunds(intent).map((r) => r.amount)).toEqual([900, 5000]);
    // Nothing is left: the page says so and offers no form; another post is refused.
    const page = shown(await (await get(`/admin/payments/${payment.id}/refund`, admin.cookie)).text());
    expect(page).toContain("This payment is refunded.");
    expect(page).not.toContain('name="key"');
    expect(
      (
        await post(`/admin/payments/${payment.id}/refund`, admin.cookie, {
          amount: "1",
          confirm: "on",
          key: randomUUID(),
        })
      ).status,
    ).toBe(409);
    expect(stripeRefunds(intent)).toHaveLength(2);
  });

  it("refuses more than is left, and bad amounts, with a translated 400 and nothing stored or asked", async () => {
    const { payment, intent } = await bought("Omer");
    const over = await refund(payment.id, admin.cookie, { amount: "59.01" });
    expect(over.status).toBe(400);
    expect(shown(await over.text())).toContain("That is more than is left to refund ($59.00).");
    const overHe = await refund(payment.id, `${admin.cookie}; lng=he`, { amount: "100" });
    expect(overHe.status).toBe(400);
    expect(shown(await overHe.text())).toContain("זה יותר ממה שנשאר להחזיר");
    for (const amount of ["0", "0.00", "-5", "abc", "1.234", "", "1e3", "12,50"]) {
      const bad = await refund(payment.id, admin.cookie, { amount });
      expect(bad.status, amount).toBe(400);
      expect(shown(await bad.text()), amount).toContain("Type an amount more than 0, with up to two decimals (12.50).");
    }
    const badHe = await refund(payment.id, `${admin.cookie}; lng=he`, { amount: "-1" });
    expect(shown(await badHe.text())).toContain("הקלידו סכום גדול מ־0");
    const unconfirmed = await refund(payment.id, admin.cookie, { amount: "5", confirm: false });
    expect(unconfirmed.status).toBe(400);
    expect(shown(await unconfirmed.text())).toContain("Tick the box to confirm the refund.");
    const long = await refund(payment.id, admin.cookie, { amount: "5", reason: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(
      (
        await post(`/admin/payments/${payment.id}/refund`, admin.cookie, {
          amount: "5",
          confirm: "on",
          key: "not-a-key",
        })
      ).status,
    ).toBe(400);
    expect(await db().refunds(payment.id)).toEqual([]);
    expect(stripeRefunds(intent)).toEqual([]);
  });

  it("the same form posted twice at once refunds once; two forms for all of it refund it once", async () => {
    const { payment, intent } = await bought("Yael");
    const key = await client(() => app).formKey(payment.id, admin.cookie);
    const twice = await Promise.all([
      refund(payment.id, admin.cookie, { amount: "10", key }),
      refund(payment.id, admin.cookie, { amount: "10", key }),
    ]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, expect.any(Number)]);
    expect(stripeRefunds(intent).map((r) => r.amount)).toEqual([1000]);
    expect(await db().refunds(payment.id)).toHaveLength(1);
    // Posted again later (a reload of the answer): the refund made, nothing more.
    const again = await refund(payment.id, admin.cookie, { amount: "10", key });
    expect(again.status).toBe(200);
    expect(shown(await again.text())).toContain("This refund was made already ($10.00): nothing more was refunded.");
    // Two pages open, each refunding all that is left: one goes through; the other is refused, as more
    // than is left or as a payment refunded already, whichever it meets.
    const keys = [
      await client(() => app).formKey(payment.id, admin.cookie),
      await client(() => app).formKey(payment.id, admin.cookie),
    ];
    const [a, b] = await Promise.all(keys.map((k) => refund(payment.id, admin.cookie, { amount: "49.00", key: k })));
    const statuses = [a!.status, b!.status].sort();
    expect(statuses[0]).toBe(200);
    expect([400, 409]).toContain(statuses[1]);
    expect(stripeRefunds(intent).map((r) => r.amount)).toEqual([1000, 4900]);
    expect((await db().refunds(payment.id)).map((r) => r.amount_cents)).toEqual([1000, 4900]);
  });

  it("Stripe refusing the refund is said plainly, and nothing is recorded", async () => {
    const { course, learner, payment, intent } = await bought("Tamar");
    stripe.refuseRefunds("This charge is disputed and cannot be refunded.");
    try {
      const refused = await refund(payment.id, admin.cookie, { amount: "59.00" });
      expect(refused.status).toBe(409);
      expect(shown(await refused.text())).toContain(
        "Stripe refused the refund, and nothing was recorded. Stripe said: This charge is disputed and cannot be refunded.",
      );
      const he = await refund(payment.id, `${admin.cookie}; lng=he`, { amount: "59.00" });
      expect(shown(await he.text())).toContain("סירב/ה להחזר");
    } finally {
      stripe.refuseRefunds(null);
    }
    expect(await db().refunds(payment.id)).toEqual([]);
    expect(stripeRefunds(intent)).toEqual([]);
    expect((await db().payment(payment.id)).status).toBe("paid");
    expect((await db().access(learner.user.id, course.courseId)).revoked_at).toBeNull();
    expect(app.logs.some((l) => l.msg === "admin: payment refunded" && l.paymentId === payment.id)).toBe(false);
  });

  it("approving a cancellation refunds the amount less the fee through Stripe, once, and takes the course back", async () => {
    const { course, learner, payment, intent } = await bought("Avi");
    expect((await post("/cancel", learner.cookie, { intent: "purchase", payment: payment.id })).status).toBe(303);
    const request = await app.db
      .selectFrom("cancellation_requests")
      .selectAll()
      .where("payment_id", "=", payment.id)
      .executeTakeFirstOrThrow();
    // 5 % of $59.00 is $2.95, under the $20 cap: $56.05 comes back.
    expect(request).toMatchObject({ fee_cents: 295, refund_cents: 5605, status: "pending" });
    const approvals = await Promise.all([
      post("/admin/cancellations", admin.cookie, { intent: "approve", id: request.id }),
      post("/admin/cancellations", admin.cookie, { intent: "approve", id: request.id }),
    ]);
    expect(approvals.map((r) => r.status)).toContain(200);
    const ok = approvals.find((r) => r.status === 200)!;
    expect(shown(await ok.text())).toContain("Approved: $56.05 refunded through the payment provider");
    expect(stripeRefunds(intent).map((r) => r.amount)).toEqual([5605]);
    const [row] = await db().refunds(payment.id);
    expect(row).toMatchObject({ amount_cents: 5605, status: "done", idempotency_key: `cancellation:${request.id}` });
    const decided = await app.db
      .selectFrom("cancellation_requests")
      .selectAll()
      .where("id", "=", request.id)
      .executeTakeFirstOrThrow();
    expect(decided).toMatchObject({ status: "approved", refund_id: row!.id });
    // Cancelled: the fee is kept, and the course goes.
    expect((await db().payment(payment.id)).status).toBe("refunded");
    expect((await db().access(learner.user.id, course.courseId)).revoked_at).not.toBeNull();
  });

  it("a refused cancellation refund leaves the request waiting, with Stripe's words", async () => {
    const { learner, payment, intent } = await bought("Gal");
    expect((await post("/cancel", learner.cookie, { intent: "purchase", payment: payment.id })).status).toBe(303);
    const request = await app.db
      .selectFrom("cancellation_requests")
      .select("id")
      .where("payment_id", "=", payment.id)
      .executeTakeFirstOrThrow();
    stripe.refuseRefunds("This charge is disputed.");
    try {
      const refused = await post("/admin/cancellations", admin.cookie, { intent: "approve", id: request.id });
      expect(refused.status).toBe(409);
      expect(shown(await refused.text())).toContain(
        "The payment provider refused the refund, so the request still waits.",
      );
    } finally {
      stripe.refuseRefunds(null);
    }
    const still = await app.db
      .selectFrom("cancellation_requests")
      .selectAll()
      .where("id", "=", request.id)
      .executeTakeFirstOrThrow();
    expect(still).toMatchObject({ status: "pending", refund_id: null });
    expect(await db().refunds(payment.id)).toEqual([]);
    expect(stripeRefunds(intent)).toEqual([]);
  });
  it("approving a renewal's stop moves no money", async () => {
    const learner = await createSignedInUser(app.db, "learner");
    const started = await post("/checkout", learner.cookie, { plan: "month" });
    expect(started.status).toBe(303);
    expect(
      (await fetch(new URL(started.headers.get("location")!), { method: "POST", redirect: "manual" })).status,
    ).toBe(303);
    await stripe.settled();
    const subscription = await app.db
      .selectFrom("subscriptions")
      .select("id")
      .where("user_id", "=", learner.user.id)
      .executeTakeFirstOrThrow();
    expect((await post("/cancel", learner.cookie, { intent: "renewal", subscription: subscription.id })).status).toBe(
      303,
    );
    const request = await app.db
      .selectFrom("cancellation_requests")
      .select("id")
      .where("subscription_id", "=", subscription.id)
      .executeTakeFirstOrThrow();
    const before = stripe.state.refunds.length;
    const approved = await post("/admin/cancellations", admin.cookie, { intent: "approve", id: request.id });
    expect(approved.status).toBe(200);
    expect(stripe.state.refunds.length).toBe(before);
    expect(
      await app.db
        .selectFrom("cancellation_requests")
        .selectAll()
        .where("id", "=", request.id)
        .executeTakeFirstOrThrow(),
    ).toMatchObject({ status: "approved", refund_id: null });
  });
});

describe.each(DIALECTS)("refunds through Cardcom over HTTP on %s", (dialect) => {
  let cardcom: CardcomStandin;
  let app: App;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  const { post, refund } = client(() => app);

  beforeAll(async () => {
    cardcom = await startCardcomStandin();
    app = await startApp({ ...cardcomEnv(cardcom.url), CARDCOM_API_PASSWORD: TEST_API_PASSWORD }, dialect);
    await savePlan(app.db, { interval: "month", amountCents: 4900, currency: "ILS", active: true });
    admin = await createSignedInUser(app.db, "admin");
  });
  afterAll(async () => {
    await app?.stop();
    await cardcom?.close();
  });

  /** A learner who paid Cardcom's page for a new ₪129.00 course, or for the monthly plan. */
  async function bought(name: string, what: "course" | "plan" = "course") {
    const course = what === "course" ? await smallCourse(app, "129.00", "ILS") : null;
    const learner = await createSignedInUser(app.db, "learner", {
      name,
      email: `${name.toLowerCase()}-${randomUUID().slice(0, 6)}@example.org`,
    });
    const started = await post("/checkout", learner.cookie, course ? { course: course.slug } : { plan: "month" });
    expect(started.status).toBe(303);
    const page = new URL(started.headers.get("location")!);
    expect(page.origin).toBe(cardcom.url);
    expect((await fetch(page, { method: "POST", redirect: "manual" })).status).toBe(303);
    await cardcom.settled();
    const payment = await app.db
      .selectFrom("payments")
      .selectAll()
      .where("user_id", "=", learner.user.id)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: "paid", provider: "cardcom", currency: "ILS" });
    return { course, learner, payment, transaction: Number(payment.provider_payment_id) };
  }
  const refundsOf = (transaction: number) => cardcom.refunds.filter((r) => r.transactionId === transaction);
  const db = () => tables(app.db);

  it("a partial refund asks RefundByTransactionId for part of the transaction and keeps the course", async () => {
    const { course, learner, payment, transaction } = await bought("Dana");
    const answer = await refund(payment.id, `${admin.cookie}; lng=he`, { amount: "29.90" });
    expect(answer.status).toBe(200);
    expect(shown(await answer.text())).toContain("הוחזרו דרך Cardcom");
    expect(refundsOf(transaction)).toHaveLength(1);
    expect(refundsOf(transaction)[0]!.request).toEqual({
      ApiName: TEST_API_NAME,
      ApiPassword: TEST_API_PASSWORD,
      TransactionId: transaction,
      PartialSum: 29.9,
      AllowMultipleRefunds: true,
    });
    const [row] = await db().refunds(payment.id);
    expect(row).toMatchObject({ amount_cents: 2990, currency: "ILS", status: "done" });
    expect(row!.provider_refund_id).toBe(String(refundsOf(transaction)[0]!.newTransactionId));
    expect((await db().payment(payment.id)).status).toBe("paid");
    expect((await db().access(learner.user.id, course!.courseId)).revoked_at).toBeNull();
  });

  it("a whole refund refunds the transaction as it is and takes the course, certificate and review back", async () => {
    const { course, learner, payment, transaction } = await bought("Noa");
    const certificate = await earn(app.db, { id: learner.user.id, name: "Noa" }, course!);
    const answer = await refund(payment.id, admin.cookie, { amount: "129" });
    expect(answer.status).toBe(200);
    expect(shown(await answer.text())).toContain(
      "₪129.00 was refunded through Cardcom. The payment is refunded in full",
    );
    expect(refundsOf(transaction).map((r) => r.request)).toEqual([
      { ApiName: TEST_API_NAME, ApiPassword: TEST_API_PASSWORD, TransactionId: transaction },
    ]);
    const reason = `refund:${payment.provider_ref}`;
    expect((await db().payment(payment.id)).status).toBe("refunded");
    expect(await db().access(learner.user.id, course!.courseId)).toMatchObject({ revoked_by: reason });
    expect(await db().certificate(certificate)).toMatchObject({ revoked_by: reason });
    expect(await db().review(learner.user.id, course!.courseId)).toMatchObject({ hidden: 1, hidden_by: reason });
  });

  it("a plan's whole refund ends the period it paid for", async () => {
    const { learner, payment } = await bought("Shira", "plan");
    const live = await app.db.selectFrom("subscriptions").selectAll().where("user_id", "=", learner.user.id).execute();
    expect(live).toHaveLength(1);
    expect(live[0]!.revoked_at).toBeNull();
    expect((await refund(payment.id, admin.cookie, { amount: "49.00" })).status).toBe(200);
    const [ended] = await app.db
      .selectFrom("subscriptions")
      .selectAll()
      .where("user_id", "=", learner.user.id)
      .execute();
    expect(ended).toMatchObject({ revoked_at: expect.any(String), revoked_by: `refund:${payment.provider_ref}` });
  });

  it("Cardcom refusing is said plainly and records nothing; the same form twice refunds once", async () => {
    const { course, learner, payment, transaction } = await bought("Tamar");
    cardcom.refuseRefunds("Refund not allowed for this terminal");
    try {
      const refused = await refund(payment.id, admin.cookie, { amount: "10" });
      expect(refused.status).toBe(409);
      expect(shown(await refused.text())).toContain(
        "Cardcom refused the refund, and nothing was recorded. Cardcom said: 607 Refund not allowed for this terminal",
      );
    } finally {
      cardcom.refuseRefunds(null);
    }
    expect(await db().refunds(payment.id)).toEqual([]);
    expect(refundsOf(transaction)).toEqual([]);
    expect((await db().access(learner.user.id, course!.courseId)).revoked_at).toBeNull();
    // Cardcom takes no idempotency key: Lomda's row keeps a double submit to one refund.
    const key = await client(() => app).formKey(payment.id, admin.cookie);
    const twice = await Promise.all([
      refund(payment.id, admin.cookie, { amount: "10", key }),
      refund(payment.id, admin.cookie, { amount: "10", key }),
    ]);
    expect(twice.map((r) => r.status)).toContain(200);
    expect(refundsOf(transaction).map((r) => r.amountCents)).toEqual([1000]);
    expect(await db().refunds(payment.id)).toHaveLength(1);
  });

  it("approving a cancellation refunds the amount less the fee through Cardcom", async () => {
    const { course, learner, payment, transaction } = await bought("Avi");
    expect((await post("/cancel", learner.cookie, { intent: "purchase", payment: payment.id })).status).toBe(303);
    const request = await app.db
      .selectFrom("cancellation_requests")
      .selectAll()
      .where("payment_id", "=", payment.id)
      .executeTakeFirstOrThrow();
    // 5 % of ₪129.00 is ₪6.45, under the ₪100 cap: ₪122.55 comes back.
    expect(request).toMatchObject({ fee_cents: 645, refund_cents: 12255 });
    const approved = await post("/admin/cancellations", admin.cookie, { intent: "approve", id: request.id });
    expect(approved.status).toBe(200);
    expect(refundsOf(transaction).map((r) => r.request)).toEqual([
      {
        ApiName: TEST_API_NAME,
        ApiPassword: TEST_API_PASSWORD,
        TransactionId: transaction,
        PartialSum: 122.55,
        AllowMultipleRefunds: true,
      },
    ]);
    const [row] = await db().refunds(payment.id);
    expect(
      await app.db
        .selectFrom("cancellation_requests")
        .selectAll()
        .where("id", "=", request.id)
        .executeTakeFirstOrThrow(),
    ).toMatchObject({ status: "approved", refund_id: row!.id });
    expect((await db().access(learner.user.id, course!.courseId)).revoked_at).not.toBeNull();
  });

  it("Cardcom not answering leaves the refund pending and its amount held: never asked twice", async () => {
    // Where Cardcom would be, nothing listens: the call fails without an answer.
    const gone = createServer();
    await new Promise<void>((ok) => gone.listen(0, "127.0.0.1", ok));
    const deadUrl = `http://127.0.0.1:${(gone.address() as AddressInfo).port}`;
    await new Promise<void>((ok) => gone.close(() => ok()));
    const cut = await startApp({ ...cardcomEnv(deadUrl), CARDCOM_API_PASSWORD: TEST_API_PASSWORD }, dialect);
    try {
      const { owner, paymentId } = await cardcomPaymentIn(cut, "209413394");
      const { refund: refundThere, get: getThere } = client(() => cut);
      const key = await client(() => cut).formKey(paymentId, owner.cookie);
      const lost = await refundThere(paymentId, owner.cookie, { amount: "50", key });
      expect(lost.status).toBe(503);
      expect(shown(await lost.text())).toContain("Cardcom could not be reached, so whether it refunded is not known.");
      const rows = await cut.db.selectFrom("payment_refunds").selectAll().where("payment_id", "=", paymentId).execute();
      expect(rows).toMatchObject([{ amount_cents: 5000, status: "pending", provider_refund_id: null }]);
      expect(
        cut.logs.some((l) => l.level === 50 && l.msg.startsWith("refund not confirmed") && l.paymentId === paymentId),
      ).toBe(true);
      // The same form again is not sent again; another is more than is left.
      const again = await refundThere(paymentId, owner.cookie, { amount: "50", key });
      expect(again.status).toBe(409);
      expect(shown(await again.text())).toContain("This refund was asked already and is not confirmed yet");
      expect((await refundThere(paymentId, owner.cookie, { amount: "1", key: randomUUID() })).status).toBe(400);
      const page = shown(await (await getThere(`/admin/payments/${paymentId}/refund`, owner.cookie)).text());
      expect(page).toContain("Not confirmed: check at Cardcom");
      expect(
        await cut.db.selectFrom("payment_refunds").selectAll().where("payment_id", "=", paymentId).execute(),
      ).toHaveLength(1);
      expect(
        (await cut.db.selectFrom("payments").select("status").where("id", "=", paymentId).executeTakeFirstOrThrow())
          .status,
      ).toBe("paid");
    } finally {
      await cut.stop();
    }
  });

  it("without the API password, the page says so plainly and nothing is asked", async () => {
    const bare = await startApp(cardcomEnv(cardcom.url), dialect);
    try {
      const { owner, paymentId } = await cardcomPaymentIn(bare, "123456");
      const page = shown(
        await (
          await fetch(`${bare.url}/admin/payments/${paymentId}/refund`, { headers: { cookie: owner.cookie } })
        ).text(),
      );
      expect(page).toContain("Cardcom refunds need the API user’s password (CARDCOM_API_PASSWORD).");
      expect(page).not.toContain('name="key"');
      const posted = await fetch(`${bare.url}/admin/payments/${paymentId}/refund`, {
        method: "POST",
        headers: { cookie: owner.cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ amount: "10", confirm: "on", key: randomUUID() }),
      });
      expect(posted.status).toBe(409);
      expect(await bare.db.selectFrom("payment_refunds").selectAll().execute()).toEqual([]);
      // A payment another provider took is refunded there.
      await bare.db.updateTable("payments").set({ provider: "stripe" }).where("id", "=", paymentId).execute();
      const other = shown(
        await (
          await fetch(`${bare.url}/admin/payments/${paymentId}/refund`, { headers: { cookie: owner.cookie } })
        ).text(),
      );
      expect(other).toContain(
        "This payment was taken by Stripe, which is not the provider configured now: refund it there.",
      );
    } finally {
      await bare.stop();
    }
  });
});
