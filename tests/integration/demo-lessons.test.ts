import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../setup/databases.ts";
import { createSignedInUser, watchLesson } from "../support/factories.ts";
import { DEMO_LIST, demoLessons, demoResource } from "../../content/demo-media/lessons.ts";
import { startApp } from "./harness.ts";

/**
 * Issue 32 point 6 (decision 0044): a demo start (`npm start`) gives the first lessons of the
 * JavaScript list short self-hosted videos, with English and Hebrew captions and a resource, so that
 * a newcomer can watch them, finish the list, pass its quiz and get its certificate without the
 * internet; a start without demo mode leaves the seed's lessons as they were ("Coming soon").
 */
const LIST_PATH = "/cources/programming/javascript";
const DEMO_MEDIA = resolve(import.meta.dirname, "../../content/demo-media");
const SLUGS = demoLessons.map((lesson) => lesson.slug);
/** The list's length in docs/product.md: the seed's 32 lessons, none added. */
const LESSONS = 32;

type App = Awaited<ReturnType<typeof startApp>>;

/** How the items of a list page show: playable, "Coming soon", locked. */
function states(html: string) {
  const all = [...html.matchAll(/data-state="(playable|soon|locked)"/g)].map((m) => m[1]);
  const count = (state: string) => all.filter((s) => s === state).length;
  return { playable: count("playable"), soon: count("soon"), locked: count("locked") };
}

async function javascriptLessons(app: App) {
  return app.db
    .selectFrom("lessons")
    .innerJoin("video_lists", "video_lists.id", "lessons.list_id")
    .select(["lessons.id", "lessons.slug", "lessons.youtube_id", "lessons.video_file", "lessons.duration"])
    .where("video_lists.slug", "=", DEMO_LIST)
    .orderBy("lessons.position")
    .execute();
}

