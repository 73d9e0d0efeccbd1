import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { createIdpAccount } from "../../app/models/idp-account.server.ts";
import { grantSubscription } from "../../app/models/subscription.server.ts";
import { createCourse, createLesson, createVideoList } from "../support/factories.ts";
import { DEMO_PASSWORD } from "./auth-helpers.ts";
import { withE2eDatabase } from "./catalogue-db.ts";
import { expect, expectAccessible, startSession, test, waitForHydration } from "./fixtures.ts";

/**
 * A list of its own with one YouTube lesson, which its teacher made free for signed-in learners (a
 * one-lesson list has no free sample otherwise), and a new subscriber signed in on `page`. Waits until
 * the server shows the lesson as playable: the list and its lesson are written one after the other,
 * and a process sees the catalogue's new version within a second, so the list can answer before its
 * lesson does.
 */
async function youtubeLessonForNewSubscriber(
  page: Page,
  lesson: { slug: string; title: string; youtube: string; duration: string },
) {
  const slug = `${lesson.slug}-${randomUUID().slice(0, 8)}`;
  const lessonId = await withE2eDatabase(async (db) =>
    createLesson(db, await createVideoList(db, { slug, titleEn: lesson.title, allFree: "on" }), {
      youtube: lesson.youtube,
      duration: lesson.duration,
    }),
  );
  const email = await newSubscriber(page, false);
  await expect
    .poll(async () => (await (await page.request.get(`/courses/${slug}`)).text()).includes('data-state="playable"'))
    .toBe(true);
  return { slug, lessonId, email };
}

/**
 * Issue 17: a subscriber plays the self-hosted lesson (the DSA list's 5th, 12 seconds long), leaves,
 * comes back and resumes; watches it to the end and sees it watched; marks it complete by hand (a
 * bookmark beside it) and takes the mark off. Issue 29: what counts is the time the server saw pass
 * while the video played, not where the player says it is. A subscriber of its own: the demo
 * subscriber's progress is shared with other tests. The DSA list's other lessons have placeholder
 * videos, shown as "Coming soon" and not counted (issue 31): the list counts one lesson.
 */
async function newSubscriber(page: Page, subscribed = true): Promise<string> {
  const email = `progress-${randomUUID().slice(0, 8)}@lomda.test`;
  await withE2eDatabase(async (db) => {
    await createIdpAccount(db, { email, password: DEMO_PASSWORD, name: "Progress Tester" });
    if (subscribed) await grantSubscription(db, { email, grantedBy: "e2e", note: "progress test" });
  });
  await startSession(page, email);
  return email;
}

/** The learner's stored position in the self-hosted lesson, as the server keeps it. */
async function storedPosition(email: string): Promise<number | undefined> {
  return withE2eDatabase(async (db) => {
    const row = await db
      .selectFrom("lesson_progress")
      .innerJoin("users", "users.id", "lesson_progress.user_id")
      .innerJoin("lessons", "lessons.id", "lesson_progress.lesson_id")
      .select("lesson_progress.position_seconds")
      .where("users.email", "=", email)
      .where("lessons.video_file", "=", "lesson-sample.mp4")
      .executeTakeFirst();
    return row ? Number(row.position_seconds) : undefined;
  });
}

const currentTime = (video: Locator) => video.evaluate((element) => (element as HTMLVideoElement).currentTime);

async function playFrom(video: Locator, seconds: number) {
  await video.evaluate(async (element, at) => {
    const media = element as HTMLVideoElement;
    media.muted = true;
    await media.play();
    media.currentTime = at;
  }, seconds);
}

