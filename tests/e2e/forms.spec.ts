import type { Page } from "@playwright/test";
import { DEMO_PASSWORD } from "./auth-helpers.ts";
import { DEMO_EMAILS, expect, expectAccessible, test, waitForHydration } from "./fixtures.ts";

// The site scrolls smoothly (html { scroll-behavior: smooth }), so every scroll into view (focus moving
// to a new question, Playwright scrolling to an option before it clicks) animates and each click waits
// for the page to settle: a second a question on a busy machine. Motion is not what these tests are
// about (public-site.spec.ts tests the reduced-motion behaviour itself), so they run with it reduced.
test.use({ reducedMotion: "reduce" });

/** Ticks the real ALTCHA widget and waits until it has solved its proof of work (loaded once the form is used). */
async function solveCaptcha(page: Page, form: string) {
  const widget = page.getByTestId(form).locator("altcha-widget");
  await page.getByTestId(form).locator("input:not([type=hidden]), textarea").first().focus();
  await expect(page.getByTestId(form).getByTestId("captcha")).toHaveAttribute("data-ready", "true");
  await widget.locator("label").first().click(); // as a person does: the label ("I'm not a robot")
  await expect(page.getByTestId(form).locator('input[name="altcha"]')).toHaveValue(/.{40,}/, { timeout: 20_000 });
}

test("the contact form with the real ALTCHA widget: Sending...., then Form Submitted Successfully and a cleared form", async ({
  page,
}) => {
  await page.goto("/contact");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact");
  const map = page.getByTestId("map");
  expect((await map.boundingBox())!.height).toBeGreaterThanOrEqual(300);
  const form = page.getByTestId("contact-form");
  await expect(form.getByLabel("Mobile No")).toHaveAttribute("type", "tel");
  expect((await form.getByLabel("Message (optional)").boundingBox())!.height).toBe(150);
  await expectAccessible(page);
  await form.getByLabel("Name").fill("Browser Tester");
  await form.getByLabel("Email").fill("browser@example.org");
  await form.getByLabel("Mobile No").fill("052-765 4321");
  await form.getByLabel("Message (optional)").fill("Sent from the browser test");
  await solveCaptcha(page, "contact-form");
  // Hold the submission until the sending state has been seen, then let it through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/contact.data", async (route) => {
    await held;
    await route.continue();
  });
  await form.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("contact-status")).toHaveText("Sending....");
  release();
  await expect(page.getByTestId("contact-status")).toHaveText("Form Submitted Successfully");
  // The registration request's next steps are its own: a contact message has none.
  await expect(page.getByTestId("contact-next")).toHaveCount(0);
  // The keyboard goes on from the answer, not from the top of the page.
  await expect(page.getByTestId("contact-status")).toBeFocused();
  await expect(form.getByLabel("Name")).toHaveValue("");
  await expect(form.getByLabel("Email")).toHaveValue("");
});

test("a failed submission says why, in Hebrew, and keeps what was typed", async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 400/);
  await page.goto("/contact?lng=he");
  await waitForHydration(page);
  const form = page.getByTestId("contact-form");
  await form.getByLabel("שם").fill("בודקת");
  // The browser accepts this address; the server does not (no domain suffix).
  await form.getByLabel("אימייל").fill("tester@localhost");
  await form.getByLabel("טלפון נייד").fill("050-1234567");
  await solveCaptcha(page, "contact-form");
  await form.getByRole("button", { name: "שליחה" }).click();
  await expect(page.getByTestId("contact-status")).toHaveText("נא לתקן את השדות המסומנים למטה.");
  await expect(page.getByTestId("contact-email-error")).toHaveText(
    "נא לכתוב כתובת אימייל תקינה, למשל name@example.com.",
  );
  await expect(form.getByLabel("שם")).toHaveValue("בודקת");
  await expect(form.getByLabel("אימייל")).toHaveValue("tester@localhost");
  await expect(form.getByLabel("אימייל")).toBeFocused(); // the field to correct
  await expectAccessible(page);
});

