import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDb, DIALECTS, type TestDb } from "../../tests/setup/databases.ts";
import { fakeYoutubeId, setLessonVideo } from "../../tests/support/factories.ts";
import { parseCaptions } from "~/lib/captions.server";
import { createMediaStore, mediaFolders } from "~/lib/media-store.server";
import { mp4DurationSeconds } from "~/lib/media-probe";
import { ensureCatalogueFresh, findList } from "./catalogue.server";
import { DEMO_LIST, demoLessons, demoResource } from "./content.server";
import { formatDuration } from "./course-builder/lesson.server";
import { DEMO_LESSONS_SETTING, seedDemoLessons } from "./demo-lessons.server";

/** The committed files, as scripts/demo-media/make.ts made them. */
const DEMO_MEDIA = resolve(import.meta.dirname, "../../content/demo-media");
const SLUGS = demoLessons.map((lesson) => lesson.slug);

async function lengthOf(file: string): Promise<number | undefined> {
  const bytes = readFileSync(file);
  return mp4DurationSeconds(async (position, length) => bytes.subarray(position, position + length), bytes.length);
}

/** Seconds where a VTT's last caption ends: the script makes it the lesson's end. */
async function captionsEnd(file: string): Promise<number> {
  const parsed = await parseCaptions(readFileSync(file));
  if (!parsed.ok) throw new Error(`${file}: ${parsed.problem} on line ${parsed.line}`);
  return parsed.cues.at(-1)!.end;
}

