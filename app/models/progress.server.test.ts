import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, DIALECTS, type TestDb } from "../../tests/setup/databases.ts";
import { createSubscription, createUser, setLessonVideo } from "../../tests/support/factories.ts";
import { clock } from "../lib/clock";
import { resolveViewer, VISITOR, type Viewer } from "./access.server";
import { ensureCatalogueFresh, findList, type CatalogueSnapshot } from "./catalogue.server";
import {
  completedLessons,
  locateLesson,
  markLesson,
  mayTrack,
  nextLesson,
  progressIn,
  resumeAt,
  saveProgress,
  tally,
} from "./progress.server";

describe.each(DIALECTS)("lesson progress on %s", (dialect) => {
  let t: TestDb;
  let snapshot: CatalogueSnapshot;
  const now = new Date("2026-03-01T12:00:00.000Z");
  const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
  beforeAll(async () => {
    t = await createTestDb(dialect);
    snapshot = await ensureCatalogueFresh(t.db);
  });
  afterAll(async () => t.destroy());

  const dsa = () => findList(snapshot, "dsa")!;
  const learnerViewer = async (subject: string): Promise<Viewer> =>
    resolveViewer(t.db, await createUser(t.db, { subject, email: `${subject}@example.org`, now }), [], now);

  it("keeps one row per learner and lesson, overwritten as they watch, and completes at 90 %", async () => {
    const viewer = await learnerViewer("p1");
    const userId = viewer.user!.id;
    const lessonId = dsa().lessons[0]!.id;
    for (const [i, position] of [10, 20, 30, 500].entries())
      await saveProgress(t.db, { userId, lessonId, position, duration: 1000 }, later(i));
    let mine = await progressIn(t.db, userId, [lessonId]);
    expect(mine.get(lessonId)).toMatchObject({ position: 500, duration: 1000, completed: false });
    const rows = await t.db.selectFrom("lesson_progress").selectAll().where("user_id", "=", userId).execute();
    expect(rows).toHaveLength(1);

    expect(await saveProgress(t.db, { userId, lessonId, position: 899, duration: 1000 })).toMatchObject({
      completed: false,
    });
    expect(await saveProgress(t.db, { userId, lessonId, position: 900, duration: 1000 })).toMatchObject({
      completed: true,
    });
    // Watching again from the start does not unfinish it; the position follows the learner.
    const again = await saveProgress(t.db, { userId, lessonId, position: 12, duration: null });
    expect(again).toMatchObject({ position: 12, duration: 1000, completed: true });
    mine = await progressIn(t.db, userId, [lessonId, dsa().lessons[1]!.id]);
    expect([...mine.keys()]).toEqual([lessonId]);
  });

  it("marks a lesson complete and not complete by hand, keeping the position", async () => {
    const viewer = await learnerViewer("p2");
    const userId = viewer.user!.id;
    const lessonId = dsa().lessons[1]!.id;
    await markLesson(t.db, { userId, lessonId, complete: true });
    expect((await progressIn(t.db, userId, [lessonId])).get(lessonId)).toMatchObject({ completed: true, position: 0 });
    await saveProgress(t.db, { userId, lessonId, position: 120, duration: null });
    await markLesson(t.db, { userId, lessonId, complete: false });
    expect((await progressIn(t.db, userId, [lessonId])).get(lessonId)).toMatchObject({
      completed: false,
      position: 120,
    });
  });

  it("reads only the learner's own rows", async () => {
    const a = await learnerViewer("p3a");
    const b = await learnerViewer("p3b");
    const lessonId = dsa().lessons[2]!.id;
    await saveProgress(t.db, { userId: a.user!.id, lessonId, position: 950, duration: 1000 });
    expect((await progressIn(t.db, b.user!.id, [lessonId])).size).toBe(0);
    expect(await completedLessons(t.db, b.user!.id)).toEqual(new Set());
    expect(await completedLessons(t.db, a.user!.id)).toEqual(new Set([lessonId]));
    expect(tally(dsa().lessons, await completedLessons(t.db, a.user!.id))).toEqual({ done: 1, total: 35 });
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
    const at = (position: number, duration: number | null, completed = false) =>
      resumeAt({ position, duration, completed, updatedAt: "" });
    expect(resumeAt(undefined)).toBe(0);
    expect([at(3, 600), at(754, 1000), at(754, null), at(4, null), at(597, 600), at(300, 1000, true)]).toEqual([
      0, 754, 754, 0, 0, 300,
    ]);
    // A 12-second video: past its first 1.2 s and before 10.8 s.
    expect([at(1, 12), at(6, 12), at(11, 12)]).toEqual([0, 6, 0]);
    expect([clock(754), clock(59), clock(3723)]).toEqual(["12:34", "0:59", "1:02:03"]);
  });

  it("continues with the latest unfinished lesson, else the next one the learner may watch", async () => {
    const viewer = await learnerViewer("p5");
    const userId = viewer.user!.id;
    expect(await nextLesson(t.db, snapshot, viewer)).toBeUndefined();
    // The seed's placeholder videos are "coming soon": give the free samples real ones.
    for (const position of [0, 1, 2]) await setLessonVideo(t.db, "dsa", position);
    snapshot = await ensureCatalogueFresh(t.db);
    const [first, second] = dsa().lessons;
    await saveProgress(t.db, { userId, lessonId: first!.id, position: 300, duration: 1000 }, later(1));
    expect(await nextLesson(t.db, snapshot, viewer)).toMatchObject({
      lesson: { id: first!.id },
      href: `/courses/dsa#lesson-${first!.slug}`,
      resumeAt: 300,
    });
    await saveProgress(t.db, { userId, lessonId: first!.id, position: 990, duration: 1000 }, later(2));
    expect(await nextLesson(t.db, snapshot, viewer)).toMatchObject({ lesson: { id: second!.id }, resumeAt: 0 });
    // A learner who finished the free samples has nothing more to continue with here.
    for (const lesson of dsa().lessons.slice(1, 3))
      await markLesson(t.db, { userId, lessonId: lesson.id, complete: true }, later(3));
    expect(await nextLesson(t.db, snapshot, viewer)).toBeUndefined();
    expect(await nextLesson(t.db, snapshot, VISITOR)).toBeUndefined();
  });
});
