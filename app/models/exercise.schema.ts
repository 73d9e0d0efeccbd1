import type { ExerciseInput } from "./exercise.server";

/**
 * The course builder's exercise form (issue 34), parsed without JavaScript on either side: tests are
 * repeated rows (test_name_N, test_code_N, test_hidden_N, test_remove_N; a row with neither name nor
 * code is an empty slot), hints are one text per language with hints separated by a line of "---".
 */

export const EXERCISE_LIMITS = {
  code: 20_000,
  text: 10_000,
  schema: 50_000,
  tests: 30,
  testName: 120,
  attempts: 50,
} as const;

/** Where hints are split in their text area. */
export const HINT_SEPARATOR = /^\s*---\s*$/m;

export type ExerciseFormErrors = Partial<
  Record<
    "language" | "instructionsEn" | "starter" | "solution" | "tests" | "schema" | "attempts" | "hints",
    | "exerciseAdmin.errors.required"
    | "exerciseAdmin.errors.tooLong"
    | "exerciseAdmin.errors.tests"
    | "exerciseAdmin.errors.testName"
    | "exerciseAdmin.errors.attempts"
    | "exerciseAdmin.errors.language"
  >
>;

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.replace(/\r\n/g, "\n") : "";
}

function splitHints(value: string): string[] {
  return value
    .split(HINT_SEPARATOR)
    .map((hint) => hint.trim())
    .filter(Boolean);
}

export function parseExerciseForm(
  form: FormData,
): { ok: true; input: ExerciseInput } | { ok: false; errors: ExerciseFormErrors } {
  const errors: ExerciseFormErrors = {};
  const language = text(form, "language");
  if (language !== "javascript" && language !== "sql") errors.language = "exerciseAdmin.errors.language";
  const instructionsEn = text(form, "instructions_en").trim();
  const instructionsHe = text(form, "instructions_he").trim();
  if (!instructionsEn) errors.instructionsEn = "exerciseAdmin.errors.required";
  else if (instructionsEn.length > EXERCISE_LIMITS.text || instructionsHe.length > EXERCISE_LIMITS.text)
    errors.instructionsEn = "exerciseAdmin.errors.tooLong";
  const starter = text(form, "starter");
  const solution = text(form, "solution");
  if (starter.length > EXERCISE_LIMITS.code) errors.starter = "exerciseAdmin.errors.tooLong";
  if (!solution.trim()) errors.solution = "exerciseAdmin.errors.required";
  else if (solution.length > EXERCISE_LIMITS.code) errors.solution = "exerciseAdmin.errors.tooLong";
  const schema = text(form, "sql_schema");
  if (language === "sql" && !schema.trim()) errors.schema = "exerciseAdmin.errors.required";
  else if (schema.length > EXERCISE_LIMITS.schema) errors.schema = "exerciseAdmin.errors.tooLong";
  const attempts = Number(text(form, "attempts_before_solution"));
  if (!Number.isInteger(attempts) || attempts < 1 || attempts > EXERCISE_LIMITS.attempts)
    errors.attempts = "exerciseAdmin.errors.attempts";
  const rows = Math.min(Number(text(form, "test_rows")) || 0, EXERCISE_LIMITS.tests + 5);
  const tests: ExerciseInput["tests"] = [];
  for (let i = 0; i < rows; i += 1) {
    if (form.get(`test_remove_${i}`) === "on") continue;
    const name = text(form, `test_name_${i}`).trim();
    const code = text(form, `test_code_${i}`);
    if (!name && !code.trim()) continue;
    if (!name || name.length > EXERCISE_LIMITS.testName || tests.some((t) => t.name === name))
      errors.tests = "exerciseAdmin.errors.testName";
    if (code.length > EXERCISE_LIMITS.code) errors.tests = "exerciseAdmin.errors.tooLong";
    tests.push({ name, code, hidden: form.get(`test_hidden_${i}`) === "on" });
  }
  if (!errors.tests && (tests.length === 0 || tests.length > EXERCISE_LIMITS.tests))
    errors.tests = "exerciseAdmin.errors.tests";
  const hintsEn = splitHints(text(form, "hints_en"));
  const hintsHe = splitHints(text(form, "hints_he"));
  if ([...hintsEn, ...hintsHe].join("").length > EXERCISE_LIMITS.text) errors.hints = "exerciseAdmin.errors.tooLong";
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    input: {
      language: language as ExerciseInput["language"],
      instructionsEn,
      instructionsHe,
      starter,
      solution,
      tests,
      hintsEn,
      hintsHe,
      schema: language === "sql" ? schema : null,
      attemptsBeforeSolution: attempts,
    },
  };
}
