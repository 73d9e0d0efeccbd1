import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../setup/databases.ts";
import { createSignedInUser, setLessonVideo } from "../support/factories.ts";
import { startApp } from "./harness.ts";

/** The JSON-LD blocks of a page, parsed. */
function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}
const videoObject = (html: string) =>
  structuredData(html).find((data) => Array.isArray(data["@type"]) && data["@type"].includes("VideoObject"));

/**
 * Issue 32, point 1: a lesson's own page at /lesson/<list>/<lesson>, under the list's access rule
 * decided on the server; its curriculum, previous and next; what search engines are told.
 */
describe.each(DIALECTS)("a lesson's own page on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  const cookies: Record<string, string> = {};
  /** The YouTube ids given to the DSA list's first four lessons (the fifth has its own file). */
  const youtube: string[] = [];
  beforeAll(async () => {
    app = await startApp({}, dialect);
    for (const position of [0, 1, 2, 3]) youtube.push((await setLessonVideo(app.db, "dsa", position))!);
    for (const kind of ["learner", "subscriber"] as const)
      cookies[kind] = (await createSignedInUser(app.db, kind)).cookie;
    // The app's process sees the catalogue's new version at its next look (once a second).
    for (let tries = 0; (await get("/lesson/dsa/dsa-04-arrays")).status !== 200; tries++) {
      if (tries > 50) throw new Error("the new lessons never showed");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => app?.stop());

  const get = (path: string, cookie?: string) =>
    fetch(`${app.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  const page = async (path: string, cookie?: string) => {
    const response = await get(path, cookie);
    expect(response.status).toBe(200);
    return response.text();
  };

  it("gives a visitor a free preview's player, and a locked lesson's title, length and way in without its video", async () => {
    const preview = await page("/lesson/dsa/dsa-01-intro");
    expect(preview).toContain(`data-video-id="${youtube[0]}"`);
    expect(preview).toMatch(/Lesson 1 of 35/);

    // The DSA list's fourth lesson is past the visitor's previews (3).
    const locked = await page("/lesson/dsa/dsa-04-arrays");
    expect(locked).toMatch(/<h1[^>]*>Arrays and Dynamic Arrays<\/h1>/);
    expect(locked).toContain('data-testid="video-locked"');
    expect(locked).toContain('data-testid="lesson-locked-notice"');
    expect(locked).toContain('href="/register?returnTo=%2Flesson%2Fdsa%2Fdsa-04-arrays"');
    expect(locked).not.toContain(youtube[3]);
    expect(locked).not.toContain("/video/");
    // Its own address, in both languages.
    expect(locked).toContain(`<link rel="canonical" href="${app.url}/lesson/dsa/dsa-04-arrays"/>`);
    expect(locked).toContain(`<link rel="alternate" hrefLang="he" href="${app.url}/lesson/dsa/dsa-04-arrays?lng=he"/>`);
    const hebrew = await page("/lesson/dsa/dsa-04-arrays?lng=he");
    expect(hebrew).toMatch(/<html lang="he" dir="rtl"/);
    expect(hebrew).toContain("שיעור 4 מתוך 35");
  });

  it("gives a subscriber every lesson, the list's curriculum with the current one marked, and previous and next", async () => {
    const html = await page("/lesson/dsa/dsa-04-arrays", cookies.subscriber);
    expect(html).toContain(`data-video-id="${youtube[3]}"`);
    expect(html).not.toContain('data-testid="lesson-locked-notice"');
    const current = html.match(/<li data-state="playable" data-current="true" data-lesson="([\w-]+)">/);
    expect(current?.[1]).toBe("dsa-04-arrays");
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/lesson\/dsa\/dsa-04-arrays"/);
    // Previous is the third lesson; next the fifth (a file of its own); those after it are coming soon.
    expect(html).toMatch(/<a rel="prev"[^>]*href="\/lesson\/dsa\/dsa-03-recursion"/);
    expect(html).toMatch(/<a rel="next"[^>]*href="\/lesson\/dsa\/dsa-05-two-pointers"/);
    const last = await page("/lesson/dsa/dsa-05-two-pointers", cookies.subscriber);
    expect(last).toContain('src="/video/lesson-sample.mp4"');
    expect(last).not.toContain('rel="next"');
    // The learner's curriculum counts what they watched.
    expect(await page("/lesson/dsa/dsa-01-intro", cookies.learner)).toContain("0 of 5 lessons watched");
  });

  it("tells search engines what a visitor gets: a VideoObject with its length, free or not", async () => {
    const free = videoObject(await page("/lesson/dsa/dsa-01-intro"));
    expect(free).toMatchObject({
      "@type": ["VideoObject", "LearningResource"],
      name: "Introduction to Data Structures and Algorithms",
      url: `${app.url}/lesson/dsa/dsa-01-intro`,
      isAccessibleForFree: true,
      embedUrl: `https://www.youtube-nocookie.com/embed/${youtube[0]}`,
      isPartOf: { "@type": "LearningResource", url: `${app.url}/courses/dsa` },
    });
    expect(free?.duration).toMatch(/^PT\d+M\d+S$/);
    expect(free?.uploadDate).toMatch(/^\d{4}-\d\d-\d\dT/);
    // A subscriber's page says the same of a locked lesson: not free, no video address.
    const locked = videoObject(await page("/lesson/dsa/dsa-04-arrays", cookies.subscriber));
    expect(locked).toMatchObject({ isAccessibleForFree: false });
    expect(locked).not.toHaveProperty("embedUrl");
    expect(JSON.stringify(locked)).not.toContain(youtube[3]);
    // The lessons with a video are in the sitemap; those coming soon are not.
    const sitemap = await (await get("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${app.url}/lesson/dsa/dsa-05-two-pointers</loc>`);
    expect(sitemap).not.toContain("/lesson/dsa/dsa-06-");
  });

  it("answers 404 for a lesson no published list shows, and sends another spelling to the one address", async () => {
    expect((await get("/lesson/dsa/no-such-lesson")).status).toBe(404);
    expect((await get("/lesson/no-such-list/dsa-01-intro")).status).toBe(404);
    expect((await get("/lesson/java/dsa-01-intro")).status).toBe(404);
    const other = await get("/lesson/DSA/DSA-01-Intro");
    expect(other.status).toBe(301);
    expect(other.headers.get("location")).toBe("/lesson/dsa/dsa-01-intro");
  });

  it("keeps a learner's 'Mark as complete' from the lesson's page, and refuses it elsewhere", async () => {
    const idsOf = async (list: string) =>
      (
        await app.db
          .selectFrom("lessons")
          .innerJoin("video_lists", "video_lists.id", "lessons.list_id")
          .select("lessons.id")
          .where("video_lists.slug", "=", list)
          .orderBy("lessons.position")
          .execute()
      ).map((row) => row.id);
    const ids = await idsOf("dsa");
    const mark = (path: string, lesson: string, cookie?: string) =>
      fetch(`${app.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          origin: app.url,
          ...(cookie ? { cookie } : {}),
        },
        body: new URLSearchParams({ intent: "complete", lesson }),
      });
    const done = await mark("/lesson/dsa/dsa-01-intro?lng=he", ids[0]!, cookies.learner);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/lesson/dsa/dsa-01-intro?lng=he");
    expect(await page("/lesson/dsa/dsa-01-intro", cookies.learner)).toContain('data-testid="lesson-marked"');
    expect((await mark("/lesson/dsa/dsa-01-intro", ids[0]!)).status).toBe(403);
    // A locked lesson, and a lesson of another page's list.
    expect((await mark("/lesson/dsa/dsa-04-arrays", ids[3]!, cookies.learner)).status).toBe(403);
    expect((await mark("/lesson/dsa/dsa-01-intro", (await idsOf("java"))[0]!, cookies.learner)).status).toBe(404);
  });
});
