import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "~/lib/db.server";
import { MAX_CODE_LENGTH, type ExerciseLanguage, type ExerciseTest, type GradeResult } from "~/lib/exercises/grading";
import { BUSY_MESSAGE, type Grader } from "~/lib/exercises/grader.server";
import type { Locale } from "~/i18n/locale";
import { bumpCatalogueVersion } from "./catalogue-version.server";
import { completeExercise } from "./progress.server";

/**
 * Exercises (issue 34; decision 0053): a lesson the learner does by writing JavaScript or SQL. What
 * the teacher wrote lives in `lesson_exercises`; each submission is graded on the server by the
 * grading engine (app/lib/exercises) and kept in `exercise_attempts`; a pass completes the lesson
 * (`completeExercise`). Nothing the browser says about a result is ever stored or counted.
 */

/** The longest submission: the engine's own bound, checked before anything is graded or stored. */
export const MAX_SUBMISSION_CHARS = MAX_CODE_LENGTH;

export interface Exercise {
  lessonId: string;
  language: ExerciseLanguage;
  instructions: Record<Locale, string>;
  starter: string;
  solution: string;
  tests: ExerciseTest[];
  hints: Record<Locale, string[]>;
  schema: string | null;
  attemptsBeforeSolution: number;
  checkedAt: string | null;
  /** When the teacher last saved it: what the page's prepared tests are cached under. */
  updatedAt: string;
}

const testsJson = z.array(z.object({ name: z.string(), hidden: z.boolean(), code: z.string() }));
const hintsJson = z.array(z.string());

