import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCatalogueFresh } from "../../app/models/catalogue.server.ts";
import { captionsForAdmin, removeLessonCaptions, saveLessonCaptions } from "../../app/models/lesson-captions.server.ts";
import { loadCourseBuilderOverview } from "../../app/models/course-builder/overview.server.ts";
import { DIALECTS } from "../setup/databases.ts";
import { createSignedInUser, setLessonVideo } from "../support/factories.ts";
import { startApp } from "./harness.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const ENGLISH = "WEBVTT\n\n00:00.000 --> 00:02.000\nArrays hold values in order.\n";
const HEBREW_SRT = "1\n00:00:00,000 --> 00:00:02,000\nמערך שומר ערכים לפי הסדר.\n";

/** Issue 32: a lesson's captions, stored from an upload and served under the lesson's access rule. */
describe.each(DIALECTS)("lesson captions on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  const cookies: Record<string, string> = {};
  /** The DSA list's first lesson (a free sample) and its fifth (for subscribers only). */
  let sample: string;
  let locked: string;
  beforeAll(async () => {
    app = await startApp({}, dialect);
    for (const position of [0, 1, 2, 3, 4]) await setLessonVideo(app.db, "dsa", position);
    for (const kind of ["learner", "subscriber"] as const)
      cookies[kind] = (await createSignedInUser(app.db, kind)).cookie;
    const list = await app.db
      .selectFrom("video_lists")
      .select("id")
      .where("slug", "=", "dsa")
      .executeTakeFirstOrThrow();
    const ids = (
      await app.db.selectFrom("lessons").select("id").where("list_id", "=", list.id).orderBy("position").execute()
    ).map((row) => row.id);
    [sample, locked] = [ids[0]!, ids[4]!];
  });
  afterAll(async () => app?.stop());

  const get = (path: string, cookie?: string) => fetch(`${app.url}${path}`, { headers: cookie ? { cookie } : {} });

  it("refuses a broken file with its line and reason, and stores nothing", async () => {
    const broken = "WEBVTT\n\n00:00.000 --> 00:01.000\nOne\n\n00:02.500 -> 00:04.000\nTwo\n";
    expect(await saveLessonCaptions(app.db, sample, "en", bytes(broken), "intro.vtt")).toEqual({
      ok: false,
      status: 400,
      problem: "timing",
      line: 6,
    });
    expect(await saveLessonCaptions(app.db, "no-such-lesson", "en", bytes(ENGLISH))).toEqual({
      ok: false,
      status: 404,
    });
    expect(await captionsForAdmin(app.db, sample)).toEqual([]);
  });

  it("stores WebVTT and SRT (converted), names the languages on the lesson, and replaces a file in the same language", async () => {
    expect(await saveLessonCaptions(app.db, locked, "en", bytes(ENGLISH), "C:\\lessons\\arrays.vtt")).toEqual({
      ok: true,
      cues: 1,
    });
    expect(await saveLessonCaptions(app.db, locked, "he", bytes(HEBREW_SRT), "arrays-he.srt")).toEqual({
      ok: true,
      cues: 1,
    });
    expect((await captionsForAdmin(app.db, locked)).map((c) => [c.language, c.cues, c.fileName])).toEqual([
      ["en", 1, "arrays.vtt"],
      ["he", 1, "arrays-he.srt"],
    ]);
    const snapshot = await ensureCatalogueFresh(app.db);
    const lesson = [...snapshot.lists.values()].flatMap((list) => list.lessons).find((l) => l.id === locked);
    expect(lesson?.captions).toEqual(["en", "he"]);

    await saveLessonCaptions(app.db, locked, "en", bytes(ENGLISH.replace("Arrays", "Lists")), "arrays-2.vtt");
    expect((await captionsForAdmin(app.db, locked)).map((c) => [c.language, c.fileName])).toEqual([
      ["en", "arrays-2.vtt"],
      ["he", "arrays-he.srt"],
    ]);
  });

  it("serves them as WebVTT to whoever may watch the lesson, and the same 404 to everyone else", async () => {
    await saveLessonCaptions(app.db, sample, "en", bytes(ENGLISH));
    // The app's process sees the catalogue's new version at its next look (once a second).
    await expect
      .poll(async () => (await get(`/captions/${locked}/he.vtt`, cookies.subscriber)).status, { timeout: 5000 })
      .toBe(200);
    const hebrew = await get(`/captions/${locked}/he.vtt`, cookies.subscriber);
    expect(hebrew.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    // Never in a shared cache (a signed-in answer is "private, no-store" whatever the route says).
    expect(hebrew.headers.get("cache-control")).toMatch(/^private,/);
    expect(await hebrew.text()).toBe("WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nמערך שומר ערכים לפי הסדר.\n");
    // A free sample's captions: for the learner as for the subscriber.
    expect((await get(`/captions/${sample}/en.vtt`, cookies.learner)).status).toBe(200);

    const refused = [
      // A lesson the learner, or a visitor, may not watch.
      get(`/captions/${locked}/en.vtt`, cookies.learner),
      get(`/captions/${locked}/en.vtt`),
      // No such lesson, language or file; a language without captions.
      get(`/captions/no-such-lesson/en.vtt`, cookies.subscriber),
      get(`/captions/${locked}/fr.vtt`, cookies.subscriber),
      get(`/captions/${locked}/en.srt`, cookies.subscriber),
      get(`/captions/${sample}/he.vtt`, cookies.subscriber),
    ];
    for (const response of await Promise.all(refused)) {
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Not Found");
    }
  });

  it("the course builder counts published lessons with an uploaded video and no captions, per language", async () => {
    const before = (await loadCourseBuilderOverview(app.db)).missingCaptions;
    // The DSA list's second lesson gets an uploaded video: one more without captions in each language.
    await setLessonVideo(app.db, "dsa", 1, { videoFile: "lesson-sample.mp4" });
    expect((await loadCourseBuilderOverview(app.db)).missingCaptions).toEqual({ en: before.en + 1, he: before.he + 1 });
    const second = (
      await app.db
        .selectFrom("lessons")
        .innerJoin("video_lists", "video_lists.id", "lessons.list_id")
        .select("lessons.id")
        .where("video_lists.slug", "=", "dsa")
        .where("lessons.position", "=", 1)
        .executeTakeFirstOrThrow()
    ).id;
    await saveLessonCaptions(app.db, second, "he", bytes(HEBREW_SRT));
    expect((await loadCourseBuilderOverview(app.db)).missingCaptions).toEqual({ en: before.en + 1, he: before.he });
    // Unpublished, or on YouTube (YouTube's own captions): not counted.
    await app.db.updateTable("lessons").set({ published: 0 }).where("id", "=", second).execute();
    expect((await loadCourseBuilderOverview(app.db)).missingCaptions).toEqual(before);
  });

  it("removes a language's captions, and goes with its lesson", async () => {
    expect(await removeLessonCaptions(app.db, locked, "he")).toEqual({ ok: true });
    expect(await removeLessonCaptions(app.db, locked, "he")).toEqual({ ok: false, status: 404 });
    expect((await captionsForAdmin(app.db, locked)).map((c) => c.language)).toEqual(["en"]);
    await app.db.deleteFrom("lesson_progress").where("lesson_id", "=", locked).execute();
    await app.db.deleteFrom("lessons").where("id", "=", locked).execute();
    expect(await app.db.selectFrom("lesson_captions").selectAll().where("lesson_id", "=", locked).execute()).toEqual(
      [],
    );
  });
});
