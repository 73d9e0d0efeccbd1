import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DIALECTS } from "../setup/databases.ts";
import { createPayment, createSignedInUser } from "../support/factories.ts";
import { clearOfWindowEnd, MINUTE } from "../support/rate-windows.ts";
import { startSmtp } from "../support/smtp.ts";
import { startApp } from "./harness.ts";

/**
 * Issue 33, point 3 (and the business details of point 2): the consumer-protection duties of a
 * distance seller. Who sells and the cancellation terms are shown before a purchase; /cancel, linked
 * from every page's footer, lets a signed-in buyer ask to cancel a purchase within 14 days (the fee by
 * the rule, once per purchase) or stop a renewal; the admin decides; buyer and school are emailed.
 */
describe.each(DIALECTS)("cancelling a purchase over HTTP on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  let courseId: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await startApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, CONTACT_TO: "office@school.example" }, dialect);
    admin = await createSignedInUser(app.db, "admin");
    courseId = (
      await app.db.selectFrom("courses").select("id").where("slug", "=", "mern-react").executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });
  // Each test starts with no requests: a purchase is asked about once, and a test counts what it stored.
  beforeEach(async () => {
    await app.db.deleteFrom("cancellation_requests").execute();
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
  const requests = () => app.db.selectFrom("cancellation_requests").selectAll().execute();
  const buyer = async () => {
    const signedIn = await createSignedInUser(app.db, "learner");
    return { ...signedIn, he: `${signedIn.cookie}; lng=he` };
  };

  it("links /cancel from every page's footer, the admin area's too, in both languages", async () => {
    for (const path of ["/", "/courses", "/terms", "/?lng=he", "/contact?lng=he"]) {
      const html = await (await get(path)).text();
      expect(html, path).toMatch(/<a[^>]*href="\/cancel"[^>]*>(Cancel a purchase|ביטול עסקה)<\/a>/);
    }
    expect(await (await get("/admin", admin.cookie)).text()).toContain('href="/cancel"');
  });

  it("sends a visitor to sign in and back, and stores nothing a visitor posts", async () => {
    const page = await get("/cancel");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/register?returnTo=%2Fcancel");
    expect((await get("/cancel?lng=he")).headers.get("location")).toBe("/register?returnTo=%2Fcancel%3Flng%3Dhe");
    const posted = await post("/cancel", undefined, { intent: "purchase", payment: randomUUID() });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/register?returnTo=%2Fcancel");
    expect(await requests()).toEqual([]);
  });

  it("shows who sells and the cancellation terms before a purchase, and in the terms of use", async () => {
    const order = await (await get("/order?course=mern-react")).text();
    expect(order).toContain('data-testid="seller-terms"');
    expect(order).toContain("Lomda Ltd");
    expect(order).toContain("516472834");
    expect(order).toContain("Prices include VAT at 18%.");
    expect(order).toContain("The cancellation fee is 5% of the price or ₪100, whichever is less.");
    // The plans are in dollars: their cap too.
    expect(order).toContain("For a price in dollars it is 5% or $20, whichever is less");
    const plans = await (await get("/Payments?lng=he")).text();
    expect(plans).toContain("לומדה בע״מ");
    expect(plans).toContain("ח״פ");
    expect(plans).toContain("המחירים כוללים מע״מ בשיעור 18%.");
    expect(plans).toContain("אפשר לבטל רכישה בתוך 14 ימים מיום הרכישה.");
    const terms = await (await get("/terms")).text();
    expect(terms).toContain('id="cancellation"');
    expect(terms).toContain("Cancelling a purchase");
    expect(terms).toContain("We may keep a cancellation fee of 5% of the price or ₪100, whichever is less.");
    expect(terms).toContain("For a price in dollars the fee is at most $20");
    const termsHe = await (await get("/terms?lng=he")).text();
    expect(termsHe).toContain("ביטול עסקה");
    expect(termsHe).toContain("בתוך 14 ימים: מיום הרכישה ועד סוף היום ה־14 שאחריו");
  });

  it("lists a buyer's purchases with the fee and the last day, and says why an old one is not offered", async () => {
    const me = await buyer();
    await createPayment(app.db, me.user, { courseId, amountCents: 24_900, currency: "USD" });
    await createPayment(app.db, me.user, {
      interval: "year",
      amountCents: 250_000,
      currency: "ILS",
      at: new Date(Date.now() - 40 * 86_400_000),
    });
    const page = await get("/cancel", me.cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain("Course: React from Zero to App");
    expect(html).toContain("Fee $12.45 · back to you $236.55");
    expect(html).toMatch(/You can cancel it until [A-Z][a-z]{2} \d{1,2}, \d{4}\./);
    // The yearly plan, bought 40 days ago: explained, not offered.
    expect(html).toContain("Yearly subscription");
    expect(html).toMatch(/The 14 days ended on [^:]+: it can no longer be cancelled here\./);
    expect(html.match(/name="payment"/g)).toHaveLength(1);
    const he = await (await get("/cancel", me.he)).text();
    expect(he).toContain("קורס: React מאפס לאפליקציה");
    expect(he).toContain("מנוי שנתי");
  });

  it("refuses bad input with a translated message and stores nothing", async () => {
    const me = await buyer();
    const payment = await createPayment(app.db, me.user, { courseId });
    // No purchase chosen.
    const none = await post("/cancel", me.cookie, { intent: "purchase", reason: "Changed my mind" });
    expect(none.status).toBe(400);
    const noneHtml = await none.text();
    expect(noneHtml).toMatch(/<p id="payment-error"[^>]*>Choose the purchase to cancel.<\/p>/);
    expect(noneHtml).toContain("Changed my mind</textarea>");
    const heNone = await post("/cancel", me.he, { intent: "purchase" });
    expect(heNone.status).toBe(400);
    expect(await heNone.text()).toContain("בחרו את הרכישה שתרצו לבטל.");
    // A reason too long, kept for the buyer to shorten.
    const long = await post("/cancel", me.cookie, { intent: "purchase", payment, reason: "x".repeat(1001) });
    expect(long.status).toBe(400);
    expect(await long.text()).toMatch(/<p id="reason-error"[^>]*>Keep the reason to at most 1,000 characters.<\/p>/);
    // What the page never posts: a translated 400 page.
    const unknown = await post("/cancel", me.he, { intent: "refund-everything", payment });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('lang="he"');
    expect(
      (await post("/cancel", me.cookie, { intent: "renewal", subscription: "'; drop table payments" })).status,
    ).toBe(400);
    // A control character, refused before the action.
    expect((await post("/cancel", me.cookie, { intent: "purchase", payment, reason: "a\u0000b" })).status).toBe(400);
    expect(await requests()).toEqual([]);
  });

  it("answers someone else's purchase as unknown (404), and stores nothing", async () => {
    const owner = await buyer();
    const stranger = await buyer();
    const payment = await createPayment(app.db, owner.user, { courseId });
    const response = await post("/cancel", stranger.cookie, { intent: "purchase", payment });
    expect(response.status).toBe(404);
    expect((await post("/cancel", stranger.cookie, { intent: "purchase", payment: randomUUID() })).status).toBe(404);
    expect(await requests()).toEqual([]);
    expect(await (await get("/cancel", stranger.cookie)).text()).not.toContain("React from Zero to App");
  });

  it("takes a request within the 14 days, once; confirms it in the buyer's language and emails the buyer and the school", async () => {
    const me = await buyer();
    const payment = await createPayment(app.db, me.user, { courseId, amountCents: 300_000, currency: "ILS" });
    const old = await createPayment(app.db, me.user, { courseId, at: new Date(Date.now() - 15 * 86_400_000) });
    // Outside the period: explained, nothing stored.
    const late = await post("/cancel", me.cookie, { intent: "purchase", payment: old });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("The days for cancelling this purchase have ended.");
    expect(await requests()).toEqual([]);

    const asked = await post("/cancel?lng=he", me.cookie, { intent: "purchase", payment, reason: "לא מה שחיפשתי" });
    expect(asked.status).toBe(303);
    const location = asked.headers.get("location")!;
    expect(location).toMatch(/^\/cancel\?lng=he&requested=[\w-]{36}#cancel-confirmation$/);
    const [row] = await requests();
    expect(row).toMatchObject({
      user_id: me.user.id,
      payment_id: payment,
      locale: "he",
      amount_cents: 300_000,
      fee_cents: 10_000,
      refund_cents: 290_000,
      reason: "לא מה שחיפשתי",
      status: "pending",
    });
    const confirmation = await (await get(location, me.cookie)).text();
    expect(confirmation).toContain("הבקשה נרשמה.");
    expect(confirmation).toContain(me.user.email!);
    // Only the buyer's own request is confirmed to them.
    const other = await buyer();
    expect(await (await get(location, other.cookie)).text()).not.toContain('data-testid="cancel-confirmation"');

    const toBuyer = smtp.mails.filter((m) => m.to === me.user.email);
    expect(toBuyer).toHaveLength(1);
    expect(toBuyer[0]!.text).toContain("We received your request to cancel: Course: React from Zero to App");
    expect(toBuyer[0]!.text).toContain("₪100.00");
    expect(toBuyer[0]!.text).toContain("קיבלנו את בקשתכם לבטל");
    const toSchool = smtp.mails.filter((m) => m.to === "office@school.example");
    expect(toSchool.at(-1)!.text).toContain("לא מה שחיפשתי");
    expect(toSchool.at(-1)!.text).toContain(`${app.url}/admin/cancellations`);

    // Asked once: never again, and the page no longer offers it.
    const again = await post("/cancel", me.cookie, { intent: "purchase", payment });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("You have already asked to cancel this purchase.");
    expect(await requests()).toHaveLength(1);
    const page = await (await get("/cancel", me.cookie)).text();
    expect(page).toMatch(/You asked to cancel it on [^:]+: the school answers by email\./);
    expect(page).not.toContain(`value="${payment}"`);
    expect(app.logs.some((l) => l.msg === "cancellation requested" && l.cancellation === row!.id)).toBe(true);
  });

  it("records a request to stop a subscription's renewal, once", async () => {
    const me = await buyer();
    const subscription = randomUUID();
    await app.db
      .insertInto("subscriptions")
      .values({
        id: subscription,
        user_id: me.user.id,
        email: null,
        starts_at: new Date(Date.now() - 86_400_000).toISOString(),
        ends_at: new Date(Date.now() + 29 * 86_400_000).toISOString(),
        granted_by: "payment",
        revoked_at: null,
        revoked_by: null,
        note: null,
        created_at: new Date().toISOString(),
        provider_subscription_id: `sub_${subscription}`,
        cancel_at_period_end: 0,
      })
      .execute();
    expect(await (await get("/cancel", me.cookie)).text()).toContain("renews by itself");
    const stopped = await post("/cancel", me.cookie, { intent: "renewal", subscription });
    expect(stopped.status).toBe(303);
    expect(await (await get(stopped.headers.get("location")!, me.cookie)).text()).toContain(
      "Your request to stop the renewal is recorded.",
    );
    expect((await requests()).map((r) => [r.kind, r.subscription_id])).toEqual([["renewal", subscription]]);
    expect(smtp.mails.filter((m) => m.to === me.user.email).at(-1)!.text).toContain(
      "We received your request to stop your subscription’s renewal.",
    );
    const again = await post("/cancel", me.he, { intent: "renewal", subscription });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("כבר ביקשתם להפסיק את החידוש הזה.");
    // Someone else's subscription: unknown.
    expect((await post("/cancel", (await buyer()).cookie, { intent: "renewal", subscription })).status).toBe(404);
    expect(await requests()).toHaveLength(1);
  });

  it("keeps the admin screens for admins, and lets the admin approve a request once, emailing the buyer", async () => {
    const me = await buyer();
    const payment = await createPayment(app.db, me.user, { courseId, amountCents: 24_900, currency: "USD" });
    expect((await post("/cancel", me.cookie, { intent: "purchase", payment })).status).toBe(303);
    const [row] = await requests();

    for (const path of ["/admin/cancellations", "/admin/business"]) {
      expect((await get(path)).status, path).toBe(302);
      expect((await get(path, me.cookie)).status, path).toBe(403);
    }
    expect((await post("/admin/cancellations", me.cookie, { intent: "approve", id: row!.id })).status).toBe(403);
    expect((await post("/admin/cancellations", undefined, { intent: "approve", id: row!.id })).status).toBe(302);
    expect((await requests())[0]!.status).toBe("pending");

    const list = await (await get("/admin/cancellations", admin.cookie)).text();
    expect(list).toContain("1 request waits for your decision.");
    expect(list).toContain(me.user.email!);
    expect(list).toContain("$236.55");
    expect(await (await get("/admin", admin.cookie)).text()).toContain('href="/admin/cancellations"');

    expect((await post("/admin/cancellations", admin.cookie, { intent: "approve", id: "nope" })).status).toBe(400);
    expect((await post("/admin/cancellations", admin.cookie, { intent: "approve", id: randomUUID() })).status).toBe(
      404,
    );
    const approved = await post("/admin/cancellations", `${admin.cookie}; lng=he`, { intent: "approve", id: row!.id });
    expect(approved.status).toBe(200);
    const approvedHtml = await approved.text();
    // Hebrew money: right-to-left marks around the figure and a no-break space before the sign.
    expect(approvedHtml).toMatch(/עכשיו החזירו \u200f236\.55\s\u200f\$ אצל ספק התשלומים\./);
    expect((await requests())[0]).toMatchObject({ status: "approved", decided_by: `admin:${admin.user.id}` });
    const mail = smtp.mails.filter((m) => m.to === me.user.email).at(-1)!;
    expect(mail.text).toContain(
      "Your request to cancel is approved: Course: React from Zero to App. We refund $236.55",
    );
    // Decided once: a second decision changes nothing.
    expect((await post("/admin/cancellations", admin.cookie, { intent: "decline", id: row!.id })).status).toBe(409);
    expect((await requests())[0]!.status).toBe("approved");
    expect(
      app.logs.filter(
        (l) => l.msg === "admin: cancellation decided" && l.cancellation === row!.id && l.adminId === admin.user.id,
      ),
    ).toHaveLength(1);
    expect(await (await get("/cancel", me.cookie)).text()).toMatch(
      /Cancellation approved on [^:]+: \$236\.55 is refunded/,
    );
  });

  it("limits a buyer's requests: past 10 in 10 minutes, a translated 429, nothing stored", async () => {
    await clearOfWindowEnd(10 * MINUTE);
    const me = await buyer();
    const payment = await createPayment(app.db, me.user, { courseId });
    for (let i = 0; i < 10; i++) expect((await post("/cancel", me.cookie, { intent: "purchase" })).status).toBe(400);
    const refused = await post("/cancel", me.he, { intent: "purchase", payment });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("יותר מדי בקשות בזמן קצר.");
    expect(await requests()).toEqual([]);
  });
});

describe.each(DIALECTS)("the business details over HTTP on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let admin: string;
  beforeAll(async () => {
    app = await startApp({}, dialect);
    admin = (await createSignedInUser(app.db, "admin")).cookie;
  });
  afterAll(async () => app?.stop());

  const get = (path: string, cookie?: string) =>
    fetch(`${app.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const post = (cookie: string, form: Record<string, string>) =>
    fetch(`${app.url}/admin/business`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
  const stored = () =>
    app.db.selectFrom("site_settings").select("value").where("key", "=", "business_details").execute();
  const GOOD = {
    legalNameEn: "Dana Levi Code School",
    legalNameHe: "בית הספר לקוד של דנה לוי",
    dealerKind: "exempt",
    dealerNumber: "31415926-0",
    addressEn: "5 Herzl St, Haifa",
    addressHe: "הרצל 5, חיפה",
    email: "billing@school.example",
    phone: "04-555-0199",
    vatPercent: "0",
  };

  it("refuses bad details beside each field in the admin's language, keeping what was typed, and stores nothing", async () => {
    const refused = await post(admin, { ...GOOD, dealerNumber: "314159261", vatPercent: "18" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toMatch(/<p id="dealerNumber-error"[^>]*>Enter the nine-digit number as registered/);
    expect(html).toMatch(/id="dealerNumber"[^>]*aria-invalid="true"/);
    expect(html).toContain('value="314159261"');
    const vat = await post(admin, { ...GOOD, vatPercent: "18" });
    expect(vat.status).toBe(400);
    expect(await vat.text()).toMatch(/<p id="vatPercent-error"[^>]*>An exempt dealer charges no VAT/);
    const he = await post(`${admin}; lng=he`, { ...GOOD, dealerKind: "company" });
    expect(he.status).toBe(400);
    expect(await he.text()).toContain("עוסק מורשה או חברה גובים מע״מ: כתבו את השיעור, כמו 18.");
    expect((await post(admin, { ...GOOD, dealerKind: "partnership" })).status).toBe(400);
    expect(await stored()).toEqual([]);
  });

  it("saves the admin's details, logged, and shows them on the pages with prices at once, though they were cached", async () => {
    for (const path of ["/Payments", "/Payments", "/terms"])
      expect(await (await get(path)).text()).toContain("Lomda Ltd");
    const saved = await post(admin, GOOD);
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Saved. The order pages and the terms show the new details.");
    expect(await stored()).toHaveLength(1);
    expect(app.logs.filter((l) => l.msg === "admin: business details saved")).toHaveLength(1);

    const plans = await (await get("/Payments")).text();
    expect(plans).toContain("Dana Levi Code School");
    expect(plans).toContain("314159260");
    expect(plans).toContain("The seller is an exempt dealer: no VAT is charged.");
    expect(plans).not.toContain("Prices include VAT at 18%");
    expect(await (await get("/terms?lng=he")).text()).toContain("בית הספר לקוד של דנה לוי");
    const form = await (await get("/admin/business", admin)).text();
    expect(form).toContain('value="314159260"');
    expect(await (await post(admin, GOOD)).text()).toContain("Nothing changed.");
    expect(app.logs.filter((l) => l.msg === "admin: business details saved")).toHaveLength(1);
  });
});
