import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Selectable } from "kysely";
import type { Database } from "~/lib/db.server";
import { inWindow, readPage, type Page, type PageCursor } from "~/lib/keyset.server";
import { contains } from "~/lib/text-search.server";
import { canWatch, type Viewer } from "./access.server";
import { listsOfCourse, type CatalogueSnapshot, type CourseEntry } from "./catalogue.server";
import { bumpCatalogueVersion } from "./catalogue-version.server";
import type { ReviewInput } from "./review.schema";

/**
 * Reviews from learners (issue 17). A learner who has watched at least half of one of a course's
 * lists — lessons the server saw them watch and that they may still watch — may review the course:
 * one review each, which they can edit. The admin hides or shows reviews; losing access to the
 * course hides its author's review (earned.server.ts). Every change moves the catalogue's version:
 * the course cards' stars and counts come from the visible reviews (catalogue.server.ts), and cached
 * pages that show them must be made again.
 */

export interface Review {
  id: string;
  courseId: string;
  userId: string;
  authorName: string | null;
  rating: number;
  comment: string;
  hidden: boolean;
  /** Why it is hidden when the admin did not hide it: "refund:<ref>" or "access-revoked:<who>". */
  hiddenBy: string | null;
  createdAt: string;
  updatedAt: string;
}

function toReview(row: Selectable<Database["course_reviews"]>): Review {
  return {
    id: row.id,
    courseId: row.course_id,
    userId: row.user_id,
    authorName: row.author_name,
    rating: Number(row.rating),
    comment: row.comment,
    hidden: Number(row.hidden) === 1,
    hiddenBy: row.hidden_by ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * May this viewer review this course: have they watched at least half of one of its lists? Only the
 * lessons they may watch now count (a refunded buyer keeps their free samples, not the rest); their
 * own "Mark as complete" counts for nothing.
 */
export async function mayReview(
  db: Kysely<Database>,
  snapshot: CatalogueSnapshot,
  viewer: Viewer,
  course: CourseEntry,
): Promise<boolean> {
  if (!viewer.user) return false;
  const lists = listsOfCourse(snapshot, course).filter((list) => list.lessons.length > 0);
  const lessonIds = lists.flatMap((list) => list.lessons.map((lesson) => lesson.id));
  if (lessonIds.length === 0) return false;
  const rows = await db
    .selectFrom("lesson_progress")
    .select("lesson_id")
    .where("user_id", "=", viewer.user.id)
    .where("lesson_id", "in", lessonIds)
    .where("watched_at", "is not", null)
    .execute();
  const watched = new Set(rows.map((row) => row.lesson_id));
  return lists.some(
    (list) =>
      list.lessons.filter((lesson, index) => watched.has(lesson.id) && canWatch(viewer, list, index)).length * 2 >=
      list.lessons.length,
  );
}

/** Writes the learner's review of the course: a new one, or their earlier one changed (its visibility kept). */
export async function saveReview(
  db: Kysely<Database>,
  input: ReviewInput & { courseId: string; userId: string; authorName: string | null },
  now: Date = new Date(),
): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("course_reviews")
      .values({
        id: randomUUID(),
        course_id: input.courseId,
        user_id: input.userId,
        author_name: input.authorName,
        rating: input.rating,
        comment: input.comment,
        hidden: 0,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc.columns(["course_id", "user_id"]).doUpdateSet({
          author_name: input.authorName,
          rating: input.rating,
          comment: input.comment,
          updated_at: at,
        }),
      )
      .execute();
    await bumpCatalogueVersion(trx);
  });
}

/** The learner's own review of a course, hidden or not. */
export async function ownReview(db: Kysely<Database>, courseId: string, userId: string): Promise<Review | undefined> {
  const row = await db
    .selectFrom("course_reviews")
    .selectAll()
    .where("course_id", "=", courseId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? toReview(row) : undefined;
}

/** A course's visible reviews, the latest first (at most `limit`). */
export async function visibleReviews(db: Kysely<Database>, courseId: string, limit = 20): Promise<Review[]> {
  const rows = await db
    .selectFrom("course_reviews")
    .selectAll()
    .where("course_id", "=", courseId)
    .where("hidden", "=", 0)
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toReview);
}

/**
 * The admin's moderation list, a page at a time (newest change first, keyset-paged: decision 0021),
 * hidden reviews too. `search` keeps the reviews whose author's name or email, or whose course (one
 * of `courseIds`, the courses whose title matched in the catalogue), contains it.
 */
export async function reviewsPage(
  db: Kysely<Database>,
  cursor: PageCursor | null,
  search: { text: string; courseIds: string[] } | null = null,
): Promise<Page<Review>> {
  const rows = () => {
    const all = db
      .selectFrom("course_reviews")
      .leftJoin("users", "users.id", "course_reviews.user_id")
      .selectAll("course_reviews");
    if (!search) return all;
    return all.where((eb) =>
      eb.or([
        contains(sql.ref("course_reviews.author_name"), search.text),
        contains(sql.ref("users.name"), search.text),
        contains(sql.ref("users.email"), search.text),
        ...(search.courseIds.length > 0 ? [eb("course_reviews.course_id", "in", search.courseIds)] : []),
      ]),
    );
  };
  const page = await readPage(
    cursor,
    (window) => inWindow(rows(), window, { at: "course_reviews.updated_at", id: "course_reviews.id" }).execute(),
    (row) => ({ at: row.updated_at, id: row.id }),
  );
  return { ...page, items: page.items.map(toReview) };
}

/** Hides or shows a review (the admin's moderation). Returns whether there was such a review. */
export async function setReviewHidden(
  db: Kysely<Database>,
  id: string,
  hidden: boolean,
): Promise<"changed" | "unchanged" | "missing"> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("course_reviews")
      .set({ hidden: hidden ? 1 : 0, hidden_by: null })
      .where("id", "=", id)
      // Only a change (the admin's hand on a review hidden with its author's access is one).
      .where((eb) => eb.or([eb("hidden", "<>", hidden ? 1 : 0), eb("hidden_by", "is not", null)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      await bumpCatalogueVersion(trx);
      return "changed";
    }
    const found = await trx.selectFrom("course_reviews").select("id").where("id", "=", id).executeTakeFirst();
    return found ? "unchanged" : "missing";
  });
}
