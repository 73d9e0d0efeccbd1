import { data } from "react-router";
import type { RouterContextProvider } from "react-router";
import type { Kysely } from "kysely";
import type { Database } from "~/lib/db.server";
import type { ExerciseTest } from "~/lib/exercises/grading";
import type { Grader } from "~/lib/exercises/grader.server";
import { getCatalogue, getViewer, servicesOf } from "~/context.server";
import { issueCertificateIfEarned } from "~/models/certificate.server";
import type { Locale } from "~/i18n/locale";
import { canWatch, type Viewer } from "~/models/access.server";
import {
  attemptsSoFar,
  findExercise,
  MAX_SUBMISSION_CHARS,
  type Exercise,
  solutionOpen,
  submitAttempt,
} from "~/models/exercise.server";
import type { ExerciseActionData, ExerciseView } from "~/models/exercise.types";
import { submissionView } from "~/models/exercise.view";
import type { LessonPlace } from "~/models/lesson-page.server";

/** Whether the viewer may do this exercise: the list's rule, as for watching its video. */
function mayDo(viewer: Viewer, place: LessonPlace): boolean {
  return place.index !== null && canWatch(viewer, place.list, place.index);
}

/** The exercise part of the lesson's page, for a viewer who may do it (undefined: not an exercise, or locked). */
export async function exerciseForPage(
  db: Kysely<Database>,
  grader: Grader,
  viewer: Viewer,
  locale: Locale,
  place: LessonPlace,
): Promise<ExerciseView | undefined> {
  if (!place.lesson.exercise || !mayDo(viewer, place)) return undefined;
  const exercise = await findExercise(db, place.lesson.id);
  if (!exercise) return undefined;
  const attempts = viewer.user
    ? await attemptsSoFar(db, viewer.user.id, exercise.lessonId)
    : { count: 0, passed: false, lastCode: null };
  const open = Boolean(viewer.user) && solutionOpen(exercise, attempts);
  return {
    language: exercise.language,
    instructions: exercise.instructions[locale],
    code: attempts.lastCode ?? exercise.starter,
    hints: exercise.hints[locale],
    schema: exercise.schema,
    attempts: attempts.count,
    passed: attempts.passed,
    solution: open ? exercise.solution : null,
    attemptsToSolution: open ? 0 : Math.max(0, exercise.attemptsBeforeSolution - attempts.count),
    canSubmit: Boolean(viewer.user),
    runTests: await testsForRun(grader, exercise),
    hiddenTests: exercise.tests.filter((test) => test.hidden).length,
  };
}

/** SQL exercises' prepared tests, per lesson and version (a teacher's save makes a new one). */
const preparedSql = new Map<string, Promise<ExerciseTest[]>>();
const PREPARED_KEPT = 200;

/**
 * The tests the browser's Run checks: JavaScript's visible tests as they are; SQL's visible tests
 * with their expected rows, run once by the grader and kept (never the teacher's query: it is the
 * answer). Hidden tests never leave the server.
 */
async function testsForRun(grader: Grader, exercise: Exercise): Promise<ExerciseTest[]> {
  const visible = exercise.tests.filter((test) => !test.hidden);
  if (exercise.language === "javascript") return visible;
  const key = `${exercise.lessonId}\u0000${exercise.updatedAt}`;
  let prepared = preparedSql.get(key);
  if (!prepared) {
    prepared = grader.prepareSql({ language: "sql", code: "", tests: visible, schema: exercise.schema });
    // An empty answer (the grader busy or closed) is not kept: the next page asks again.
    void prepared.then((tests) => {
      if (tests.length === 0 && visible.length > 0) preparedSql.delete(key);
    });
    if (preparedSql.size >= PREPARED_KEPT) preparedSql.delete(preparedSql.keys().next().value!);
    preparedSql.set(key, prepared);
  }
  return prepared;
}

/**
 * Submit on an exercise's page (a plain form: it works without JavaScript). Signed-in learners who
 * may do the lesson only; the code bounded and not empty; rate-limited per learner; graded on the
 * server, stored, and a pass completes the lesson. A refusal is a translated 4xx and stores nothing.
 */
export async function submitFromForm(context: Readonly<RouterContextProvider>, form: FormData, place: LessonPlace) {
  const viewer = getViewer(context);
  const { db, rateLimits, grader } = servicesOf(context);
  const raw = form.get("code");
  const code = typeof raw === "string" ? raw.replace(/\r\n/g, "\n") : "";
  const kept = code.slice(0, MAX_SUBMISSION_CHARS);
  const refuse = (error: string, status: number, headers?: HeadersInit) =>
    data({ ok: false, error, code: kept } satisfies ExerciseActionData, { status, headers });
  if (!place.lesson.exercise) throw data("Not Found", { status: 404 });
  if (!viewer.user) return refuse("exercise.errors.signIn", 401);
  if (!mayDo(viewer, place)) return refuse("exercise.errors.locked", 403);
  const exercise = await findExercise(db, place.lesson.id);
  if (!exercise) throw data("Not Found", { status: 404 });
  if (code.trim() === "") return refuse("exercise.errors.empty", 400);
  if (code.length > MAX_SUBMISSION_CHARS) return refuse("exercise.errors.tooLarge", 413);
  const limit = await rateLimits.exerciseSubmit.consume(viewer.user.id);
  if (!limit.ok) return refuse("exercise.errors.tooMany", 429, { "Retry-After": String(limit.retryAfter) });
  const result = await submitAttempt(db, grader, { userId: viewer.user.id, exercise, code });
  if (result === "busy") return refuse("exercise.errors.busy", 503, { "Retry-After": "5" });
  // A pass counts as a watched lesson: the list's certificate may now be earned, as after a video.
  if (result.verdict === "passed") await issueCertificateIfEarned(db, getCatalogue(context), viewer, place.list);
  return data({ ok: true, result: submissionView(result), code } satisfies ExerciseActionData);
}
