import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../setup/databases.ts";
import { createSignedInUser, giveLessonsVideos, setLessonVideo } from "../support/factories.ts";
import { shown, startApp } from "./harness.ts";

/** Issue 17: progress reports, "Mark as complete", resume and tallies over HTTP, on both databases. */
describe.each(DIALECTS)("lesson progress over HTTP on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  const cookies: Record<string, string> = {};
  const users: Record<string, string> = {};
  /** The DSA list's lesson ids, in order (the 5th is the self-hosted one, for subscribers). */
  let lessons: string[];
  beforeAll(async () => {
    app = await startApp({}, dialect);
    for (const position of [0, 1, 2, 3]) await setLessonVideo(app.db, "dsa", position);
    // The second lesson: a short one (40 seconds), to be watched here.
    await setLessonVideo(app.db, "dsa", 1, { duration: "0:40" });
    // The others too but the 6th, and the home page's tax course: a lesson without a video is not
    // watched or counted (issue 31), so the DSA list counts 34 lessons.
    await giveLessonsVideos(app.db, "dsa", "tax");
    await setLessonVideo(app.db, "dsa", 5, { youtubeId: null });
    for (const kind of ["learner", "subscriber"] as const) {
      const signed = await createSignedInUser(app.db, kind);
      cookies[kind] = signed.cookie;
      users[kind] = signed.user.id;
    }
    cookies.other = (await createSignedInUser(app.db, "learner")).cookie;
    const list = await app.db
      .selectFrom("video_lists")
      .select("id")
      .where("slug", "=", "dsa")
      .executeTakeFirstOrThrow();
    lessons = (
      await app.db.selectFrom("lessons").select("id").where("list_id", "=", list.id).orderBy("position").execute()
    ).map((row) => row.id);
  });
  afterAll(async () => app?.stop());

  const report = (cookie: string | undefined, body: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/api/progress`, {
      method: "POST",
      headers: { ...(cookie ? { cookie } : {}), ...headers },
      body: new URLSearchParams(body),
    });
  const page = async (path: string, cookie?: string) =>
    (await fetch(`${app.url}${path}`, { headers: cookie ? { cookie } : {} })).text();
  const rows = (userId: string) =>
    app.db.selectFrom("lesson_progress").selectAll().where("user_id", "=", userId).execute();

  it("puts a subscriber's self-hosted player in the page's HTML, not in a part streamed out of place", async () => {
    // The player is a chunk of its own in the browser (most visitors never get one); a <video> plays
    // without JavaScript, so the server renders it in place (components/ui/lazy-on-server.ts).
    const html = await page("/courses/dsa", cookies.subscriber);
    expect(html).toContain('data-testid="video-mp4"');
    expect(html).not.toMatch(/<div hidden id="S:\d+">/);
  });

  it("records a learner's position in a free sample, watched at 90 % of its known length, and keeps one row", async () => {
    // Playing starts: the report that starts the server's clock credits nothing.
    let response = await report(cookies.learner, { lesson: lessons[1]!, position: "0", duration: "40" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ position: 0, watched: false });
    // 35 of 40 seconds: not yet 90 %; then the end.
    response = await report(cookies.learner, { lesson: lessons[1]!, position: "35", duration: "40" });
    expect(await response.json()).toEqual({ position: 35, watched: false });
    response = await report(cookies.learner, { lesson: lessons[1]!, position: "40", duration: "40" });
    expect(await response.json()).toEqual({ position: 40, watched: true });
    const [row] = await rows(users.learner!);
    expect(await rows(users.learner!)).toHaveLength(1);
    expect(row).toMatchObject({ watched_seconds: 40, marked_at: null });
    expect(row!.watched_at).not.toBeNull();
  });

  it("takes no client's word for watching: position=1&duration=1, or a jump to the end, leaves a lesson unwatched", async () => {
    const fresh = await createSignedInUser(app.db, "learner");
    // The DSA list's first lesson is 9:48 long; the client says it is one second long and over.
    const claimed = await report(fresh.cookie, { lesson: lessons[0]!, position: "1", duration: "1" });
    expect(claimed.status).toBe(200);
    expect(await claimed.json()).toMatchObject({ position: 1, watched: false });
    const jumped = await report(fresh.cookie, { lesson: lessons[0]!, position: "587", duration: "588" });
    expect(await jumped.json()).toMatchObject({ position: 587, watched: false });
    const html = await page("/courses/dsa", fresh.cookie);
    expect(html).toContain("0 of 34 lessons watched");
    expect(html).not.toContain('data-watched="true"');
    const [row] = await rows(fresh.user.id);
    expect(row).toMatchObject({ watched_at: null, marked_at: null });
    expect(Number(row!.watched_seconds)).toBeLessThan(588 * 0.9);
  });

  it("refuses visitors, lessons the viewer may not watch, unknown lessons and bad input, storing nothing", async () => {
    const before = await app.db
      .selectFrom("lesson_progress")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    expect((await report(undefined, { lesson: lessons[0]!, position: "10" })).status).toBe(401);
    // The 5th lesson is for subscribers only.
    expect((await report(cookies.learner, { lesson: lessons[4]!, position: "10" })).status).toBe(403);
    expect((await report(cookies.learner, { lesson: "no-such-lesson", position: "10" })).status).toBe(404);
    // A lesson with no video yet ("coming soon"): nothing to watch, nothing credited.
    expect((await report(cookies.subscriber, { lesson: lessons[5]!, position: "10" })).status).toBe(404);
    const bads: Record<string, string>[] = [
      { lesson: lessons[0]!, position: "-1" },
      { lesson: lessons[0]!, position: "ten" },
      { lesson: lessons[0]!, position: "999999" },
      { lesson: lessons[0]!, position: "50", duration: "20" },
      { lesson: "<script>", position: "1" },
      { position: "1" },
    ];
    for (const bad of bads) expect((await report(cookies.learner, bad)).status, JSON.stringify(bad)).toBe(400);
    const json = await fetch(`${app.url}/api/progress`, {
      method: "POST",
      headers: { cookie: cookies.learner!, "content-type": "application/json" },
      body: JSON.stringify({ lesson: lessons[0], position: 1 }),
    });
    expect(json.status).toBe(415);
    // A cross-site page cannot report for a signed-in learner.
    const crossSite = await report(
      cookies.learner,
      { lesson: lessons[1]!, position: "30" },
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    );
    expect(crossSite.status).toBe(403);
    expect((await fetch(`${app.url}/api/progress`)).status).toBe(405);
    const after = await app.db
      .selectFrom("lesson_progress")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    expect(Number(after!.n)).toBe(Number(before!.n));
  });

  it("shows the learner their own progress on the list page, and nobody else's", async () => {
    await report(cookies.learner, { lesson: lessons[2]!, position: "120", duration: "600" });
    const mine = await page("/courses/dsa", cookies.learner);
    expect(mine).toContain("1 of 34 lessons watched");
    expect(mine.match(/data-watched="true"/g)).toHaveLength(1);
    expect(mine.match(/data-watched="false"/g)).toHaveLength(2);
    expect(mine).toContain('data-testid="lesson-watched"');
    expect(mine).toContain("does not count toward a certificate");
    const other = await page("/courses/dsa", cookies.other);
    expect(other).toContain("0 of 34 lessons watched");
    expect(other).not.toContain('data-watched="true"');
    const visitor = shown(await page("/courses/dsa"));
    expect(visitor).not.toContain("lessons watched");
    expect(visitor).not.toContain("data-watched");
    const hebrew = await page("/courses/dsa?lng=he", cookies.learner);
    expect(hebrew).toContain("צפיתם ב־1 מתוך 34 שיעורים");
    expect(hebrew).toContain("הוא לא נחשב לקבלת תעודה");
  });

  it("leads the learner on from the home page and the profile: the latest unfinished lesson, where they left off", async () => {
    // The learner's latest lesson is the DSA list's 3rd, left at 2:00 of 10:00.
    const home = await page("/", cookies.learner);
    expect(home).toContain('data-testid="continue-learning"');
    expect(home).toContain("Resume from 2:00");
    expect(home).toMatch(/href="\/lesson\/dsa\/[\w-]+"/);
    // The home page's course cards count the learner's lessons of each course.
    expect(home).toMatch(/\d+ of \d+ lessons watched/);
    const profile = await page("/profile", cookies.learner);
    expect(profile).toContain("Continue learning");
    expect(profile).toContain('data-testid="progress-lists"');
    expect(profile).toContain("1 of 34 lessons watched");
    expect(await page("/profile?lng=he", cookies.learner)).toContain("המשך מ־2:00");
    // Someone who has not started sees an invitation instead; a visitor, nothing of the kind.
    const fresh = await page("/profile", cookies.other);
    expect(fresh).toContain('data-testid="progress-empty"');
    expect(fresh).not.toContain('data-testid="continue-learning"');
    expect(shown(await page("/"))).not.toContain("Continue learning");
  });

  it("starts a self-hosted lesson where the subscriber left off", async () => {
    await report(cookies.subscriber, { lesson: lessons[4]!, position: "6", duration: "12" });
    const html = await page("/courses/dsa", cookies.subscriber);
    expect(html).toContain('src="/video/lesson-sample.mp4#t=6"');
    // Near the end it starts over.
    await report(cookies.subscriber, { lesson: lessons[4]!, position: "11", duration: "12" });
    expect(await page("/courses/dsa", cookies.subscriber)).toContain('src="/video/lesson-sample.mp4"');
  });

  it("marks a lesson complete and not complete with a plain form (the learner's bookmark, not watching), back at the lesson", async () => {
    const mark = (intent: string, lesson: string, cookie = cookies.learner) =>
      fetch(`${app.url}/courses/dsa`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: cookie!, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent, lesson }),
      });
    const done = await mark("complete", lessons[2]!);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toMatch(/^\/courses\/dsa#lesson-/);
    const marked = await page("/courses/dsa", cookies.learner);
    expect(marked.match(/data-marked="true"/g)).toHaveLength(1);
    expect(marked).toContain('data-testid="lesson-marked"');
    expect(marked).toContain('name="intent" value="incomplete"');
    // The mark is the learner's own: it counts toward nothing.
    expect(marked).toContain("1 of 34 lessons watched");
    expect((await mark("incomplete", lessons[2]!)).status).toBe(303);
    expect(await page("/courses/dsa", cookies.learner)).not.toContain('data-marked="true"');
    // Not a lesson the learner may watch, not in this list, or not a known intent.
    expect((await mark("complete", lessons[4]!)).status).toBe(403);
    expect((await mark("finish", lessons[2]!)).status).toBe(400);
    const javaList = await app.db
      .selectFrom("video_lists")
      .select("id")
      .where("slug", "=", "java")
      .executeTakeFirstOrThrow();
    const javaLesson = await app.db
      .selectFrom("lessons")
      .select("id")
      .where("list_id", "=", javaList.id)
      .orderBy("position")
      .executeTakeFirstOrThrow();
    expect((await mark("complete", javaLesson.id)).status).toBe(404);
    const visitor = await fetch(`${app.url}/courses/dsa`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "complete", lesson: lessons[0]! }),
    });
    expect(visitor.status).toBe(403);
  });
});
