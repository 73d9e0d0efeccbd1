import { data } from "react-router";
import type { RouterContextProvider } from "react-router";
import type { Kysely } from "kysely";
import type { Database } from "~/lib/db.server";
import type { GradeResult } from "~/lib/exercises/grading";
import { getCatalogue, getViewer, servicesOf } from "~/context.server";
import { issueCertificateIfEarned } from "~/models/certificate.server";
import type { Locale } from "~/i18n/locale";
import { canWatch, type Viewer } from "~/models/access.server";
import {
  attemptsSoFar,
  findExercise,
  MAX_SUBMISSION_CHARS,
  solutionOpen,
  submitAttempt,
} from "~/models/exercise.server";
import type { ExerciseActionData, ExerciseView, SubmissionView } from "~/models/exercise.types";
import type { LessonPlace } from "~/models/lesson-page.server";

/** The most of a run's console output a page shows (the grader truncates first; this is the page's own cap). */
const OUTPUT_SHOWN = 8_000;

/** Whether the viewer may do this exercise: the list's rule, as for watching its video. */
function mayDo(viewer: Viewer, place: LessonPlace): boolean {
  return place.index !== null && canWatch(viewer, place.list, place.index);
}

/** The exercise part of the lesson's page, for a viewer who may do it (undefined: not an exercise, or locked). */
export async function exerciseForPage(
  db: Kysely<Database>,
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
  };
}

/** A grade as the learner sees it: visible tests with their messages, hidden ones numbered, without. */
export function submissionView(result: GradeResult): SubmissionView {
  let hidden = 0;
  return {
    verdict: result.verdict,
    tests: result.tests.map((test) =>
      test.hidden
        ? { hidden: true as const, n: ++hidden, passed: test.passed }
        : { hidden: false as const, name: test.name, passed: test.passed, message: test.message },
    ),
    output: result.output.slice(0, OUTPUT_SHOWN),
    outputTruncated: result.outputTruncated || result.output.length > OUTPUT_SHOWN,
    error: result.error,
  };
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
