import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savePlan } from "../../app/models/billing.server.ts";
import { DIALECTS } from "../setup/databases.ts";
import { createCourse, createLesson, createSignedInUser, createVideoList } from "../support/factories.ts";
import {
  cardcomEnv,
  startCardcomStandin,
  TEST_API_NAME,
  TEST_TERMINAL,
  type CardcomStandin,
} from "../support/cardcom-standin.ts";
import { shown, startApp } from "./harness.ts";

/**
 * Issue 33 (point 1, first slice): Cardcom as the payment provider, chosen by configuration. Lomda
 * talks plain HTTP to a local stand-in of Cardcom's API v11 (CARDCOM_API_URL), through the same client
 * as in production. Cardcom's notification carries no signature: Lomda takes only the deal's id from
 * it, reads the deal back (GetLpResult) and grants only what matches its own order — once.
 */
const DAY = 86_400_000;

describe.each(DIALECTS)("Cardcom payments over HTTP on %s", (dialect) => {
  let cardcom: CardcomStandin;
  let app: Awaited<ReturnType<typeof startApp>>;

  beforeAll(async () => {
    cardcom = await startCardcomStandin();
    app = await startApp(
      {
        ...cardcomEnv(cardcom.url),
        TRUST_PROXY: "loopback",
      },
      dialect,
    );
    // The school sells in shekels: the plans' prices as the admin sets them (VAT included).
    await savePlan(app.db, { interval: "month", amountCents: 4900, currency: "ILS", active: true });
    await savePlan(app.db, { interval: "year", amountCents: 39000, currency: "ILS", active: true });
  });
  afterAll(async () => {
    await app?.stop();
    await cardcom?.close();
  });

  const get = (path: string, cookie?: string) =>
    fetch(`${app.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const post = (path: string, cookie: string | undefined, form: Record<string, string>) =>
    fetch(`${app.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { ...(cookie ? { cookie } : {}), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
  const notice = (body: string, type = "application/json") =>
    fetch(`${app.url}/webhooks/cardcom`, { method: "POST", headers: { "content-type": type }, body });
  const learner = (name: string) =>
    createSignedInUser(app.db, "learner", {
      name,
      email: `${name.toLowerCase()}-${randomUUID().slice(0, 6)}@example.org`,
    });

  /** A course sold on its own in shekels, with a lesson past its free samples; once the app sees it. */
  async function shekelCourse(price = "129.00") {
    const courseId = await createCourse(app.db, { soldSeparately: "on", price, currency: "ILS" });
    const listSlug = `cardcom-${randomUUID().slice(0, 8)}`;
    const listId = await createVideoList(app.db, { slug: listSlug, courses: [courseId], freeSamples: "1" });
    await createLesson(app.db, listId, { titleEn: "The free sample" });
    await createLesson(app.db, listId, { titleEn: "The paid lesson" });
    const { slug } = await app.db
      .selectFrom("courses")
      .select("slug")
      .where("id", "=", courseId)
      .executeTakeFirstOrThrow();
    await expect.poll(async () => (await get(`/course/${slug}`)).status, { timeout: 15_000 }).toBe(200);
    return { courseId, slug, list: `/courses/${listSlug}` };
  }
  const locked = async (path: string, cookie: string) =>
    shown(await (await get(path, cookie)).text()).includes('data-testid="video-locked"');

  /** Starts a checkout; returns the order, the deal (LowProfileId) and the hosted page's address. */
  async function start(cookie: string, form: Record<string, string>) {
    const started = await post("/checkout", cookie, form);
    expect(started.status).toBe(303);
    const page = new URL(started.headers.get("location")!);
    expect(page.origin).toBe(cardcom.url);
    const dealId = page.pathname.split("/").pop()!;
    const order = await app.db
      .selectFrom("payment_orders")
      .selectAll()
      .where("provider_ref", "=", dealId)
      .executeTakeFirstOrThrow();
    return { page, dealId, order };
  }
  /** Presses Pay on the stand-in's hosted page; returns where the buyer is sent back to. */
  async function pay(page: URL) {
    const paid = await fetch(page, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    return paid.headers.get("location")!;
  }
  const rows = async (table: "payments" | "course_access" | "subscriptions", userId: string) =>
    app.db.selectFrom(table).selectAll().where("user_id", "=", userId).execute();
  const orderOf = (id: string) =>
    app.db.selectFrom("payment_orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const logged = (msg: string) => app.logs.filter((l) => l.msg.startsWith(msg));

  it("a course bought through Cardcom's page opens once its deal is read back, and only once", async () => {
    const course = await shekelCourse("129.00");
    const dana = await learner("Dana");
    expect(await locked(course.list, dana.cookie)).toBe(true);
    const order = await (await get(`/order?course=${course.slug}`, dana.cookie)).text();
    expect(order).toContain("You pay once, on Cardcom&#x27;s secure page");
    expect(shown(order)).not.toContain("Stripe");

    const { page, dealId, order: row } = await start(dana.cookie, { course: course.slug });
    // What Lomda asked Cardcom for: its own order as ReturnValue, the price from the database in
    // shekels, a charge only, and where to notify; no card field at all.
    const sent = cardcom.state.requests.find(
      (r) => r.path === "/api/v11/LowProfile/Create" && (r.body as { ReturnValue?: string }).ReturnValue === row.id,
    )!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      TerminalNumber: TEST_TERMINAL,
      ApiName: TEST_API_NAME,
      Operation: "ChargeOnly",
      ReturnValue: row.id,
      Amount: 129,
      ISOCoinId: 1,
      Language: "en",
      WebHookUrl: `${app.url}/webhooks/cardcom`,
      SuccessRedirectUrl: `${app.url}/checkout/success?order=${row.id}`,
    });
    expect(Object.keys(sent).filter((k) => /card|cvv/i.test(k) && k !== "UIDefinition")).toEqual([]);
    expect(row).toMatchObject({ status: "open", kind: "course", amount_cents: 12900, currency: "ILS" });

    const back = await pay(page);
    expect(back).toBe(`${app.url}/checkout/success?order=${row.id}`);
    await cardcom.settled();
    // The notification arrived and was answered 200; the deal was read back before anything was granted.
    expect(cardcom.state.notices.filter((n) => n.lowProfileId === dealId).map((n) => n.status)).toEqual([200]);
    expect(
      cardcom.state.requests.some(
        (r) =>
          r.path === "/api/v11/LowProfile/GetLpResult" && (r.body as { LowProfileId?: string }).LowProfileId === dealId,
      ),
    ).toBe(true);
    expect(await locked(course.list, dana.cookie)).toBe(false);
    const [payment] = await rows("payments", dana.user.id);
    expect(payment).toMatchObject({
      provider: "cardcom",
      kind: "course",
      course_id: course.courseId,
      amount_cents: 12900,
      currency: "ILS",
      status: "paid",
      checkout_id: dealId,
    });
    expect(payment!.provider_ref).toBe(
      String(cardcom.state.deals.find((d) => d.lowProfileId === dealId)!.transactionId),
    );
    expect(await orderOf(row.id)).toMatchObject({ status: "paid", payment_id: payment!.id, card_token: null });

    // Back on Lomda: the thank-you page knows, without asking Cardcom again.
    const reads = cardcom.state.requests.length;
    const thanks = await (await get(back.replace(app.url, ""), dana.cookie)).text();
    expect(thanks).toContain("Your payment went through and your access is open.");
    expect(cardcom.state.requests.length).toBe(reads);
    // Another learner cannot read Dana's order.
    const eli = await learner("Eli");
    expect(await (await get(back.replace(app.url, ""), eli.cookie)).text()).toContain(
      "We could not find this payment.",
    );

    // The same notification again, and once more later: nothing changes.
    expect((await cardcom.notify(dealId)).status).toBe(200);
    expect((await cardcom.notify(dealId)).status).toBe(200);
    expect(await rows("payments", dana.user.id)).toHaveLength(1);
    expect(await rows("course_access", dana.user.id)).toHaveLength(1);
    expect(await (await get("/admin/payments", (await createSignedInUser(app.db, "admin")).cookie)).text()).toContain(
      "Cardcom",
    );
  });

  it("a plan's first payment grants the subscription for its period and keeps the card's token (not the card)", async () => {
    const noa = await learner("Noa");
    const plans = await (await get("/Payments", noa.cookie)).text();
    expect(plans).toContain("You pay on Cardcom&#x27;s secure page");
    const { page, dealId, order } = await start(noa.cookie, { plan: "month" });
    expect(order).toMatchObject({ kind: "subscription", plan_interval: "month", amount_cents: 4900, currency: "ILS" });
    const sent = cardcom.state.requests.find(
      (r) => (r.body as { ReturnValue?: string }).ReturnValue === order.id,
    )!.body;
    expect(sent).toMatchObject({ Operation: "ChargeAndCreateToken", Amount: 49, ISOCoinId: 1 });

    await pay(page);
    await cardcom.settled();
    const [subscription] = await rows("subscriptions", noa.user.id);
    expect(subscription).toMatchObject({ granted_by: "payment", revoked_at: null, provider_subscription_id: null });
    const days = (Date.parse(subscription!.ends_at!) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    const [payment] = await rows("payments", noa.user.id);
    expect(payment).toMatchObject({
      kind: "subscription",
      plan_interval: "month",
      amount_cents: 4900,
      currency: "ILS",
    });
    const deal = cardcom.state.deals.find((d) => d.lowProfileId === dealId)!;
    expect(await orderOf(order.id)).toMatchObject({
      status: "paid",
      subscription_id: subscription!.id,
      payment_id: payment!.id,
      card_token: deal.token,
      card_expiry: "1230",
      token_expires_on: "2030-12-31",
    });
    const profile = shown(await (await get("/profile", noa.cookie)).text());
    // Lomda renews it with the kept card (decision 0049).
    expect(profile).toContain("; renews automatically");
    // No customer portal at Cardcom: nothing to manage there.
    expect(profile).not.toContain("Manage billing and receipts");
    expect((await post("/billing/portal", noa.cookie, {})).headers.get("location")).toBe("/profile#access");
    // Subscribed: nothing more to buy.
    expect((await post("/checkout", noa.cookie, { plan: "year" })).headers.get("location")).toBe("/profile#access");
  });

  it("a late notification: the buyer's return reads the deal back and grants; the notification then changes nothing", async () => {
    const course = await shekelCourse("59.90");
    const omer = await learner("Omer");
    cardcom.setNotifications({ hold: true, twice: true });
    try {
      const { page, order } = await start(omer.cookie, { course: course.slug });
      const back = await pay(page);
      await cardcom.settled();
      expect(await rows("payments", omer.user.id)).toHaveLength(0);
      const thanks = await (await get(back.replace(app.url, ""), omer.cookie)).text();
      expect(thanks).toContain("Your payment went through and your access is open.");
      expect(await locked(course.list, omer.cookie)).toBe(false);
      expect((await orderOf(order.id)).status).toBe("paid");
    } finally {
      cardcom.setNotifications({ twice: false });
    }
    // Late and twice: both answered 200, neither writes anything.
    const late = await cardcom.release();
    expect(late.map((n) => n.status)).toEqual([200, 200]);
    expect(await rows("payments", omer.user.id)).toHaveLength(1);
    expect(await rows("course_access", omer.user.id)).toHaveLength(1);
  });

  it("a deal read back with another amount, currency or order, or not paid, grants nothing and is logged", async () => {
    const course = await shekelCourse("99.00");
    const cases = [
      { report: { TranzactionInfo: { Amount: 1 } }, problem: /^amount 100 for 9900/ },
      { report: { TranzactionInfo: { CoinId: 2 } }, problem: /^currency USD for ILS/ },
      { report: { ReturnValue: randomUUID() }, problem: /^another order/ },
      { report: { Operation: "ChargeAndCreateToken" }, problem: /operation for a course order/ },
    ];
    for (const { report, problem } of cases) {
      const buyer = await learner("Tamar");
      const { page, dealId, order } = await start(buyer.cookie, { course: course.slug });
      cardcom.misreport(dealId, report);
      const back = await pay(page);
      await cardcom.settled();
      expect(cardcom.state.notices.find((n) => n.lowProfileId === dealId)!.status).toBe(200);
      expect(await (await get(back.replace(app.url, ""), buyer.cookie)).text()).toContain(
        "We could not find this payment.",
      );
      expect(await rows("payments", buyer.user.id)).toHaveLength(0);
      expect(await rows("course_access", buyer.user.id)).toHaveLength(0);
      expect((await orderOf(order.id)).status).toBe("open");
      expect(await locked(course.list, buyer.cookie)).toBe(true);
      const refusals = logged("payment refused: the deal read back does not match its order").filter(
        (l) => l.order === order.id,
      );
      expect(refusals.length).toBeGreaterThan(0);
      expect(String(refusals[0]!.problem)).toMatch(problem);
      expect(refusals[0]!.level).toBe(40);
    }

    // A declined card: Cardcom notifies (when told to always report); nothing is granted.
    const declined = await learner("Yael");
    const { page, dealId, order } = await start(declined.cookie, { course: course.slug });
    const failed = await fetch(new URL(`${page.pathname}/decline`, page), { method: "POST", redirect: "manual" });
    expect(failed.headers.get("location")).toMatch(/\/checkout\/cancel/);
    await cardcom.settled();
    expect(cardcom.state.notices.find((n) => n.lowProfileId === dealId)!.status).toBe(200);
    expect(await rows("payments", declined.user.id)).toHaveLength(0);
    expect((await orderOf(order.id)).status).toBe("open");
  });

  it("forged notifications: an unknown deal, an unpaid one, or one that claims success, grant nothing", async () => {
    const course = await shekelCourse("45.00");
    const mia = await learner("Mia");
    const before = await app.db.selectFrom("payments").select("id").execute();
    // A deal that is none of Lomda's: refused without asking Cardcom.
    const reads = cardcom.state.requests.length;
    const unknown = await notice(JSON.stringify({ TerminalNumber: TEST_TERMINAL, LowProfileId: randomUUID() }));
    expect(unknown.status).toBe(404);
    expect(cardcom.state.requests.length).toBe(reads);

    // Mia's own order, not paid, with a body that claims everything went through.
    const { dealId, order } = await start(mia.cookie, { course: course.slug });
    const claim = {
      ResponseCode: 0,
      Description: "The transaction was successful",
      TerminalNumber: TEST_TERMINAL,
      LowProfileId: dealId,
      ReturnValue: order.id,
      Operation: "ChargeOnly",
      TranzactionInfo: { ResponseCode: 0, Amount: 45, CoinId: 1, TranzactionId: 1 },
    };
    const forged = await notice(JSON.stringify(claim));
    expect(forged.status).toBe(200);
    expect(await forged.json()).toMatchObject({ outcome: "unpaid" });
    // The same as a form (the older API's way): the same answer.
    const asForm = await notice(
      new URLSearchParams({ terminalnumber: String(TEST_TERMINAL), lowprofilecode: dealId }).toString(),
      "application/x-www-form-urlencoded",
    );
    expect(asForm.status).toBe(200);
    expect(await rows("payments", mia.user.id)).toHaveLength(0);
    expect(await rows("course_access", mia.user.id)).toHaveLength(0);
    expect((await orderOf(order.id)).status).toBe("open");
    expect(await app.db.selectFrom("payments").select("id").execute()).toHaveLength(before.length);
  });

  it("bad notifications are a 400 (never a 500) and store nothing", async () => {
    const before = await app.db.selectFrom("payment_events").select("id").execute();
    const bodies: [string, string?][] = [
      [""],
      ["not json"],
      ["[]"],
      ["null"],
      ['{"LowProfileId": 42}'],
      ['{"LowProfileId": "not-a-guid"}'],
      ['{"__proto__": {"LowProfileId": "8c92820a-2f6f-4120-a699-ab1969b2f78b"}}'],
      ['{"constructor": "x", "toString": "y"}'],
      [JSON.stringify({ TerminalNumber: 999, LowProfileId: randomUUID() })],
      ["LowProfileId=%00", "application/x-www-form-urlencoded"],
      ["{" + '"a":1,'.repeat(20_000) + '"b":2}'],
    ];
    for (const [body, type] of bodies) {
      const answer = await notice(body, type);
      expect([400, 413], body.slice(0, 60)).toContain(answer.status);
    }
    expect(await app.db.selectFrom("payment_events").select("id").execute()).toHaveLength(before.length);
    expect(logged("payment notification refused").length).toBeGreaterThan(0);
    // Stripe's address is not Cardcom's: nothing there.
    expect((await fetch(`${app.url}/webhooks/stripe`, { method: "POST", body: "{}" })).status).toBe(404);
  });

  it("the thank-you page with a bad, unknown or other learner's order says so, and never fails", async () => {
    const lior = await learner("Lior");
    for (const order of ["", "nope", randomUUID(), "__proto__", "%00", "a".repeat(300)]) {
      const page = await get(`/checkout/success?order=${encodeURIComponent(order)}`, lior.cookie);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("We could not find this payment.");
    }
    expect(await rows("payments", lior.user.id)).toHaveLength(0);
  });

  it("the privacy notice names Cardcom as the payment provider, the card's token it keeps and when orders go", async () => {
    const html = shown(await (await get("/privacy")).text());
    expect(html).toContain("Cardcom, our payment provider:");
    expect(html).toContain("Cardcom’s token for your card and the card’s expiry month");
    expect(html).toContain("An order you did not pay for is deleted after 30 days");
    expect(html).not.toContain("Stripe, our payment provider:");
    const hebrew = shown(await (await get("/privacy?lng=he")).text());
    expect(hebrew).toContain("Cardcom, ספקית התשלומים שלנו:");
  });

  it("Cardcom refusing to open a page: the buyer is told, no order is left behind", async () => {
    const course = await shekelCourse("10.00");
    const gal = await learner("Gal");
    const app2 = await startApp(
      {
        PAYMENT_PROVIDER: "cardcom",
        CARDCOM_TERMINAL: String(TEST_TERMINAL),
        // Another API user than the terminal's: Cardcom answers 401 "Invalid username".
        CARDCOM_API_NAME: "someone-else",
        CARDCOM_API_URL: cardcom.url,
      },
      dialect,
      { sharing: { database: app.database } },
    );
    try {
      const refused = await fetch(`${app2.url}/checkout`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: gal.cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ course: course.slug }),
      });
      expect(refused.status).toBe(303);
      expect(refused.headers.get("location")).toBe(`/order?course=${course.slug}&checkout=failed`);
      expect(app2.logs.some((l) => l.msg === "creating a checkout session failed")).toBe(true);
      expect(
        await app.db.selectFrom("payment_orders").select("id").where("user_id", "=", gal.user.id).execute(),
      ).toEqual([]);
    } finally {
      await app2.stop();
    }
  });
});