test("the contact details: the office's landline is a phone in both languages, and the map has a way out when it fails", async ({
  page,
}) => {
  // The map's provider cannot be reached: the frame shows nothing useful (D-L3).
  await page.route("https://www.openstreetmap.org/**", (route) => route.abort());
  for (const [lng, phone, notPhone, open] of [
    ["en", "Phone", "Mobile", "Open the map in a new tab"],
    ["he", "טלפון", "נייד", "פתחו את המפה בלשונית חדשה"],
  ] as const) {
    await page.goto(`/contact?lng=${lng}`);
    const details = page.locator("main dl").first();
    const number = details.locator('a[href^="tel:"]');
    await expect(number.locator("xpath=ancestor::div[1]/dt")).toHaveText(phone);
    await expect(details).not.toContainText(notPhone);
    const link = page.getByRole("link", { name: open });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", /^https:\/\/www\.openstreetmap\.org\/\?mlat=/);
    await expect(link).toHaveAttribute("target", "_blank");
  }
  await expectAccessible(page);
});

test("a registration request, approved by the admin, lets that person watch subscriber-only lessons", async ({
  page,
  request,
  signInAs,
}) => {
  const email = `newcomer-${Date.now()}@lomda.test`;
  // The person has an account at the embedded provider (a test-only route makes one).
  expect(
    (await request.post("/__test/account", { form: { email, name: "New Comer", password: DEMO_PASSWORD } })).status(),
  ).toBe(204);

  await page.goto("/register?lng=he");
  await waitForHydration(page);
  const form = page.getByTestId("registration-form");
  await form.getByLabel("שם מלא").fill("New Comer");
  await form.getByLabel("אימייל").fill(email);
  await form.getByLabel("טלפון נייד").fill("+972 54 000 1111");
  await solveCaptcha(page, "registration-form");
  await form.getByRole("button", { name: "שליחה" }).click();
  await expect(page.getByTestId("registration-status")).toHaveText("הטופס נשלח בהצלחה");
  // What happens next, in the same live region (D-L13).
  await expect(page.getByRole("status").filter({ has: page.getByTestId("registration-next") })).toContainText(
    "מה קורה עכשיו: מישהו מהצוות שלנו קורא את הבקשה",
  );

  await signInAs(DEMO_EMAILS.admin);
  await page.goto("/admin?lng=en");
  const item = page.getByTestId("inbox-registration").getByTestId("inbox-item").filter({ hasText: email });
  await expect(item.getByTestId("inbox-status")).toHaveText("Pending");
  await expectAccessible(page);
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("admin-status")).toHaveText("Done.");
  await expect(item.getByTestId("inbox-status")).toHaveText("Approved");
  await expect(page.getByTestId("subscriptions")).toContainText(email);

  // The newcomer signs in (replacing the admin's session): the subscription granted to the email is theirs.
  await signInAs(email);
  await page.goto("/courses/dsa");
  await expect(page.getByTestId("subscribed-banner")).toBeVisible();
  const lesson = page.getByTestId("video-mp4");
  await lesson.evaluate(async (element) => {
    const video = element as HTMLVideoElement;
    video.muted = true;
    await video.play();
  });
  await expect.poll(() => lesson.evaluate((element) => (element as HTMLVideoElement).currentTime)).toBeGreaterThan(0);
  expect(await lesson.evaluate((element) => (element as HTMLVideoElement).error?.code ?? null)).toBeNull();
});

