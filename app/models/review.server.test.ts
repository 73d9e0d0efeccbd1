import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, DIALECTS, type TestDb } from "../../tests/setup/databases.ts";
import { createUser } from "../../tests/support/factories.ts";
import { ensureCatalogueFresh, findCourse, listsOfCourse, type CatalogueSnapshot } from "./catalogue.server";
import { markLesson } from "./progress.server";
import { reviewForm } from "./review.schema";
import { latestReviews, mayReview, ownReview, saveReview, setReviewHidden, visibleReviews } from "./review.server";

describe.each(DIALECTS)("reviews from learners on %s", (dialect) => {
  let t: TestDb;
  let snapshot: CatalogueSnapshot;
  /** A course of the seed with one list of 22 lessons (the React course). */
  let courseSlug: string;
  beforeAll(async () => {
    t = await createTestDb(dialect);
    snapshot = await ensureCatalogueFresh(t.db);
    courseSlug = [...snapshot.courses.values()].find((course) =>
      listsOfCourse(snapshot, course).some((list) => list.slug === "react"),
    )!.slug;
  });
  afterAll(async () => t.destroy());

  const course = () => findCourse(snapshot, courseSlug)!;
  const learner = async (subject: string) => (await createUser(t.db, { subject, email: `${subject}@example.org` })).id;
  const finish = async (userId: string, count: number) => {
    for (const lesson of listsOfCourse(snapshot, course())[0]!.lessons.slice(0, count))
      await markLesson(t.db, { userId, lessonId: lesson.id, complete: true });
  };
  const refresh = async () => {
    snapshot = await ensureCatalogueFresh(t.db);
  };

  it("lets a learner review a course once they finished half of one of its lists", async () => {
    const dana = await learner("r1");
    const total = listsOfCourse(snapshot, course())[0]!.lessons.length;
    await finish(dana, Math.ceil(total / 2) - 1);
    expect(await mayReview(t.db, snapshot, dana, course())).toBe(false);
    await finish(dana, Math.ceil(total / 2));
    expect(await mayReview(t.db, snapshot, dana, course())).toBe(true);
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
    const all = await latestReviews(t.db);
    for (const review of all) expect(await setReviewHidden(t.db, review.id, true)).toBe(true);
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
    expect(await setReviewHidden(t.db, "00000000-0000-4000-8000-000000000000", false)).toBe(false);
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
});
