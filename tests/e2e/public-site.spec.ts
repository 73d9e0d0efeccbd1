import { setLessonVideo } from "../support/factories.ts";
import { withE2eDatabase } from "./catalogue-db.ts";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures.ts";

const PAGES = [
  "/",
  "/about",
  "/courses",
  "/team",
  "/testimonial",
  "/Payments",
  "/order",
  "/courses/mern",
  "/courses/fullstack",
  "/cources/programming",
  "/courses/dsa",
  "/courses/fullstack/sql",
  "/cources/programming/advJava",
  "/course/mern-react",
  "/course/tax-refund",
];

// One test per page and language (not one long test per language): they spread over the workers
// and each stays well inside the default time limit.
test.describe("every public page passes axe in both languages", () => {
  for (const lng of ["en", "he"] as const) {
    for (const path of PAGES) {
      test(`${path} in ${lng}`, async ({ page }) => {
        const response = await page.goto(`${path}?lng=${lng}`);
        expect(response?.status(), path).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("dir", lng === "he" ? "rtl" : "ltr");
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectAccessible(page);
      });
    }
  }
});

test("a visitor sees the list's 32 lessons, and the notice's button leads to /register, back here after sign-in", async ({
  page,
}) => {
  await page.goto("/courses/java");
  const list = page.getByTestId("video-list");
  // Locked, a preview, or (the seed's placeholders) coming soon: curriculum.spec gives two of them videos.
  await expect(list.locator("li[data-state]")).toHaveCount(32);
  await expect(page.getByTestId("visitor-notice")).toBeVisible();
  await waitForHydration(page);
  await page.getByTestId("visitor-notice").getByRole("link", { name: "Sign in or register" }).click();
  await expect(page).toHaveURL(/\/register\?returnTo=%2Fcourses%2Fjava$/);
});

test("a learner plays a free sample: nothing from YouTube until the click, then the no-cookie player", async ({
  learnerPage: page,
}) => {
  // The seed's YouTube ids are placeholders ("coming soon"): give the three free previews real-looking
  // ones, and a fourth lesson, since previews never cover all of a list's lessons with a video.
  const ids = ["e2eReact001", "e2eReact002", "e2eReact003", "e2eReact004"];
  await withE2eDatabase(async (db) => {
    for (const [position, youtubeId] of ids.entries()) await setLessonVideo(db, "react", position, { youtubeId });
  });
  await expect.poll(async () => (await page.request.get("/courses/mern/react")).text()).toContain(ids[2]); // a preview only once the fourth lesson has its video too
  const foreign: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith("http://127.0.0.1")) foreign.push(r.url());
  });
  await page.goto("/courses/mern/react");
  await waitForHydration(page);
  await expect(page.getByTestId("learner-notice")).toBeVisible();
  await expect(page.getByTestId("video-facade")).toHaveCount(3);
  await expect(page.getByText("Preview", { exact: true })).toHaveCount(3);
  await page.waitForLoadState("networkidle");
  expect(foreign).toEqual([]);
  // Block the real embed (no internet here) but see that it is asked for, from youtube-nocookie.com.
  await page.route("https://www.youtube-nocookie.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<p>player</p>" }),
  );
  await page.getByTestId("video-facade").first().click();
  const frame = page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/e2eReact001"]');
  await expect(frame).toHaveCount(1);
});

test("a subscriber sees the banner and plays the self-hosted lesson", async ({ subscriberPage: page }) => {
  await page.goto("/courses/dsa");
  await expect(page.getByTestId("subscribed-banner")).toContainText("You are Subscribed");
  await expect(page.locator('[data-state="locked"]')).toHaveCount(0);
  const video = page.getByTestId("video-mp4");
  await expect(video).toHaveCount(1);
  await video.evaluate(async (element) => {
    const el = element as HTMLVideoElement;
    el.muted = true;
    await el.play();
  });
  await expect.poll(() => video.evaluate((element) => (element as HTMLVideoElement).currentTime)).toBeGreaterThan(0);
  expect(await video.evaluate((element) => (element as HTMLVideoElement).error?.code ?? null)).toBeNull();
});

test("the about page by viewer: the subscriber's banner and all 32 Java videos", async ({ subscriberPage: page }) => {
  await page.goto("/about?lng=he");
  await expect(page.getByTestId("subscribed-banner")).toContainText("אתם מנויים");
  // Open to the subscriber: playable, or "coming soon" where the seed had a placeholder id.
  await expect(page.locator("#java-videos").locator('[data-state="playable"], [data-state="soon"]')).toHaveCount(32);
  await expect(page.locator("#java-videos").locator('[data-state="locked"]')).toHaveCount(0);
});

test("the testimonials carousel works from the keyboard and can be paused", async ({ page }) => {
  await page.goto("/testimonial");
  await waitForHydration(page);
  const carousel = page.getByTestId("testimonials");
  const current = () => carousel.locator('[data-current="true"]').getAttribute("aria-label");
  expect(await current()).toBe("1 of 4");
  await carousel.getByRole("button", { name: "Next testimonial" }).focus();
  await page.keyboard.press("Enter");
  await expect.poll(current).toBe("2 of 4");
  await carousel.getByRole("button", { name: "Previous testimonial" }).click();
  await carousel.getByRole("button", { name: "Previous testimonial" }).click();
  await expect.poll(current).toBe("4 of 4");
  const toggle = carousel.getByTestId("carousel-toggle");
  await expect(toggle).toHaveAttribute("aria-label", "Pause the rotation");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-label", "Start the rotation");
});

test.describe("under reduced motion", () => {
  test.use({ reducedMotion: "reduce" });
  test("the carousel starts paused", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.getByTestId("carousel-toggle")).toHaveAttribute("aria-label", "Start the rotation");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("lists and locked previews still render, and all testimonials are there", async ({ page }) => {
    await page.goto("/courses/dsa?lng=he");
    // The self-hosted lesson, locked (the only one with a video: no preview), and 34 coming soon.
    await expect(page.getByTestId("video-locked")).toHaveCount(1);
    await expect(page.getByTestId("video-soon")).toHaveCount(34);
    await page.goto("/testimonial");
    await expect(page.getByTestId("carousel-track").locator("figure")).toHaveCount(4);
  });
});

test("client-side navigation reaches catalogues and video lists (their data requests resolve)", async ({ page }) => {
  await page.goto("/courses");
  await waitForHydration(page);
  let documentLoads = 0;
  page.on("request", (r) => {
    if (r.resourceType() === "document") documentLoads++;
  });
  await page.getByTestId("catalogue-list").locator('a[href="/courses/mern"]').click();
  await expect(page.getByTestId("course-grid").locator("article")).toHaveCount(4);
  const nodeCard = page.locator("article", { hasText: "Node.js" }).first();
  await nodeCard.getByRole("link", { name: "Join Now" }).click();
  await expect(page).toHaveURL(/\/courses\/mern\/express$/);
  await expect(page.getByTestId("video-list").locator("li")).toHaveCount(7);
  expect(documentLoads).toBe(0);
});
