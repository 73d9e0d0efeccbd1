import type { Kysely } from "kysely";
import type { Database, User } from "~/lib/db.server";
import { canWatchWholeList, resolveViewer } from "./access.server";
import { listsOfCourse, loadCatalogueSnapshot } from "./catalogue.server";
import { bumpCatalogueVersion } from "./catalogue-version.server";
import { revokeSubscription, revokeSubscriptionsOfEmail } from "./subscription.server";

/**
 * What access earned goes with it (issue 29). When a learner loses access — a refund of a course, an
 * admin revoking a course grant, an admin (or the command line) revoking a subscription — their
 * certificates of lists they can no longer watch in full are revoked, and their reviews of courses
 * they can no longer watch are hidden, each with why ("refund:<payment ref>", "access-revoked:<who>").
 *
 * A paid subscription that simply ends at the end of its period (a cancellation, a failed renewal)
 * takes nothing back: the learner paid for that time, and what they earned in it stays theirs. So
 * does everything another access still covers (a course they own, a list whose lessons are all free
 * samples). Lists and courses no longer published are left alone: nobody can watch them now, which
 * says nothing about this learner's access.
 *
 * The learner's rights are judged as a learner's: the model does not know the admin emails of the
 * configuration, so an admin who loses a bought course is judged without their admin rights.
 */

export interface Withdrawal {
  /** The learners who lost access. */
  userIds: readonly string[];
  /** The course they lost, or null for a subscription (every list and course). */
  courseId: string | null;
  /** Why, as recorded: "refund:<payment ref>" or "access-revoked:<who>". */
  reason: string;
  now?: Date;
}

/**
 * Revokes the certificates and hides the reviews the learners' remaining access no longer covers,
 * within the course lost (or everything, for a subscription). Runs inside the caller's transaction
 * when given one. Returns how many of each it took back.
 */
export async function withdrawEarned(
  db: Kysely<Database>,
  input: Withdrawal,
): Promise<{ certificates: number; reviews: number }> {
  const userIds = [...new Set(input.userIds)];
  if (userIds.length === 0) return { certificates: 0, reviews: 0 };
  const now = input.now ?? new Date();
  const at = now.toISOString();
  // The published catalogue as this transaction sees it (access is judged on what learners can open).
  const snapshot = await loadCatalogueSnapshot(db, 0);
  const coursesById = new Map([...snapshot.courses.values()].map((course) => [course.id, course]));
  // The course's lists as the database links them (the course itself may be unpublished by now).
  const courseLists =
    input.courseId === null
      ? null
      : new Set(
          (
            await db
              .selectFrom("course_video_lists")
              .select("list_id")
              .where("course_id", "=", input.courseId)
              .execute()
          ).map((row) => row.list_id),
        );
  const inScope = (listId: string) => courseLists === null || courseLists.has(listId);
  let certificates = 0;
  let reviews = 0;
  for (const userId of userIds) {
    const user: User | undefined = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
    if (!user) continue;
    const viewer = await resolveViewer(db, user, [], now);
    const issued = await db
      .selectFrom("certificates")
      .select(["id", "list_id"])
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .execute();
    const revoke = issued.filter((c) => {
      const list = snapshot.lists.get(c.list_id);
      // A list left with no published lesson says nothing about this learner's access: kept.
      return list !== undefined && inScope(c.list_id) && list.lessons.length > 0 && !canWatchWholeList(viewer, list);
    });
    if (revoke.length > 0) {
      const result = await db
        .updateTable("certificates")
        .set({ revoked_at: at, revoked_by: input.reason })
        .where(
          "id",
          "in",
          revoke.map((c) => c.id),
        )
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      certificates += Number(result.numUpdatedRows);
    }
    const visible = await db
      .selectFrom("course_reviews")
      .select(["id", "course_id"])
      .where("user_id", "=", userId)
      .where("hidden", "=", 0)
      .execute();
    const hide = visible.filter((review) => {
      const course = coursesById.get(review.course_id);
      if (!course || (input.courseId !== null && review.course_id !== input.courseId)) return false;
      // A course is theirs while they may watch one of its lists in full.
      return !listsOfCourse(snapshot, course).some((list) => canWatchWholeList(viewer, list));
    });
    if (hide.length > 0) {
      const result = await db
        .updateTable("course_reviews")
        .set({ hidden: 1, hidden_by: input.reason })
        .where(
          "id",
          "in",
          hide.map((review) => review.id),
        )
        .where("hidden", "=", 0)
        .executeTakeFirst();
      reviews += Number(result.numUpdatedRows);
    }
  }
  // The cards' stars come from the visible reviews: cached pages must be made again.
  if (reviews > 0) await bumpCatalogueVersion(db);
  return { certificates, reviews };
}

/** Runs `work` in the caller's transaction, or in a new one. */
function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** The learners a subscription row gives access to: its user, or those holding its (verified) email. */
async function holdersOf(db: Kysely<Database>, subscription: { user_id: string | null; email: string | null }) {
  if (subscription.user_id) return [subscription.user_id];
  if (!subscription.email) return [];
  const users = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", subscription.email)
    .where("email_verified", "=", 1)
    .execute();
  return users.map((u) => u.id);
}

/** Revokes a subscription (the admin area) and what only it covered. Returns whether there was one to revoke. */
export async function revokeSubscriptionAndEarned(
  db: Kysely<Database>,
  id: string,
  revokedBy: string,
  now: Date = new Date(),
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom("subscriptions")
      .select(["user_id", "email"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row || !(await revokeSubscription(trx, id, revokedBy, now))) return false;
    await withdrawEarned(trx, {
      userIds: await holdersOf(trx, row),
      courseId: null,
      reason: `access-revoked:${revokedBy}`,
      now,
    });
    return true;
  });
}

/** Revokes every live subscription of an email (the command line) and what only they covered. Returns how many. */
export async function revokeSubscriptionsOfEmailAndEarned(
  db: Kysely<Database>,
  email: string,
  revokedBy: string,
  now: Date = new Date(),
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const count = await revokeSubscriptionsOfEmail(trx, email, revokedBy, now);
    if (count === 0) return 0;
    const normalized = email.trim().toLowerCase();
    const users = await trx.selectFrom("users").select("id").where("email", "=", normalized).execute();
    await withdrawEarned(trx, {
      userIds: users.map((u) => u.id),
      courseId: null,
      reason: `access-revoked:${revokedBy}`,
      now,
    });
    return count;
  });
}
