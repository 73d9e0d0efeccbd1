import { randomUUID } from "node:crypto";
import { createIdpAccount } from "../../app/models/idp-account.server.ts";
import { createCourse, createLesson, createVideoList } from "../support/factories.ts";
import { DEMO_PASSWORD } from "./auth-helpers.ts";
import { withE2eDatabase } from "./catalogue-db.ts";
import { DEMO_EMAILS, expect, expectAccessible, startSession, test } from "./fixtures.ts";

/**
 * Issue 33 in the browser: the admin refunds a payment from /admin/payments through the provider
 * (the Stripe stand-in the shared server uses, playwright.config.ts): part of it in English, a bad
 * amount refused beside its field, then the rest in Hebrew, which takes the course back. Keyboard and
 * axe on the way. Decision 0050.
 */
test("the admin refunds part of a payment, then the rest in Hebrew, and the course goes back", async ({
  page,
  browser,
  allowConsoleErrors,
}) => {
  // The refused amount is a 400 answer, which the browser logs.
  allowConsoleErrors(/status of 400 \(Bad Request\)/);
  const email = `refunded-${randomUUID().slice(0, 8)}@lomda.test`;
  const { slug, courseId } = await withE2eDatabase(async (db) => {
    await createIdpAccount(db, { email, password: DEMO_PASSWORD, name: "Refund Tester" });
    const courseId = await createCourse(db, { titleEn: "Refunded in the browser", price: "59", soldSeparately: "on" });
    const listId = await createVideoList(db, { courses: [courseId], freeSamples: "1" });
    await createLesson(db, listId, { youtube: "e2eRefund01", titleEn: "The free sample" });
    await createLesson(db, listId, { youtube: "e2eRefund02", titleEn: "The paid lesson" });
    const { slug } = await db.selectFrom("courses").select("slug").where("id", "=", courseId).executeTakeFirstOrThrow();
    return { slug, courseId };
  });

  // The buyer pays on the stand-in's Checkout page, in a browser of their own.
  const buyer = await browser.newPage();
  try {
    await startSession(buyer, email);
    await expect.poll(async () => (await buyer.request.get(`/order?course=${slug}`)).status()).toBe(200);
    await buyer.goto(`/order?course=${slug}`);
    await buyer.getByRole("button", { name: "Buy for $59.00" }).click();
    await expect(buyer).toHaveURL(/\/c\/pay\/cs_test_/);
    await buyer.getByRole("button", { name: "Pay" }).click();
    await expect(buyer.getByTestId("checkout-state")).toHaveAttribute("data-state", "ready");
  } finally {
    await buyer.close();
  }

  await startSession(page, DEMO_EMAILS.admin);
  await page.goto("/admin/payments");
  const refund = page.getByRole("link", { name: `Refund: ${email}, Refunded in the browser, $59.00` });
  await refund.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/payments\/[0-9a-f-]{36}\/refund$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Refund a payment");
  await expect(page.getByTestId("refund-remaining")).toHaveText("Left to refund: $59.00");
  await expectAccessible(page);

  // A negative amount: refused beside the field, nothing refunded.
  const amount = page.getByLabel("Amount to refund");
  await amount.fill("-5");
  await page.getByRole("checkbox", { name: /I confirm/ }).check();
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(page.locator("#refund-amount-error")).toHaveText(
    "Type an amount more than 0, with up to two decimals (12.50).",
  );
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  // Part of it: the buyer keeps the course.
  await amount.fill("20.50");
  await page.getByLabel("Reason (optional)").fill("A goodwill discount");
  await page.getByRole("checkbox", { name: /I confirm/ }).check();
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(page.getByTestId("refund-ok")).toHaveText("$20.50 was refunded through Stripe; the buyer keeps access.");
  await expect(page.getByTestId("refund-remaining")).toHaveText("Left to refund: $38.50");
  await expect(page.getByTestId("refund-line")).toHaveCount(1);
  await expect(page.getByTestId("refund-line")).toContainText("A goodwill discount");

  // The rest, in Hebrew: the field holds what is left.
  await page.goto(`${new URL(page.url()).pathname}?lng=he`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByLabel("הסכום להחזר")).toHaveValue("38.50");
  await expectAccessible(page);
  await page.getByRole("checkbox", { name: /אני מאשר/ }).check();
  await page.getByRole("button", { name: "החזר", exact: true }).click();
  await expect(page.getByTestId("refund-ok")).toContainText("התשלום הוחזר במלואו");
  await expect(page.getByTestId("refund-unavailable")).toHaveText("התשלום הזה הוחזר.");
  await expect(page.getByTestId("refund-line")).toHaveCount(2);
  await expectAccessible(page);

  // The course went back with the whole refund.
  const access = await withE2eDatabase((db) =>
    db
      .selectFrom("course_access")
      .innerJoin("users", "users.id", "course_access.user_id")
      .select(["course_access.revoked_at", "course_access.revoked_by"])
      .where("users.email", "=", email)
      .where("course_access.course_id", "=", courseId)
      .executeTakeFirstOrThrow(),
  );
  expect(access.revoked_by).toMatch(/^refund:pi_/);
});
