import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures.ts";

// The terms of use and the privacy notice a learner consents to at sign-up: public, in both languages,
// reached from every page's footer, dated and versioned (app/models/legal.ts).
const TEXT = {
  en: {
    dir: "ltr",
    terms: { link: "Terms", title: "Terms of use", first: "Who we are" },
    privacy: { link: "Privacy", title: "Privacy notice", first: "Who is responsible" },
    contents: "On this page",
    updated: { terms: "Last updated: Nov 28, 2026", privacy: "Last updated: Nov 28, 2026" },
  },
  he: {
    dir: "rtl",
    terms: { link: "תנאי שימוש", title: "תנאי השימוש", first: "מי אנחנו" },
    privacy: { link: "פרטיות", title: "מדיניות הפרטיות", first: "מי אחראי למידע" },
    contents: "בעמוד זה",
    updated: { terms: "עודכן לאחרונה: 28 בנוב׳ 2026", privacy: "עודכן לאחרונה: 28 בנוב׳ 2026" },
  },
} as const;

/** Headings in document order: one h1, then only h2 and h3, an h3 never before the first h2. */
async function headingLevels(page: Page): Promise<number[]> {
  return page
    .locator("main")
    .locator("h1, h2, h3, h4, h5, h6")
    .evaluateAll((els) => els.map((el) => Number(el.tagName.slice(1))));
}

for (const lng of ["en", "he"] as const) {
  const text = TEXT[lng];
  for (const kind of ["terms", "privacy"] as const) {
    test(`/${kind} is reached from the footer and reads in order (${lng})`, async ({ page }) => {
      await page.goto(`/?lng=${lng}`);
      await waitForHydration(page);
      await page.getByRole("contentinfo").getByRole("link", { name: text[kind].link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${kind}$`));
      await expect(page.locator("html")).toHaveAttribute("lang", lng);
      await expect(page.locator("html")).toHaveAttribute("dir", text.dir);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text[kind].title);
      await expect(page.getByTestId("legal-updated")).toHaveText(text.updated[kind]);
      // The version the sign-up records with the consent: the date, left to right in both languages.
      const version = page.getByTestId("legal-version");
      await expect(version).toHaveText("2026-11-28");
      await expect(version).toHaveAttribute("dir", "ltr");

      const levels = await headingLevels(page);
      expect(levels[0]).toBe(1);
      expect(levels.filter((l) => l === 1)).toHaveLength(1);
      expect(levels.every((l) => l <= 3)).toBe(true);
      expect(levels.indexOf(3) === -1 || levels.indexOf(3) > levels.indexOf(2)).toBe(true);

      // The table of contents lists every section's heading, in order, and each link reaches its section.
      const toc = page.getByRole("navigation", { name: text.contents });
      const sections = page.locator("main section[aria-labelledby] > h2");
      const headings = await sections.allTextContents();
      expect(headings.length).toBeGreaterThan(5);
      expect(headings[0]).toBe(text[kind].first);
      await expect(toc.getByRole("link")).toHaveText(headings);
      const last = toc.getByRole("link").last();
      const target = (await last.getAttribute("href"))!;
      await last.click();
      await expect(page).toHaveURL(new RegExp(`/${kind}${target}$`));
      await expect(page.locator(target)).toBeInViewport();

      // The school's contact email, as a mail link, left to right.
      const mail = page.locator("main a[href='mailto:hello@lomda.co.il']").first();
      await expect(mail).toHaveAttribute("dir", "ltr");
      await expectAccessible(page);
    });

    test.describe("on a phone", () => {
      test.use({ viewport: { width: 360, height: 740 } });
      test(`/${kind} fits 360 px (${lng})`, async ({ page }) => {
        await page.goto(`/${kind}?lng=${lng}`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(text[kind].title);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(360);
        await expectAccessible(page);
      });
    });
  }
}

test("the sitemap lists both pages in both languages", async ({ request }) => {
  const body = await (await request.get("/sitemap.xml")).text();
  for (const kind of ["terms", "privacy"]) {
    expect(body).toMatch(new RegExp(`<loc>[^<]*/${kind}</loc>`));
    expect(body).toMatch(new RegExp(`<loc>[^<]*/${kind}\\?lng=he</loc>`));
  }
});
