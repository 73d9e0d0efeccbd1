import { E2E_EXTERNAL_PORT } from "../../playwright.config.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

// The second Lomda runs with CAPTCHA=hcaptcha. hCaptcha's script host is stood in for at the
// network edge: once failing, once serving a tiny widget that yields a token.
test.use({ baseURL: `http://127.0.0.1:${E2E_EXTERNAL_PORT}` });

test("the hCaptcha script is retried twice, then a generic loading error shows", async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/hcaptcha|ERR_FAILED|status of 503/i);
  let attempts = 0;
  await page.route("https://js.hcaptcha.com/**", (route) => {
    attempts++;
    return route.fulfill({ status: 503, body: "down" });
  });
  await page.goto("/contact");
  await waitForHydration(page);
  // Nothing is asked of hCaptcha until the form is used.
  expect(attempts).toBe(0);
  await page.getByTestId("contact-form").getByLabel("Name").focus();
  await expect(page.getByTestId("contact-form").getByRole("alert")).toHaveText(
    "The human check could not be loaded. Please reload the page, or call or write to us.",
  );
  expect(attempts).toBe(3);
});

test("with hCaptcha the form is verified on the server with the secret, which never reaches the browser", async ({
  page,
}) => {
  const bodies: string[] = [];
  page.on("response", async (r) => {
    if (r.url().startsWith("http://127.0.0.1")) bodies.push(await r.text().catch(() => ""));
  });
  await page.route("https://js.hcaptcha.com/**", (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/javascript",
      body: `window.hcaptcha = { render(el, o) { const t = document.createElement("textarea"); t.name = "h-captcha-response"; t.hidden = true; t.value = "good-token"; el.appendChild(t); el.setAttribute("data-sitekey", o.sitekey); } };`,
    }),
  );
  await page.goto("/contact");
  await waitForHydration(page);
  const form = page.getByTestId("contact-form");
  await form.getByLabel("Name").fill("Hila");
  await expect(form.getByTestId("captcha")).toHaveAttribute("data-ready", "true");
  await form.getByLabel("Email").fill("hila@example.org");
  await form.getByLabel("Mobile No").fill("03-5550000");
  await form.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("contact-status")).toHaveText("Form Submitted Successfully");
  expect(bodies.join("\n")).not.toContain("hcaptcha-test-secret");
});
