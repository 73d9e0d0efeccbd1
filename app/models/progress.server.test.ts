import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, DIALECTS, type TestDb } from "../../tests/setup/databases.ts";
import {
  createSubscription,
  createUser,
  giveLessonsVideos,
  setLessonVideo,
  watchLesson,
} from "../../tests/support/factories.ts";
import { clock } from "../lib/clock";
import { resolveViewer, VISITOR, type Viewer } from "./access.server";
import { ensureCatalogueFresh, findList, type CatalogueSnapshot } from "./catalogue.server";
import {
  lessonLength,
  locateLesson,
  markLesson,
  mayTrack,
  nextLesson,
  progressIn,
  resumeAt,
  saveProgress,
  tally,
  watchedLessons,
} from "./progress.server";
import { WATCH_BANK_SECONDS } from "./progress.limits";

describe.each(DIALECTS)("lesson progress on %s", (dialect) => {
  let t: TestDb;
  let snapshot: CatalogueSnapshot;
  const now = new Date("2026-03-01T12:00:00.000Z");
  const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
  beforeAll(async () => {
    t = await createTestDb(dialect);
    // Only lessons with a video are watched (issue 31): the seed's placeholders get real-looking ids.
    await giveLessonsVideos(t.db);
    snapshot = await ensureCatalogueFresh(t.db);
  });
  afterAll(async () => t.destroy());

  const dsa = () => findList(snapshot, "dsa")!;
  const learnerViewer = async (subject: string): Promise<Viewer> =>
    resolveViewer(t.db, await createUser(t.db, { subject, email: `${subject}@example.org`, now }), [], now);

  it("keeps one row per learner and lesson, overwritten as they watch, and watched at 90 % of its known length", async () => {
    const viewer = await learnerViewer("p1");
    const userId = viewer.user!.id;
    const lesson = dsa().lessons[0]!;
    const length = lessonLength(lesson)!;
    expect(length).toBe(9 * 60 + 48);
    // One report every ten seconds of the server's clock, ten seconds further each time.
    const report = (position: number, seconds: number, duration: number | null = 1000) =>
      saveProgress(t.db, { userId, lessonId: lesson.id, position, duration, length }, later(seconds));
    for (let s = 0; s <= 500; s += 10) await report(s, s);
    let mine = await progressIn(t.db, userId, [lesson.id]);
    expect(mine.get(lesson.id)).toMatchObject({ position: 500, duration: 1000, watchedSeconds: 500, watched: false });
    const rows = await t.db.selectFrom("lesson_progress").selectAll().where("user_id", "=", userId).execute();
    expect(rows).toHaveLength(1);

    for (let s = 510; s <= 520; s += 10) await report(s, s);
    expect(await report(529, 529)).toMatchObject({ watchedSeconds: 529, watched: false });
    expect(await report(530, 530)).toMatchObject({ watchedSeconds: 530, watched: true });
    // Watching again from the start does not unwatch it; the position follows the learner.
    const again = await report(12, 600, null);
    expect(again).toMatchObject({ position: 12, duration: 1000, watched: true });
    mine = await progressIn(t.db, userId, [lesson.id, dsa().lessons[1]!.id]);
    expect([...mine.keys()]).toEqual([lesson.id]);
  });

  it("marks a lesson complete and not complete by hand (the learner's bookmark), keeping the position", async () => {
    const viewer = await learnerViewer("p2");
    const userId = viewer.user!.id;
    const lessonId = dsa().lessons[1]!.id;
    await markLesson(t.db, { userId, lessonId, complete: true });
    expect((await progressIn(t.db, userId, [lessonId])).get(lessonId)).toMatchObject({
      marked: true,
      watched: false,
      position: 0,
    });
    await saveProgress(t.db, { userId, lessonId, position: 120, duration: null, length: 1105 });
    await markLesson(t.db, { userId, lessonId, complete: false });
    expect((await progressIn(t.db, userId, [lessonId])).get(lessonId)).toMatchObject({
      marked: false,
      position: 120,
    });
  });

  it("reads only the learner's own rows", async () => {
    const a = await learnerViewer("p3a");
    const b = await learnerViewer("p3b");
    const lessonId = dsa().lessons[2]!.id;
    await watchLesson(t.db, a.user!.id, lessonId);
    expect((await progressIn(t.db, b.user!.id, [lessonId])).size).toBe(0);
    expect(await watchedLessons(t.db, b.user!.id)).toEqual(new Set());
    expect(await watchedLessons(t.db, a.user!.id)).toEqual(new Set([lessonId]));
    expect(tally(dsa().lessons, await watchedLessons(t.db, a.user!.id))).toEqual({ done: 1, total: 35 });
  });

  it("lets only those who may watch a lesson track it", async () => {
    const learner = await learnerViewer("p4");
    const subscriberUser = await createUser(t.db, { subject: "p4s", email: "p4s@example.org", now });
    await createSubscription(t.db, { user: subscriberUser }, { now });
    const subscriber = await resolveViewer(t.db, subscriberUser, [], now);
    const third = locateLesson(snapshot, dsa().lessons[2]!.id)!;
    const fifth = locateLesson(snapshot, dsa().lessons[4]!.id)!;
    expect(third.index).toBe(2);
    expect([mayTrack(VISITOR, third), mayTrack(learner, third), mayTrack(learner, fifth)]).toEqual([
      false,
      true,
      false,
    ]);
    expect(mayTrack(subscriber, fifth)).toBe(true);
    expect(locateLesson(snapshot, "no-such-lesson")).toBeUndefined();
  });

  it("resumes where the learner left off, except near either end or once finished", () => {
    const at = (position: number, duration: number | null, watched = false) =>
      resumeAt({ position, duration, watched, watchedSeconds: 0, marked: false, updatedAt: "" });
    expect(resumeAt(undefined)).toBe(0);
    expect([at(3, 600), at(754, 1000), at(754, null), at(4, null), at(597, 600), at(300, 1000, true)]).toEqual([
      0, 754, 754, 0, 0, 300,
    ]);
    // Marked complete: done with it, whatever the position.
    expect(
      resumeAt({ position: 300, duration: 1000, watched: false, watchedSeconds: 0, marked: true, updatedAt: "" }),
    ).toBe(0);
    // A 12-second video: past its first 1.2 s and before 10.8 s.
    expect([at(1, 12), at(6, 12), at(11, 12)]).toEqual([0, 6, 0]);
    expect([clock(754), clock(59), clock(3723)]).toEqual(["12:34", "0:59", "1:02:03"]);
  });

  it("credits only the time the server saw pass: not the client's word, a fast stream, a jump, two lessons at once", async () => {
    const viewer = await learnerViewer("p7");
    const userId = viewer.user!.id;
    const [first, second, third] = dsa().lessons;
    // The lessons' known lengths (9:48, 18:25, 16:40): the client's `duration` is no longer believed.
    expect([first!.duration, second!.duration, third!.duration]).toEqual(["9:48", "18:25", "16:40"]);
    const start = new Date("2026-04-01T08:00:00.000Z");
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    const report = (lessonId: string, length: number, position: number, seconds: number) =>
      saveProgress(t.db, { userId, lessonId, position, duration: 1, length }, at(seconds));

    // Ten seconds of video claimed every second of the server's clock, for 50 seconds: at most twice
    // the time that passed (plus what an idle learner has banked) is credited, and the lesson is not watched.
    let progress = await report(first!.id, 588, 0, 0);
    expect(progress).toMatchObject({ watchedSeconds: 0, watched: false });
    for (let s = 1; s <= 50; s++) progress = await report(first!.id, 588, 10 * s, s);
    expect(progress.watchedSeconds).toBeLessThanOrEqual(2 * 50 + 2 * WATCH_BANK_SECONDS);
    expect(progress.watched).toBe(false);
    // A jump to the end a second later adds two seconds, not the rest of the lesson.
    const before = progress.watchedSeconds;
    progress = await report(first!.id, 588, 588, 51);
    expect(progress.watchedSeconds - before).toBeLessThanOrEqual(2);

    // Two lessons "played" at once at double speed share one clock: together, twice the time at most.
    const credited = async () =>
      [...(await progressIn(t.db, userId, [first!.id, second!.id])).values()].reduce(
        (sum, p) => sum + p.watchedSeconds,
        0,
      );
    await report(second!.id, 1105, 0, 52);
    await report(first!.id, 588, 0, 52);
    const together = await credited();
    for (let s = 53; s <= 112; s++) {
      await report(first!.id, 588, 2 * (s - 52), s);
      await report(second!.id, 1105, 2 * (s - 52), s);
    }
    // 240 seconds claimed in 60; the second that passed since the jump (52 − 51) counts too.
    expect((await credited()) - together).toBeLessThanOrEqual(2 * 61);

    // Real watching, one report every ten seconds: watched at 90 % of the known length, not before,
    // and never credited past the length, however often it is played again.
    const from = 10_000;
    progress = await report(third!.id, 1000, 0, from);
    for (let i = 1; i <= 89; i++) progress = await report(third!.id, 1000, 10 * i, from + 10 * i);
    expect(progress).toMatchObject({ watchedSeconds: 890, watched: false });
    progress = await report(third!.id, 1000, 900, from + 900);
    expect(progress).toMatchObject({ watchedSeconds: 900, watched: true });
    for (let i = 91; i <= 100; i++) progress = await report(third!.id, 1000, 10 * i, from + 10 * i);
    await report(third!.id, 1000, 0, from + 1001);
    for (let i = 1; i <= 20; i++) progress = await report(third!.id, 1000, 10 * i, from + 1001 + 10 * i);
    expect(progress).toMatchObject({ watchedSeconds: 1000, watched: true, position: 200 });
    expect(await watchedLessons(t.db, userId)).toEqual(new Set([third!.id]));
  });

  it("keeps the learner's own mark apart from watching: a mark is not watched", async () => {
    const viewer = await learnerViewer("p8");
    const userId = viewer.user!.id;
    const lessonId = dsa().lessons[3]!.id;
    await markLesson(t.db, { userId, lessonId, complete: true });
    expect((await progressIn(t.db, userId, [lessonId])).get(lessonId)).toMatchObject({ marked: true, watched: false });
    expect(await watchedLessons(t.db, userId)).toEqual(new Set());
  });

  it("continues with the latest unfinished lesson, else the next one the learner may watch", async () => {
    const viewer = await learnerViewer("p5");
    const userId = viewer.user!.id;
    expect(await nextLesson(t.db, snapshot, viewer)).toBeUndefined();
    // The seed's placeholder videos are "coming soon": give the free samples real ones.
    for (const position of [0, 1, 2]) await setLessonVideo(t.db, "dsa", position);
    snapshot = await ensureCatalogueFresh(t.db);
    const [first, second] = dsa().lessons;
    await saveProgress(t.db, { userId, lessonId: first!.id, position: 300, duration: 1000, length: 588 }, later(1));
    expect(await nextLesson(t.db, snapshot, viewer)).toMatchObject({
      lesson: { id: first!.id },
      href: `/lesson/dsa/${first!.slug}`,
      resumeAt: 300,
    });
    await watchLesson(t.db, userId, first!.id);
    expect(await nextLesson(t.db, snapshot, viewer)).toMatchObject({ lesson: { id: second!.id }, resumeAt: 0 });
    // A learner who finished the free samples (watched, or marked done) has nothing more to continue with here.
    for (const lesson of dsa().lessons.slice(1, 3))
      await markLesson(t.db, { userId, lessonId: lesson.id, complete: true }, later(3));
    expect(await nextLesson(t.db, snapshot, viewer)).toBeUndefined();
    expect(await nextLesson(t.db, snapshot, VISITOR)).toBeUndefined();
  });
});
