import { randomBytes, randomUUID } from "node:crypto";
import { createUser } from "../support/factories.ts";
import { withE2eDatabase } from "./catalogue-db.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";

/**
 * The admin's certificates and reviews pages (finding D-L10): 20 rows a page with Newer and Older
 * links (keyset, as the dashboard's lists: decision 0021), a search by learner (name or email) or by
 * course that the links keep, and an empty state for a search that finds nothing. Rows made here are
 * dated a day ahead, so that other tests' rows (the database is shared) stay below them.
 */

const marker = () => `Zqx${randomBytes(3).toString("hex")}`;

test("certificates page 20 at a time within a search, which finds learners and says when nothing matches (English)", async ({
  adminPage: p,
  allowConsoleErrors,
}) => {
  test.slow(); // three pages, two axe runs and 23 rows made and removed
  allowConsoleErrors(/status of 400 \(Bad Request\)/);
  const name = marker();
  const ahead = Date.now() + 86_400_000;
  const ids = await withE2eDatabase(async (db) => {
    const user = await createUser(db, { name: `${name} Learner` });
    const rows = Array.from({ length: 23 }, (_, i) => ({
      id: randomBytes(16).toString("base64url"),
      user_id: user.id,
      list_id: `e2e-list-${i}`,
      learner_name: `${name} ${String(i + 1).padStart(2, "0")}`,
      title_en: "Paging in Practice",
      title_he: "דפדוף בפועל",
      issued_at: new Date(ahead + i * 1000).toISOString(),
      revoked_at: null,
      revoked_by: null,
    }));
    await db.insertInto("certificates").values(rows).execute();
    return rows.map((r) => r.id);
  });
  try {
    await p.goto("/admin/certificates?lng=en");
    await p.getByRole("searchbox", { name: "Learner (name or email) or course" }).fill(name.toLowerCase());
    await p.getByRole("button", { name: "Search" }).click();
    const rows = p.getByTestId("certificates").locator("tbody tr");
    const pages = p.getByRole("navigation", { name: "Pages of certificates" });
    await expect(rows).toHaveCount(20);
    await expect(rows.first()).toContainText(`${name} 23`);
    await expect(pages.getByRole("link")).toHaveText(["Older"]);
    await pages.getByRole("link", { name: "Older" }).click();
    await expect(p).toHaveURL(
      new RegExp(`/admin/certificates\\?q=${name.toLowerCase()}&page=[\\w-]+#certificates-heading$`),
    );
    await expect(rows).toHaveText([/ 03/, / 02/, / 01/]);
    await expect(pages.getByRole("link")).toHaveText(["Newest", "Newer"]);
    await expect(p.getByRole("searchbox")).toHaveValue(name.toLowerCase());
    await expectAccessible(p);
    await pages.getByRole("link", { name: "Newer" }).click();
    await expect(rows).toHaveCount(20);
    await expect(rows.first()).toContainText(`${name} 23`);

    // The course, in Hebrew, finds them too; a search that finds nothing says so.
    await p.goto(`/admin/certificates?lng=en&q=${encodeURIComponent("דפדוף בפועל")}`);
    await expect(rows.first()).toContainText(`${name} 23`);
    await p.getByRole("searchbox").fill(`${name} nobody`);
    await p.getByRole("button", { name: "Search" }).click();
    await expect(p.getByTestId("certificates-empty")).toHaveText(`No certificate matches “${name} nobody”.`);
    await expect(p.getByRole("link", { name: "Clear the search" })).toBeVisible();
    await expectAccessible(p);

    // A page link the page did not write: 400, a notice, and the list from its newest.
    const answer = await p.goto("/admin/certificates?lng=en&page=not-a-cursor");
    expect(answer?.status()).toBe(400);
    await expect(p.getByTestId("list-notice")).toHaveText(
      "That page link is not valid, so its list starts again from the newest entries.",
    );
    await expect(rows.first()).toContainText(name);
  } finally {
    await withE2eDatabase((db) => db.deleteFrom("certificates").where("id", "in", ids).execute());
  }
});

