import type { Browser, Page } from "@playwright/test";
import { setLessonVideo } from "../support/factories.ts";
import { withE2eDatabase } from "./catalogue-db.ts";
import { DEMO_EMAILS, expect, expectAccessible, startSession, test, waitForHydration } from "./fixtures.ts";

// The Java list's first lesson (a learner's free sample) and its sixth (locked for a learner) get
// real-looking YouTube ids: the seed's are placeholders, which show as "coming soon" and never reach
// the page, so without these a "no id in the page" check could not fail.
const SAMPLE_ID = "e2eJavaS000";
const LOCKED_ID = "e2eJavaL005";

/** Sets the two ids and waits until the server shows them to a subscriber (it sees a change within a second). */
async function givenJavaVideos(browser: Browser, baseURL: string | undefined) {
  await withE2eDatabase(async (db) => {
    await setLessonVideo(db, "java", 0, { youtubeId: SAMPLE_ID });
    await setLessonVideo(db, "java", 5, { youtubeId: LOCKED_ID });
  });
  const context = await browser.newContext({ baseURL });
  const subscriber = await context.newPage();
  await startSession(subscriber, DEMO_EMAILS.subscriber);
  await expect.poll(async () => (await subscriber.request.get("/courses/java")).text()).toContain(LOCKED_ID);
  await context.close();
}

/** What the browser receives for the list: the document and the loader data of a client-side navigation. */
async function whatTheBrowserGets(page: Page, lng: string) {
  const html = await (await page.request.get(`/courses/java?lng=${lng}`)).text();
  const data = await page.request.get(`/courses/java.data?lng=${lng}`);
  expect(data.status()).toBe(200);
  return html + (await data.text());
}

const TEXT = {
  en: {
    list: "Java Programming from Zero: videos",
    lockedList: "Java Programming from Zero: videos, locked",
    heading: /^\d+ locked videos$/,
    more: /^\d+ more videos, for subscribers$/,
    locked: "Locked",
    duration: /Duration \d+:\d\d/,
    cta: "Sign in or register",
    rating: "Rated 4.9 out of 5, 213 reviews",
  },
  he: {
    list: "תכנות ב-Java מאפס: סרטונים",
    lockedList: "תכנות ב-Java מאפס: סרטונים, נעולים",
    heading: /^\d+ סרטונים נעולים$/,
    more: /^עוד \d+ סרטונים, למנויים$/,
    locked: "נעול",
    duration: /משך \d+:\d\d/,
    cta: "כניסה או הרשמה",
    rating: "דירוג 4.9 מתוך 5, 213 ביקורות",
  },
} as const;

for (const lng of ["en", "he"] as const) {
  const text = TEXT[lng];

  test(`a visitor sees the lessons as a compact locked list with one way in, and no video (${lng})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await givenJavaVideos(browser, baseURL);
    await page.goto(`/courses/java?lng=${lng}`);
    await expect(page.getByRole("heading", { level: 3, name: text.heading })).toBeVisible();
    const list = page.getByRole("list", { name: text.list, exact: true });
    const rows = list.getByRole("listitem");
    expect(await rows.count()).toBeGreaterThanOrEqual(32);
    // Number, title, duration and a lock that says so, in words, for screen readers too.
    const first = rows.first();
    await expect(first).toHaveAttribute("data-state", "locked");
    await expect(first).toContainText("1.");
    await expect(first).toContainText(text.locked);
    await expect(first).toContainText(text.duration);
    await expect(first.locator("[dir=ltr]")).toHaveText(/^\d+:\d\d$/);
    // No thumbnails, no players, no links per lesson: the notice's button is the one way in.
    await expect(list.locator("img, a, iframe, video")).toHaveCount(0);
    await expect(page.locator("[data-testid=video-facade], iframe, video")).toHaveCount(0);
    await expect(page.locator('[data-state="playable"], [data-state="soon"]')).toHaveCount(0);
    expect(await whatTheBrowserGets(page, lng)).not.toMatch(new RegExp(`${SAMPLE_ID}|${LOCKED_ID}`));
    await expectAccessible(page);
    await waitForHydration(page);
    await page.getByTestId("visitor-notice").getByRole("link", { name: text.cta }).click();
    await expect(page).toHaveURL(/\/register\?returnTo=%2Fcourses%2Fjava$/);
  });

  test(`a learner plays the free samples; the rest are locked, marked in words (${lng})`, async ({
    learnerPage: page,
    browser,
    baseURL,
  }) => {
    await givenJavaVideos(browser, baseURL);
    await page.goto(`/courses/java?lng=${lng}`);
    // The free samples: cards with a player.
    const open = page.getByRole("list", { name: text.list, exact: true }).getByRole("listitem");
    await expect(open).toHaveCount(3);
    await expect(open.first()).toHaveAttribute("data-state", "playable");
    await expect(open.first().getByTestId("video-facade")).toHaveAttribute("data-video-id", SAMPLE_ID);
    // The others: the compact locked list, numbered on from 4.
    await expect(page.getByRole("heading", { level: 3, name: text.more })).toBeVisible();
    const locked = page.getByRole("list", { name: text.lockedList, exact: true }).getByRole("listitem");
    expect(await locked.count()).toBeGreaterThanOrEqual(29);
    await expect(locked.first()).toContainText("4.");
    await expect(locked.first()).toContainText(text.locked);
    await expect(locked.nth(2)).toHaveAttribute("data-state", "locked");
    const html = await whatTheBrowserGets(page, lng);
    expect(html).toContain(SAMPLE_ID);
    expect(html).not.toContain(LOCKED_ID);
    await expectAccessible(page);
  });

  test(`a subscriber may play every lesson: no lock anywhere (${lng})`, async ({
    subscriberPage: page,
    browser,
    baseURL,
  }) => {
    await givenJavaVideos(browser, baseURL);
    await page.goto(`/courses/java?lng=${lng}`);
    const items = page.getByRole("list", { name: text.list, exact: true }).getByRole("listitem");
    expect(await items.count()).toBeGreaterThanOrEqual(32);
    await expect(page.locator('[data-state="locked"]')).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 3, name: text.heading })).toHaveCount(0);
    await expect(items.nth(5).getByTestId("video-facade")).toHaveAttribute("data-video-id", LOCKED_ID);
  });

  test(`a rating shows its number and a partly filled last star (${lng})`, async ({ page }) => {
    await page.goto(`/course/mern-react?lng=${lng}`);
    const rating = page.getByTestId("course-rating").getByRole("img", { name: text.rating, exact: true });
    await expect(rating.getByTestId("rating-value")).toHaveText("4.9");
    // Four full stars and 90% of the fifth: one filled row clipped at four stars with their gaps
    // (4 × 22.5 units) and 18 of the fifth star's 20 units.
    const fills = rating.getByTestId("star-fill");
    await expect(fills).toHaveCount(1);
    await expect(fills).toHaveAttribute("width", "108");
    // The whole rating is one row: a label, the number, one <svg> with its two paths and the clip.
    await expect(rating.locator("svg, path")).toHaveCount(4);
    // Course cards show the number too.
    await page.goto(`/courses/mern?lng=${lng}`);
    const card = page.getByRole("article").filter({ has: page.getByRole("img", { name: text.rating }) });
    await expect(card.getByTestId("rating-value")).toHaveText("4.9");
  });
}
