import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savePlan } from "../../app/models/billing.server.ts";
import { createCoupon } from "../../app/models/coupons.server.ts";
import { DIALECTS } from "../setup/databases.ts";
import { createCourse, createLesson, createSignedInUser, createVideoList } from "../support/factories.ts";
import { cardcomEnv, startCardcomStandin, type CardcomStandin } from "../support/cardcom-standin.ts";
import { startStripeStandin, type StripeStandin } from "../support/stripe-standin.ts";
import { openDatabase } from "../../app/lib/db.server.ts";
import { shown, spawnServer, startApp, tempDataDir } from "./harness.ts";

/**
 * Issue 33, point 4 (decision 0051): coupons. The admin makes one at /admin/coupons; a buyer enters
 * its code on the order page, the server checks it and shows the price before and after; the
 * checkout asks the provider for the lowered amount and the payment records the code and the
 * discount. Cardcom: the order holds the lowered amount, so a deal read back at the full price grants
 * nothing. Stripe: a course's price is lowered; a plan's first invoice carries a one-period coupon.
 */
type App = Awaited<ReturnType<typeof startApp>>;

function client(app: App) {
  const get = (path: string, cookie?: string) =>
    fetch(`${app.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const post = (path: string, cookie: string | undefined, form: Record<string, string>) =>
    fetch(`${app.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { ...(cookie ? { cookie } : {}), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
  const learner = (name: string) =>
    createSignedInUser(app.db, "learner", {
      name,
      email: `${name.toLowerCase()}-${randomUUID().slice(0, 6)}@example.org`,
    });
  /** A course sold on its own, once the app sees it. */
  async function course(price: string, currency: "ILS" | "USD") {
    const courseId = await createCourse(app.db, { soldSeparately: "on", price, currency });
    const listId = await createVideoList(app.db, { slug: `coupon-${randomUUID().slice(0, 8)}`, courses: [courseId] });
    await createLesson(app.db, listId, { titleEn: "A lesson" });
    const { slug } = await app.db
      .selectFrom("courses")
      .select("slug")
      .where("id", "=", courseId)
      .executeTakeFirstOrThrow();
    await expect.poll(async () => (await get(`/course/${slug}`)).status, { timeout: 15_000 }).toBe(200);
    return { courseId, slug };
  }
  /** The admin makes a coupon through the admin screen. */
  async function makeCoupon(admin: string, form: Record<string, string>) {
    const made = await post("/admin/coupons", admin, { intent: "create", kind: "percent", appliesTo: "all", ...form });
    expect(made.status).toBe(200);
    expect(await made.text()).toContain("The coupon was created.");
  }
  const count = async (table: "coupons" | "coupon_redemptions" | "payment_orders") =>
    Number(
      (
        await app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { get, post, learner, course, makeCoupon, count };
}

describe.each(DIALECTS)("coupons with Cardcom over HTTP on %s", (dialect) => {
  let cardcom: CardcomStandin;
  let app: App;
  let http: ReturnType<typeof client>;
  let admin: string;

  beforeAll(async () => {
    cardcom = await startCardcomStandin();
    app = await startApp(
      {
        ...cardcomEnv(cardcom.url),
        TRUST_PROXY: "loopback",
      },
      dialect,
    );
    http = client(app);
    admin = (await createSignedInUser(app.db, "admin")).cookie;
    await savePlan(app.db, { interval: "month", amountCents: 4900, currency: "ILS", active: true });
    await savePlan(app.db, { interval: "year", amountCents: 39000, currency: "ILS", active: true });
  });
  afterAll(async () => {
    await app?.stop();
    await cardcom?.close();
  });

  const createCalls = () => cardcom.state.requests.filter((r) => r.path === "/api/v11/LowProfile/Create");

  it("the admin's form: bad input is refused in the admin's language with nothing stored, and logged when made", async () => {
    const before = await http.count("coupons");
    const bad = await http.post("/admin/coupons", admin, {
      intent: "create",
      code: "x",
      kind: "percent",
      percentOff: "0",
      appliesTo: "all",
    });
    expect(bad.status).toBe(400);
    const english = shown(await bad.text());
    expect(english).toContain("Enter 3 to 32 letters, digits and dashes");
    expect(english).toContain("Enter a whole number from 1 to 100.");
    const hebrew = await http.post("/admin/coupons", `${admin}; lng=he`, {
      intent: "create",
      code: "OK-CODE",
      kind: "fixed",
      amountOff: "abc",
      currency: "ILS",
      appliesTo: "all",
    });
    expect(hebrew.status).toBe(400);
    expect(shown(await hebrew.text())).toContain("הזינו סכום גדול מ־0");
    expect(await http.count("coupons")).toBe(before);

    await http.makeCoupon(admin, { code: "Admin-Made", percentOff: "10", maxUses: "5", expires: "2099-12-31" });
    const again = await http.post("/admin/coupons", admin, {
      intent: "create",
      code: "admin-made",
      kind: "percent",
      percentOff: "5",
      appliesTo: "all",
    });
    expect(again.status).toBe(409);
    expect(shown(await again.text())).toContain("A coupon with this code exists already");
    expect(await http.count("coupons")).toBe(before + 1);
    const made = app.logs.find((l) => l.msg === "admin: coupon created" && l.code === "ADMIN-MADE");
    expect(made).toMatchObject({ kind: "percent", percentOff: 10, maxUses: 5 });
    const list = shown(await (await http.get("/admin/coupons", admin)).text());
    expect(list).toContain("ADMIN-MADE");
    expect(list).toContain("0 of 5");

    // A learner is not let in.
    const learner = await http.learner("Nosy");
    expect(
      (
        await http.post("/admin/coupons", learner.cookie, {
          intent: "create",
          code: "MINE-ALL",
          kind: "percent",
          percentOff: "100",
          appliesTo: "all",
        })
      ).status,
    ).toBeGreaterThanOrEqual(300);
    expect(await http.count("coupons")).toBe(before + 1);
  });

  it("bad codes on the order page and at the checkout: a translated 400, nothing stored, nothing asked of Cardcom", async () => {
    const { slug, courseId } = await http.course("129.00", "ILS");
    await http.makeCoupon(admin, { code: "OTHER-COURSE", percentOff: "10", appliesTo: "plan:month" });
    await http.makeCoupon(admin, { code: "GONE-BY", percentOff: "10", expires: "2020-01-01" });
    await http.makeCoupon(admin, { code: "ONE-SHOT", percentOff: "10", maxUses: "1", appliesTo: `course:${courseId}` });
    const dana = await http.learner("Dana");
    const eli = await http.learner("Eli");
    const [orders, redemptions, calls] = [
      await http.count("payment_orders"),
      await http.count("coupon_redemptions"),
      createCalls().length,
    ];
    const cases: [string, string, string][] = [
      ["NO-SUCH-CODE", "We do not know this coupon code.", "קוד הקופון הזה אינו מוכר לנו."],
      ["GONE-BY", "This coupon is no longer valid.", "הקופון הזה כבר אינו בתוקף."],
      ["other-course", "This coupon is not for this purchase.", "הקופון הזה אינו מיועד לרכישה הזאת."],
      ["<script>", "We do not know this coupon code.", "קוד הקופון הזה אינו מוכר לנו."],
    ];
    for (const [code, english, hebrew] of cases) {
      const en = await http.post(`/order?course=${slug}`, dana.cookie, { intent: "coupon", code });
      expect(en.status).toBe(400);
      const page = shown(await en.text());
      expect(page).toContain(english);
      expect(page).not.toContain("<script>");
      const he = await http.post(`/order?course=${slug}&lng=he`, dana.cookie, { intent: "coupon", code });
      expect(he.status).toBe(400);
      expect(shown(await he.text())).toContain(hebrew);
      // Straight to the checkout with the code: refused in the buyer's language, no order, no page.
      const started = await http.post("/checkout?lng=he", dana.cookie, { course: slug, coupon: code });
      expect(started.status).toBe(400);
      expect(shown(await started.text())).toContain(hebrew);
    }
    // Used up: Eli holds the only use while his checkout is open; Dana is told so.
    const held = await http.post("/checkout", eli.cookie, { course: slug, coupon: "one-shot" });
    expect(held.status).toBe(303);
    const usedUp = await http.post(`/order?course=${slug}`, dana.cookie, { intent: "coupon", code: "ONE-SHOT" });
    expect(usedUp.status).toBe(400);
    expect(shown(await usedUp.text())).toContain("This coupon has been used up.");
    expect(await http.count("payment_orders")).toBe(orders + 1);
    expect(await http.count("coupon_redemptions")).toBe(redemptions + 1);
    expect(createCalls().length).toBe(calls + 1);
  });

  it("a coupon lowers Cardcom's charge; the order and the payment carry it, and a full-price read-back grants nothing", async () => {
    const { slug, courseId } = await http.course("129.00", "ILS");
    await http.makeCoupon(admin, { code: "SPRING-20", percentOff: "20", appliesTo: `course:${courseId}` });
    const noa = await http.learner("Noa");
    // The order page: the price before and after, and a buy button that carries the code.
    const quoted = await http.post(`/order?course=${slug}`, noa.cookie, { intent: "coupon", code: "spring-20" });
    expect(quoted.status).toBe(200);
    const page = await quoted.text();
    expect(shown(page)).toContain("Coupon SPRING-20 applied: ₪25.80 off.");
    expect(page).toMatch(/data-testid="coupon-before"><del><bdi>₪129\.00<\/bdi>/);
    expect(page).toMatch(/data-testid="coupon-after"><bdi>₪103\.20<\/bdi>/);
    expect(page).toContain('name="coupon" value="SPRING-20"');
    const hebrew = shown(
      await (
        await http.post(`/order?course=${slug}&lng=he`, noa.cookie, { intent: "coupon", code: "SPRING-20" })
      ).text(),
    );
    expect(hebrew).toContain("הקופון SPRING-20 הוחל");

    const started = await http.post("/checkout", noa.cookie, { course: slug, coupon: "SPRING-20" });
    expect(started.status).toBe(303);
    const hosted = new URL(started.headers.get("location")!);
    const dealId = hosted.pathname.split("/").pop()!;
    const order = await app.db
      .selectFrom("payment_orders")
      .selectAll()
      .where("provider_ref", "=", dealId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      amount_cents: 10320,
      coupon_code: "SPRING-20",
      discount_cents: 2580,
      currency: "ILS",
    });
    const sent = createCalls().find((r) => (r.body as { ReturnValue?: string }).ReturnValue === order.id)!.body;
    expect(sent).toMatchObject({ Amount: 103.2, ISOCoinId: 1, Operation: "ChargeOnly" });

    const paid = await fetch(hosted, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    await cardcom.settled();
    const payment = await app.db
      .selectFrom("payments")
      .selectAll()
      .where("user_id", "=", noa.user.id)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({
      amount_cents: 10320,
      currency: "ILS",
      coupon_code: "SPRING-20",
      discount_cents: 2580,
      course_id: courseId,
    });
    const redemption = await app.db
      .selectFrom("coupon_redemptions")
      .selectAll()
      .where("order_id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(redemption).toMatchObject({ status: "redeemed", payment_id: payment.id });
    expect(shown(await (await http.get("/admin/coupons", admin)).text())).toMatch(/SPRING-20.*1 \(no limit\)/s);

    // Another buyer's deal read back at the full price (the coupon stripped off on the way): refused.
    const omer = await http.learner("Omer");
    const second = await http.post("/checkout", omer.cookie, { course: slug, coupon: "SPRING-20" });
    const secondPage = new URL(second.headers.get("location")!);
    const secondDeal = secondPage.pathname.split("/").pop()!;
    cardcom.misreport(secondDeal, { TranzactionInfo: { Amount: 129 } });
    await fetch(secondPage, { method: "POST", redirect: "manual" });
    await cardcom.settled();
    expect(await app.db.selectFrom("payments").select("id").where("user_id", "=", omer.user.id).execute()).toEqual([]);
    expect(await app.db.selectFrom("course_access").select("id").where("user_id", "=", omer.user.id).execute()).toEqual(
      [],
    );
    const refused = app.logs.find((l) => l.msg.startsWith("payment refused") && l.deal === secondDeal);
    expect(String(refused?.problem)).toMatch(/^amount 12900 for 10320/);
  });

  it("a plan's coupon on /Payments lowers its first payment at Cardcom", async () => {
    await http.makeCoupon(admin, {
      code: "MONTH-OFF",
      kind: "fixed",
      amountOff: "10",
      currency: "ILS",
      appliesTo: "plan:month",
    });
    const yael = await http.learner("Yael");
    const plans = await http.post("/Payments", yael.cookie, { intent: "coupon", code: "month-off" });
    expect(plans.status).toBe(200);
    const text = shown(await plans.text());
    expect(text).toContain("Coupon MONTH-OFF applied: ₪10.00 off.");
    expect(text).toContain("The coupon lowers the first payment");
    const started = await http.post("/checkout", yael.cookie, { plan: "month", coupon: "MONTH-OFF" });
    expect(started.status).toBe(303);
    const order = await app.db
      .selectFrom("payment_orders")
      .selectAll()
      .where("user_id", "=", yael.user.id)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ amount_cents: 3900, coupon_code: "MONTH-OFF", discount_cents: 1000 });
    expect(
      createCalls().find((r) => (r.body as { ReturnValue?: string }).ReturnValue === order.id)!.body,
    ).toMatchObject({
      Amount: 39,
      Operation: "ChargeAndCreateToken",
    });
    // Not for the yearly plan.
    const yearly = await http.post("/checkout", yael.cookie, { plan: "year", coupon: "MONTH-OFF" });
    expect(yearly.status).toBe(400);
  });
});

describe.each(DIALECTS)("coupons with Stripe over HTTP on %s", (dialect) => {
  const SECRET = "whsec_test_lomda_coupons_0123456789";
  let stripe: StripeStandin;
  let app: App;
  let http: ReturnType<typeof client>;
  let admin: string;

  beforeAll(async () => {
    stripe = await startStripeStandin({ webhookSecret: SECRET });
    app = await startApp(
      {
        STRIPE_SECRET_KEY: "sk_test_lomda",
        STRIPE_WEBHOOK_SECRET: SECRET,
        STRIPE_API_URL: stripe.url,
        TRUST_PROXY: "loopback",
      },
      dialect,
    );
    stripe.setWebhook(`${app.url}/webhooks/stripe`, SECRET);
    http = client(app);
    admin = (await createSignedInUser(app.db, "admin")).cookie;
    await savePlan(app.db, { interval: "month", amountCents: 1900, currency: "USD", active: true });
  });
  afterAll(async () => {
    await app?.stop();
    await stripe?.close();
  });

  it("a course's checkout asks Stripe for the lowered price, and its payment carries the coupon", async () => {
    const { slug } = await http.course("59.00", "USD");
    await http.makeCoupon(admin, { code: "FIVE-OFF", kind: "fixed", amountOff: "5", currency: "USD" });
    const ada = await http.learner("Ada");
    const started = await http.post("/checkout", ada.cookie, { course: slug, coupon: "five-off" });
    expect(started.status).toBe(303);
    const sessionId = new URL(started.headers.get("location")!).pathname.split("/").pop()!;
    const created = stripe.state.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!.params as {
      line_items: { price_data: { unit_amount: string } }[];
      discounts?: unknown;
      expires_at?: string;
      metadata: Record<string, string>;
    };
    expect(created.line_items[0]!.price_data.unit_amount).toBe("5400");
    expect(created.discounts).toBeUndefined();
    expect(created.metadata.coupon_code).toBe("FIVE-OFF");
    // The page closes when the coupon's use stops being held (an hour).
    expect(Number(created.expires_at) * 1000 - Date.now()).toBeGreaterThan(55 * 60_000);
    await stripe.completeCheckout(sessionId);
    await stripe.settled();
    await expect
      .poll(async () =>
        app.db
          .selectFrom("payments")
          .select(["amount_cents", "coupon_code", "discount_cents"])
          .where("user_id", "=", ada.user.id)
          .executeTakeFirst(),
      )
      .toEqual({ amount_cents: 5400, coupon_code: "FIVE-OFF", discount_cents: 500 });
  });

  it("a plan's checkout keeps the plan's price and takes the discount off the first invoice only", async () => {
    await http.makeCoupon(admin, { code: "HALF-FIRST", percentOff: "50", appliesTo: "plan:month" });
    const bo = await http.learner("Bo");
    const started = await http.post("/checkout", bo.cookie, { plan: "month", coupon: "HALF-FIRST" });
    expect(started.status).toBe(303);
    const sessionId = new URL(started.headers.get("location")!).pathname.split("/").pop()!;
    const couponCall = stripe.state.requests.filter((r) => r.path === "/v1/coupons").at(-1)!.params;
    expect(couponCall).toMatchObject({
      amount_off: "950",
      currency: "usd",
      duration: "once",
      max_redemptions: "1",
      name: "HALF-FIRST",
    });
    const created = stripe.state.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!.params as {
      line_items: { price_data: { unit_amount: string; recurring: { interval: string } } }[];
      discounts: { coupon: string }[];
    };
    expect(created.line_items[0]!.price_data).toMatchObject({ unit_amount: "1900", recurring: { interval: "month" } });
    expect(created.discounts[0]!.coupon).toBe(stripe.state.coupons.at(-1)!.id);
    const session = await stripe.completeCheckout(sessionId);
    expect(session.amount_total).toBe(950);
    await stripe.settled();
    await expect
      .poll(async () =>
        app.db
          .selectFrom("payments")
          .select(["amount_cents", "coupon_code", "discount_cents"])
          .where("user_id", "=", bo.user.id)
          .executeTakeFirst(),
      )
      .toEqual({ amount_cents: 950, coupon_code: "HALF-FIRST", discount_cents: 950 });
    // The renewal is at the plan's full price.
    const subscription = stripe.state.subscriptions.find((s) => s.id === session.subscription)!;
    const renewed = await stripe.renew(subscription.id);
    const invoice = stripe.state.invoices.find((i) => i.id === renewed.latest_invoice)!;
    expect(invoice.amount_paid).toBe(1900);
  });
});

/**
 * The race for the last use between two real server processes on one SQLite file: better-sqlite3
 * waits for the other process's lock by blocking its own thread, which two connections inside one
 * test process cannot show (the model test races two connections on PostgreSQL).
 */
describe("two server processes on one SQLite database race for a coupon's last use", () => {
  let cardcom: CardcomStandin;
  let data: ReturnType<typeof tempDataDir>;
  let servers: ReturnType<typeof spawnServer>[] = [];
  let database: ReturnType<typeof openDatabase>;

  beforeAll(async () => {
    cardcom = await startCardcomStandin();
    data = tempDataDir();
    const env = {
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: data.dir,
      DATABASE_URL: `file:${data.dir}/race.db`,
      ...cardcomEnv(cardcom.url),
    };
    // The first migrates and seeds the database; the second starts on it.
    servers.push(spawnServer(env));
    await servers[0]!.ready;
    servers.push(spawnServer(env));
    await servers[1]!.ready;
    database = openDatabase(`file:${data.dir}/race.db`);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    for (const server of servers) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    servers = [];
    await cardcom?.close();
    data?.cleanup();
  });

  it("each round, one of two buyers gets the coupon's only use and the other is told it is used up", async () => {
    const db = database.db;
    const courseId = await createCourse(db, { soldSeparately: "on", price: "80.00", currency: "ILS" });
    const listId = await createVideoList(db, { slug: `race-${randomUUID().slice(0, 8)}`, courses: [courseId] });
    await createLesson(db, listId, { titleEn: "A lesson" });
    const { slug } = await db.selectFrom("courses").select("slug").where("id", "=", courseId).executeTakeFirstOrThrow();
    const urls = await Promise.all(servers.map((s) => s.ready));
    for (const url of urls)
      await expect.poll(async () => (await fetch(`${url}/course/${slug}`)).status, { timeout: 15_000 }).toBe(200);
    for (let round = 0; round < 4; round++) {
      const code = `RACE-${round}-${randomUUID().slice(0, 6)}`.toUpperCase();
      await createCoupon(
        db,
        {
          code,
          kind: "percent",
          percentOff: 50,
          amountOffCents: null,
          currency: null,
          appliesTo: "all",
          planInterval: null,
          courseId: null,
          expiresAt: null,
          maxUses: 1,
        },
        "test",
      );
      const buyers = await Promise.all([0, 1].map(() => createSignedInUser(db, "learner")));
      const answers = await Promise.all(
        buyers.map((buyer, i) =>
          fetch(`${urls[i]}/checkout`, {
            method: "POST",
            redirect: "manual",
            headers: { cookie: buyer.cookie, "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ course: slug, coupon: code }),
          }),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([303, 400]);
      const refused = answers.find((a) => a.status === 400)!;
      expect(shown(await refused.text())).toContain("This coupon has been used up.");
      const orders = await db
        .selectFrom("payment_orders")
        .select(["amount_cents", "coupon_code"])
        .where(
          "user_id",
          "in",
          buyers.map((b) => b.user.id),
        )
        .execute();
      expect(orders).toEqual([{ amount_cents: 4000, coupon_code: code }]);
    }
  });
});
