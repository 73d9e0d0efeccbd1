import { randomUUID } from "node:crypto";
import { createIdpAccount } from "../../app/models/idp-account.server.ts";
import { createCourse, createLesson, createVideoList } from "../support/factories.ts";
import { DEMO_PASSWORD } from "./auth-helpers.ts";
import { withE2eDatabase } from "./catalogue-db.ts";
import { STRIPE_STANDIN_PORT } from "../../playwright.config.ts";
import { DEMO_EMAILS, expect, expectAccessible, startSession, test, waitForHydration } from "./fixtures.ts";

// One stand-in serves every test here, and one test holds its events back: one at a time.
test.describe.configure({ mode: "serial" });
const STANDIN = `http://127.0.0.1:${STRIPE_STANDIN_PORT}`;

/**
 * Issue 18 in the browser: a visitor picks a course, signs in, pays on the (stand-in) Stripe
 * Checkout page, comes back, and — once the signed webhook has arrived — plays the course's lesson
 * that only subscribers and owners may watch. The stand-in runs beside the server (playwright.config.ts).
 */
test("a visitor buys a course: sign in, checkout, back, and its subscriber-only lesson plays", async ({ page }) => {
  const email = `buyer-${randomUUID().slice(0, 8)}@lomda.test`;
  const listSlug = `bought-${randomUUID().slice(0, 8)}`;
  const courseSlug = await withE2eDatabase(async (db) => {
    await createIdpAccount(db, { email, password: DEMO_PASSWORD, name: "Buyer Tester" });
    const courseId = await createCourse(db, { titleEn: "Bought in the browser", price: "129", soldSeparately: "on" });
    // One free sample, then a lesson for subscribers and owners only.
    const listId = await createVideoList(db, { slug: listSlug, courses: [courseId], freeSamples: "1" });
    await createLesson(db, listId, { youtube: "e2eBuyFree1", titleEn: "The free sample" });
    await createLesson(db, listId, { youtube: "e2eBuyPaid1", titleEn: "The paid lesson" });
    return (await db.selectFrom("courses").select("slug").where("id", "=", courseId).executeTakeFirstOrThrow()).slug;
  });
  await expect.poll(async () => (await page.request.get(`/order?course=${courseSlug}`)).status()).toBe(200);

  // A visitor sees the price and is asked to sign in, then comes back to the same page.
  await page.goto(`/order?course=${courseSlug}`);
  const buy = page.getByTestId("buy-course");
  await expect(buy).toContainText("Pay once and keep every video of this course for good.");
  await expectAccessible(page);
  await buy.getByRole("link", { name: "Sign in to buy this course" }).click();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.locator("#idp-email").fill(email);
  await page.locator("#idp-password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`/order\\?course=${courseSlug}$`));

  // Before paying, the lesson is locked.
  await page.goto(`/courses/${listSlug}`);
  await expect(page.getByTestId("video-locked")).toHaveCount(1);

  await page.goto(`/order?course=${courseSlug}`);
  await page.getByRole("button", { name: "Buy for $129.00" }).click();
  // Stripe's hosted page (the stand-in's): the amount, and Pay.
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  await expect(page.locator("body")).toContainText("129.00");
  await page.getByRole("button", { name: "Pay" }).click();

  // Back on Lomda: the webhook arrived before the redirect, so the access is open.
  await expect(page).toHaveURL(/\/checkout\/success\?session_id=cs_test_/);
  await expect(page.getByTestId("checkout-state")).toHaveAttribute("data-state", "ready");
  await expectAccessible(page);
  await page.getByRole("link", { name: "Start watching" }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${courseSlug}$`));

  await page.goto(`/courses/${listSlug}`);
  await expect(page.getByTestId("video-locked")).toHaveCount(0);
  const paid = page.locator('[data-testid="video-facade"][data-video-id="e2eBuyPaid1"]');
  await expect(paid).toHaveAccessibleName(/The paid lesson/);
  await waitForHydration(page);
  await paid.click();
  await expect(page.locator('iframe[src*="e2eBuyPaid1"]')).toBeAttached();

  // The profile lists it, in Hebrew too, with the way to the billing portal.
  await page.goto("/profile?lng=he");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("access-course")).toContainText("Bought in the browser");
  await expect(page.getByRole("button", { name: "ניהול תשלומים וקבלות" })).toBeVisible();
  await expectAccessible(page);
});

test("the subscription plans in both languages, and a cancelled checkout", async ({ page }) => {
  const email = `plans-${randomUUID().slice(0, 8)}@lomda.test`;
  await withE2eDatabase((db) => createIdpAccount(db, { email, password: DEMO_PASSWORD, name: "Plan Tester" }));
  await page.goto("/Payments?lng=he");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("plan-month")).toContainText("לחודש");
  await expect(page.getByRole("link", { name: "התחברו כדי להירשם למנוי" })).toBeVisible();
  await expectAccessible(page);
  // Signed in from the Hebrew page, back to the English one.
  await page.goto(`/signin?returnTo=${encodeURIComponent("/Payments?lng=en")}`);
  await page.locator("#idp-email").fill(email);
  await page.locator("#idp-password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "כניסה" }).click();
  await expect(page).toHaveURL(/\/Payments\?lng=en$/);
  await page.getByRole("button", { name: "Subscribe yearly" }).click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/checkout\/cancel\?lng=en$/);
  await expect(page.locator("main").getByRole("heading", { level: 2 })).toHaveText(
    "Nothing was charged. Come back whenever you like.",
  );
  await expectAccessible(page);
  await page.getByRole("link", { name: "Back to the plans" }).click();
  await expect(page.getByRole("button", { name: "Subscribe monthly" })).toBeVisible();
});

test("the admin's payments page: accessible in both languages, a bad price refused beside its field", async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 400 \(Bad Request\)/);
  // A payment taken for a course deleted during checkout: listed first, to refund.
  const reference = `pi_e2e_deleted_${randomUUID().slice(0, 8)}`;
  await withE2eDatabase((db) =>
    db
      .insertInto("payments")
      .values({
        id: randomUUID(),
        user_id: null,
        kind: "course",
        course_id: randomUUID(),
        plan_interval: null,
        amount_cents: 7900,
        currency: "USD",
        provider: "stripe",
        provider_ref: reference,
        provider_payment_id: reference,
        provider_subscription_id: null,
        status: "paid",
        created_at: new Date().toISOString(),
        refunded_at: null,
        refund_due: "course-deleted",
        checkout_id: null,
      })
      .execute(),
  );
  await startSession(page, DEMO_EMAILS.admin);
  await page.goto("/admin/payments");
  await waitForHydration(page);
  await expect(page.getByTestId("checkout-state")).toHaveText("On: learners can subscribe and buy courses online.");
  const due = page.getByTestId("refund-row").filter({ hasText: reference });
  await expect(due).toContainText("Needs a refund: the course was deleted during checkout");
  await expectAccessible(page);
  const monthly = page.locator("form", { has: page.getByRole("heading", { name: "Monthly plan" }) });
  await monthly.getByLabel("Price").fill("0.50");
  await monthly.getByRole("button", { name: "Save the plan" }).click();
  await expect(monthly.getByText("Enter a price from 1.00 to 99999.99, like 49 or 49.90.")).toBeVisible();
  await expect(monthly.getByLabel("Price")).toHaveAttribute("aria-invalid", "true");
  // Only the form that was sent shows the error.
  await expect(page.getByText("Enter a price from 1.00 to 99999.99, like 49 or 49.90.")).toHaveCount(1);
  await page.goto("/admin/payments?lng=he");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "מסלולי מנוי" })).toBeVisible();
  await expect(due).toContainText("צריך להחזיר את הכסף: הקורס נמחק בזמן התשלום");
  await expectAccessible(page);
});

test("the thank-you page waits for the payment's confirmation and shows the access by itself", async ({ page }) => {
  const email = `waiting-${randomUUID().slice(0, 8)}@lomda.test`;
  await withE2eDatabase((db) => createIdpAccount(db, { email, password: DEMO_PASSWORD, name: "Waiting Tester" }));
  await startSession(page, email);
  // The provider's events are late: held at the stand-in until released.
  expect((await page.request.post(`${STANDIN}/__control/hold`)).ok()).toBe(true);
  try {
    await page.goto("/Payments");
    await page.getByRole("button", { name: "Subscribe monthly" }).click();
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/checkout\/success\?session_id=cs_test_/);
    const state = page.getByTestId("checkout-state");
    await expect(state).toHaveAttribute("data-state", "pending");
    await expect(state).toHaveText(/We are waiting for the payment service to confirm it/);
    await waitForHydration(page);
  } finally {
    expect((await page.request.post(`${STANDIN}/__control/release`, { data: {} })).ok()).toBe(true);
  }
  // No reload: the page asks again on its own and says so when the access is open.
  await expect(page.getByTestId("checkout-state")).toHaveAttribute("data-state", "ready", { timeout: 10_000 });
  await expect(page.getByTestId("checkout-state")).toHaveText("Your payment went through and your access is open.");
  await expect(page.getByRole("link", { name: "Start watching" })).toBeVisible();
});
