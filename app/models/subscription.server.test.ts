import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, DIALECTS, type TestDb } from "../../tests/setup/databases.ts";
import { createSubscription, createUser } from "../../tests/support/factories.ts";
import { canWatch, canWatchWholeList, freeLessonCount, isFreeSample, resolveViewer, VISITOR } from "./access.server";
import { authenticateIdpAccount, DEMO_PASSWORD, seedDemoAccounts } from "./idp-account.server";
import { activeSubscriptionFor, claimEmailSubscriptions, revokeSubscription } from "./subscription.server";

describe.each(DIALECTS)("subscriptions and access on %s", (dialect) => {
  let t: TestDb;
  const now = new Date("2026-03-01T12:00:00.000Z");
  const admins = ["boss@lomda.test"];
  beforeAll(async () => {
    t = await createTestDb(dialect);
  });
  afterAll(async () => t.destroy());

  const user = (subject: string, email: string, verified = true) =>
    createUser(t.db, { subject, email, emailVerified: verified, now });

  it("a visitor, a learner, a subscriber and an admin are told apart", async () => {
    const learner = await user("l", "l@example.org");
    const subscriber = await user("s", "s@example.org");
    const admin = await user("a", "boss@lomda.test");
    await createSubscription(t.db, { user: subscriber }, { now });

    expect(await resolveViewer(t.db, undefined, admins, now)).toEqual(VISITOR);
    expect((await resolveViewer(t.db, learner, admins, now)).role).toBe("learner");
    const sub = await resolveViewer(t.db, subscriber, admins, now);
    expect(sub).toMatchObject({ role: "subscriber", hasSubscription: true, isAdmin: false });
    expect(await resolveViewer(t.db, admin, admins, now)).toMatchObject({ role: "admin", isAdmin: true });
  });

  it("visitors and learners watch the first 3 videos of a list (its previews), subscribers and admins all", async () => {
    const list = { freeSamples: 3, allFree: false, lessons: Array.from({ length: 32 }), courseIds: [] };
    const learner = await resolveViewer(t.db, await user("l2", "l2@example.org"), admins, now);
    expect([0, 1, 2, 3].map((i) => canWatch(learner, list, i))).toEqual([true, true, true, false]);
    // The teacher's free previews are open to visitors too (issue 31, D-M3), and labelled so.
    expect([0, 1, 2, 3].map((i) => canWatch(VISITOR, list, i))).toEqual([true, true, true, false]);
    expect([0, 2, 3].map((i) => isFreeSample(VISITOR, list, i))).toEqual([true, true, false]);
    const admin = await resolveViewer(t.db, await user("a2", "boss@lomda.test"), admins, now);
    expect(canWatch(admin, list, 31)).toBe(true);
  });

  it("free samples never cover a whole list unless its teacher made every lesson free", async () => {
    const list = (lessons: number, freeSamples: number, allFree = false) => ({
      freeSamples,
      allFree,
      lessons: Array.from({ length: lessons }),
      courseIds: ["course-1"],
    });
    // [lessons, the teacher's number] → what learners get.
    for (const [lessons, set, got] of [
      [1, 3, 0],
      [1, 0, 0],
      [2, 3, 1],
      [3, 3, 2],
      [4, 3, 3],
      [35, 50, 34],
      [0, 3, 0],
    ] as const)
      expect(freeLessonCount(list(lessons, set)), `${lessons} lessons, ${set} set`).toBe(got);
    expect(freeLessonCount(list(1, 0, true))).toBe(1);
    expect(freeLessonCount(list(5, 2, true))).toBe(5);

    const learner = await resolveViewer(t.db, await user("l3", "l3@example.org"), admins, now);
    expect(canWatch(learner, list(1, 3), 0)).toBe(false);
    expect(canWatch(learner, list(1, 3, true), 0)).toBe(true);
    expect(canWatch(VISITOR, list(1, 3, true), 0)).toBe(false);
    // "Every lesson is free" is for signed-in learners: a visitor gets the previews of such a list.
    expect([0, 1, 2].map((i) => canWatch(VISITOR, list(3, 1, true), i))).toEqual([true, false, false]);
    expect(canWatchWholeList(learner, list(4, 3))).toBe(false);
    expect(canWatchWholeList(learner, list(4, 3, true))).toBe(true);
    expect(canWatchWholeList(learner, list(0, 3, true))).toBe(false);
    expect(canWatchWholeList({ ...learner, courseIds: ["course-1"] }, list(4, 0))).toBe(true);
    const subscriber = { ...learner, hasSubscription: true };
    expect(canWatchWholeList(subscriber, list(4, 0))).toBe(true);
  });

  it("an admin email counts only when the provider verified it", async () => {
    const unverified = await user("fake-admin", "boss@lomda.test", false);
    expect(await resolveViewer(t.db, unverified, admins, now)).toMatchObject({
      isAdmin: false,
      adminEmailUnverified: true, // so the 403 says why (requireAdmin)
    });
    const other = await resolveViewer(t.db, await user("nobody", "nobody@example.org", false), admins, now);
    expect(other.adminEmailUnverified).toBe(false);
  });

  it("a subscription granted to an email applies when that person first signs in (verified email only)", async () => {
    await createSubscription(t.db, { email: "Newcomer@Example.org" }, { now });
    const impostor = await user("imp", "newcomer@example.org", false);
    expect(await activeSubscriptionFor(t.db, impostor, now)).toBeUndefined();
    const newcomer = await user("new", "newcomer@example.org");
    await claimEmailSubscriptions(t.db, newcomer);
    expect(await activeSubscriptionFor(t.db, newcomer, now)).toEqual({ endsAt: null });
    const row = await t.db
      .selectFrom("subscriptions")
      .select("user_id")
      .where("email", "=", "newcomer@example.org")
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(newcomer.id);
  });

  it("ends at its end date and stops at revocation", async () => {
    const u = await user("timed", "timed@example.org");
    const id = await createSubscription(t.db, { user: u }, { endsAt: new Date("2026-04-01T00:00:00Z"), now });
    expect(await activeSubscriptionFor(t.db, u, now)).toEqual({ endsAt: "2026-04-01T00:00:00.000Z" });
    expect(await activeSubscriptionFor(t.db, u, new Date("2026-04-01T00:00:01Z"))).toBeUndefined();
    expect(await revokeSubscription(t.db, id, "admin:x", now)).toBe(true);
    expect(await activeSubscriptionFor(t.db, u, now)).toBeUndefined();
    expect(await revokeSubscription(t.db, id, "admin:x", now)).toBe(false);
  });

  it("seeds the demo accounts once, with scrypt hashes, and the subscriber's subscription", async () => {
    await seedDemoAccounts(t.db);
    await seedDemoAccounts(t.db);
    const accounts = await t.db.selectFrom("idp_accounts").select(["email", "password_hash"]).execute();
    expect(accounts.map((a) => a.email).sort()).toEqual([
      "admin@lomda.test",
      "learner@lomda.test",
      "subscriber@lomda.test",
    ]);
    for (const a of accounts) {
      expect(a.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
      expect(a.password_hash).not.toContain(DEMO_PASSWORD);
    }
    const subs = await t.db
      .selectFrom("subscriptions")
      .select("id")
      .where("email", "=", "subscriber@lomda.test")
      .execute();
    expect(subs).toHaveLength(1);
    expect(await authenticateIdpAccount(t.db, "Learner@Lomda.test ", DEMO_PASSWORD)).toBeDefined();
    expect(await authenticateIdpAccount(t.db, "learner@lomda.test", "wrong")).toBeUndefined();
    expect(await authenticateIdpAccount(t.db, "nobody@lomda.test", DEMO_PASSWORD)).toBeUndefined();
    expect(await authenticateIdpAccount(t.db, "' or 1=1 --", DEMO_PASSWORD)).toBeUndefined();
  });
});
