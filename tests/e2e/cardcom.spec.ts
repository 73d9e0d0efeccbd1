import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { openDatabase } from "../../app/lib/db.server.ts";
import { createIdpAccount } from "../../app/models/idp-account.server.ts";
import { savePlan } from "../../app/models/billing.server.ts";
import type { Database } from "../../db/schema.ts";
import { BOOKS_UPSTREAM_PORT, E2E_PORT } from "../../playwright.config.ts";
import {
  startCardcomStandin,
  TEST_API_NAME,
  TEST_API_PASSWORD,
  TEST_TERMINAL,
  type CardcomStandin,
} from "../support/cardcom-standin.ts";
import { createCourse, createLesson, createVideoList } from "../support/factories.ts";
import { DEMO_PASSWORD } from "./auth-helpers.ts";
import { startOwnLomda, type OwnLomda } from "./own-lomda.ts";
import { expect, expectAccessible, startSession, test, waitForHydration } from "./fixtures.ts";

/**
 * Issue 33 in the browser: a learner buys a course in Hebrew through Cardcom's hosted page (the
 * stand-in's, tests/support/cardcom-standin.ts) and gets access. A school takes payments through one
 * provider, so this needs a Lomda of its own (PAYMENT_PROVIDER=cardcom) beside the one the other specs
 * share (Stripe): it is started here, with the stand-in, only when this spec runs, so the other specs
 * do not wait for a server they never use (as dev-server.spec.ts starts its own).
 */
const PORT = E2E_PORT + 50;
const LOMDA = `http://127.0.0.1:${PORT}`;
const DATA_DIR = "tests/.tmp/e2e-cardcom";
const DATABASE_URL = `file:./${DATA_DIR}/lomda.db`;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: LOMDA });

let lomda: OwnLomda | undefined;
let cardcom: CardcomStandin | undefined;

test.beforeAll(async () => {
  // Starting a server is the slow part, not the test.
  test.setTimeout(90_000);
  cardcom = await startCardcomStandin();
  lomda = await startOwnLomda({
    port: PORT,
    dataDir: DATA_DIR,
    env: {
      LOMDA_TEST_ROUTES: "1",
      LOMDA_DEMO: "1",
      // YouTube's player API: the stand-in the shared servers use (playwright.config.ts).
      YOUTUBE_IFRAME_API_URL: `http://127.0.0.1:${BOOKS_UPSTREAM_PORT}/youtube/iframe_api`,
      PAYMENT_PROVIDER: "cardcom",
      CARDCOM_TERMINAL: String(TEST_TERMINAL),
      CARDCOM_API_NAME: TEST_API_NAME,
      CARDCOM_API_URL: cardcom.url,
      // Tax documents are issued with Cardcom (decision 0048): the API password lets Lomda ask for them.
      CARDCOM_API_PASSWORD: TEST_API_PASSWORD,
    },
  });
});

test.afterAll(async () => {
  await lomda?.stop();
  await cardcom?.close();
});

async function withDatabase<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const database = openDatabase(DATABASE_URL);
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

