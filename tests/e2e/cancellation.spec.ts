import { randomUUID } from "node:crypto";
import { createPayment } from "../support/factories.ts";
import { withE2eDatabase } from "./catalogue-db.ts";
import { DEMO_EMAILS, expect, expectAccessible, startSession, test, waitForHydration } from "./fixtures.ts";

// Issue 33, point 3: the cancellation link every page's footer carries (the Consumer Protection Law
// asks for one seen from the home page), a buyer asking to cancel a purchase within the 14 days, and
// the admin approving it — in both languages, accessible.
const TEXT = {
  en: {
    link: "Cancel a purchase",
    title: "Cancel a purchase",
    course: /Course: React from Zero to App/,
    figures: "Fee $12.45 · back to you $236.55",
    reason: "Why are you cancelling? (optional)",
    submit: "Ask to cancel",
    choose: "Choose the purchase to cancel.",
    confirmed: "Your request is recorded. We refund $236.55 (the price $249.00 less the fee $12.45) within 14 days",
    pending: "You asked to cancel it on",
    approve: /^Approve/,
    approvedAdmin: "Approved, and the buyer is told. Now refund $236.55 at the payment provider.",
    approvedBuyer: "$236.55 is refunded to the card you paid with.",
  },
  he: {
    link: "ביטול עסקה",
    title: "ביטול עסקה",
    course: /קורס: React מאפס לאפליקציה/,
    figures: "דמי ביטול",
    reason: "למה אתם מבטלים? (לא חובה)",
    submit: "בקשת ביטול",
    choose: "בחרו את הרכישה שתרצו לבטל.",
    confirmed: "הבקשה נרשמה.",
    pending: "ביקשתם לבטל ב־",
    approve: /^אישור/,
    approvedAdmin: "אושרה, והקונה קיבל/ה הודעה.",
    approvedBuyer: "מוחזרים לכרטיס שבו שילמתם.",
  },
} as const;

for (const lng of ["en", "he"] as const) {
  const text = TEXT[lng];
  test(`a visitor follows the footer's link from the home page, signs in, asks to cancel a purchase, and the admin approves it (${lng})`, async ({
    page,
    browser,
    baseURL,
    allowConsoleErrors,
  }) => {
    // The refused post below (nothing chosen) is answered 400, which the browser logs.
    allowConsoleErrors(/status of 400 \(Bad Request\)/);
    await page.goto(`/?lng=${lng}`);
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: text.link, exact: true }).click();
    // Signed-in buyers only: the sign-in page, which brings the visitor back here.
    await expect(page).toHaveURL(/\/register\?returnTo=%2Fcancel$/);

    // A buyer of their own, who bought the React course today for $249.
    const email = `buyer-${lng}-${randomUUID().slice(0, 8)}@lomda.test`;
    expect((await page.request.post("/__test/account", { form: { email, name: "Noa Buyer" } })).status()).toBe(204);
    await startSession(page, email);
    await withE2eDatabase(async (db) => {
      const user = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
      const course = await db
        .selectFrom("courses")
        .select("id")
        .where("slug", "=", "mern-react")
        .executeTakeFirstOrThrow();
      const payment = await createPayment(db, user, { courseId: course.id, amountCents: 24_900, currency: "USD" });
      // Made up, so the Stripe stand-in knows no charge of it: a payment Lomda cannot refund through the
      // provider (it names none), which the admin approves and refunds by hand. Refunds through the
      // provider, an approval's too, are refunds.spec.ts's and tests/integration/refunds.test.ts's.
      await db.updateTable("payments").set({ provider_payment_id: null }).where("id", "=", payment).execute();
    });
    await page.goto(`/cancel?lng=${lng}`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.title);
    const purchase = page.getByTestId("cancel-purchase").filter({ hasText: text.course });
    await expect(purchase).toContainText(text.figures);
    await expectAccessible(page);

    // Nothing chosen: said beside the choice, in the page's language.
    await page.getByRole("button", { name: text.submit }).click();
    await expect(page.getByTestId("payment-error")).toHaveText(text.choose);
    await expectAccessible(page);

    await purchase.getByRole("radio").check();
    await page.getByLabel(text.reason).fill(lng === "he" ? "לא מה שחיפשתי" : "Not what I was looking for");
    await page.getByRole("button", { name: text.submit }).click();
    await expect(page.getByTestId("cancel-confirmation")).toContainText(text.confirmed);
    await expect(page.getByTestId("cancel-others")).toContainText(text.pending);
    // Asked once: the purchase is no longer offered.
    await expect(page.getByTestId("cancel-purchase").filter({ hasText: text.course })).toHaveCount(0);
    await expectAccessible(page);

    // The admin, in another browser, approves it.
    const admin = await (await browser.newContext({ baseURL })).newPage();
    await startSession(admin, DEMO_EMAILS.admin);
    await admin.goto(`/admin?lng=${lng}`);
    await waitForHydration(admin);
    await admin
      .getByTestId("admin-nav")
      .getByRole("link", { name: lng === "he" ? "ביטולים" : "Cancellations" })
      .click();
    await expect(admin).toHaveURL(/\/admin\/cancellations$/);
    const row = admin.getByTestId("cancellation-row").filter({ hasText: email });
    await expect(row).toContainText("236.55");
    await expectAccessible(admin);
    await row.getByRole("button", { name: text.approve }).click();
    await expect(admin.getByTestId("list-status")).toContainText(text.approvedAdmin);
    await expect(row.getByRole("button")).toHaveCount(0);
    await expectAccessible(admin);
    await admin.context().close();

    await page.reload();
    await expect(page.getByTestId("cancel-others")).toContainText(text.approvedBuyer);
  });
}

test("the admin's business details: refused beside the field in Hebrew, and accessible", async ({
  adminPage: page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 400 \(Bad Request\) .*\/admin\/business\.data/);
  await page.goto("/admin?lng=he");
  await waitForHydration(page);
  await page.getByTestId("admin-nav").getByRole("link", { name: "פרטי העסק" }).click();
  await expect(page).toHaveURL(/\/admin\/business$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("פרטי העסק");
  await expect(page.getByLabel("מספר עוסק או ח״פ")).toHaveValue("516472834");
  await expect(page.getByRole("radio", { name: "חברה בע״מ" })).toBeChecked();
  await expectAccessible(page);
  // An exempt dealer with VAT, and a number whose check digit is wrong: both said beside their fields.
  await page.getByRole("radio", { name: /^עוסק פטור/ }).check();
  await page.getByLabel("מספר עוסק או ח״פ").fill("516472835");
  await page.getByRole("button", { name: "שמירה" }).click();
  await expect(page.getByTestId("dealerNumber-error")).toContainText("ספרת הביקורת של המספר הזה שגויה");
  await expect(page.getByLabel("מספר עוסק או ח״פ")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("מספר עוסק או ח״פ")).toHaveValue("516472835");
  await expectAccessible(page);
});
