import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, DIALECTS, type TestDb } from "../../tests/setup/databases.ts";
import { createUser, setLessonDurations, watchLesson } from "../../tests/support/factories.ts";
import { ensureCatalogueFresh, findList, type CatalogueSnapshot } from "./catalogue.server";
import {
  certificatesOf,
  findCertificate,
  issueCertificateIfEarned,
  PASS_PERCENT,
  quizOfList,
  setCertificateRevoked,
} from "./certificate.server";
import { markLesson } from "./progress.server";

describe.each(DIALECTS)("certificates on %s", (dialect) => {
  let t: TestDb;
  let snapshot: CatalogueSnapshot;
  beforeAll(async () => {
    t = await createTestDb(dialect);
    // Minute-long lessons: watching a whole list takes a few reports.
    for (const list of ["html", "java", "css"]) await setLessonDurations(t.db, list, "1:00");
    snapshot = await ensureCatalogueFresh(t.db);
  });
  afterAll(async () => t.destroy());

  const learner = async (subject: string) => {
    const user = await createUser(t.db, { subject, email: `${subject}@example.org`, name: `Dana ${subject}` });
    return { id: user.id, name: `Dana ${subject}` };
  };
  const completeAll = async (userId: string, listSlug: string, except = 0) => {
    const lessons = findList(snapshot, listSlug)!.lessons;
    for (const lesson of lessons.slice(0, lessons.length - except)) await watchLesson(t.db, userId, lesson.id);
  };
  const finishQuiz = async (userId: string, quiz: string, score: number, total: number) =>
    t.db
      .insertInto("quiz_attempts")
      .values({
        id: randomBytes(18).toString("base64url"),
        user_id: userId,
        quiz,
        question_count: total,
        current_index: total,
        score,
        started_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        finished_at: new Date().toISOString(),
      })
      .execute();

  it("issues no certificate for lessons the learner marked complete: only watching counts", async () => {
    const dana = await learner("c0");
    const html = findList(snapshot, "html")!;
    for (const lesson of html.lessons) await markLesson(t.db, { userId: dana.id, lessonId: lesson.id, complete: true });
    expect(await issueCertificateIfEarned(t.db, snapshot, dana, html)).toBeUndefined();
    expect(await certificatesOf(t.db, dana.id)).toEqual([]);
  });

  it("issues one certificate when every lesson of a list without a quiz is watched, and only then", async () => {
    const dana = await learner("c1");
    const html = findList(snapshot, "html")!;
    expect(quizOfList(snapshot, html)).toBeUndefined();
    expect(await issueCertificateIfEarned(t.db, snapshot, dana, html)).toBeUndefined();
    await completeAll(dana.id, "html");
    const issued = await issueCertificateIfEarned(t.db, snapshot, dana, html);
    expect(issued).toMatchObject({ learnerName: "Dana c1", title: { en: "HTML Full Course" }, revokedAt: null });
    expect(issued!.id).toMatch(/^[\w-]{22}$/);
    // Earned once: asking again issues nothing new.
    expect(await issueCertificateIfEarned(t.db, snapshot, dana, html)).toBeUndefined();
    expect((await certificatesOf(t.db, dana.id)).map((c) => c.id)).toEqual([issued!.id]);
    expect(await findCertificate(t.db, issued!.id)).toMatchObject({ id: issued!.id, userId: dana.id });
    expect(await findCertificate(t.db, "x".repeat(22))).toBeUndefined();
    expect(await findCertificate(t.db, "' or 1=1 --")).toBeUndefined();
  });

  it("asks for the list's quiz passed with at least 70 % besides every lesson", async () => {
    const dana = await learner("c2");
    const java = findList(snapshot, "java")!;
    expect(quizOfList(snapshot, java)?.slug).toBe("java");
    await completeAll(dana.id, "java", 1);
    await finishQuiz(dana.id, "java", 20, 20);
    expect(await issueCertificateIfEarned(t.db, snapshot, dana, java)).toBeUndefined(); // one lesson left
    const other = await learner("c3");
    await completeAll(other.id, "java");
    expect(await issueCertificateIfEarned(t.db, snapshot, other, java)).toBeUndefined(); // no quiz yet
    await finishQuiz(other.id, "java", 13, 20); // 65 %
    expect(await issueCertificateIfEarned(t.db, snapshot, other, java)).toBeUndefined();
    expect(PASS_PERCENT).toBe(70);
    await finishQuiz(other.id, "java", 14, 20); // 70 %
    expect(await issueCertificateIfEarned(t.db, snapshot, other, java)).toMatchObject({ listId: java.id });
  });

  it("revokes and restores a certificate, and says when there is none", async () => {
    const dana = await learner("c4");
    await completeAll(dana.id, "css");
    const issued = (await issueCertificateIfEarned(t.db, snapshot, dana, findList(snapshot, "css")!))!;
    expect(await setCertificateRevoked(t.db, { id: issued.id, revoke: true, by: "boss@lomda.test" })).toBe(true);
    expect((await findCertificate(t.db, issued.id))!.revokedAt).not.toBeNull();
    expect(await setCertificateRevoked(t.db, { id: issued.id, revoke: false, by: "boss@lomda.test" })).toBe(true);
    expect((await findCertificate(t.db, issued.id))!.revokedAt).toBeNull();
    expect(await setCertificateRevoked(t.db, { id: "y".repeat(22), revoke: true, by: "boss@lomda.test" })).toBe(false);
  });
});