test("a subscriber leaves a self-hosted lesson part-way, comes back, and resumes or starts over", async ({ page }) => {
  const email = await newSubscriber(page);
  await page.goto("/courses/dsa");
  await waitForHydration(page);
  await expect(page.getByTestId("progress-tally").first()).toContainText("0 of 1 lesson watched");
  const card = page.locator("li", { has: page.getByTestId("video-mp4") });
  const video = card.getByTestId("video-mp4");
  await expect(card).toHaveAttribute("data-watched", "false");

  // Part-way, then away through the site's own navigation: what was watched is reported on the way out.
  await playFrom(video, 6);
  await expect.poll(() => currentTime(video)).toBeGreaterThanOrEqual(7);
  await video.evaluate((element) => (element as HTMLVideoElement).pause());
  await expect.poll(() => storedPosition(email)).toBeGreaterThanOrEqual(7);
  const leftAt = (await storedPosition(email))!;

  await page.goto("/courses/dsa");
  await waitForHydration(page);
  const resumeBar = card.getByTestId("resume-bar");
  await expect(resumeBar).toContainText(`You left off at 0:0${leftAt}.`);
  await expect(card.locator("source")).toHaveAttribute("src", `/video/lesson-sample.mp4#t=${leftAt}`);
  await expectAccessible(page);
  await resumeBar.getByRole("button", { name: `Resume from 0:0${leftAt}` }).click();
  await expect(resumeBar).toHaveCount(0);
  await expect.poll(() => currentTime(video)).toBeGreaterThanOrEqual(leftAt);
  await video.evaluate((element) => (element as HTMLVideoElement).pause());

  // "Start over" from the beginning.
  await page.reload();
  await waitForHydration(page);
  await card.getByTestId("resume-bar").getByRole("button", { name: "Start over" }).click();
  await video.evaluate((element) => {
    (element as HTMLVideoElement).muted = true;
  });
  await expect.poll(() => currentTime(video)).toBeLessThan(3);
});

test("a subscriber watches a self-hosted lesson to the end: watched, counted, and marked by hand beside it", async ({
  page,
}) => {
  // Real playback, four pages and two axe scans: more than the default 30 s on a busy 2-core machine.
  test.setTimeout(60_000);
  await newSubscriber(page);
  await page.goto("/courses/dsa");
  await waitForHydration(page);
  await expect(page.getByTestId("mark-note")).toContainText("does not count toward a certificate");
  const card = page.locator("li", { has: page.getByTestId("video-mp4") });
  const video = card.getByTestId("video-mp4");

  // From the start to the end at double speed (YouTube's fastest): six seconds of the server's clock
  // for twelve of video. The lesson is watched, and the page says so without a reload.
  await video.evaluate(async (element) => {
    const media = element as HTMLVideoElement;
    media.muted = true;
    media.playbackRate = 2;
    await media.play();
  });
  await expect(card.getByTestId("lesson-watched")).toHaveText("Watched", { timeout: 15_000 });
  await expect(card).toHaveAttribute("data-watched", "true");
  await expect(page.getByTestId("progress-tally").first()).toContainText("1 of 1 lesson watched");

  // On the profile, and in Hebrew, with the bar filling from the right.
  await page.goto("/profile?lng=he");
  await expect(page.getByTestId("progress-lists")).toContainText("צפיתם ב־1 מתוך שיעור אחד");
  await expectAccessible(page);
  await page.goto("/courses/dsa?lng=he");
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(card.getByTestId("lesson-watched")).toHaveText("נצפה");
  await expect(page.getByTestId("mark-note")).toContainText("לא נחשב לקבלת תעודה");

  // Marked by hand (a plain form): the learner's bookmark shows beside "watched", and counts for nothing.
  await card.getByRole("button", { name: "סימון כהושלם" }).click();
  await expect(card).toHaveAttribute("data-marked", "true");
  await expect(card.getByTestId("lesson-marked")).toHaveText("סימנתם כהושלם");
  await expect(page.getByTestId("progress-tally").first()).toContainText("צפיתם ב־1 מתוך שיעור אחד");
  await expectAccessible(page);
  await card.getByRole("button", { name: "ביטול הסימון כהושלם" }).click();
  await expect(card).toHaveAttribute("data-marked", "false");
  await expect(card).toHaveAttribute("data-watched", "true");
});

