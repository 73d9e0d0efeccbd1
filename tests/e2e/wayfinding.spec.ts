import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures.ts";

// Issue 15 (4, 5): breadcrumbs that lead somewhere, every video list a link away from its
// catalogue, and a refusal that is a page of its own.

interface Crumb {
  label: string;
  href: string | null;
}

/** The breadcrumb as shown: each crumb's text and, for links, where it leads. */
async function crumbs(page: Page): Promise<Crumb[]> {
  const items = page.getByRole("navigation", { name: /Breadcrumb|נתיב ניווט/ }).getByRole("listitem");
  return items.evaluateAll((lis) =>
    lis.map((li) => ({ label: li.textContent!.trim(), href: li.querySelector("a")?.getAttribute("href") ?? null })),
  );
}

/** The page's BreadcrumbList (JSON-LD): name and URL of each item, checked to be valid JSON of the right shape. */
async function structuredCrumbs(page: Page): Promise<{ name: string; item?: string }[]> {
  const scripts = page.locator('script[type="application/ld+json"]');
  await expect(scripts).toHaveCount(1);
  // Allowed like React Router's own scripts: the response's nonce on each, or (a visitor's page, which
  // may be shared) none, by hash. A refused script would fail the test through the console guard.
  const nonces = await page.evaluate(() => [...document.scripts].map((s) => s.nonce));
  expect(new Set(nonces).size).toBe(1);
  const json = JSON.parse((await scripts.textContent())!) as {
    "@context": string;
    "@type": string;
    itemListElement: { "@type": string; position: number; name: string; item?: string }[];
  };
  expect(json["@context"]).toBe("https://schema.org");
  expect(json["@type"]).toBe("BreadcrumbList");
  json.itemListElement.forEach((element, index) => {
    expect(element["@type"]).toBe("ListItem");
    expect(element.position).toBe(index + 1);
  });
  return json.itemListElement.map(({ name, item }) => (item ? { name, item } : { name }));
}

