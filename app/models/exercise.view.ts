// How a grade is shown (issue 34): the same on the server (Submit) and in the browser (Run). No server code.
import type { GradeResult } from "~/lib/exercises/grading";
import type { SubmissionView } from "./exercise.types";

/** The most of a run's console output a page shows (the grader truncates first; this is the page's own cap). */
const OUTPUT_SHOWN = 8_000;

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