test("leaving the page while a lesson plays keeps the position (sent as the page goes)", async ({ page }) => {
  const email = await newSubscriber(page);
  await page.goto("/courses/dsa");
  await waitForHydration(page);
  const video = page.getByTestId("video-mp4");
  await playFrom(video, 5);
  await expect.poll(() => currentTime(video)).toBeGreaterThanOrEqual(6);
  // A link of the site, while the video still plays: no pause event, only the way out.
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "About" }).first().click();
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(() => storedPosition(email)).toBeGreaterThanOrEqual(6);
});

test("straight from a playing lesson to the profile: the profile resumes where the list does (D-L1)", async ({
  page,
}) => {
  const email = await newSubscriber(page);
  await page.goto("/courses/dsa");
  await waitForHydration(page);
  const video = page.getByTestId("video-mp4");
  // Reported as it starts at 0:02 (a stretch of watching starts with a report); the next report is 10 s away.
  await playFrom(video, 2);
  await expect.poll(() => storedPosition(email)).toBe(2);
  await expect.poll(() => currentTime(video)).toBeGreaterThanOrEqual(4);
  const clickedAt = Math.floor(await currentTime(video));
  // A link of the site, at once, while the video plays: the profile's data must come after the last report.
  await page.getByTestId("profile-link").click();
  await expect(page).toHaveURL(/\/profile$/);
  const resume = page.getByTestId("continue-learning").getByRole("link", { name: /^Resume from 0:\d\d$/ });
  await expect(resume).toBeVisible();
  const shown = Number((await resume.textContent())!.replace(/^Resume from 0:/, ""));
  expect(shown).toBeGreaterThanOrEqual(clickedAt);
  // The list, reloaded, says the same: nothing reported after the profile read it.
  await page.goto("/courses/dsa");
  await expect(page.getByTestId("resume-bar")).toContainText(`You left off at 0:${String(shown).padStart(2, "0")}.`);
  expect(await storedPosition(email)).toBe(shown);
});

/** The learner's stored progress in a lesson, by its id. */
async function storedProgress(email: string, lessonId: string) {
  return withE2eDatabase(async (db) =>
    db
      .selectFrom("lesson_progress")
      .innerJoin("users", "users.id", "lesson_progress.user_id")
      .select(["lesson_progress.position_seconds", "lesson_progress.watched_seconds", "lesson_progress.watched_at"])
      .where("users.email", "=", email)
      .where("lesson_progress.lesson_id", "=", lessonId)
      .executeTakeFirst(),
  );
}

/** Drives the stand-in's player as a viewer would: to a second and pause, or to the end. */
const drive = (page: Page, action: "pauseAt" | "finish", seconds = 0) =>
  page.evaluate(
    ([what, at]) => {
      type StandInPlayer = { seekTo(s: number): void; pauseVideo(): void; finish(): void };
      const player = (window as unknown as { __youtubeStandIn: { players: StandInPlayer[] } }).__youtubeStandIn
        .players[0]!;
      if (what === "finish") return player.finish();
      player.seekTo(at);
      player.pauseVideo();
    },
    [action, seconds] as const,
  );

/** Where the stand-in's player is, in seconds (its clock runs as a real video would). */
const playerTime = (page: Page) =>
  page.evaluate(() =>
    (
      window as unknown as { __youtubeStandIn: { players: { getCurrentTime(): number }[] } }
    ).__youtubeStandIn.players[0]!.getCurrentTime(),
  );

