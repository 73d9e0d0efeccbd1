import type { Kysely } from "kysely";
import type { Database, User } from "~/lib/db.server";
import { isIdpAdmin } from "./idp-account.server";
import { activeSubscriptionFor } from "./subscription.server";
import { freeLessonCount, previewLessonCount, type FreeSamplesOf } from "./free-samples";

export { freeLessonCount, previewLessonCount };

/**
 * The one place that decides who may see what (docs/product.md#who-sees-what).
 * visitor: no session · learner: signed in · subscriber: + a live subscription · admin: + /admin.
 */
export type Role = "visitor" | "learner" | "subscriber" | "admin";

/**
 * What decides who may watch a list's lessons (the catalogue's ListEntry is one; its lessons are those
 * with a video). Anyone without a subscription or one of its courses may watch its first lessons, the
 * teacher's free previews, as many as `previewLessonCount` allows (never the whole list); a signed-in
 * learner also the whole list when its teacher made it wholly free (`freeLessonCount`).
 */
export interface ListAccess extends FreeSamplesOf {
  /** The visible courses that hold it: owning one of them opens the whole list. */
  courseIds: readonly string[];
}

export interface Viewer {
  user: { id: string; subject: string; name: string; email: string | null; picture: string | null } | null;
  isAuthenticated: boolean;
  hasSubscription: boolean;
  subscriptionEndsAt: string | null;
  /** The courses the learner owns for good (bought or granted): their lists are open in full. */
  courseIds: readonly string[];
  isAdmin: boolean;
  /** The email is an admin's, but the provider did not say it is verified: why there are no admin rights. */
  adminEmailUnverified?: boolean;
  role: Role;
}

export const VISITOR: Viewer = {
  user: null,
  isAuthenticated: false,
  hasSubscription: false,
  subscriptionEndsAt: null,
  courseIds: [],
  isAdmin: false,
  role: "visitor",
};

/**
 * The ids of the courses this user owns for good (bought or granted, not revoked). Here rather than
 * beside the payments (billing.server.ts), which take access back and so depend on this module.
 */
export async function ownedCourseIds(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("course_access")
    .select("course_id")
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .execute();
  return [...new Set(rows.map((r) => r.course_id))];
}

export function displayName(user: Pick<User, "name" | "email">): string {
  return user.name?.trim() || user.email?.split("@")[0] || "Learner";
}

export async function resolveViewer(
  db: Kysely<Database>,
  user: User | undefined,
  adminEmails: readonly string[],
  now: Date = new Date(),
  /** The embedded provider's issuer, when it is in use: its admin accounts (`npm run accounts`) are admins. */
  embeddedIssuer?: string,
): Promise<Viewer> {
  if (!user) return VISITOR;
  const [subscription, courseIds] = await Promise.all([
    activeSubscriptionFor(db, user, now),
    ownedCourseIds(db, user.id),
  ]);
  // An admin email counts only when the provider verified it: anyone can type any address at sign-up.
  const isAdmin =
    (user.email !== null && user.email_verified === 1 && adminEmails.includes(user.email)) ||
    (embeddedIssuer !== undefined && user.issuer === embeddedIssuer && (await isIdpAdmin(db, user.subject)));
  const hasSubscription = subscription !== undefined;
  return {
    user: { id: user.id, subject: user.subject, name: displayName(user), email: user.email, picture: user.picture },
    isAuthenticated: true,
    hasSubscription,
    subscriptionEndsAt: subscription?.endsAt ?? null,
    courseIds,
    isAdmin,
    adminEmailUnverified:
      !isAdmin && user.email !== null && user.email_verified !== 1 && adminEmails.includes(user.email),
    role: isAdmin ? "admin" : hasSubscription ? "subscriber" : "learner",
  };
}

/** Whether the viewer owns one of these courses (those holding a list). */
export function ownsAnyOf(viewer: Viewer, courseIds: readonly string[]): boolean {
  return courseIds.some((id) => viewer.courseIds.includes(id));
}

/** How many lessons from the top this viewer may watch free: a visitor the previews, a learner the free samples. */
function freeFor(viewer: Viewer, list: ListAccess): number {
  return viewer.isAuthenticated ? freeLessonCount(list) : previewLessonCount(list);
}

/**
 * Whether the viewer may play the lesson at this position (0-based) among the list's lessons with a
 * video. The teacher's free previews are open to visitors too (issue 31, D-M3).
 */
export function canWatch(viewer: Viewer, list: ListAccess, index: number): boolean {
  if (viewer.hasSubscription || viewer.isAdmin || ownsAnyOf(viewer, list.courseIds)) return true;
  return index < freeFor(viewer, list);
}

/** Whether the viewer watches this position only as a free preview (so the page labels it "Preview"). */
export function isFreeSample(viewer: Viewer, list: ListAccess, index: number): boolean {
  return (
    !viewer.hasSubscription && !viewer.isAdmin && !ownsAnyOf(viewer, list.courseIds) && index < freeFor(viewer, list)
  );
}

/**
 * Whether the viewer may watch every lesson of the list: what a certificate of it needs, so that free
 * access alone earns one only of a list its teacher made wholly free. An empty list: no.
 */
export function canWatchWholeList(viewer: Viewer, list: ListAccess): boolean {
  return list.lessons.length > 0 && list.lessons.every((_, index) => canWatch(viewer, list, index));
}
