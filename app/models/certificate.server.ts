import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/lib/db.server";
import type { Locale } from "~/i18n/locale";
import { canWatchWholeList, type Viewer } from "./access.server";
import type { CatalogueSnapshot, ListEntry, QuizEntry } from "./catalogue.server";
import { quizUrl } from "./catalogue.urls";
import type { CertificateState } from "./catalogue.types";
import { percentage } from "./quiz.server";

/**
 * Certificates of completion (issue 17). A learner earns one for a video list when every published
 * lesson of it is watched — time the server credited (progress.server.ts), not the learner's own
 * "Mark as complete" — and, where the list has a quiz, a finished attempt of that quiz scored at
 * least the quiz's pass mark. Issued once (the same learner and list never get a second), checked whenever
 * progress or a quiz could have earned it, while the learner may watch the whole list. Its page is
 * public by its unguessable id and shows only what the certificate says. Losing the access that
 * earned it revokes it (earned.server.ts).
 */

export interface Certificate {
  id: string;
  userId: string;
  listId: string;
  learnerName: string;
  title: { en: string; he: string };
  issuedAt: string;
  revokedAt: string | null;
  /** "admin:<id>"; or "refund:<ref>" / "access-revoked:<who>" when the access that earned it was taken back. */
  revokedBy: string | null;
}

/** Was the certificate revoked because the access that earned it was taken back (not by the admin's hand)? */
export function revokedWithAccess(certificate: Pick<Certificate, "revokedBy">): boolean {
  return /^(refund|access-revoked):/.test(certificate.revokedBy ?? "");
}

type Row = Database["certificates"];

function toCertificate(row: {
  id: string;
  user_id: string;
  list_id: string;
  learner_name: string;
  title_en: string;
  title_he: string;
  issued_at: string;
  revoked_at: string | null;
  revoked_by: string | null;
}): Certificate {
  return {
    id: row.id,
    userId: row.user_id,
    listId: row.list_id,
    learnerName: row.learner_name,
    title: { en: row.title_en, he: row.title_he },
    issuedAt: row.issued_at,
    revokedAt: row.revoked_at,
    revokedBy: row.revoked_by,
  };
}

/**
 * The quiz of a list: the one the teacher attached to it in the quiz editor (a quiz names one list
 * at most; its "Watch Now" address no longer decides it, D-M10).
 */
export function quizOfList(snapshot: CatalogueSnapshot, list: ListEntry): QuizEntry | undefined {
  return snapshot.quizzes.find((quiz) => quiz.listId === list.id);
}

/**
 * What a list's certificate names: the course card that was bought or taken when exactly one card
 * holds the list (the learner took "End-to-End Testing with Playwright", not its list "Playwright
 * Basics", D-M7); the list's own title when several cards share it, or none does.
 */
export function certificateSubject(snapshot: CatalogueSnapshot, list: ListEntry): { en: string; he: string } {
  if (list.courseIds.length === 1)
    for (const course of snapshot.courses.values()) if (course.id === list.courseIds[0]) return course.title;
  return list.title;
}

/** The lists whose quiz this is (a quiz is attached to one list at most, but look at all). */
export function listsOfQuiz(snapshot: CatalogueSnapshot, quizSlug: string): ListEntry[] {
  return [...snapshot.lists.values()].filter((list) => quizOfList(snapshot, list)?.slug === quizSlug);
}

/** The learner's best finished score of a quiz, in percent; undefined when they have not finished it. */
async function bestQuizPercent(db: Kysely<Database>, userId: string, quizSlug: string): Promise<number | undefined> {
  const attempts = await db
    .selectFrom("quiz_attempts")
    .select(["score", "question_count"])
    .where("user_id", "=", userId)
    .where("quiz", "=", quizSlug)
    .where("finished_at", "is not", null)
    .execute();
  if (attempts.length === 0) return undefined;
  return Math.max(...attempts.map((a) => percentage(Number(a.score), Number(a.question_count))));
}

/** What stands between the learner and a list's certificate, or nothing when it is earned. */
export async function certificateProgress(
  db: Kysely<Database>,
  snapshot: CatalogueSnapshot,
  userId: string,
  list: ListEntry,
): Promise<{ lessonsLeft: number; quiz: { slug: string; passed: boolean; passPercent: number } | null }> {
  const lessonIds = list.lessons.map((lesson) => lesson.id);
  const done =
    lessonIds.length === 0
      ? []
      : await db
          .selectFrom("lesson_progress")
          .select("lesson_id")
          .where("user_id", "=", userId)
          .where("lesson_id", "in", lessonIds)
          .where("watched_at", "is not", null)
          .execute();
  const quiz = quizOfList(snapshot, list);
  const best = quiz ? await bestQuizPercent(db, userId, quiz.slug) : undefined;
  return {
    lessonsLeft: lessonIds.length - done.length,
    quiz: quiz
      ? { slug: quiz.slug, passed: best !== undefined && best >= quiz.passPercent, passPercent: quiz.passPercent }
      : null,
  };
}