describe.each(DIALECTS)("demo lessons that play, on %s", (dialect) => {
  let app: App;
  let lessons: Awaited<ReturnType<typeof javascriptLessons>>;
  beforeAll(async () => {
    app = await startApp({ LOMDA_DEMO: "1" }, dialect);
    lessons = (await javascriptLessons(app)).slice(0, SLUGS.length);
  });
  afterAll(async () => app?.stop());

  const get = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${path}`, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });

  it("lists the first four lessons as self-hosted videos with both captions, the rest still coming soon", async () => {
    expect(lessons.map((l) => l.slug)).toEqual(SLUGS);
    const subscriber = await createSignedInUser(app.db, "subscriber");
    const page = await (await get(LIST_PATH, subscriber.cookie)).text();
    expect(states(page)).toEqual({ playable: SLUGS.length, soon: LESSONS - SLUGS.length, locked: 0 });
    for (const lesson of lessons) {
      expect(lesson.video_file).toMatch(/^[0-9a-f]{32}\.mp4$/);
      expect(page).toContain(`/video/${lesson.video_file}`);
      for (const language of ["en", "he"]) expect(page).toContain(`/captions/${lesson.id}/${language}.vtt`);
    }
    // A learner's free samples: the first three play; the fourth is a subscriber's.
    const learner = await createSignedInUser(app.db, "learner");
    const free = await (await get(LIST_PATH, learner.cookie)).text();
    expect(states(free)).toEqual({ playable: 3, soon: LESSONS - SLUGS.length, locked: 1 });
    expect(free).not.toContain(`/video/${lessons[3]!.video_file}`);
    // Each has its own page, with the player and both captions.
    for (const lesson of lessons) {
      const own = await get(`/lesson/${DEMO_LIST}/${lesson.slug}`, subscriber.cookie);
      expect(own.status, lesson.slug).toBe(200);
      const html = await own.text();
      expect(html).toContain(`/video/${lesson.video_file}`);
      for (const language of ["en", "he"]) expect(html).toContain(`/captions/${lesson.id}/${language}.vtt`);
    }
  });

  it("serves each video with HTTP ranges to whoever may watch it, and its captions in English and Hebrew", async () => {
    const subscriber = await createSignedInUser(app.db, "subscriber");
    for (const lesson of lessons) {
      const committed = readFileSync(resolve(DEMO_MEDIA, `${lesson.slug}.mp4`));
      const range = await get(`/video/${lesson.video_file}`, subscriber.cookie, { range: "bytes=0-1023" });
      expect(range.status, lesson.slug).toBe(206);
      expect(range.headers.get("content-type")).toBe("video/mp4");
      expect(range.headers.get("content-range")).toBe(`bytes 0-1023/${committed.length}`);
      expect(Buffer.from(await range.arrayBuffer()).equals(committed.subarray(0, 1024))).toBe(true);

      const english = await get(`/captions/${lesson.id}/en.vtt`, subscriber.cookie);
      expect(english.status).toBe(200);
      expect(english.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
      const hebrew = await (await get(`/captions/${lesson.id}/he.vtt`, subscriber.cookie)).text();
      expect(hebrew).toMatch(/^WEBVTT\n/);
      expect(hebrew).toMatch(/[\u0590-\u05FF]/);
      const cues = (vtt: string) => vtt.match(/-->/g)?.length ?? 0;
      expect(cues(hebrew)).toBe(cues(await english.text()));
    }
    const first = await (await get(`/captions/${lessons[0]!.id}/en.vtt`, subscriber.cookie)).text();
    expect(first.replace(/\n/g, " ")).toContain("Welcome to JavaScript from Basics to Advanced.");
    // The first three are previews anyone may watch; the fourth is not a visitor's, nor a learner's.
    expect((await get(`/video/${lessons[0]!.video_file}`, undefined, { range: "bytes=0-15" })).status).toBe(206);
    expect((await get(`/captions/${lessons[0]!.id}/he.vtt`)).status).toBe(200);
    const learner = await createSignedInUser(app.db, "learner");
    expect((await get(`/video/${lessons[3]!.video_file}`)).status).toBe(401);
    expect((await get(`/video/${lessons[3]!.video_file}`, learner.cookie)).status).toBe(403);
    for (const cookie of [undefined, learner.cookie])
      expect((await get(`/captions/${lessons[3]!.id}/en.vtt`, cookie)).status).toBe(404);
  });

  it("offers the lessons' examples as a download beside the first lesson", async () => {
    const learner = await createSignedInUser(app.db, "learner");
    const resources = await app.db.selectFrom("lesson_resources").select(["id", "lesson_id", "name"]).execute();
    expect(resources).toEqual([{ id: expect.any(String), lesson_id: lessons[0]!.id, name: demoResource.name }]);
    const href = `/lesson-files/${resources[0]!.id}`;
    const page = await (await get(LIST_PATH, learner.cookie)).text();
    expect(page).toContain(href);
    expect(page).toContain(demoResource.name);
    const download = await get(href, learner.cookie);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(download.headers.get("content-disposition")).toContain(`filename="${demoResource.name}"`);
    expect(await download.text()).toBe(readFileSync(resolve(DEMO_MEDIA, demoResource.file), "utf8"));
    // Under the lesson's rule: the first lesson is a preview, so a visitor downloads it too.
    expect((await get(href)).status).toBe(200);
  });

  it("lets a subscriber finish the list by watching it (its real lengths) and earn its certificate with the quiz", async () => {
    const { user, cookie } = await createSignedInUser(app.db, "subscriber", { name: "Noa Demo" });
    // The list's quiz passed (the quiz's own pages have their tests: quiz.test.ts).
    const quiz = await app.db
      .selectFrom("quizzes")
      .select(["slug", "list_id"])
      .where("slug", "=", "javascript")
      .executeTakeFirstOrThrow();
    const list = await app.db
      .selectFrom("video_lists")
      .select("id")
      .where("slug", "=", DEMO_LIST)
      .executeTakeFirstOrThrow();
    expect(quiz.list_id).toBe(list.id);
    const stamp = new Date().toISOString();
    await app.db
      .insertInto("quiz_attempts")
      .values({
        id: randomBytes(18).toString("base64url"),
        user_id: user.id,
        quiz: "javascript",
        question_count: 15,
        current_index: 15,
        score: 14,
        started_at: stamp,
        updated_at: stamp,
        finished_at: stamp,
      })
      .execute();
    // Three lessons watched to their ends on a simulated clock (the server credits real time only)…
    for (const lesson of lessons.slice(1)) await watchLesson(app.db, user.id, lesson.id);
    // …and the first played through as the player reports it: its known length is the file's own.
    const [minutes, seconds] = lessons[0]!.duration!.split(":").map(Number);
    const length = minutes! * 60 + seconds!;
    expect(length).toBeGreaterThanOrEqual(20);
    expect(length).toBeLessThanOrEqual(60);
    const report = async (position: number) =>
      (
        await fetch(`${app.url}/api/progress`, {
          method: "POST",
          headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ lesson: lessons[0]!.id, position: String(position), duration: String(length) }),
        })
      ).json();
    expect(await report(0)).toEqual({ position: 0, watched: false });
    expect(await report(length)).toEqual({ position: length, watched: true });

    const certificates = await app.db
      .selectFrom("certificates")
      .select(["id", "list_id"])
      .where("user_id", "=", user.id)
      .execute();
    expect(certificates).toEqual([{ id: expect.any(String), list_id: list.id }]);
    const page = await (await get(LIST_PATH, cookie)).text();
    expect(page).toContain("You have earned a certificate for this course.");
    const certificate = await (await get(`/certificates/${certificates[0]!.id}`)).text();
    expect(certificate).toContain("Noa Demo");
  });
});

describe.each(DIALECTS)("without demo mode, on %s", (dialect) => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ LOMDA_DEMO: "0" }, dialect);
  });
  afterAll(async () => app?.stop());

  it("leaves the seed's lessons as they were: no video, no captions, no resource", async () => {
    const lessons = await javascriptLessons(app);
    expect(lessons).toHaveLength(LESSONS);
    expect(lessons.every((l) => l.youtube_id === null && l.video_file === null)).toBe(true);
    expect(await app.db.selectFrom("lesson_captions").select("lesson_id").execute()).toEqual([]);
    expect(await app.db.selectFrom("lesson_resources").select("id").execute()).toEqual([]);
    const page = await (await fetch(`${app.url}${LIST_PATH}`)).text();
    expect(states(page)).toEqual({ playable: 0, soon: LESSONS, locked: 0 });
  });
});
