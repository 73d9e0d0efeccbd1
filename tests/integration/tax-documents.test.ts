import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CardcomDocumentIssuer } from "../../app/lib/invoicing/cardcom-documents.server.ts";
import { createLogger } from "../../app/lib/logger.server.ts";
import { CardcomApi } from "../../app/lib/payments/cardcom-api.server.ts";
import { createCoupon } from "../../app/models/coupons.server.ts";
import {
  issueDueTaxDocuments,
  queueTaxDocument,
  setTaxDocumentIssuing,
  vatWithin,
} from "../../app/models/tax-documents.server.ts";
import { DIALECTS } from "../setup/databases.ts";
import {
  cardcomEnv,
  startCardcomStandin,
  TEST_API_NAME,
  TEST_API_PASSWORD,
  TEST_TERMINAL,
  type CardcomStandin,
} from "../support/cardcom-standin.ts";
import { createCourse, createLesson, createSignedInUser, createVideoList, newCoupon } from "../support/factories.ts";
import { shown, startApp } from "./harness.ts";

/**
 * Issue 33, point 2 (decision 0048): every paid payment gets its tax document, queued with the payment
 * and issued through an outbox by Cardcom's Documents/CreateDocument (the stand-in's, over HTTP). The
 * app's own round is slowed to once an hour here, so the test drives the rounds itself (two at once,
 * with failures) against the same database; the browser test (tests/e2e/cardcom.spec.ts) sees the
 * app's round issue a document on its own.
 */