describe("the committed demo media (content/demo-media)", () => {
  it("has a small MP4 per lesson whose captions, in both languages, run to its end with the same timings", async () => {
    let total = 0;
    for (const lesson of demoLessons) {
      const mp4 = join(DEMO_MEDIA, `${lesson.slug}.mp4`);
      const size = statSync(mp4).size;
      total += size;
      expect(size, lesson.slug).toBeLessThan(400 * 1024);
      const seconds = (await lengthOf(mp4))!;
      expect(seconds, lesson.slug).toBeGreaterThanOrEqual(20);
      expect(seconds, lesson.slug).toBeLessThanOrEqual(60);
      const english = await parseCaptions(readFileSync(join(DEMO_MEDIA, `${lesson.slug}.en.vtt`)));
      const hebrew = await parseCaptions(readFileSync(join(DEMO_MEDIA, `${lesson.slug}.he.vtt`)));
      if (!english.ok || !hebrew.ok) throw new Error(`${lesson.slug}: captions do not parse`);
      const sentences = lesson.slides.flatMap((slide) => slide.sentences);
      expect(english.cues.map((cue) => cue.text.replace(/\n/g, " "))).toEqual(sentences.map((s) => s.en));
      expect(hebrew.cues.map((cue) => [cue.start, cue.end])).toEqual(english.cues.map((cue) => [cue.start, cue.end]));
      expect(Math.abs(english.cues.at(-1)!.end - seconds), lesson.slug).toBeLessThan(0.1);
      for (const cue of hebrew.cues) {
        // Each line right to left from its first character, the code in it a left-to-right isolate.
        for (const line of cue.text.split("\n")) expect(line.startsWith("\u200f"), line).toBe(true);
        for (const code of cue.text.matchAll(/`([^`]*)`/g)) expect(code[1]).toMatch(/^\u2066.*\u2069$/);
      }
    }
    total += statSync(join(DEMO_MEDIA, demoResource.file)).size;
    expect(total).toBeLessThan(1.5 * 1024 * 1024);
  });
});

describe.each(DIALECTS)("demo lessons on %s", (dialect) => {
  let t: TestDb;
  let mediaDir: string;
  const dbs: TestDb[] = [];
  beforeEach(async () => {
    t = await createTestDb(dialect);
    dbs.push(t);
    mediaDir = mkdtempSync(join(tmpdir(), "lomda-demo-media-"));
  });
  afterEach(() => rmSync(mediaDir, { recursive: true, force: true }));
  afterAll(async () => {
    for (const db of dbs) await db.destroy();
  });

  const storedFiles = () =>
    Object.values(mediaFolders(mediaDir)).flatMap((folder) => {
      try {
        return readdirSync(folder);
      } catch {
        return [];
      }
    });
  const javascriptLessons = () =>
    t.db
      .selectFrom("lessons")
      .innerJoin("video_lists", "video_lists.id", "lessons.list_id")
      .select(["lessons.id", "lessons.slug", "lessons.youtube_id", "lessons.video_file", "lessons.duration"])
      .where("video_lists.slug", "=", DEMO_LIST)
      .orderBy("lessons.position")
      .execute();

  it("gives the list's first lessons their videos with their real lengths, captions in both languages and the resource", async () => {
    const before = await javascriptLessons();
    const given = await seedDemoLessons(t.db, createMediaStore(mediaDir), DEMO_MEDIA);
    expect(given).toEqual(SLUGS);

    const after = await javascriptLessons();
    // No lesson added or removed: only the first ones changed.
    expect(after.map((l) => l.slug)).toEqual(before.map((l) => l.slug));
    expect(after.slice(SLUGS.length)).toEqual(before.slice(SLUGS.length));
    for (const lesson of after.slice(0, SLUGS.length)) {
      expect(lesson.youtube_id).toBeNull();
      expect(lesson.video_file).toMatch(/^[0-9a-f]{32}\.mp4$/);
      const end = await captionsEnd(join(DEMO_MEDIA, `${lesson.slug}.en.vtt`));
      expect(lesson.duration, lesson.slug).toBe(formatDuration(end));
      const stored = readFileSync(join(mediaFolders(mediaDir).video, lesson.video_file!));
      expect(stored.equals(readFileSync(join(DEMO_MEDIA, `${lesson.slug}.mp4`)))).toBe(true);
    }

    const snapshot = await ensureCatalogueFresh(t.db);
    const list = findList(snapshot, DEMO_LIST)!;
    expect(list.lessons.map((l) => l.slug)).toEqual(SLUGS);
    expect(list.lessons.every((l) => l.captions.join() === "en,he")).toBe(true);
    // The rest still show as "Coming soon", as in any demo before: the list keeps its length.
    expect(list.comingSoon.length).toBe(before.length - SLUGS.length);
    // A learner's free samples: the first three; the fourth is a subscriber's.
    expect(list.freeSamples).toBe(3);
    const first = list.lessons[0]!;
    expect(first.resources).toEqual([
      {
        id: expect.any(String),
        name: "javascript-basics.js",
        contentType: "text/plain; charset=utf-8",
        size: expect.any(Number),
      },
    ]);
    const captions = await t.db
      .selectFrom("lesson_captions")
      .select(["language", "vtt", "file_name"])
      .where("lesson_id", "=", first.id)
      .orderBy("language")
      .execute();
    expect(captions.map((c) => c.file_name)).toEqual(["js-01-intro.en.vtt", "js-01-intro.he.vtt"]);
    // A caption's lines joined again (a Hebrew line starts with a right-to-left mark).
    const text = (vtt: string) => vtt.replace(/\n\u200f?/g, " ");
    expect(text(captions[0]!.vtt)).toContain("Welcome to JavaScript from Basics to Advanced.");
    expect(text(captions[1]!.vtt)).toContain("ברוכים הבאים לקורס JavaScript מהיסודות ועד רמה מתקדמת.");
    // Four videos and the resource, nothing else.
    expect(storedFiles().sort()).toHaveLength(SLUGS.length + 1);
  });

  it("does it once: a restart changes nothing and copies nothing, even after the admin removed a video", async () => {
    const media = createMediaStore(mediaDir);
    await seedDemoLessons(t.db, media, DEMO_MEDIA);
    const lessons = await javascriptLessons();
    const files = storedFiles().sort();
    const version = await t.db.selectFrom("catalogue_state").select("version").executeTakeFirstOrThrow();
    expect(await seedDemoLessons(t.db, media, DEMO_MEDIA)).toEqual([]);
    expect(await javascriptLessons()).toEqual(lessons);
    expect(storedFiles().sort()).toEqual(files);
    expect(await t.db.selectFrom("catalogue_state").select("version").executeTakeFirstOrThrow()).toEqual(version);

    // The admin took the second lesson's video away: the demo does not put it back.
    await setLessonVideo(t.db, DEMO_LIST, 1, { youtubeId: null, videoFile: null });
    expect(await seedDemoLessons(t.db, media, DEMO_MEDIA)).toEqual([]);
    expect((await javascriptLessons())[1]!.video_file).toBeNull();
  });

  it("leaves a lesson that already has a video of its own as it is", async () => {
    const youtubeId = fakeYoutubeId();
    await setLessonVideo(t.db, DEMO_LIST, 1, { youtubeId });
    expect(await seedDemoLessons(t.db, createMediaStore(mediaDir), DEMO_MEDIA)).toEqual(
      SLUGS.filter((_, i) => i !== 1),
    );
    const second = (await javascriptLessons())[1]!;
    expect(second).toMatchObject({ youtube_id: youtubeId, video_file: null });
    const captions = await t.db
      .selectFrom("lesson_captions")
      .select("language")
      .where("lesson_id", "=", second.id)
      .execute();
    expect(captions).toEqual([]);
    expect(storedFiles()).toHaveLength(SLUGS.length);
  });

  it("stores nothing and claims nothing when a file is broken, so the next start tries again", async () => {
    const broken = mkdtempSync(join(tmpdir(), "lomda-demo-broken-"));
    try {
      for (const file of readdirSync(DEMO_MEDIA)) copyFileSync(join(DEMO_MEDIA, file), join(broken, file));
      writeFileSync(join(broken, `${SLUGS[2]}.he.vtt`), "WEBVTT\n\n00:00:01.000 -> 00:00:02.000\nשבור\n");
      const media = createMediaStore(mediaDir);
      await expect(seedDemoLessons(t.db, media, broken)).rejects.toThrow(`${SLUGS[2]}.he.vtt: timing on line 3`);
      expect(storedFiles()).toEqual([]);
      expect((await javascriptLessons()).every((l) => l.video_file === null)).toBe(true);
      const claimed = await t.db
        .selectFrom("site_settings")
        .select("key")
        .where("key", "=", DEMO_LESSONS_SETTING)
        .execute();
      expect(claimed).toEqual([]);
      expect(await seedDemoLessons(t.db, media, DEMO_MEDIA)).toEqual(SLUGS);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it("gives them once when two processes start together, and the other leaves no file behind", async () => {
    const second = t.reopen();
    try {
      const results = await Promise.all([
        seedDemoLessons(t.db, createMediaStore(mediaDir), DEMO_MEDIA),
        seedDemoLessons(second.db, createMediaStore(mediaDir), DEMO_MEDIA),
      ]);
      expect(results.map((r) => r.length).sort()).toEqual([0, SLUGS.length]);
      expect(storedFiles()).toHaveLength(SLUGS.length + 1);
      const resources = await t.db.selectFrom("lesson_resources").select("id").execute();
      expect(resources).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
