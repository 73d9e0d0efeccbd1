import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, DIALECTS, type TestDb } from "../../tests/setup/databases.ts";
import {
  createCourse,
  createLesson,
  createSubscription,
  createUser,
  createVideoList,
  watchLesson,
} from "../../tests/support/factories.ts";
import { resolveViewer } from "./access.server";
import { ensureCatalogueFresh } from "./catalogue.server";
import { issueCertificateIfEarned } from "./certificate.server";
import { revokeSubscriptionsOfEmailAndEarned, withdrawEarned } from "./earned.server";
import { saveReview } from "./review.server";

describe.each(DIALECTS)("what access earned, taken back with it, on %s", (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect);
  });
  afterAll(async () => t.destroy());

  /** A course with one list of `lessons` short lessons, `free` of them free samples. */
  /** A course of one list; `free` free samples, or "all" when its teacher made every lesson free. */
  const course = async (lessons: number, free: number | "all") => {
    const courseId = await createCourse(t.db);
    const listId = await createVideoList(
      t.db,
      free === "all" ? { courses: [courseId], allFree: "on" } : { courses: [courseId], freeSamples: String(free) },
    );
    const ids: string[] = [];
    for (let i = 0; i < lessons; i++) ids.push(await createLesson(t.db, listId, { duration: "1:00" }));
    return { courseId, listId, lessons: ids };
  };
  /** Every lesson watched, the list's certificate and a review of the course. Returns the certificate's id. */
  const earn = async (user: { id: string; name: string }, of: Awaited<ReturnType<typeof course>>) => {
    for (const lesson of of.lessons) await watchLesson(t.db, user.id, lesson);
    const snapshot = await ensureCatalogueFresh(t.db);
    const row = await t.db.selectFrom("users").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
    const viewer = await resolveViewer(t.db, row, []);
    const certificate = await issueCertificateIfEarned(t.db, snapshot, viewer, snapshot.lists.get(of.listId)!);
    await saveReview(t.db, {
      courseId: of.courseId,
      userId: user.id,
      authorName: user.name,
      rating: 4,
      comment: "Good.",
    });
    return certificate!.id;
  };
  const state = async (certificateId: string, userId: string, courseId: string) => ({
    certificate: await t.db
      .selectFrom("certificates")
      .select(["revoked_by"])
      .where("id", "=", certificateId)
      .executeTakeFirstOrThrow(),
    review: await t.db
      .selectFrom("course_reviews")
      .select(["hidden", "hidden_by"])
      .where("user_id", "=", userId)
      .where("course_id", "=", courseId)
      .executeTakeFirstOrThrow(),
  });

  it("revoking a subscription by email (the command line) takes back what only it covered, not what free samples cover", async () => {
    const paid = await course(4, 1);
    const free = await course(2, "all");
    const user = await createUser(t.db, { subject: "e1", email: "e1@example.org", name: "Eden" });
    await createSubscription(t.db, { email: "e1@example.org" });
    const lost = await earn({ id: user.id, name: "Eden" }, paid);
    const kept = await earn({ id: user.id, name: "Eden" }, free);

    expect(await revokeSubscriptionsOfEmailAndEarned(t.db, "E1@example.org", "cli")).toBe(1);
    expect(await state(lost, user.id, paid.courseId)).toEqual({
      certificate: { revoked_by: "access-revoked:cli" },
      review: { hidden: 1, hidden_by: "access-revoked:cli" },
    });
    // Every lesson of that list is free (its teacher's choice): still the learner's to watch, so still theirs.
    expect(await state(kept, user.id, free.courseId)).toEqual({
      certificate: { revoked_by: null },
      review: { hidden: 0, hidden_by: null },
    });
    // Nothing more to revoke: nothing more taken.
    expect(await revokeSubscriptionsOfEmailAndEarned(t.db, "e1@example.org", "cli")).toBe(0);
  });

  it("a subscription that ended at its period's end takes nothing back; only a withdrawal does, within the course lost", async () => {
    const first = await course(4, 1);
    const second = await course(4, 1);
    const user = await createUser(t.db, { subject: "e2", email: "e2@example.org", name: "Omer" });
    const now = new Date();
    await createSubscription(t.db, { user }, { now, endsAt: new Date(now.getTime() + 3_600_000) });
    const one = await earn({ id: user.id, name: "Omer" }, first);
    const two = await earn({ id: user.id, name: "Omer" }, second);
    // The period ends (no revocation, no refund): certificates and reviews stay.
    await t.db
      .updateTable("subscriptions")
      .set({ ends_at: new Date(now.getTime() - 1000).toISOString() })
      .where("user_id", "=", user.id)
      .execute();
    expect(await state(one, user.id, first.courseId)).toMatchObject({ certificate: { revoked_by: null } });
    // A withdrawal for one course touches that course alone.
    expect(
      await withdrawEarned(t.db, { userIds: [user.id], courseId: first.courseId, reason: "refund:pi_test" }),
    ).toEqual({ certificates: 1, reviews: 1 });
    expect(await state(one, user.id, first.courseId)).toEqual({
      certificate: { revoked_by: "refund:pi_test" },
      review: { hidden: 1, hidden_by: "refund:pi_test" },
    });
    expect(await state(two, user.id, second.courseId)).toEqual({
      certificate: { revoked_by: null },
      review: { hidden: 0, hidden_by: null },
    });
  });
});
