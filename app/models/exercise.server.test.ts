import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, DIALECTS, type TestDb } from "../../tests/setup/databases.ts";
import { createUser } from "../../tests/support/factories.ts";
import { createGrader } from "../lib/exercises/grader.server";
import { demoExercises } from "./demo-exercises.server";
import { exerciseStats, findExercise, saveExercise, submitAttempt } from "./exercise.server";

/**
 * Issue 34: a submission the grader could not take (its queue full) is no attempt of the learner's:
 * nothing is stored and the lesson is not touched. The real grader, one worker and a queue of one,
 * kept busy by an endless loop and one waiting submission.
 */
describe.each(DIALECTS)("exercise attempts on %s", (dialect) => {
  let t: TestDb;
  const grader = createGrader({ workers: 1, maxWaiting: 1 });
  beforeAll(async () => {
    t = await createTestDb(dialect);
  });
  afterAll(async () => {
    await grader.close();
    await t.destroy();
  });

  it("stores nothing when the grader is busy, and one attempt when it grades", async () => {
    const lesson = await t.db.selectFrom("lessons").select("id").executeTakeFirstOrThrow();
    await saveExercise(t.db, lesson.id, demoExercises[1]!.exercise, true);
    const exercise = (await findExercise(t.db, lesson.id))!;
    const user = await createUser(t.db, { subject: "ex1", email: "ex1@example.org", now: new Date() });
    const endless = grader.grade({
      language: "javascript",
      code: "while (true) {}",
      tests: exercise.tests,
      schema: null,
    });
    const queued = grader.grade({ language: "javascript", code: "", tests: exercise.tests, schema: null });
    const busy = await submitAttempt(t.db, grader, { userId: user.id, exercise, code: "function fizzBuzz() {}" });
    expect(busy).toBe("busy");
    expect((await endless).verdict).toBe("timeout");
    expect((await queued).verdict).toBe("failed");
    expect(await t.db.selectFrom("exercise_attempts").selectAll().execute()).toHaveLength(0);
    const graded = await submitAttempt(t.db, grader, { userId: user.id, exercise, code: "function fizzBuzz() {}" });
    expect(graded).not.toBe("busy");
    expect(await exerciseStats(t.db, lesson.id)).toMatchObject({ tried: 1, passed: 0, medianAttempts: null });
  });
});