describe.each(DIALECTS)("tax documents on %s", (dialect) => {
  let cardcom: CardcomStandin;
  let app: Awaited<ReturnType<typeof startApp>>;
  let admin: string;
  let issuer: CardcomDocumentIssuer;
  const log = createLogger("silent");

  beforeAll(async () => {
    cardcom = await startCardcomStandin();
    app = await startApp(
      {
        ...cardcomEnv(cardcom.url),
        CARDCOM_API_PASSWORD: TEST_API_PASSWORD,
        TRUST_PROXY: "loopback",
      },
      dialect,
      { background: { documentPollMs: 3_600_000 } },
    );
    admin = (await createSignedInUser(app.db, "admin")).cookie;
    issuer = new CardcomDocumentIssuer(
      new CardcomApi({
        terminal: TEST_TERMINAL,
        apiName: TEST_API_NAME,
        apiPassword: TEST_API_PASSWORD,
        apiUrl: cardcom.url,
      }),
    );
    // This module's copy of the setting, as the app's own start sets it in the app's (server/services.ts).
    setTaxDocumentIssuing({ issuer: "cardcom", providers: ["cardcom"] });
  });
  afterAll(async () => {
    setTaxDocumentIssuing(null);
    await app?.stop();
    await cardcom?.close();
  });

  const get = (path: string, cookie?: string) =>
    fetch(`${app.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const post = (path: string, cookie: string, form: Record<string, string>) =>
    fetch(`${app.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: new URLSearchParams(form),
    });
  const learner = (name: string) =>
    createSignedInUser(app.db, "learner", {
      name,
      email: `${name.toLowerCase()}-${randomUUID().slice(0, 6)}@example.org`,
    });
  const round = (delays = [0, 10, 10, 10]) => issueDueTaxDocuments({ db: app.db, issuer, log, delays });
  const documentsOf = (paymentId: string) =>
    app.db.selectFrom("tax_documents").selectAll().where("payment_id", "=", paymentId).execute();
  const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
  /** The admin saves the business's kind and VAT rate (the form bumps the cached pages' version). */
  async function setBusiness(dealerKind: "exempt" | "licensed" | "company", vatPercent: string) {
    const saved = await post("/admin/business", admin, {
      legalNameEn: "Dana Levi Code School",
      legalNameHe: "בית הספר לקוד של דנה לוי",
      dealerKind,
      dealerNumber: "31415926-0",
      addressEn: "5 Herzl St, Haifa",
      addressHe: "הרצל 5, חיפה",
      email: "billing@school.example",
      phone: "04-555-0199",
      vatPercent,
    });
    expect(saved.status).toBeLessThan(400);
  }

  /** Buys a shekel course through the stand-in's page, as a learner does; returns the payment. */
  async function buy(cookie: string, userId: string, price = "129.00", coupon?: string) {
    const courseId = await createCourse(app.db, {
      soldSeparately: "on",
      price,
      currency: "ILS",
      titleEn: "Bookkeeping basics",
      titleHe: "יסודות הנהלת חשבונות",
    });
    const listId = await createVideoList(app.db, { slug: `docs-${randomUUID().slice(0, 8)}`, courses: [courseId] });
    await createLesson(app.db, listId, { titleEn: "A lesson" });
    const { slug } = await app.db
      .selectFrom("courses")
      .select("slug")
      .where("id", "=", courseId)
      .executeTakeFirstOrThrow();
    await expect.poll(async () => (await get(`/course/${slug}`)).status, { timeout: 15_000 }).toBe(200);
    const started = await post("/checkout", cookie, { course: slug, ...(coupon ? { coupon } : {}) });
    expect(started.status).toBe(303);
    const page = new URL(started.headers.get("location")!);
    expect((await fetch(page, { method: "POST", redirect: "manual" })).status).toBe(303);
    await cardcom.settled();
    const deal = cardcom.state.deals.find((d) => d.lowProfileId === page.pathname.split("/").pop())!;
    const payment = await app.db
      .selectFrom("payments")
      .selectAll()
      .where("user_id", "=", userId)
      .where("course_id", "=", courseId)
      .executeTakeFirstOrThrow();
    return { payment, deal, dealId: deal.lowProfileId };
  }

  it("a paid payment queues exactly one document, and two rounds at once issue it once", async () => {
    const dana = await learner("Dana");
    const { payment, deal, dealId } = await buy(dana.cookie, dana.user.id);
    // Queued with the payment, before anything was issued; a repeated notification queues nothing more.
    expect((await cardcom.notify(dealId)).status).toBe(200);
    const [queued, ...more] = await documentsOf(payment.id);
    expect(more).toEqual([]);
    expect(queued).toMatchObject({
      kind: "payment",
      refund_id: null,
      status: "pending",
      issuer: "cardcom",
      amount_cents: 12900,
      currency: "ILS",
      attempts: 0,
      number: null,
    });
    expect(
      await queueTaxDocument(app.db, {
        paymentId: payment.id,
        refundId: null,
        amountCents: 12900,
        currency: "ILS",
        now: new Date(),
      }),
    ).toBe(false);

    const before = cardcom.state.documents.length;
    const results = await Promise.all([round(), round()]);
    expect(results.map((r) => r.issued).sort()).toEqual([0, 1]);
    const issued = cardcom.state.documents.slice(before);
    expect(issued).toHaveLength(1);
    // What Lomda asked Cardcom for, by the OpenAPI document's CreateDocumentRequest.
    expect(issued[0]!.request).toMatchObject({
      ApiName: TEST_API_NAME,
      DealNumbers: [{ DealNumber: deal.transactionId }],
      Document: {
        Name: "Dana",
        Email: dana.user.email,
        IsSendByEmail: true,
        DocumentTypeToCreate: "TaxInvoiceAndReceipt",
        IsVatFree: false,
        ISOCoinID: 1,
        Languge: "he",
        ExternalId: queued!.id,
        Products: [{ Description: "קורס: יסודות הנהלת חשבונות", Quantity: 1, UnitCost: 129, TotalLineCost: 129 }],
      },
    });
    const [row] = await documentsOf(payment.id);
    expect(row).toMatchObject({
      status: "issued",
      document_type: "TaxInvoiceAndReceipt",
      number: String(issued[0]!.number),
      url: issued[0]!.url,
      attempts: 1,
      vat_basis_points: 1800,
      last_error: null,
    });
    // The document's page is the stand-in's, on its own origin.
    expect(new URL(row!.url!).origin).toBe(cardcom.url);
    expect(await (await fetch(row!.url!)).text()).toContain("129.00 ILS");
    // Nothing left: another round issues nothing.
    expect((await round()).issued).toBe(0);
    expect(cardcom.state.documents.length).toBe(before + 1);
    // The password is never logged by the stand-in's record nor sent anywhere but the call.
    expect(JSON.stringify(cardcom.state.requests)).not.toContain(TEST_API_PASSWORD);

    // The learner sees it on the profile: number, type in words, amount and the link.
    const profile = shown(await (await get("/profile", dana.cookie)).text());
    expect(profile).toContain('data-testid="receipt-row"');
    expect(profile).toContain("Tax invoice and receipt");
    expect(profile).toContain(String(issued[0]!.number));
    expect(profile).toContain(`href="${row!.url}"`);
    const hebrew = shown(await (await get("/profile?lng=he", dana.cookie)).text());
    expect(hebrew).toContain("חשבונית מס/קבלה");
    // And the admin beside the payment.
    const adminPage = shown(await (await get("/admin/payments", admin)).text());
    expect(adminPage).toContain(`Tax invoice and receipt ${issued[0]!.number}`);
    expect(adminPage).toContain("each payment&#x27;s is issued with Cardcom");
  });

  it("a failed issue is retried on its schedule and then succeeds; one failed for good is shown and asked again", async () => {
    const noa = await learner("Noa");
    const { payment } = await buy(noa.cookie, noa.user.id, "49.90");
    cardcom.failDocuments(2);
    expect((await round()).issued).toBe(0);
    let [row] = await documentsOf(payment.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, number: null });
    expect(row!.last_error).toContain("503");
    // Shown to the admin as pending, with why.
    expect(shown(await (await get("/admin/payments", admin)).text())).toContain(
      "Pending: 1 attempt failed, trying again",
    );
    // Not due yet: a round at once does not call Cardcom again.
    const calls = cardcom.state.requests.length;
    await sleep(20);
    expect((await round()).issued).toBe(0);
    expect(cardcom.state.requests.length).toBe(calls + 1);
    await sleep(20);
    expect((await round()).issued).toBe(1);
    [row] = await documentsOf(payment.id);
    expect(row).toMatchObject({ status: "issued", attempts: 3, last_error: null });

    // Failing past the last attempt: failed, on the admin's page, and asked again by the admin.
    const eli = await learner("Eli");
    const second = await buy(eli.cookie, eli.user.id, "59.00");
    cardcom.failDocuments(5);
    await round([0]);
    [row] = await documentsOf(second.payment.id);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    let page = shown(await (await get("/admin/payments", admin)).text());
    expect(page).toContain('data-testid="documents-failed"');
    expect(page).toContain("Failed: not issued");
    // Without the admin: nothing happens to it.
    expect((await round()).issued).toBe(0);
    cardcom.failDocuments(0);
    expect((await post("/admin/payments", eli.cookie, { intent: "retry-document", id: row!.id })).status).not.toBe(200);
    expect((await documentsOf(second.payment.id))[0]!.status).toBe("failed");
    expect((await post("/admin/payments", admin, { intent: "retry-document", id: "not-an-id" })).status).toBe(400);
    expect((await post("/admin/payments", admin, { intent: "retry-document", id: randomUUID() })).status).toBe(404);
    const asked = await post("/admin/payments", admin, { intent: "retry-document", id: row!.id });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("The document will be issued again");
    expect((await round()).issued).toBe(1);
    expect((await documentsOf(second.payment.id))[0]!.status).toBe("issued");
    page = shown(await (await get("/admin/payments", admin)).text());
    expect(page).not.toContain('data-testid="documents-failed"');
  });

  it("an exempt dealer issues a Receipt with no VAT; a licensed dealer a tax invoice and receipt", async () => {
    try {
      await setBusiness("exempt", "0");
      const tal = await learner("Tal");
      const { payment } = await buy(tal.cookie, tal.user.id, "100.00");
      const before = cardcom.state.documents.length;
      await round();
      const [sent] = cardcom.state.documents.slice(before);
      expect(sent!.request).toMatchObject({ Document: { DocumentTypeToCreate: "Receipt", IsVatFree: true } });
      expect((await documentsOf(payment.id))[0]).toMatchObject({ document_type: "Receipt", vat_basis_points: 0 });
      // No "incl. VAT" beside the prices of an exempt dealer.
      expect(shown(await (await get("/Payments")).text())).not.toContain('data-testid="price-vat"');

      await setBusiness("licensed", "17.5");
      const gil = await learner("Gil");
      const licensed = await buy(gil.cookie, gil.user.id, "100.00");
      await round();
      const [invoice] = cardcom.state.documents.slice(before + 1);
      expect(invoice!.request).toMatchObject({
        Document: { DocumentTypeToCreate: "TaxInvoiceAndReceipt", IsVatFree: false },
      });
      expect((await documentsOf(licensed.payment.id))[0]).toMatchObject({ vat_basis_points: 1750 });
      expect(shown(await (await get("/Payments")).text())).toContain('data-testid="price-vat"');
    } finally {
      await setBusiness("company", "18");
    }
  });

  it("a coupon is on the document (the full price, then the coupon taking its part off); a refund from the admin area gets its credit document", async () => {
    await setBusiness("licensed", "18");
    const code = `DOCS-${randomUUID().slice(0, 6).toUpperCase()}`;
    await createCoupon(app.db, newCoupon({ code }), "admin:test");
    const yael = await learner("Yael");
    const { payment, deal } = await buy(yael.cookie, yael.user.id, "129.00", code);
    expect(payment).toMatchObject({ amount_cents: 10320, coupon_code: code, discount_cents: 2580 });
    const before = cardcom.state.documents.length;
    await round();
    const [receipt] = cardcom.state.documents.slice(before);
    expect(receipt!.request).toMatchObject({
      DealNumbers: [{ DealNumber: deal.transactionId }],
      Document: {
        DocumentTypeToCreate: "TaxInvoiceAndReceipt",
        Products: [
          { Description: "קורס: יסודות הנהלת חשבונות", Quantity: 1, UnitCost: 129, TotalLineCost: 129 },
          { Description: `קופון ${code}`, Quantity: 1, UnitCost: -25.8, TotalLineCost: -25.8 },
        ],
      },
    });

    // The admin's list of courses owned names the provider that took the payment.
    const grantRows = (await (await get("/admin/payments", admin)).text()).split('data-testid="grant-row"').slice(1);
    const owned = grantRows.map(shown).find((row) => row.includes(yael.user.email!));
    expect(owned).toContain("Payment (Cardcom)");

    // The accountant's CSV has what was charged, the coupon and what it took off.
    const csv = await (await get("/admin/payments.csv", admin)).text();
    const cells = csv
      .split("\r\n")
      .find((l) => l.includes(payment.id))!
      .slice(1, -1)
      .split('","');
    expect(cells.slice(5, 9)).toEqual(["103.20", "ILS", code, "25.80"]);

    // The admin gives ₪50.00 back: Cardcom refunds it, and its own document follows (a credit of ₪50.00).
    const form = await (await get(`/admin/payments/${payment.id}/refund`, admin)).text();
    const key = /name="key" value="([0-9a-f-]{36})"/.exec(form)?.[1];
    expect(key).toBeDefined();
    const refunded = await post(`/admin/payments/${payment.id}/refund`, admin, {
      amount: "50.00",
      reason: "",
      confirm: "on",
      key: key!,
    });
    expect(refunded.status).toBe(200);
    const [refundRow] = await app.db
      .selectFrom("payment_refunds")
      .selectAll()
      .where("payment_id", "=", payment.id)
      .execute();
    expect(refundRow).toMatchObject({ amount_cents: 5000, status: "done" });
    expect((await documentsOf(payment.id)).map((d) => [d.kind, d.refund_id, d.amount_cents, d.status])).toEqual(
      expect.arrayContaining([
        ["payment", null, 10320, "issued"],
        ["refund", refundRow!.id, 5000, "pending"],
      ]),
    );
    const beforeCredit = cardcom.state.documents.length;
    await round();
    const [credit, ...more] = cardcom.state.documents.slice(beforeCredit);
    expect(more).toEqual([]);
    expect(credit!.request).toMatchObject({
      Document: {
        DocumentTypeToCreate: "TaxInvoiceAndReceiptRefund",
        Products: [{ Description: "זיכוי: קורס: יסודות הנהלת חשבונות", Quantity: 1, UnitCost: 50, TotalLineCost: 50 }],
      },
    });
  });

  it("the accountant's CSV: every payment with its document, UTF-8 with a BOM, formulas defused, admins only", async () => {
    const mallory = await createSignedInUser(app.db, "learner", {
      name: '=HYPERLINK("http://evil")',
      email: `mallory-${randomUUID().slice(0, 6)}@example.org`,
    });
    const { payment } = await buy(mallory.cookie, mallory.user.id, "129.00");
    await round();
    const [doc] = await documentsOf(payment.id);

    expect((await get("/admin/payments.csv", mallory.cookie)).status).not.toBe(200);
    const res = await get("/admin/payments.csv", admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain("lomda-payments.csv");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const [header, ...lines] = text.trimEnd().split("\r\n");
    expect(header).toBe(
      "paid_at,payment_id,buyer_email,buyer_name,for,amount,currency,coupon,discount,provider,provider_reference,payment_status,document_kind,document_type,document_number,document_status,document_amount,vat_percent,vat_amount,document_issued_at,document_url",
    );
    const line = lines.find((l) => l.includes(payment.id))!;
    const cells = line.slice(1, -1).split('","');
    expect(cells.slice(1, 19)).toEqual([
      payment.id,
      mallory.user.email,
      '\'=HYPERLINK(""http://evil"")',
      "course: Bookkeeping basics",
      "129.00",
      "ILS",
      "",
      "",
      "cardcom",
      payment.provider_ref,
      "paid",
      "payment",
      "TaxInvoiceAndReceipt",
      doc!.number,
      "issued",
      "129.00",
      "18.00",
      // 129.00 × 18 / 118 = 19.677…, rounded once to 19.68.
      "19.68",
    ]);
    expect(cells[20]).toBe(doc!.url);
    expect(vatWithin(12900, 1800)).toBe(1968);
    expect(vatWithin(12900, 0)).toBe(0);
  });

  it("a learner sees only their own receipts, and an empty list before any", async () => {
    const owner = await learner("Owner");
    const { payment } = await buy(owner.cookie, owner.user.id, "75.00");
    await round();
    const [doc] = await documentsOf(payment.id);
    const other = await learner("Other");
    const page = shown(await (await get("/profile", other.cookie)).text());
    expect(page).toContain('data-testid="receipts-empty"');
    expect(page).toContain("No receipts yet.");
    expect(page).not.toContain(doc!.url!);
    expect(shown(await (await get("/profile?lng=he", other.cookie)).text())).toContain("עדיין אין קבלות.");
    expect(shown(await (await get("/profile", owner.cookie)).text())).toContain(doc!.url!);
  });

  it("queues nothing where no issuer issues the provider's documents, and a refund's document once", async () => {
    const someone = await learner("Someone");
    const { payment } = await buy(someone.cookie, someone.user.id, "30.00");
    await round();
    const refund = {
      paymentId: payment.id,
      refundId: randomUUID(),
      amountCents: 1000,
      currency: "ILS",
      now: new Date(),
    };
    expect(await queueTaxDocument(app.db, refund)).toBe(true);
    expect(await queueTaxDocument(app.db, refund)).toBe(false);
    const before = cardcom.state.documents.length;
    await round();
    const [sent] = cardcom.state.documents.slice(before);
    expect(sent!.request).toMatchObject({
      Document: {
        DocumentTypeToCreate: "TaxInvoiceAndReceiptRefund",
        Products: [{ Description: "זיכוי: קורס: יסודות הנהלת חשבונות", UnitCost: 10 }],
      },
    });
    setTaxDocumentIssuing(null);
    try {
      expect(await queueTaxDocument(app.db, { ...refund, refundId: randomUUID() })).toBe(false);
    } finally {
      setTaxDocumentIssuing({ issuer: "cardcom", providers: ["cardcom"] });
    }
    expect(await documentsOf(payment.id)).toHaveLength(2);
  });
  it("two processes, each with its own background round, issue a payment's document once", async () => {
    // Two more processes on the same database, looking every 20 ms: their rounds race for each row.
    const others = await Promise.all(
      [0, 1].map(() =>
        startApp(
          {
            ...cardcomEnv(cardcom.url),
            CARDCOM_API_PASSWORD: TEST_API_PASSWORD,
          },
          dialect,
          { sharing: { database: app.database }, background: { documentPollMs: 20 } },
        ),
      ),
    );
    try {
      const results: string[] = [];
      for (const name of ["Ada", "Ben", "Carmel"]) {
        const buyer = await learner(name);
        const { payment } = await buy(buyer.cookie, buyer.user.id, "20.00");
        await expect.poll(async () => (await documentsOf(payment.id))[0]?.status, { timeout: 10_000 }).toBe("issued");
        results.push((await documentsOf(payment.id))[0]!.id);
      }
      // Each document asked of Cardcom once, whichever process took it.
      for (const id of results)
        expect(
          cardcom.state.documents.filter((d) => (d.request.Document as { ExternalId?: string }).ExternalId === id),
        ).toHaveLength(1);
    } finally {
      await Promise.all(others.map((other) => other.stop()));
    }
  });
  // Last in the file: an app's start sets its process's setting (one configuration per process), and
  // this one turns documents off for every app of this test process.
  it("without the API password the admin is told plainly that no documents are issued", async () => {
    const plain = await startApp(
      {
        ...cardcomEnv(cardcom.url),
      },
      dialect,
    );
    try {
      const adminCookie = (await createSignedInUser(plain.db, "admin")).cookie;
      const page = await fetch(`${plain.url}/admin/payments`, { headers: { cookie: adminCookie } });
      expect(shown(await page.text())).toContain("No tax documents are being issued by Lomda");
      const he = await fetch(`${plain.url}/admin/payments?lng=he`, { headers: { cookie: adminCookie } });
      expect(shown(await he.text())).toContain("לומדה אינה מפיקה מסמכי מס");
      // A learner's profile offers no empty list of receipts where none are issued.
      const learnerCookie = (await createSignedInUser(plain.db, "learner")).cookie;
      const profile = await fetch(`${plain.url}/profile`, { headers: { cookie: learnerCookie } });
      expect(shown(await profile.text())).not.toContain('data-testid="receipts"');
    } finally {
      await plain.stop();
    }
  });
});