// The widget draws its own checkbox (appearance: none): its box is only what its colours give it.
for (const [path, form] of [
  ["/contact", "contact-form"],
  ["/register?lng=he", "registration-form"],
] as const) {
  test(`${path}: the captcha's checkbox is a visible box, reached with Tab, ticked with Space`, async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
    // The widget loads when the form is first used: a Tab into its first field.
    await page.getByTestId(form).locator("input:not([type=hidden])").first().focus();
    await expect(page.getByTestId(form).getByTestId("captcha")).toHaveAttribute("data-ready", "true");
    const checkbox = page.getByTestId(form).locator("altcha-widget").getByRole("checkbox");
    const look = () =>
      checkbox.evaluate((box) => {
        const style = getComputedStyle(box);
        const { width, height } = box.getBoundingClientRect();
        const transparent = (colour: string) => colour === "transparent" || /\/ 0\)$|, 0\)$/.test(colour);
        return {
          width,
          height,
          bordered: parseFloat(style.borderTopWidth) > 0 && style.borderTopStyle !== "none",
          borderColour: style.borderTopColor,
          filled: !transparent(style.backgroundColor),
          borderShows: !transparent(style.borderTopColor),
          outline: style.outlineStyle,
        };
      });
    const idle = await look();
    expect(idle.width).toBeGreaterThanOrEqual(16);
    expect(idle.height).toBeGreaterThanOrEqual(16);
    expect(idle.bordered && idle.borderShows).toBe(true);
    expect(idle.filled).toBe(true);
    await expectAccessible(page);

    await page.getByTestId(form).locator('textarea[name="message"]').focus();
    await page.keyboard.press("Tab");
    await expect(checkbox).toBeFocused();
    expect((await look()).outline).not.toBe("none"); // the focus ring

    await page.keyboard.press("Space");
    await expect(page.getByTestId(form).locator('input[name="altcha"]')).toHaveValue(/.{40,}/, { timeout: 20_000 });
    await expect(checkbox).toBeChecked();
    // Ticked, the box takes another colour than its unticked border.
    await expect.poll(async () => (await look()).borderColour).not.toBe(idle.borderColour);
  });
}

test("the newsletter box stores a sign-up and thanks in place", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  const box = page.getByTestId("newsletter-box");
  await box.getByRole("textbox").fill(`reader-${Date.now()}@example.org`);
  await box.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByTestId("newsletter-status")).toHaveText("Thank you! You are on the list.");
});

test("non-admins cannot reach /admin", async ({ page, allowConsoleErrors, signInAs }) => {
  allowConsoleErrors(/status of 403/);
  await page.goto("/admin");
  // The sign-in page, as for /profile, coming back here (D-L14).
  await expect(page).toHaveURL(/\/register\?returnTo=%2Fadmin$/);
  await signInAs(DEMO_EMAILS.learner);
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId("forbidden-message")).toHaveText(
    "This area is for the site's administrators, and your account is not one of them. If you think it should be, write to us.",
  );
  await expect(page.getByRole("link", { name: "Get a subscription" })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the form says the human check needs JavaScript and offers phone and email", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByTestId("contact-form")).toContainText(
      "The human check needs JavaScript. You can also call us at +972 3-555-0142",
    );
    const box = page.getByTestId("newsletter-box");
    await box.getByRole("textbox").fill("nojs@example.org");
    await box.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/contact#newsletter$/);
    await expect(page.getByTestId("newsletter-status")).toHaveText("Thank you! You are on the list.");
    // Read once: the page again has no thanks.
    await page.reload();
    await expect(page.getByTestId("newsletter-status")).toHaveText("");
  });
});

test("the human check loads when the form is first used, not with the page (/contact, /register)", async ({ page }) => {
  const widgetScripts: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/(altcha|pbkdf2)[^/]*\.js$/.test(new URL(request.url()).pathname)) widgetScripts.push(request.url());
  });
  for (const [path, form, field] of [
    ["/contact", "contact-form", "Name"],
    ["/register?lng=he", "registration-form", "שם מלא"],
  ] as const) {
    widgetScripts.length = 0;
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    const captcha = page.getByTestId(form).getByTestId("captcha");
    await expect(captcha).toHaveAttribute("data-ready", "false");
    await expect(page.getByTestId("captcha-waiting")).toBeVisible();
    expect(widgetScripts).toEqual([]);
    await page.getByTestId(form).getByLabel(field, { exact: true }).focus();
    await expect(captcha).toHaveAttribute("data-ready", "true");
    await expect(page.getByTestId("captcha-waiting")).toHaveCount(0);
    expect(widgetScripts.length).toBeGreaterThan(0);
  }
});