test("when YouTube's player script cannot load, the lesson still plays and says its progress is not recorded (Hebrew)", async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/ERR_BLOCKED_BY_CLIENT/);
  const { slug } = await youtubeLessonForNewSubscriber(page, {
    slug: "yt-blocked",
    title: "Blocked YouTube",
    youtube: "e2eYtBlock1",
    duration: "5:00",
  });
  // As an extension or a network filter does.
  await page.route("**/youtube/iframe_api", (route) => route.abort("blockedbyclient"));
  await page.route("https://www.youtube-nocookie.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>YouTube stand-in</title>" }),
  );
  await page.goto(`/courses/${slug}?lng=he`);
  await waitForHydration(page);
  await page.getByTestId("video-facade").click();
  await expect(page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/e2eYtBlock1?"]')).toHaveAttribute(
    "src",
    /[?&]cc_lang_pref=he(&|$)/,
  );
  await expect(page.getByTestId("youtube-untracked")).toHaveText(
    "הסקריפט של נגן YouTube לא נטען (אולי תוסף לדפדפן או הרשת חוסמים אותו), ולכן השיעור מתנגן בלי לשמור את ההתקדמות שלכם.",
  );
});

test("a learner's YouTube lesson: the player API loads only on play, reports progress, and resumes; a jump to the end is not watching", async ({
  page,
}) => {
  // A list of its own with one YouTube lesson of five minutes, which its teacher made free for signed-in
  // learners (a one-lesson list has no free sample otherwise).
  const { slug, lessonId, email } = await youtubeLessonForNewSubscriber(page, {
    slug: "yt-progress",
    title: "Progress on YouTube",
    youtube: "e2eYtProg01",
    duration: "5:00",
  });
  const apiRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/youtube/iframe_api")) apiRequests.push(request.url());
  });

  await page.goto(`/courses/${slug}`);
  await waitForHydration(page);
  expect(apiRequests).toEqual([]);
  await page.getByTestId("video-facade").click();
  const frame = page.locator('iframe[data-stand-in="youtube"]');
  await expect(frame).toHaveAttribute(
    "src",
    /^https:\/\/www\.youtube-nocookie\.com\/embed\/e2eYtProg01\?.*enablejsapi=1/,
  );
  expect(apiRequests).toHaveLength(1);
  await expect(frame).toHaveAttribute("title", /^Lesson /);

  // Two minutes in, paused: reported at once.
  await drive(page, "pauseAt", 125);
  await expect.poll(async () => Number((await storedProgress(email, lessonId))?.position_seconds)).toBe(125);

  // Back later: the page says where the learner left off, and the player starts there…
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId("resume-bar")).toContainText("You left off at 2:05.");
  await page.getByTestId("video-facade").click();
  await expect(page.locator('iframe[data-stand-in="youtube"]')).toHaveAttribute("src", /[?&]start=125(&|$)/);
  // …or, with "Start over", from the beginning.
  await page.reload();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Start over" }).click();
  await expect(page.locator('iframe[data-stand-in="youtube"]')).not.toHaveAttribute("src", /[?&]start=/);

  // Jumped to the end a moment after it started: the player says "ended", the server saw seconds pass.
  await drive(page, "finish");
  await expect.poll(async () => Number((await storedProgress(email, lessonId))?.position_seconds)).toBe(600);
  const stored = (await storedProgress(email, lessonId))!;
  expect(stored.watched_at).toBeNull();
  expect(Number(stored.watched_seconds)).toBeLessThan(270);
  await page.reload();
  await expect(page.locator(`[data-watched="true"]`)).toHaveCount(0);
  await expect(page.getByTestId("progress-tally").first()).toContainText("0 of 1 lesson watched");
  await expect(page.getByTestId("certificate-hint")).toBeVisible();
});