test("reviews are found by the learner's email or the course, in Hebrew, and an empty search says so", async ({
  adminPage: page,
}) => {
  test.slow(); // four searches and two axe runs
  const name = marker();
  const ahead = Date.now() + 86_400_000;
  const { course, reviewIds } = await withE2eDatabase(async (db) => {
    const course = await db
      .selectFrom("courses")
      .select(["id", "title_en", "title_he"])
      .where("title_he", "is not", null)
      .orderBy("position")
      .executeTakeFirstOrThrow();
    const reviewIds: string[] = [];
    for (const i of [1, 2]) {
      const user = await createUser(db, { name: `Learner ${i}`, email: `${name.toLowerCase()}-${i}@example.org` });
      const at = new Date(ahead + i * 1000).toISOString();
      const id = randomUUID();
      reviewIds.push(id);
      await db
        .insertInto("course_reviews")
        .values({
          id,
          course_id: course.id,
          user_id: user.id,
          author_name: `Learner ${i}`,
          rating: 4,
          comment: `${name} comment ${i}`,
          hidden: 0,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    return { course, reviewIds };
  });
  try {
    await page.goto("/admin/reviews?lng=he");
    const search = page.getByRole("searchbox", { name: "לומד (שם או אימייל) או קורס" });
    await search.fill(`${name.toUpperCase()}-2@EXAMPLE`);
    await page.getByRole("button", { name: "חיפוש" }).click();
    const rows = page.getByTestId("reviews").locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(`${name} comment 2`);
    await expectAccessible(page);

    await search.fill(course.title_he!);
    await page.getByRole("button", { name: "חיפוש" }).click();
    await expect(rows.first()).toContainText(`${name} comment 2`);
    await expect(rows.nth(1)).toContainText(`${name} comment 1`);

    await search.fill("100%_none");
    await page.getByRole("button", { name: "חיפוש" }).click();
    await expect(page.getByTestId("reviews-empty")).toHaveText("אף ביקורת לא מתאימה לחיפוש „100%_none”.");
    await expectAccessible(page);
    await page.getByRole("link", { name: "ניקוי החיפוש" }).click();
    await expect(page).toHaveURL(/\/admin\/reviews$/);
    await expect(rows.first()).toContainText(`${name} comment 2`);
  } finally {
    await withE2eDatabase((db) => db.deleteFrom("course_reviews").where("id", "in", reviewIds).execute());
  }
});

test("the admin area has its own navigation, the current page marked, and no marketing footer (both languages)", async ({
  adminPage: page,
}) => {
  for (const [lng, names, current] of [
    [
      "en",
      [
        "Inbox and accounts",
        "Course builder",
        "Payments",
        "Coupons",
        "Reviews",
        "Cancellations",
        "Certificates",
        "Accessibility",
        "Business details",
      ],
      "Reviews",
    ],
    [
      "he",
      [
        "דואר נכנס וחשבונות",
        "בניית קורסים",
        "תשלומים",
        "קופונים",
        "ביקורות",
        "ביטולים",
        "תעודות",
        "נגישות",
        "פרטי העסק",
      ],
      "ביקורות",
    ],
  ] as const) {
    await page.goto(`/admin/reviews?lng=${lng}`);
    const nav = page.getByRole("navigation", { name: lng === "en" ? "Admin area" : "אזור הניהול" });
    await expect(nav.getByRole("link")).toHaveText([...names]);
    await expect(nav.locator('[aria-current="page"]')).toHaveText(current);
    // The site's gallery and newsletter stay on the public pages.
    await expect(page.locator("#footer-gallery, #footer-newsletter")).toHaveCount(0);
    await expectAccessible(page);
  }
  // By keyboard: the course builder is a Tab away from the current page's link, and the page it opens is marked.
  const nav = page.getByRole("navigation", { name: "אזור הניהול" });
  await nav.getByRole("link", { name: "תשלומים" }).focus();
  await page.keyboard.press("Shift+Tab");
  await expect(nav.getByRole("link", { name: "בניית קורסים" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await expect(nav.getByRole("link", { name: "בניית קורסים" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "דואר נכנס וחשבונות" })).not.toHaveAttribute("aria-current", "page");
  // The public pages keep their footer.
  await page.goto("/about?lng=en");
  await expect(page.locator("#footer-newsletter")).toHaveCount(1);
});
