/** What an exercise's page shows (issue 34): view types shared by its model, route and component (no server code). */
import type { ExerciseTest } from "~/lib/exercises/grading";

export interface ExerciseView {
  language: "javascript" | "sql";
  instructions: string;
  /** What the text area starts with: the learner's last submission, else the starter code. */
  code: string;
  hints: string[];
  /** SQL: the tables the query runs on (shown so the learner knows them). */
  schema: string | null;
  attempts: number;
  passed: boolean;
  /** The teacher's solution, once the learner passed or used up the attempts before it; null before. */
  solution: string | null;
  /** Attempts still needed before the solution opens (0 once open). */
  attemptsToSolution: number;
  /** Whether the viewer may submit (signed in); a visitor reads and tries, and is asked to sign in. */
  canSubmit: boolean;
  /**
   * What Run checks in the browser: the visible tests only (hidden ones stay on the server), and for
   * SQL each with its expected rows instead of the teacher's query (grading.ts, prepareSqlTests).
   */
  runTests: ExerciseTest[];
  /** How many tests only Submit runs. */
  hiddenTests: number;
}

/** One test's outcome as the learner sees it: a hidden test shows no name and no message. */
export type TestResultView =
  | { hidden: false; name: string; passed: boolean; message: string | null }
  | { hidden: true; n: number; passed: boolean };

export interface SubmissionView {
  verdict: "passed" | "failed" | "error" | "timeout" | "memory" | "too-large";
  tests: TestResultView[];
  output: string;
  outputTruncated: boolean;
  error: string | null;
}

/** What the exercise form's action answers: a graded submission, or a translated refusal. */
export type ExerciseActionData =
  { ok: true; result: SubmissionView; code: string } | { ok: false; error: string; code: string };