test("straight from a playing YouTube lesson to the profile: the profile resumes where the list does (D-L1)", async ({
  page,
}) => {
  const { slug, lessonId, email } = await youtubeLessonForNewSubscriber(page, {
    slug: "yt-leave",
    title: "Left on YouTube",
    youtube: "e2eYtLeave1",
    duration: "5:00",
  });
  await page.goto(`/courses/${slug}`);
  await waitForHydration(page);
  await page.getByTestId("video-facade").click();
  await expect(page.locator('iframe[data-stand-in="youtube"]')).toBeVisible();
  // Half a minute in, playing on: reported as it plays again (the next report is 10 s away).
  await page.evaluate(() => {
    type StandInPlayer = { seekTo(s: number): void; pauseVideo(): void; playVideo(): void };
    const player = (window as unknown as { __youtubeStandIn: { players: StandInPlayer[] } }).__youtubeStandIn
      .players[0]!;
    player.seekTo(30);
    player.pauseVideo();
    player.playVideo();
  });
  const stored = async () => Number((await storedProgress(email, lessonId))?.position_seconds);
  await expect.poll(stored).toBe(30);
  await expect.poll(() => playerTime(page)).toBeGreaterThanOrEqual(32);
  const clickedAt = Math.floor(await playerTime(page));
  await page.getByTestId("profile-link").click();
  await expect(page).toHaveURL(/\/profile$/);
  const resume = page.getByTestId("continue-learning").getByRole("link", { name: /^Resume from 0:\d\d$/ });
  await expect(resume).toBeVisible();
  const shown = Number((await resume.textContent())!.replace(/^Resume from 0:/, ""));
  expect(shown).toBeGreaterThanOrEqual(clickedAt);
  await page.goto(`/courses/${slug}`);
  await expect(page.getByTestId("resume-bar")).toContainText(`You left off at 0:${shown}.`);
  expect(await stored()).toBe(shown);
});