const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? 3310}`;

const CASES = {
  en: {
    suffix: "",
    home: "Home",
    courses: "Courses",
    mern: "MERN Stack",
    programming: "Programming",
    course: "Express: Building REST APIs",
    tests: "Test Your knowledge",
  },
  he: {
    suffix: "?lng=he",
    home: "דף הבית",
    courses: "קורסים",
    mern: "MERN Stack",
    programming: "תכנות",
    course: "Express: בניית REST API",
    tests: "בחנו את הידע שלכם",
  },
} as const;

for (const [locale, c] of Object.entries(CASES)) {
  test(`breadcrumbs lead somewhere, with a BreadcrumbList (${locale})`, async ({ page }) => {
    test.setTimeout(90_000);
    const url = (path: string) => `${BASE}${path}${c.suffix}`;
    // A video list: Home › Courses › MERN Stack › Express.js, all but the page itself links.
    await page.goto(`/courses/mern/express${c.suffix}`);
    expect(await crumbs(page)).toEqual([
      { label: c.home, href: "/" },
      { label: c.courses, href: "/courses" },
      { label: c.mern, href: "/courses/mern" },
      { label: "Express.js", href: null },
    ]);
    await expect(page.locator('[aria-current="page"]').last()).toHaveText("Express.js");
    expect(await structuredCrumbs(page)).toEqual([
      { name: c.home, item: url("/") },
      { name: c.courses, item: url("/courses") },
      { name: c.mern, item: url("/courses/mern") },
      { name: "Express.js" },
    ]);
    await expectAccessible(page);

    // The original's spelling keeps its own catalogue.
    await page.goto(`/cources/programming/java${c.suffix}`);
    expect((await crumbs(page)).map((crumb) => crumb.href)).toEqual(["/", "/courses", "/cources/programming", null]);
    expect((await crumbs(page))[2]!.label).toBe(c.programming);

    // A catalogue: Home › Courses › MERN Stack; every list of its courses is a link away, Node.js too.
    await page.goto(`/courses/mern${c.suffix}`);
    expect(await crumbs(page)).toEqual([
      { label: c.home, href: "/" },
      { label: c.courses, href: "/courses" },
      { label: c.mern, href: null },
    ]);
    expect(await structuredCrumbs(page)).toEqual([
      { name: c.home, item: url("/") },
      { name: c.courses, item: url("/courses") },
      { name: c.mern },
    ]);
    const lists = page.getByTestId("catalogue-lists").getByRole("link");
    const hrefs = await lists.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        "/courses/mern/mongodb",
        "/courses/mern/express",
        "/courses/mern/react",
        "/courses/mern/nodejs",
      ]),
    );
    await expectAccessible(page);
    await page
      .getByTestId("catalogue-lists")
      .getByRole("link", { name: /Node\.js/ })
      .click();
    await expect(page).toHaveURL(/\/courses\/mern\/nodejs$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Node.js");

    // A course page: Home › Courses › MERN Stack › the course.
    await page.goto(`/course/mern-express${c.suffix}`);
    expect(await crumbs(page)).toEqual([
      { label: c.home, href: "/" },
      { label: c.courses, href: "/courses" },
      { label: c.mern, href: "/courses/mern" },
      { label: c.course, href: null },
    ]);
    expect((await structuredCrumbs(page)).map((crumb) => crumb.name)).toEqual([c.home, c.courses, c.mern, c.course]);

    // A quiz: Home › the quizzes › the quiz.
    await page.goto(`/test/react${c.suffix}`);
    const quiz = await crumbs(page);
    expect(quiz.map((crumb) => crumb.href)).toEqual(["/", "/test", null]);
    expect(quiz[1]!.label).toBe(c.tests);
    expect((await structuredCrumbs(page))[1]).toEqual({ name: c.tests, item: url("/test") });
  });
}

const FORBIDDEN = {
  en: {
    suffix: "",
    title: "You don’t have access to this page",
    metaTitle: "No access · Lomda",
    subscribe: "Get a subscription",
    adminOnly: "This area is for the site's administrators",
    signIn: "Sign In",
    contact: "Contact us",
  },
  he: {
    suffix: "?lng=he",
    title: "אין לכם גישה לדף הזה",
    metaTitle: "אין גישה · לומדה",
    subscribe: "לרכישת מינוי",
    adminOnly: "האזור הזה מיועד למנהלי האתר",
    signIn: "כניסה",
    contact: "צרו קשר",
  },
} as const;

for (const [locale, f] of Object.entries(FORBIDDEN)) {
  test(`a refusal is a page of its own: 403 with what to do (${locale})`, async ({
    learnerPage: page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 403/);
    const response = await page.goto(`/admin${f.suffix}`);
    expect(response!.status()).toBe(403);
    const main = page.getByRole("main");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(f.title);
    await expect(page.getByTestId("error-code")).toHaveText("403");
    await expect(page).toHaveTitle(f.metaTitle);
    // The admin area is for admins: a subscription would not open it, so none is offered (D-L14).
    await expect(main).toContainText(f.adminOnly);
    await expect(main.getByRole("link", { name: f.subscribe })).toHaveCount(0);
    await expect(main.getByRole("link", { name: f.contact })).toHaveAttribute("href", "/contact");
    await expect(page.getByText("Unexpected Application Error")).toHaveCount(0);
    await expect(page.getByText("Forbidden")).toHaveCount(0);
    if (locale === "he") {
      // No English word left in the page's own text.
      expect(await main.innerText()).not.toMatch(/[A-Za-z]{3,}/);
    }
    await expectAccessible(page);
  });
}

for (const [locale, names] of Object.entries({
  en: { courses: "Courses", title: "Courses · Lomda", about: "About", aboutTitle: "About · Lomda" },
  he: { courses: "קורסים", title: "קורסים · לומדה", about: "אודות", aboutTitle: "אודות · לומדה" },
})) {
  test(`a link followed in the page announces the new page and starts the keyboard at its content (${locale})`, async ({
    page,
  }) => {
    await page.goto(`/?lng=${locale}`);
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: /Main navigation|ניווט ראשי/ });
    await nav.getByRole("link", { name: names.courses, exact: true }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByTestId("route-announcer")).toHaveText(names.title);
    await expect(page.locator("#main")).toBeFocused();
    // The next Tab goes into the page, not back to the menu.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
    await nav.getByRole("link", { name: names.about, exact: true }).click();
    await expect(page.getByTestId("route-announcer")).toHaveText(names.aboutTitle);
  });
}
