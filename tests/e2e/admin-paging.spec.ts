import type { Page } from "@playwright/test";
import { createSubmission } from "../support/factories.ts";
import { withE2eDatabase } from "./catalogue-db.ts";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures.ts";

// Both tests put 25 messages at the top of the same list: one after the other.
test.describe.configure({ mode: "serial" });

/**
 * The admin lists show 20 rows a page with Newer and Older links (issue 16), with and without
 * JavaScript. 25 contact messages of this test, dated a day ahead so that messages other tests send
 * meanwhile (the database is shared) stay below them; removed afterwards.
 */
async function withContactMessages(marker: string, work: () => Promise<void>) {
  const ahead = Date.now() + 86_400_000;
  const ids = await withE2eDatabase(async (db) => {
    const made: string[] = [];
    for (let i = 1; i <= 25; i++) {
      const name = `${marker} ${String(i).padStart(2, "0")}`;
      made.push((await createSubmission(db, "contact", { name }, { now: new Date(ahead + i * 1000) })).id);
    }
    return made;
  });
  try {
    await work();
  } finally {
    await withE2eDatabase((db) => db.deleteFrom("contact_messages").where("id", "in", ids).execute());
  }
}

async function pageThroughContactMessages(page: Page, marker: string) {
  const items = page.getByTestId("inbox-contact").getByTestId("inbox-item");
  const pages = page.getByRole("navigation", { name: "Pages of contact messages" });
  await expect(items).toHaveCount(20);
  await expect(items.first()).toContainText(`${marker} 25`);
  await expect(items.nth(19)).toContainText(`${marker} 06`);
  await expect(pages.getByRole("link")).toHaveText(["Older"]);

  await pages.getByRole("link", { name: "Older" }).click();
  await expect(page).toHaveURL(/\/admin\?lng=en&contact=[\w-]+#contact-heading$/);
  await expect(items.first()).toContainText(`${marker} 05`);
  await expect(pages.getByRole("link").first()).toHaveText("Newest"); // then Newer (and Older, if others wrote more)
  await expect(pages.getByRole("link").nth(1)).toHaveText("Newer");

  await pages.getByRole("link", { name: "Newer" }).click();
  await expect(items.first()).toContainText(`${marker} 25`);
  await expect(pages.getByRole("link")).toHaveText(["Older"]); // back on the first page
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the admin's contact messages page 20 at a time through plain links", async ({ adminPage: page }) => {
    const marker = `No-script pager ${Date.now()}`;
    await withContactMessages(marker, async () => {
      await page.goto("/admin?lng=en");
      await pageThroughContactMessages(page, marker);
    });
  });
});

test("with JavaScript, the same links page in place", async ({ adminPage: page }) => {
  const marker = `Script pager ${Date.now()}`;
  await withContactMessages(marker, async () => {
    await page.goto("/admin?lng=en");
    await waitForHydration(page);
    await pageThroughContactMessages(page, marker);
    await page
      .getByRole("navigation", { name: "Pages of contact messages" })
      .getByRole("link", { name: "Older" })
      .click();
    await expect(page.getByRole("link", { name: "Newest" })).toBeVisible();
    await expectAccessible(page); // axe needs the page's JavaScript
  });
});