test("a learner watches a short YouTube lesson to its end: watched, and the list's certificate, in both languages", async ({
  page,
}) => {
  // A list of its own with one YouTube lesson six seconds long, played in real time by the stand-in; its
  // teacher made it free for signed-in learners (a one-lesson list has no free sample otherwise).
  const { slug, lessonId, email } = await youtubeLessonForNewSubscriber(page, {
    slug: "yt-watch",
    title: "Watched on YouTube",
    youtube: "e2eYtWatch1",
    duration: "0:06",
  });
  await page.goto(`/courses/${slug}`);
  await waitForHydration(page);
  await page.getByTestId("video-facade").click();
  await expect(page.locator('iframe[data-stand-in="youtube"]')).toBeVisible();
  // Six seconds of playing, then a pause: reported, and credited as the time that passed.
  await expect.poll(() => playerTime(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(6);
  await drive(page, "pauseAt", 6);
  await expect.poll(async () => (await storedProgress(email, lessonId))?.watched_at ?? null).not.toBeNull();
  await expect(page.locator(`[data-watched="true"]`)).toHaveCount(1);
  await expect(page.getByTestId("progress-tally").first()).toContainText("1 of 1 lesson watched");

  // The list is watched: its certificate, printable, in both languages.
  await page.getByTestId("certificate-earned").getByRole("link", { name: "View your certificate" }).click();
  await expect(page.getByTestId("certificate-name")).toHaveText("Progress Tester");
  await expect(page.getByTestId("certificate-course")).toHaveText("Watched on YouTube");
  await expectAccessible(page);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("certificate")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeHidden();
  await expect(page.getByTestId("certificate-status")).toBeHidden();
  await page.emulateMedia({ media: "screen" });
  await page.goto(`${new URL(page.url()).pathname}?lng=he`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("תעודת סיום");
  await expect(page.getByTestId("certificate-status")).toHaveText("התעודה בתוקף.");
  await expectAccessible(page);
});

test("a learner who watched half a list reviews the course: the form, its messages and the review, in both languages", async ({
  page,
  allowConsoleErrors,
}) => {
  // The refused post below answers 400, which the browser logs.
  allowConsoleErrors(/status of 400 \(Bad Request\) .*\/course\/course-[\w-]+\.data/);
  // A course of its own, with one list of two lessons: one watched lesson is half of it.
  const listSlug = `review-list-${randomUUID().slice(0, 8)}`;
  const { courseSlug, firstLesson } = await withE2eDatabase(async (db) => {
    const courseId = await createCourse(db, { titleEn: "Reviewed in the browser" });
    const listId = await createVideoList(db, { slug: listSlug, courses: [courseId] });
    const firstLesson = await createLesson(db, listId, { youtube: "e2eReview01", duration: "0:20" });
    await createLesson(db, listId, { youtube: "e2eReview02" });
    const course = await db.selectFrom("courses").select("slug").where("id", "=", courseId).executeTakeFirstOrThrow();
    return { courseSlug: course.slug, firstLesson };
  });
  await newSubscriber(page, false);
  await expect.poll(async () => (await page.request.get(`/course/${courseSlug}`)).status()).toBe(200);
  await page.goto(`/course/${courseSlug}`);
  await expect(page.getByTestId("review-not-yet")).toBeVisible();
  // The player's reports as the first lesson plays from its start to its end (20 seconds).
  for (const position of ["0", "20"]) {
    const reported = await page.request.post("/api/progress", {
      form: { lesson: firstLesson, position, duration: "20" },
    });
    expect(reported.status()).toBe(200);
  }

  await page.goto(`/course/${courseSlug}`);
  await waitForHydration(page);
  const form = page.locator("form", { has: page.getByRole("group", { name: "Your rating" }) });
  // The same star widget as the feedback form: five stars, none lit before a choice; the arrow keys
  // move within the group, and the stars up to the chosen one light up.
  const stars = form.getByTestId("rating-input").locator("label svg");
  await expect(stars).toHaveCount(5);
  const lit = () =>
    stars.evaluateAll((svgs) => svgs.map((svg) => getComputedStyle(svg).color === "rgb(180, 83, 9)").join(""));
  expect(await lit()).toBe("falsefalsefalsefalsefalse");
  // A click on the second star (the button itself is visually hidden), then the keyboard.
  await form.locator("label", { hasText: "2 stars" }).click();
  await expect(form.getByRole("radio", { name: "2 stars" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(form.getByLabel("4 stars")).toBeChecked();
  expect(await lit()).toBe("truetruetruetruefalse");
  await form.getByLabel("Your comment").fill("ok");
  await form.getByRole("button", { name: "Post review" }).click();
  // Too short: the server's answer (400) says so beside the field, in the page's language.
  await expect(form.getByText("Write a few words (at least 3 characters).")).toBeVisible();
  await expect(form.getByLabel("Your comment")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("course-reviews")).toHaveCount(0);
  await form.getByLabel("Your comment").fill("Short lessons, clear examples.");
  await form.getByRole("button", { name: "Post review" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you! Your review is saved." })).toBeVisible();
  await expect(page.getByTestId("course-reviews")).toContainText("Short lessons, clear examples.");
  await expect(page.getByTestId("course-reviews")).toContainText("Progress Tester");
  await expectAccessible(page);

  await page.goto(`/course/${courseSlug}?lng=he`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "ביקורות של לומדים" })).toBeVisible();
  await expect(page.getByRole("button", { name: "שמירת השינויים" })).toBeVisible();
  // The stars keep their Hebrew names, and the review's four are chosen.
  await expect(page.getByRole("group", { name: "הדירוג שלכם" }).getByLabel("4 כוכבים")).toBeChecked();
  await expect(page.getByRole("group", { name: "הדירוג שלכם" }).getByLabel("כוכב אחד")).toBeVisible();
  await expectAccessible(page);
});

test("the admin's certificates and reviews pages pass axe in both languages", async ({ adminPage: page }) => {
  for (const path of ["/admin/certificates", "/admin/reviews"])
    for (const lng of ["en", "he"] as const) {
      await page.goto(`${path}?lng=${lng}`);
      await expect(page.locator("html")).toHaveAttribute("lang", lng);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        {
          "/admin/certificates": { en: "Certificates", he: "תעודות" },
          "/admin/reviews": { en: "Reviews", he: "ביקורות" },
        }[path]![lng],
      );
      await expectAccessible(page);
    }
});
