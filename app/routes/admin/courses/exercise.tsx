import { data, Form, Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { useTranslation } from "~/i18n/use-translation";
import { useLocalTitle } from "~/components/admin/builder-parts";
import { pageContext, servicesOf } from "~/context.server";
import type { StringsHandle } from "~/i18n/sections";
import { getLessonForAdmin } from "~/models/course-builder/lesson.server";
import {
  checkExercise,
  exerciseStats,
  findExercise,
  saveExercise,
  type ExerciseCheck,
  type ExerciseInput,
} from "~/models/exercise.server";
import { EXERCISE_LIMITS, parseExerciseForm, type ExerciseFormErrors } from "~/models/exercise.schema";
import { getAdmin } from "~/routes/admin/guard.server";
import { takeFlash } from "~/lib/cookies.server";
import type { Route } from "./+types/exercise";

export const handle = { strings: ["admin", "courseAdmin", "exerciseAdmin"] } satisfies StringsHandle;

/**
 * /admin/courses/lesson/:id/exercise: the lesson as an exercise (issue 34) — instructions in both
 * languages, starter code, the teacher's solution, tests (repeated rows, no JavaScript needed),
 * hints, the SQL schema and the attempts before the solution opens. "Check" grades the solution and
 * the starter against the tests; "Save" checks too, and an exercise is public only while its check
 * passes (its solution passes, its starter does not). Below: how learners fare with it.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { db, config, cookieSecrets } = servicesOf(context);
  const { t } = pageContext(context, request);
  const found = await getLessonForAdmin(db, params.id);
  if (!found) throw data("Not Found", { status: 404 });
  const exercise = await findExercise(db, found.lesson.id);
  // "Add an exercise" lands here with the new lesson made: the flash says so.
  const flash = await takeFlash(config, cookieSecrets, request, "courseAdmin.");
  const page = {
    flash: flash.message,
    title: t("exerciseAdmin.title"),
    lesson: found.lesson,
    list: found.list,
    exercise: exercise
      ? ({
          language: exercise.language,
          instructionsEn: exercise.instructions.en,
          instructionsHe: exercise.instructions.he === exercise.instructions.en ? "" : exercise.instructions.he,
          starter: exercise.starter,
          solution: exercise.solution,
          tests: exercise.tests,
          hintsEn: exercise.hints.en,
          hintsHe: exercise.hints.he === exercise.hints.en ? [] : exercise.hints.he,
          schema: exercise.schema,
          attemptsBeforeSolution: exercise.attemptsBeforeSolution,
        } satisfies ExerciseInput)
      : null,
    checkedAt: exercise?.checkedAt ?? null,
    stats: exercise ? await exerciseStats(db, exercise.lessonId) : null,
  };
  return data(page, { headers: flash.clear ? { "Set-Cookie": flash.clear } : {} });
}

/** A check's result as the admin sees it: which tests the solution failed, whether the starter passed. */
interface CheckView {
  ok: boolean;
  problems: ExerciseCheck["problems"];
  solutionFailed: { name: string; message: string | null }[];
  solutionError: string | null;
  starterVerdict: string;
}

interface ActionResult {
  errors: ExerciseFormErrors;
  draft: ExerciseInput | null;
  check: CheckView | null;
  saved: boolean;
}

/** What the admin typed, kept for the form on a refusal (not validated). */
function draftOf(form: FormData): ExerciseInput {
  const s = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : "");
  const rows = Math.min(Number(s("test_rows")) || 0, EXERCISE_LIMITS.tests + 5);
  const tests = [];
  for (let i = 0; i < rows; i += 1) {
    if (form.get(`test_remove_${i}`) === "on") continue;
    const name = s(`test_name_${i}`).slice(0, 500);
    const code = s(`test_code_${i}`).slice(0, EXERCISE_LIMITS.code);
    if (name || code) tests.push({ name, code, hidden: form.get(`test_hidden_${i}`) === "on" });
  }
  return {
    language: s("language") === "sql" ? "sql" : "javascript",
    instructionsEn: s("instructions_en").slice(0, EXERCISE_LIMITS.text),
    instructionsHe: s("instructions_he").slice(0, EXERCISE_LIMITS.text),
    starter: s("starter").slice(0, EXERCISE_LIMITS.code),
    solution: s("solution").slice(0, EXERCISE_LIMITS.code),
    tests,
    hintsEn: [s("hints_en").slice(0, EXERCISE_LIMITS.text)],
    hintsHe: [s("hints_he").slice(0, EXERCISE_LIMITS.text)],
    schema: s("sql_schema").slice(0, EXERCISE_LIMITS.schema),
    attemptsBeforeSolution: Number(s("attempts_before_solution")) || 3,
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = getAdmin(context);
  const { db, grader, log } = servicesOf(context);
  const found = await getLessonForAdmin(db, params.id);
  if (!found) throw data("Not Found", { status: 404 });
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent !== "check" && intent !== "save") throw data("Bad Request", { status: 400 });
  const parsed = parseExerciseForm(form);
  if (!parsed.ok)
    return data({ errors: parsed.errors, draft: draftOf(form), check: null, saved: false } satisfies ActionResult, {
      status: 400,
    });
  const checked = await checkExercise(grader, parsed.input);
  const check: CheckView = {
    ok: checked.ok,
    problems: checked.problems,
    solutionFailed: checked.solution.tests
      .filter((test) => !test.passed)
      .map((test) => ({ name: test.name, message: test.message })),
    solutionError: checked.solution.error,
    starterVerdict: checked.starter.verdict,
  };
  if (intent === "check")
    return data({ errors: {}, draft: parsed.input, check, saved: false } satisfies ActionResult, {
      status: checked.ok ? 200 : 422,
    });
  // Saved either way (the teacher's work is kept), but public only once its check passes.
  await saveExercise(db, found.lesson.id, parsed.input, checked.ok);
  log.info({ by: admin.id, lesson: found.lesson.id, checked: checked.ok }, "admin: exercise saved");
  return data({ errors: {}, draft: parsed.input, check, saved: true } satisfies ActionResult, {
    status: checked.ok ? 200 : 422,
  });
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title ?? "" }];

