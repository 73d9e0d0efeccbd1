import { DEMO_EMAILS, expect, expectAccessible, startSession, test, waitForHydration } from "./fixtures.ts";

test("the rating starts at 2; a post appears in place with an English date; its author can delete it", async ({
  page,
}) => {
  await page.goto("/feedback?lng=en");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Give your Feedback" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "2 Stars" })).toBeChecked();
  for (const label of ["1 Star", "3 Stars", "4 Stars", "5 Stars"])
    await expect(page.getByRole("radio", { name: label })).not.toBeChecked();
  await expectAccessible(page);

  let documentLoads = 0;
  page.on("request", (r) => {
    if (r.resourceType() === "document") documentLoads++;
  });
  const name = `Browser ${Date.now()}`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Comment").fill("<script>alert('x')</script> very useful");
  await page.getByRole("radio", { name: "4 Stars" }).check({ force: true });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("feedback-flash")).toHaveText("Thank you! Your feedback was published.");
  await expect(page.getByTestId("feedback-flash")).toBeFocused();
  const card = page.getByTestId("feedback-card").filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId("feedback-comment")).toHaveText("<script>alert('x')</script> very useful");
  await expect(card.getByTestId("feedback-date")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await expect(card.getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue(""); // the form is cleared
  expect(documentLoads).toBe(0);

  await expect(card.getByTestId("feedback-delete")).toHaveAccessibleName(`Delete feedback by ${name}`);
  await card.getByTestId("feedback-delete").click();
  await card.getByRole("button", { name: "Delete it" }).click();
  await expect(page.getByTestId("feedback-flash")).toHaveText("The feedback was deleted.");
  await expect(page.getByTestId("feedback-card").filter({ hasText: name })).toHaveCount(0);
});

test("errors appear beside the fields in Hebrew, and what was typed is kept", async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 400/);
  await page.goto("/feedback?lng=he");
  await waitForHydration(page);
  await page.getByLabel("שם", { exact: true }).fill("x".repeat(80));
  await page.getByLabel("תגובה").fill("נשאר");
  await page.getByLabel("כתובת תמונה").fill("javascript:alert(1)");
  // Bypass the browser's own checks, to see the server's answer.
  await page.locator("form[data-testid=feedback-form]").evaluate((form) => form.setAttribute("novalidate", ""));
  await page.getByRole("button", { name: "שליחה" }).click();
  await expect(page.getByTestId("error-image")).toHaveText(
    "כתובת התמונה צריכה להיות כתובת אינטרנט מלאה, שמתחילה ב-http או ב-https.",
  );
  await expect(page.getByTestId("feedback-form-error")).toHaveText("נא לתקן את השדות המסומנים למטה.");
  await expect(page.getByLabel("תגובה")).toHaveValue("נשאר");
  await expect(page.getByLabel("כתובת תמונה")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("כתובת תמונה")).toBeFocused(); // the first field to correct
  await expectAccessible(page);
});

test("another browser sees no delete button on someone else's card; an admin does", async ({ page, browser }) => {
  await page.goto("/feedback");
  await page.getByLabel("Name").fill("Owner");
  await page.getByLabel("Comment").fill("owned by the first browser");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(
    page.getByTestId("feedback-card").filter({ hasText: "owned by the first browser" }).getByTestId("feedback-delete"),
  ).toBeVisible();
  const other = await browser.newPage();
  await other.goto("/feedback");
  await expect(
    other.getByTestId("feedback-card").filter({ hasText: "owned by the first browser" }).getByTestId("feedback-delete"),
  ).toHaveCount(0);
  await startSession(other, DEMO_EMAILS.admin);
  await other.goto("/feedback");
  await expect(
    other.getByTestId("feedback-card").filter({ hasText: "owned by the first browser" }).getByTestId("feedback-delete"),
  ).toBeVisible();
  await other.close();
});

test("deleting one's own feedback asks first; Escape keeps it", async ({ page }) => {
  await page.goto("/feedback?lng=en");
  await waitForHydration(page);
  await page.getByLabel("Name").fill("Second thoughts");
  await page.getByLabel("Comment").fill("a post its author deletes");
  await page.getByRole("button", { name: "Submit" }).click();
  const card = page.getByTestId("feedback-card").filter({ hasText: "a post its author deletes" });
  await card.getByTestId("feedback-delete").click();
  await expect(card.getByText("Delete this feedback for good?")).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(card.getByText("Delete this feedback for good?")).toBeHidden();
  await expect(card.getByTestId("feedback-delete")).toBeFocused();
  await page.keyboard.press("Enter");
  await card.getByRole("button", { name: "Delete it" }).click();
  await expect(card).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("posting redirects back with a thank-you and a Hebrew date", async ({ page }) => {
    await page.goto("/feedback?lng=he");
    await expect(page.getByRole("radio", { name: "שני כוכבים" })).toBeChecked();
    await page.getByLabel("שם", { exact: true }).fill("ללא סקריפט");
    await page.getByLabel("תגובה").fill("עובד גם בלי JavaScript");
    await page.getByRole("button", { name: "שליחה" }).click();
    await expect(page).toHaveURL(/\/feedback$/);
    await expect(page.getByTestId("feedback-flash")).toHaveText("תודה! המשוב שלכם פורסם.");
    const card = page.getByTestId("feedback-card").filter({ hasText: "ללא סקריפט" });
    await expect(card.getByTestId("feedback-date")).toHaveText(/^\d{1,2} ב?[א-ת]+׳? \d{4}$/);
    await expect(card.getByRole("img", { name: "2 מתוך 5 כוכבים" })).toBeVisible();
  });
});

for (const [lng, name, initials, submit] of [
  ["en", "Dana Levi", "DL", "Submit"],
  ["he", "דנה לוי", "דל", "שליחה"],
] as const) {
  test(`a picture that fails to load becomes the initials avatar, also before hydration (${lng})`, async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/Failed to load resource/);
    // The picture's host answers 404, as a link that went stale would.
    await page.route("https://pictures.example/**", (route) => route.fulfill({ status: 404 }));
    await page.goto(`/feedback?lng=${lng}`);
    await waitForHydration(page);
    const comment = `picture test ${lng} ${Date.now()}`;
    await page.locator("#feedback-name").fill(name);
    await page.locator("#feedback-comment").fill(comment);
    await page.locator("#feedback-image").fill("https://pictures.example/me.png");
    await page.getByRole("button", { name: submit }).click();
    const card = page.getByTestId("feedback-card").filter({ hasText: comment });
    await expect(card.getByTestId("feedback-avatar")).toHaveText(initials);
    await expect(card.locator("img")).toHaveCount(0);
    // A fresh load: the picture fails while the page is still static HTML, before React listens.
    await page.reload();
    await waitForHydration(page);
    await expect(card.getByTestId("feedback-avatar")).toHaveText(initials);
    await expect(card.locator("img")).toHaveCount(0);
  });
}
