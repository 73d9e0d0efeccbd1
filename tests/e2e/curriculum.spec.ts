import type { Browser, Page } from "@playwright/test";
import { setLessonVideo } from "../support/factories.ts";
import { withE2eDatabase } from "./catalogue-db.ts";
import { DEMO_EMAILS, expect, expectAccessible, startSession, test, waitForHydration } from "./fixtures.ts";

// The Java list's first lesson (everyone's free preview) and its sixth (locked for all but those who
// paid) get real-looking YouTube ids: the seed's are placeholders, listed as "Coming soon" (issue 31)
// and never reaching the page, so without these a "no id in the page" check could not fail. With two
// lessons that can be watched, one is a preview (never the whole of what can be watched).
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
    soonList: "Java Programming from Zero: videos, coming soon",
    more: "1 more video, for subscribers",
    soonHeading: "30 lessons coming soon",
    locked: "Locked",
    soon: "Coming soon",
    preview: "Preview",
    duration: /Duration \d+:\d\d/,
    rating: "Rated 4.9 out of 5, 213 reviews",
  },
  he: {
    list: "תכנות ב-Java מאפס: סרטונים",
    lockedList: "תכנות ב-Java מאפס: סרטונים, נעולים",
    soonList: "תכנות ב-Java מאפס: סרטונים, בקרוב",
    more: "עוד סרטון אחד, למנויים",
    soonHeading: "30 שיעורים בקרוב",
    locked: "נעול",
    soon: "בקרוב",
    preview: "תצוגה מקדימה",
    duration: /משך \d+:\d\d/,
    rating: "דירוג 4.9 מתוך 5, 213 ביקורות",
  },
} as const;

for (const lng of ["en", "he"] as const) {
  const text = TEXT[lng];

  for (const who of ["visitor", "learner"] as const) {
    test(`a ${who} plays the preview; the locked lesson is a compact row that leads to unlocking it; the rest are coming soon (${lng})`, async ({
      page,
      signInAs,
      browser,
      baseURL,
    }) => {
      if (who === "learner") await signInAs(DEMO_EMAILS.learner);
      await givenJavaVideos(browser, baseURL);
      await page.goto(`/courses/java?lng=${lng}`);
      // The preview: a card with a player, labelled so.
      const open = page.getByRole("list", { name: text.list, exact: true }).getByRole("listitem");
      await expect(open).toHaveCount(1);
      await expect(open.first()).toHaveAttribute("data-state", "playable");
      await expect(open.first().getByTestId("video-facade")).toHaveAttribute("data-video-id", SAMPLE_ID);
      await expect(open.first()).toContainText(text.preview);
      // The locked lesson: number, title, duration and a lock in words, numbered in its place.
      await expect(page.getByRole("heading", { level: 3, name: text.more })).toBeVisible();
      const locked = page.getByRole("list", { name: text.lockedList, exact: true }).getByRole("listitem");
      await expect(locked).toHaveCount(1);
      await expect(locked).toHaveAttribute("data-state", "locked");
      await expect(locked).toContainText("6.");
      await expect(locked).toContainText(text.locked);
      await expect(locked).toContainText(text.duration);
      await expect(locked.locator("img, iframe, video")).toHaveCount(0);
      // The others: coming soon, with no duration and no link.
      await expect(page.getByRole("heading", { level: 3, name: text.soonHeading })).toBeVisible();
      const soon = page.getByRole("list", { name: text.soonList, exact: true }).getByRole("listitem");
      await expect(soon).toHaveCount(30);
      await expect(soon.first()).toContainText("2.");
      await expect(soon.first()).toContainText(text.soon);
      await expect(soon.locator("a, img, [aria-hidden=true][dir=ltr]")).toHaveCount(0);
      const html = await whatTheBrowserGets(page, lng);
      expect(html).toContain(SAMPLE_ID);
      expect(html).not.toContain(LOCKED_ID);
      await expectAccessible(page);
      // The locked row leads to signing in (and back) for a visitor, to the subscription for a learner.
      await waitForHydration(page);
      await locked.getByRole("link").click();
      await expect(page).toHaveURL(who === "visitor" ? /\/register\?returnTo=%2Fcourses%2Fjava$/ : /\/Payments$/);
    });
  }

  test(`a subscriber may play every lesson with a video: no lock anywhere (${lng})`, async ({
    subscriberPage: page,
    browser,
    baseURL,
  }) => {
    await givenJavaVideos(browser, baseURL);
    await page.goto(`/courses/java?lng=${lng}`);
    const items = page.getByRole("list", { name: text.list, exact: true }).getByRole("listitem");
    await expect(items).toHaveCount(2);
    await expect(page.locator('[data-state="locked"]')).toHaveCount(0);
    await expect(items.nth(1).getByTestId("video-facade")).toHaveAttribute("data-video-id", LOCKED_ID);
    await expect(page.locator('[data-state="soon"]')).toHaveCount(30);
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