test("a learner buys a course in Hebrew through Cardcom's page and its paid lesson plays", async ({ page }) => {
  const email = `cardcom-${randomUUID().slice(0, 8)}@lomda.test`;
  const listSlug = `cardcom-${randomUUID().slice(0, 8)}`;
  const courseSlug = await withDatabase(async (db) => {
    await createIdpAccount(db, { email, password: DEMO_PASSWORD, name: "Cardcom Buyer" });
    const courseId = await createCourse(db, {
      titleEn: "Bought through Cardcom",
      titleHe: "נקנה דרך Cardcom",
      price: "129.90",
      currency: "ILS",
      soldSeparately: "on",
    });
    const listId = await createVideoList(db, { slug: listSlug, courses: [courseId], freeSamples: "1" });
    await createLesson(db, listId, { youtube: "e2eCardFree", titleEn: "The free sample" });
    await createLesson(db, listId, { youtube: "e2eCardPaid", titleEn: "The paid lesson" });
    return (await db.selectFrom("courses").select("slug").where("id", "=", courseId).executeTakeFirstOrThrow()).slug;
  });
  await expect.poll(async () => (await page.request.get(`/order?course=${courseSlug}`)).status()).toBe(200);
  await startSession(page, email);

  // Before paying, the lesson is locked.
  await page.goto(`/courses/${listSlug}?lng=he`);
  await expect(page.getByTestId("video-locked")).toHaveCount(1);

  await page.goto(`/order?course=${courseSlug}&lng=he`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const buy = page.getByTestId("buy-course");
  await expect(buy).toContainText("משלמים פעם אחת, בעמוד המאובטח של Cardcom");
  await expectAccessible(page);
  const button = buy.getByRole("button", { name: /^קנו ב־/ });
  await expect(button).toContainText("129.90");
  await button.click();

  // Cardcom's hosted page (the stand-in's), in Hebrew: the amount in shekels, and Pay.
  await expect(page).toHaveURL(new RegExp(`^${cardcom!.url}/EA/LPC6/${TEST_TERMINAL}/[0-9a-f-]{36}$`));
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("cardcom-amount")).toContainText("129.90");
  await expect(page.getByTestId("cardcom-amount")).toContainText("₪");
  await page.getByRole("button", { name: "לתשלום" }).click();

  // Back on Lomda, in Hebrew: the deal was read back from Cardcom, and the access is open.
  await expect(page).toHaveURL(/\/checkout\/success\?order=[0-9a-f-]{36}&lng=he$/);
  const state = page.getByTestId("checkout-state");
  await expect(state).toHaveAttribute("data-state", "ready");
  await expect(state).toHaveText("התשלום עבר והגישה שלכם פתוחה.");
  await expectAccessible(page);
  await page.getByRole("link", { name: "התחילו לצפות" }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${courseSlug}(\\?lng=he)?$`));

  await page.goto(`/courses/${listSlug}?lng=he`);
  await expect(page.getByTestId("video-locked")).toHaveCount(0);
  const paid = page.locator('[data-testid="video-facade"][data-video-id="e2eCardPaid"]');
  await waitForHydration(page);
  await paid.click();
  await expect(page.locator('iframe[src*="e2eCardPaid"]')).toBeAttached();

  // Cardcom's notification came too, and changed nothing more: one payment, one course.
  await cardcom!.settled();
  expect(cardcom!.state.notices.map((n) => n.status)).toEqual([200]);
  const rows = await withDatabase(async (db) => {
    const user = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    return {
      payments: await db.selectFrom("payments").select("provider").where("user_id", "=", user.id).execute(),
      courses: await db.selectFrom("course_access").select("id").where("user_id", "=", user.id).execute(),
    };
  });
  expect(rows.payments).toEqual([{ provider: "cardcom" }]);
  expect(rows.courses).toHaveLength(1);

  // The receipt (a tax invoice and receipt: the demo's business is a company), issued by Lomda's own
  // background round through Cardcom, on the profile in Hebrew and in English; its link opens Cardcom's
  // document (the stand-in's).
  await page.goto("/profile?lng=he");
  const receipt = page.getByTestId("receipt-row");
  await expect(async () => {
    await page.reload();
    await expect(receipt).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const [document] = cardcom!.state.documents;
  expect(document).toMatchObject({ type: "TaxInvoiceAndReceipt" });
  await expect(receipt).toContainText("חשבונית מס/קבלה");
  await expect(receipt).toContainText(String(document!.number));
  await expect(receipt).toContainText("129.90");
  await expectAccessible(page);
  await page.goto("/profile?lng=en");
  await expect(receipt).toContainText("Tax invoice and receipt");
  await expect(receipt).toContainText("129.90");
  await expectAccessible(page);
  await receipt.getByRole("link", { name: /^Open/ }).click();
  await expect(page).toHaveURL(document!.url);
  await expect(page.getByTestId("document-title")).toContainText(`TaxInvoiceAndReceipt ${document!.number}`);
  await expect(page.getByTestId("document-total")).toContainText("129.90 ILS");
});

test("a learner with no payment sees an empty list of receipts, in both languages", async ({ page }) => {
  const email = `cardcom-none-${randomUUID().slice(0, 8)}@lomda.test`;
  await withDatabase((db) => createIdpAccount(db, { email, password: DEMO_PASSWORD, name: "No Purchases" }));
  await startSession(page, email);
  await page.goto("/profile?lng=en");
  await expect(page.getByTestId("receipts-empty")).toHaveText(
    "No receipts yet. Each payment's receipt is listed here once it is issued.",
  );
  await page.goto("/profile?lng=he");
  await expect(page.getByTestId("receipts-empty")).toHaveText(
    "עדיין אין קבלות. הקבלה של כל תשלום מופיעה כאן לאחר שהיא מופקת.",
  );
  await expectAccessible(page);
});

test("a learner's Cardcom plan renews by Lomda, and they stop the renewal on the cancellation page in Hebrew", async ({
  page,
}) => {
  const email = `cardcom-plan-${randomUUID().slice(0, 8)}@lomda.test`;
  await withDatabase(async (db) => {
    await createIdpAccount(db, { email, password: DEMO_PASSWORD, name: "Plan Buyer" });
    await savePlan(db, { interval: "month", amountCents: 4990, currency: "ILS", active: true });
  });
  await startSession(page, email);
  await page.goto("/Payments");
  await page.getByTestId("plan-month").getByRole("button", { name: "Subscribe monthly" }).click();
  await expect(page).toHaveURL(new RegExp(`^${cardcom!.url}/EA/LPC6/`));
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByTestId("checkout-state")).toHaveAttribute("data-state", "ready");

  // Lomda charges the kept card when the month ends: the profile says so.
  await page.goto("/profile");
  await expect(page.getByTestId("access-subscription")).toContainText("renews automatically");
  // The plan's first payment has its receipt too, once Lomda's round has issued it.
  const receipt = page.getByTestId("receipt-row");
  await expect(async () => {
    await page.reload();
    await expect(receipt).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(receipt).toContainText("Tax invoice and receipt");
  await expect(receipt).toContainText("49.90");

  // The cancellation page lists the plan's renewal; stopping it is done at once, in Hebrew.
  await page.goto("/cancel?lng=he");
  const renewals = page.getByTestId("cancel-renewals");
  await expect(renewals).toContainText("מתחדש");
  await expectAccessible(page);
  await renewals.getByRole("button", { name: "הפסקת החידוש" }).click();
  await expect(page.getByTestId("cancel-confirmation")).toContainText("החידוש הופסק: לא יחויב דבר נוסף.");
  await expect(renewals.getByRole("button")).toHaveCount(0);
  await expectAccessible(page);
  await page.goto("/profile?lng=he");
  await expect(page.getByTestId("access-subscription")).toContainText("בוטל: מסתיים ב־");
});