const AREA = "mt-1 block w-full rounded border border-ink-300 p-2 font-mono text-sm";
const LABEL = "block font-semibold text-ink-900";

export default function ExerciseEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localTitle = useLocalTitle();
  const { lesson, list, stats, checkedAt } = loaderData;
  const values: ExerciseInput = actionData?.draft ??
    loaderData.exercise ?? {
      language: "javascript",
      instructionsEn: "",
      instructionsHe: "",
      starter: "",
      solution: "",
      tests: [],
      hintsEn: [],
      hintsHe: [],
      schema: "",
      attemptsBeforeSolution: 3,
    };
  const errors: ExerciseFormErrors = actionData?.errors ?? {};
  const check = actionData?.check ?? null;
  // Two empty rows to add tests in, without JavaScript.
  const rows = [...values.tests, { name: "", code: "", hidden: false }, { name: "", code: "", hidden: false }];
  const err = (key: keyof ExerciseFormErrors) =>
    errors[key] ? (
      <p className="mt-1 text-sm text-red-800" id={`${key}-error`} data-testid={`${key}-error`}>
        {t(errors[key])}
      </p>
    ) : null;
  return (
    <>
      <PageHeader
        title={localTitle(lesson)}
        trail={[
          { label: t("courseAdmin.title"), to: "/admin/courses" },
          ...(list ? [{ label: localTitle(list), to: `/admin/courses/list/${list.id}` }] : []),
          { label: localTitle(lesson), to: `/admin/courses/lesson/${lesson.id}` },
        ]}
      />
      <section className="container-page space-y-6 py-8">
        {loaderData.flash && !actionData ? (
          <p role="status" className="rounded bg-green-50 p-3 text-green-900" data-testid="exercise-flash">
            {t(loaderData.flash)}
          </p>
        ) : null}
        <p className="text-ink-800" data-testid="exercise-status">
          {checkedAt ? t("exerciseAdmin.statusPublic") : t("exerciseAdmin.statusHidden")}
        </p>
        {check ? (
          <div
            role={check.ok ? "status" : "alert"}
            className={check.ok ? "rounded bg-green-50 p-3 text-green-900" : "rounded bg-red-50 p-3 text-red-900"}
            data-testid="exercise-check"
            data-ok={check.ok ? "true" : "false"}
          >
            <p className="font-semibold">
              {check.ok
                ? t(actionData?.saved ? "exerciseAdmin.savedChecked" : "exerciseAdmin.checkOk")
                : t(actionData?.saved ? "exerciseAdmin.savedRefused" : "exerciseAdmin.checkRefused")}
            </p>
            <ul className="mt-1 list-disc ps-5">
              {check.problems.map((problem) => (
                <li key={problem} data-testid={`check-${problem}`}>
                  {t(`exerciseAdmin.problems.${problem}`)}
                </li>
              ))}
              {check.solutionFailed.map((test) => (
                <li key={test.name}>
                  <span dir="ltr" className="font-mono">
                    {test.name}
                  </span>
                  {test.message ? (
                    <>
                      {": "}
                      <span dir="ltr">{test.message}</span>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
            {check.solutionError ? (
              <pre dir="ltr" className="mt-2 whitespace-pre-wrap text-start font-mono text-sm">
                {check.solutionError}
              </pre>
            ) : null}
          </div>
        ) : null}
        <Form method="post" className="space-y-5" data-testid="exercise-admin-form">
          <input type="hidden" name="test_rows" value={rows.length} />
          <div>
            <label htmlFor="language" className={LABEL}>
              {t("exerciseAdmin.language")}
            </label>
            <select id="language" name="language" defaultValue={values.language} className="mt-1 rounded border p-2">
              <option value="javascript">JavaScript</option>
              <option value="sql">SQL</option>
            </select>
            {err("language")}
          </div>
          {(["en", "he"] as const).map((language) => (
            <div key={language}>
              <label htmlFor={`instructions_${language}`} className={LABEL}>
                {t(`exerciseAdmin.instructions.${language}`)}
              </label>
              <textarea
                id={`instructions_${language}`}
                name={`instructions_${language}`}
                lang={language}
                dir={language === "he" ? "rtl" : "ltr"}
                rows={6}
                defaultValue={language === "en" ? values.instructionsEn : values.instructionsHe}
                className="mt-1 block w-full rounded border border-ink-300 p-2"
                aria-describedby={language === "en" ? "instructions-hint" : undefined}
              />
              {language === "en" ? (
                <>
                  <p id="instructions-hint" className="text-sm text-ink-700">
                    {t("exerciseAdmin.instructionsHint")}
                  </p>
                  {err("instructionsEn")}
                </>
              ) : null}
            </div>
          ))}
          {(
            [
              ["starter", values.starter, "starter"],
              ["solution", values.solution, "solution"],
              ["sql_schema", values.schema ?? "", "schema"],
            ] as const
          ).map(([name, value, key]) => (
            <div key={name}>
              <label htmlFor={name} className={LABEL}>
                {t(`exerciseAdmin.fields.${key}`)}
              </label>
              <textarea
                id={name}
                name={name}
                dir="ltr"
                rows={8}
                spellCheck={false}
                defaultValue={value}
                className={AREA}
              />
              {err(key)}
            </div>
          ))}
          <fieldset className="space-y-4">
            <legend className="text-lg font-bold text-ink-900">{t("exerciseAdmin.tests")}</legend>
            <p className="text-sm text-ink-700">{t("exerciseAdmin.testsHint")}</p>
            {err("tests")}
            {rows.map((test, i) => (
              <div key={i} className="rounded border border-ink-200 p-3" data-testid="exercise-test-row">
                <label htmlFor={`test_name_${i}`} className={LABEL}>
                  {t("exerciseAdmin.testName", { n: i + 1 })}
                </label>
                <input
                  id={`test_name_${i}`}
                  name={`test_name_${i}`}
                  dir="ltr"
                  defaultValue={test.name}
                  className="mt-1 block w-full rounded border border-ink-300 p-2"
                />
                <label htmlFor={`test_code_${i}`} className={`${LABEL} mt-2`}>
                  {t("exerciseAdmin.testCode", { n: i + 1 })}
                </label>
                <textarea
                  id={`test_code_${i}`}
                  name={`test_code_${i}`}
                  dir="ltr"
                  rows={3}
                  spellCheck={false}
                  defaultValue={test.code}
                  className={AREA}
                />
                <label className="mt-2 flex items-center gap-2">
                  <input type="checkbox" name={`test_hidden_${i}`} defaultChecked={test.hidden} />
                  {t("exerciseAdmin.testHidden")}
                </label>
                {i < values.tests.length ? (
                  <label className="mt-1 flex items-center gap-2">
                    <input type="checkbox" name={`test_remove_${i}`} />
                    {t("exerciseAdmin.testRemove")}
                  </label>
                ) : null}
              </div>
            ))}
          </fieldset>
          {(["en", "he"] as const).map((language) => (
            <div key={language}>
              <label htmlFor={`hints_${language}`} className={LABEL}>
                {t(`exerciseAdmin.hints.${language}`)}
              </label>
              <textarea
                id={`hints_${language}`}
                name={`hints_${language}`}
                lang={language}
                dir={language === "he" ? "rtl" : "ltr"}
                rows={4}
                defaultValue={(language === "en" ? values.hintsEn : values.hintsHe).join("\n---\n")}
                className="mt-1 block w-full rounded border border-ink-300 p-2"
              />
            </div>
          ))}
          <p className="text-sm text-ink-700">{t("exerciseAdmin.hintsHint")}</p>
          {err("hints")}
          <div className="max-w-xs">
            <label htmlFor="attempts_before_solution" className={LABEL}>
              {t("exerciseAdmin.fields.attempts")}
            </label>
            <input
              id="attempts_before_solution"
              name="attempts_before_solution"
              type="number"
              min={1}
              max={EXERCISE_LIMITS.attempts}
              defaultValue={values.attemptsBeforeSolution}
              className="mt-1 block w-full rounded border border-ink-300 p-2"
            />
            {err("attempts")}
          </div>
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              name="intent"
              value="check"
              className="btn btn-secondary"
              data-testid="exercise-check-button"
            >
              {t("exerciseAdmin.check")}
            </button>
            <button
              type="submit"
              name="intent"
              value="save"
              className="btn btn-primary"
              data-testid="exercise-save-button"
            >
              {t("exerciseAdmin.save")}
            </button>
          </div>
        </Form>
        {stats ? (
          <section data-testid="exercise-stats">
            <h2 className="text-lg font-bold text-ink-900">{t("exerciseAdmin.stats.heading")}</h2>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt>{t("exerciseAdmin.stats.tried")}</dt>
              <dd data-testid="stats-tried">{stats.tried}</dd>
              <dt>{t("exerciseAdmin.stats.passed")}</dt>
              <dd data-testid="stats-passed">{stats.passed}</dd>
              <dt>{t("exerciseAdmin.stats.median")}</dt>
              <dd data-testid="stats-median">{stats.medianAttempts ?? "—"}</dd>
            </dl>
            <h3 className="mt-3 font-semibold text-ink-900">{t("exerciseAdmin.stats.mostFailed")}</h3>
            {stats.mostFailed.length ? (
              <ol className="list-decimal ps-5" data-testid="stats-most-failed">
                {stats.mostFailed.map((test) => (
                  <li key={test.name}>
                    <span dir="ltr" className="font-mono">
                      {test.name}
                    </span>{" "}
                    {t("exerciseAdmin.stats.failedTimes", { count: test.count })}
                  </li>
                ))}
              </ol>
            ) : (
              <p>{t("exerciseAdmin.stats.none")}</p>
            )}
          </section>
        ) : null}
        <p>
          <Link to={`/admin/courses/lesson/${lesson.id}`} className="link">
            {t("exerciseAdmin.backToLesson")}
          </Link>
        </p>
      </section>
    </>
  );
}