/**
 * Issues the list's certificate if the signed-in viewer has earned it and has none yet. Returns the
 * new certificate, or undefined (not earned, or already issued: calling again changes nothing).
 * Lessons finished earlier count, but the viewer must be allowed every lesson of the list now: the
 * same rule as watching them (access.server.ts), so a learner with free samples only never gets one.
 */
export async function issueCertificateIfEarned(
  db: Kysely<Database>,
  snapshot: CatalogueSnapshot,
  viewer: Viewer,
  list: ListEntry,
  now: Date = new Date(),
): Promise<Certificate | undefined> {
  const learner = viewer.user;
  if (!learner || !canWatchWholeList(viewer, list)) return undefined;
  const { lessonsLeft, quiz } = await certificateProgress(db, snapshot, learner.id, list);
  if (lessonsLeft > 0 || (quiz && !quiz.passed)) return undefined;
  const subject = certificateSubject(snapshot, list);
  const row: Row = {
    id: randomBytes(16).toString("base64url"),
    user_id: learner.id,
    list_id: list.id,
    learner_name: learner.name,
    title_en: subject.en,
    title_he: subject.he,
    issued_at: now.toISOString(),
    revoked_at: null,
    revoked_by: null,
  };
  const inserted = await db
    .insertInto("certificates")
    .values(row)
    .onConflict((oc) => oc.columns(["user_id", "list_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted ? toCertificate(row) : undefined;
}

/** A certificate by its id (the public verification page); undefined for anything else. */
export async function findCertificate(db: Kysely<Database>, id: string): Promise<Certificate | undefined> {
  if (!/^[\w-]{22}$/.test(id)) return undefined;
  const row = await db.selectFrom("certificates").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toCertificate(row) : undefined;
}

/** A learner's certificates, newest first (the profile). */
export async function certificatesOf(db: Kysely<Database>, userId: string): Promise<Certificate[]> {
  const rows = await db
    .selectFrom("certificates")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("issued_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map(toCertificate);
}

/** The latest certificates, for the admin (at most `limit`, newest first). */
export async function latestCertificates(db: Kysely<Database>, limit = 50): Promise<Certificate[]> {
  const rows = await db
    .selectFrom("certificates")
    .selectAll()
    .orderBy("issued_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toCertificate);
}

/** Revokes a certificate (or restores it, `revoke` false). Returns whether there was such a certificate. */
export async function setCertificateRevoked(
  db: Kysely<Database>,
  input: { id: string; revoke: boolean; by: string },
  now: Date = new Date(),
): Promise<"changed" | "unchanged" | "missing"> {
  const result = await db
    .updateTable("certificates")
    .set(
      input.revoke ? { revoked_at: now.toISOString(), revoked_by: input.by } : { revoked_at: null, revoked_by: null },
    )
    .where("id", "=", input.id)
    // Only a change: revoking a revoked one keeps who revoked it and when (and the audit log says nothing).
    .where("revoked_at", input.revoke ? "is" : "is not", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return "changed";
  const found = await db.selectFrom("certificates").select("id").where("id", "=", input.id).executeTakeFirst();
  return found ? "unchanged" : "missing";
}

/** A certificate's course title in a language. */
export function certificateTitle(certificate: Certificate, locale: Locale): string {
  return certificate.title[locale];
}

/** The learner's certificate of a list, if issued. */
export async function certificateFor(
  db: Kysely<Database>,
  userId: string,
  listId: string,
): Promise<Certificate | undefined> {
  const row = await db
    .selectFrom("certificates")
    .selectAll()
    .where("user_id", "=", userId)
    .where("list_id", "=", listId)
    .executeTakeFirst();
  return row ? toCertificate(row) : undefined;
}

/** What the list page says of its certificate to a signed-in viewer: theirs, what earns it, or what opens it. */
export async function certificateState(
  db: Kysely<Database>,
  snapshot: CatalogueSnapshot,
  viewer: Viewer,
  list: ListEntry,
): Promise<CertificateState | null> {
  if (list.lessons.length === 0 || !viewer.user) return null;
  const issued = await certificateFor(db, viewer.user.id, list.id);
  if (issued) return { kind: "earned", href: `/certificates/${issued.id}` };
  if (!canWatchWholeList(viewer, list)) return { kind: "locked" };
  const quiz = quizOfList(snapshot, list);
  return { kind: "hint", quiz: quiz ? { href: quizUrl(quiz.slug), passPercent: quiz.passPercent } : null };
}
