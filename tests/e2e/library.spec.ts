import { expect, expectAccessible, test, waitForHydration } from "./fixtures.ts";

// Book covers come from Google's image host, which this machine cannot reach: answer for it at the
// network edge with a small image, as the real host would.
test.beforeEach(async ({ page }) => {
  await page.route("https://books.google.com/**", (route) =>
    route.fulfill({
      status: 200,
      contentType: "image/svg+xml",
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="144"><rect width="96" height="144" fill="#ccc"/></svg>',
    }),
  );
});

test("search with JavaScript: results replace the list without a page load, suggestions stay", async ({ page }) => {
  await page.goto("/library");
  await waitForHydration(page);
  await expect(page.getByTestId("suggested-books").getByTestId("book-card")).toHaveCount(12);
  await expectAccessible(page);
  let documentLoads = 0;
  page.on("request", (r) => {
    if (r.resourceType() === "document") documentLoads++;
  });
  await page.getByRole("searchbox", { name: "Search books" }).fill("harry potter");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/library\?q=harry\+potter$/);
  const results = page.getByTestId("search-results");
  await expect(results.getByTestId("book-card")).toHaveCount(3);
  await expect(results.getByTestId("book-price").first()).toHaveText(/^Price: \$\d+\.\d{2}$/);
  await expect(results.getByTestId("buy-now")).toHaveCount(3);
  await expect(page.getByTestId("suggested-books").getByTestId("book-card")).toHaveCount(12);
  expect(documentLoads).toBe(0);
  await expectAccessible(page);
});

test("free books offer the PDF, in Hebrew too; nothing found says so", async ({ page }) => {
  await page.goto("/library?q=flowers+inauthor&lng=he");
  const results = page.getByTestId("search-results");
  await expect(results.getByTestId("book-card")).toHaveCount(3);
  await expect(results.getByTestId("download-pdf")).toHaveCount(1);
  await expect(results.getByTestId("download-pdf")).toHaveAttribute(
    "href",
    /^https?:\/\/books\.google\.com\/books\/download\//,
  );
  await expect(results.getByTestId("book-saleability").first()).toHaveText("חינם");
  await expectAccessible(page);
  await page.goto("/library?q=nothing+at+all&lng=en");
  await expect(page.getByTestId("library-status")).toHaveText(
    "No books found for “\u2068nothing at all\u2069”. Try other words, or look at the suggestions below.",
  );
});

for (const [lng, status, leftOut] of [
  ["en", "12 books for “\u2068javascript\u2069”", "10 more books were found that cannot be bought or read here"],
  ["he", 'נמצאו 12 ספרים בחיפוש "\u2068javascript\u2069"', "נמצאו עוד 10 ספרים שאי אפשר לקנות או לקרוא כאן"],
] as const) {
  test(`a search most of whose answers cannot be shown still finds books, and says how many were left out (${lng})`, async ({
    page,
  }) => {
    await page.goto(`/library?lng=${lng}`);
    await waitForHydration(page);
    await page.getByRole("searchbox").fill("javascript");
    await page.getByRole("button", { name: lng === "he" ? "חיפוש" : "Search" }).click();
    const results = page.getByTestId("search-results");
    await expect(results.getByTestId("book-card")).toHaveCount(12);
    await expect(page.getByTestId("library-status")).toContainText(status);
    await expect(page.getByTestId("library-left-out")).toContainText(leftOut);
    await expectAccessible(page);
  });
}

test("when the upstream fails the page still works and says search is unavailable", async ({ page }) => {
  const response = await page.goto("/library?q=garbage");
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId("library-status")).toContainText("Search is unavailable right now");
  await expect(page.getByTestId("suggested-books").getByTestId("book-card")).toHaveCount(12);
});

test("the key never reaches the browser", async ({ page }) => {
  const bodies: string[] = [];
  page.on("response", async (r) => {
    if (r.url().startsWith("http://127.0.0.1")) bodies.push(await r.text().catch(() => ""));
  });
  await page.goto("/library?q=python");
  await page.waitForLoadState("networkidle");
  expect(bodies.join("\n")).not.toContain("e2e-books-key-never-in-the-browser");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the search form is a plain GET form", async ({ page }) => {
    await page.goto("/library?lng=he");
    await page.getByRole("searchbox").fill("flutter");
    await page.getByRole("button", { name: "חיפוש" }).click();
    await expect(page).toHaveURL(/q=flutter/);
    await expect(page.getByTestId("search-results").getByTestId("buy-now")).toHaveCount(5);
  });
});