function parseJson<T>(text: string, schema: z.ZodType<T>, fallback: T): T {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

/** The exercise a lesson is, if it is one. */
export async function findExercise(db: Kysely<Database>, lessonId: string): Promise<Exercise | undefined> {
  const row = await db.selectFrom("lesson_exercises").selectAll().where("lesson_id", "=", lessonId).executeTakeFirst();
  if (!row) return undefined;
  const hintsEn = parseJson(row.hints_en, hintsJson, []);
  const hintsHe = parseJson(row.hints_he, hintsJson, []);
  return {
    lessonId: row.lesson_id,
    language: row.language,
    // Hebrew falls back to English where the teacher has not written it.
    instructions: { en: row.instructions_en, he: row.instructions_he || row.instructions_en },
    starter: row.starter_code,
    solution: row.solution,
    tests: parseJson(row.tests, testsJson, []),
    hints: { en: hintsEn, he: hintsHe.length ? hintsHe : hintsEn },
    schema: row.sql_schema,
    attemptsBeforeSolution: Number(row.attempts_before_solution),
    checkedAt: row.checked_at,
    updatedAt: row.updated_at,
  };
}

/** What the teacher writes (the builder's form, the demo content). */
export interface ExerciseInput {
  language: ExerciseLanguage;
  instructionsEn: string;
  instructionsHe: string;
  starter: string;
  solution: string;
  tests: ExerciseTest[];
  hintsEn: string[];
  hintsHe: string[];
  schema: string | null;
  attemptsBeforeSolution: number;
}

/** Saves a lesson's exercise (made or replaced); `checked` when the builder's check just passed. */
export async function saveExercise(
  db: Kysely<Database>,
  lessonId: string,
  input: ExerciseInput,
  checked: boolean,
  now: Date = new Date(),
): Promise<void> {
  const at = now.toISOString();
  const values = {
    language: input.language,
    instructions_en: input.instructionsEn,
    instructions_he: input.instructionsHe || null,
    starter_code: input.starter,
    solution: input.solution,
    tests: JSON.stringify(input.tests),
    hints_en: JSON.stringify(input.hintsEn),
    hints_he: JSON.stringify(input.hintsHe),
    sql_schema: input.language === "sql" ? input.schema : null,
    attempts_before_solution: input.attemptsBeforeSolution,
    checked_at: checked ? at : null,
    updated_at: at,
  };
  await db
    .insertInto("lesson_exercises")
    .values({ lesson_id: lessonId, ...values })
    .onConflict((oc) => oc.column("lesson_id").doUpdateSet(values))
    .execute();
  // Whether the lesson is public (and counted) follows its check: the catalogue's copy must move.
  await bumpCatalogueVersion(db);
}

/** The builder's check: the solution must pass every test and the starter code must not. */
export interface ExerciseCheck {
  ok: boolean;
  solution: GradeResult;
  starter: GradeResult;
  problems: ("solutionFails" | "starterPasses" | "noTests")[];
}

export async function checkExercise(grader: Grader, input: ExerciseInput): Promise<ExerciseCheck> {
  const request = (code: string) => ({
    language: input.language,
    code,
    tests: input.tests,
    schema: input.language === "sql" ? input.schema : null,
  });
  const solution = await grader.grade(request(input.solution));
  const starter = await grader.grade(request(input.starter));
  const problems: ExerciseCheck["problems"] = [];
  if (input.tests.length === 0) problems.push("noTests");
  if (solution.verdict !== "passed") problems.push("solutionFails");
  if (starter.verdict === "passed") problems.push("starterPasses");
  return { ok: problems.length === 0, solution, starter, problems };
}

/** A learner's attempts at one exercise so far. */
export interface AttemptsSoFar {
  count: number;
  passed: boolean;
  /** Their latest code (what the text area shows again), null before the first attempt. */
  lastCode: string | null;
}

export async function attemptsSoFar(db: Kysely<Database>, userId: string, lessonId: string): Promise<AttemptsSoFar> {
  const rows = await db
    .selectFrom("exercise_attempts")
    .select(["verdict", "code", "created_at"])
    .where("user_id", "=", userId)
    .where("lesson_id", "=", lessonId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return {
    count: rows.length,
    passed: rows.some((row) => row.verdict === "passed"),
    lastCode: rows[0]?.code ?? null,
  };
}

/** May the learner see the teacher's solution: after a pass, or after the configured failed attempts. */
export function solutionOpen(exercise: Exercise, attempts: AttemptsSoFar): boolean {
  return attempts.passed || attempts.count >= exercise.attemptsBeforeSolution;
}

/**
 * Grades a learner's submission on the server, stores the attempt and, on a pass, completes the
 * lesson. The caller has checked access, size and the rate limit. "busy": the grader's queue was
 * full, nothing was graded and nothing is stored (it is no attempt of the learner's).
 */
export async function submitAttempt(
  db: Kysely<Database>,
  grader: Grader,
  input: { userId: string; exercise: Exercise; code: string },
  now: Date = new Date(),
): Promise<GradeResult | "busy"> {
  const { exercise } = input;
  const result = await grader.grade({
    language: exercise.language,
    code: input.code,
    tests: exercise.tests,
    schema: exercise.language === "sql" ? exercise.schema : null,
  });
  // The grader's own refusal (nothing ran: no time, no output), not a learner's error of that wording.
  if (result.verdict === "error" && result.error === BUSY_MESSAGE && result.ms === 0 && result.output === "")
    return "busy";
  await db
    .insertInto("exercise_attempts")
    .values({
      id: randomUUID(),
      user_id: input.userId,
      lesson_id: exercise.lessonId,
      code: input.code,
      verdict: result.verdict,
      passed_tests: JSON.stringify(result.tests.filter((t) => t.passed).map((t) => t.name)),
      failed_tests: JSON.stringify(result.tests.filter((t) => !t.passed).map((t) => t.name)),
      ms: Math.round(result.ms),
      created_at: now.toISOString(),
    })
    .execute();
  if (result.verdict === "passed")
    await completeExercise(db, { userId: input.userId, lessonId: exercise.lessonId }, now);
  return result;
}

/** For the teacher (issue 34, point 5): who tried, who passed, median attempts, the tests most failed. */
export interface ExerciseStats {
  tried: number;
  passed: number;
  /** The median of attempts up to and including the first pass, over those who passed; null: nobody yet. */
  medianAttempts: number | null;
  mostFailed: { name: string; count: number }[];
}

export async function exerciseStats(db: Kysely<Database>, lessonId: string): Promise<ExerciseStats> {
  const rows = await db
    .selectFrom("exercise_attempts")
    .select(["user_id", "verdict", "failed_tests", "created_at", "id"])
    .where("lesson_id", "=", lessonId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const perLearner = new Map<string, { attempts: number; passedAt: number | null }>();
  const failed = new Map<string, number>();
  for (const row of rows) {
    const learner = perLearner.get(row.user_id) ?? { attempts: 0, passedAt: null };
    learner.attempts += 1;
    if (row.verdict === "passed" && learner.passedAt === null) learner.passedAt = learner.attempts;
    perLearner.set(row.user_id, learner);
    for (const name of parseJson(row.failed_tests, hintsJson, [])) failed.set(name, (failed.get(name) ?? 0) + 1);
  }
  const toPass = [...perLearner.values()]
    .map((l) => l.passedAt)
    .filter((n): n is number => n !== null)
    .sort((a, b) => a - b);
  const mid = Math.floor(toPass.length / 2);
  const medianAttempts =
    toPass.length === 0 ? null : toPass.length % 2 ? toPass[mid]! : (toPass[mid - 1]! + toPass[mid]!) / 2;
  return {
    tried: perLearner.size,
    passed: toPass.length,
    medianAttempts,
    mostFailed: [...failed]
      .map(([name, count]) => ({ name, count }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
      .slice(0, 5),
  };
}
