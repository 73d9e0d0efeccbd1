import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, DIALECTS, type TestDb } from "../../tests/setup/databases.ts";
import { createSubscription, createUser, giveLessonsVideos, watchLesson } from "../../tests/support/factories.ts";
import { resolveViewer } from "./access.server";
import { ensureCatalogueFresh, findCourse, listsOfCourse, type CatalogueSnapshot } from "./catalogue.server";
import { markLesson } from "./progress.server";
import { reviewForm } from "./review.schema";
import { mayReview, ownReview, reviewsPage, saveReview, setReviewHidden, visibleReviews } from "./review.server";

describe.each(DIALECTS)("reviews from learners on %s", (dialect) => {
  let t: TestDb;
  let snapshot: CatalogueSnapshot;
  /** A course of the seed with one list of 22 lessons (the React course). */
  let courseSlug: string;
  beforeAll(async () => {
    t = await createTestDb(dialect);
    // Only lessons with a video are watched (issue 31): the seed's placeholders get real-looking ids.
    await giveLessonsVideos(t.db);
    snapshot = await ensureCatalogueFresh(t.db);
    courseSlug = [...snapshot.courses.values()].find((course) =>
      listsOfCourse(snapshot, course).some((list) => list.slug === "react"),
    )!.slug;
  });
  afterAll(async () => t.destroy());

  const course = () => findCourse(snapshot, courseSlug)!;
  const learner = async (subject: string) => (await createUser(t.db, { subject, email: `${subject}@example.org` })).id;
  const lessons = () => listsOfCourse(snapshot, course())[0]!.lessons;
  const refresh = async () => {
    snapshot = await ensureCatalogueFresh(t.db);
  };

  it("lets a learner review a course once they watched half of one of its lists, lessons they may still watch", async () => {
    const user = await createUser(t.db, { subject: "r1", email: "r1@example.org" });
    await createSubscription(t.db, { user });
    const subscriber = await resolveViewer(t.db, user, []);
    const half = Math.ceil(lessons().length / 2);
    for (const lesson of lessons().slice(0, half - 1)) await watchLesson(t.db, user.id, lesson.id);
    expect(await mayReview(t.db, snapshot, subscriber, course())).toBe(false);
    // Marking the rest complete is the learner's own bookmark: it counts for nothing.
    for (const lesson of lessons().slice(half - 1))
      await markLesson(t.db, { userId: user.id, lessonId: lesson.id, complete: true });
    expect(await mayReview(t.db, snapshot, subscriber, course())).toBe(false);
    await watchLesson(t.db, user.id, lessons()[half - 1]!.id);
    expect(await mayReview(t.db, snapshot, subscriber, course())).toBe(true);
    // Without the subscription only the free samples count: three lessons are not half the list.
    const learner = { ...subscriber, hasSubscription: false, role: "learner" as const };
    expect(await mayReview(t.db, snapshot, learner, course())).toBe(false);
  });

  it("keeps one review per learner and course, changed by writing again", async () => {
    const dana = await learner("r2");
    const before = { rating: course().ratingTenths, reviews: course().reviews };
    expect(before.reviews).toBeGreaterThan(0); // the seed's baseline
    await saveReview(t.db, {
      courseId: course().id,
      userId: dana,
      authorName: "Dana",
      rating: 2,
      comment: "Too fast.",
    });
    await saveReview(t.db, {
      courseId: course().id,
      userId: dana,
      authorName: "Dana",
      rating: 4,
      comment: "Better now.",
    });
    expect(await visibleReviews(t.db, course().id)).toEqual([
      expect.objectContaining({ rating: 4, comment: "Better now.", authorName: "Dana", hidden: false }),
    ]);
    // From the first visible review on, the card's stars and count are the learners' own.
    await refresh();
    expect({ rating: course().ratingTenths, reviews: course().reviews }).toEqual({ rating: 40, reviews: 1 });
    const other = await learner("r3");
    await saveReview(t.db, { courseId: course().id, userId: other, authorName: null, rating: 5, comment: "Great." });
    await refresh();
    expect({ rating: course().ratingTenths, reviews: course().reviews }).toEqual({ rating: 45, reviews: 2 });
  });

  it("leaves hidden reviews out of the page and the stars, and back to the baseline with none shown", async () => {
    const all = (await reviewsPage(t.db, null)).items;
    for (const review of all) expect(await setReviewHidden(t.db, review.id, true)).toBe("changed");
    expect(await setReviewHidden(t.db, all[0]!.id, true), "hidden already").toBe("unchanged");
    expect(await visibleReviews(t.db, course().id)).toEqual([]);
    await refresh();
    expect(course().reviews).toBeGreaterThan(2); // the seed's figure again
    const hidden = (await ownReview(t.db, course().id, all[0]!.userId))!;
    expect(hidden.hidden).toBe(true);
    // Editing a hidden review keeps it hidden: the moderator decides.
    await saveReview(t.db, {
      courseId: course().id,
      userId: hidden.userId,
      authorName: null,
      rating: 1,
      comment: "Changed.",
    });
    expect((await ownReview(t.db, course().id, hidden.userId))!.hidden).toBe(true);
    expect(await setReviewHidden(t.db, "00000000-0000-4000-8000-000000000000", false)).toBe("missing");
  });

  it("accepts 1–5 stars and a comment of 3 to 1,000 characters", () => {
    expect(reviewForm.safeParse({ rating: "5", comment: "  Good  " })).toMatchObject({
      success: true,
      data: { rating: 5, comment: "Good" },
    });
    for (const bad of [
      { rating: "0", comment: "Good" },
      { rating: "6", comment: "Good" },
      { rating: "4.5", comment: "Good" },
      { rating: "", comment: "Good" },
      { rating: "3", comment: "  a " },
      { rating: "3", comment: "x".repeat(1001) },
    ])
      expect(reviewForm.safeParse(bad).success, JSON.stringify(bad).slice(0, 40)).toBe(false);
  });

  it("pages the admin's list and finds reviews by author, email or course, case aside, % and _ taken literally", async () => {
    for (const [subject, name] of [
      ["Search-Dana", "Dana Levi"],
      ["search_omer", "Omer 100% sure"],
    ] as const) {
      const userId = await learner(subject);
      await saveReview(t.db, { courseId: course().id, userId, authorName: name, rating: 4, comment: "Fine." });
    }
    const found = async (text: string, courseIds: string[] = []) =>
      (await reviewsPage(t.db, null, { text, courseIds })).items.map((r) => r.authorName);
    expect(await found("DANA LEVI")).toEqual(["Dana Levi"]);
    expect(await found("search-dana@EXAMPLE")).toEqual(["Dana Levi"]);
    expect(await found("100%")).toEqual(["Omer 100% sure"]);
    expect(await found("h_o")).toEqual(["Omer 100% sure"]); // the email's "search_omer", not any one letter
    expect(await found("0%_")).toEqual([]);
    expect((await found("nobody at all", [course().id])).length).toBeGreaterThanOrEqual(2);
    const all = await reviewsPage(t.db, null);
    expect(all.first).toBe(true);
    expect(all.items.length).toBeLessThanOrEqual(20);
  });
});
