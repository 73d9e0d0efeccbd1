import { Fragment, useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useSignInHref } from "~/components/auth/use-sign-in-href";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { ExerciseActionData, ExerciseView, SubmissionView } from "~/models/exercise.types";
import { submissionView } from "~/models/exercise.view";

/**
 * An exercise on its lesson's page (issue 34): the instructions, the code, the graded result, hints
 * one by one and the solution once it opens. Without JavaScript the code is a plain text area that
 * submits to the server; once the page runs, the text area becomes a code editor (CodeMirror, a
 * chunk of its own) and Run checks the visible tests in the browser, in a Web Worker with the
 * server's engines and harness. Only Submit counts. Code is always left to right, on Hebrew pages
 * too; everything shown of a run is text (React escapes it).
 */
export function ExercisePanel({
  exercise,
  actionData,
}: {
  exercise: ExerciseView;
  actionData: ExerciseActionData | null;
}) {
  const { t } = useTranslation();
  const signIn = useSignInHref();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const hydrated = useHydrated();
  const code = useRef<HTMLTextAreaElement>(null);
  const editorReady = useCodeEditor(code, exercise.language, {
    label: t(exercise.language === "sql" ? "exercise.codeLabelSql" : "exercise.codeLabelJavascript"),
    help: t("exercise.editorHelp"),
  });
  const [run, setRun] = useState<{ state: "running" } | { state: "done"; result: SubmissionView } | null>(null);
  const runCode = async () => {
    const textarea = code.current;
    if (!textarea || run?.state === "running") return;
    setRun({ state: "running" });
    const { runInBrowser } = await import("~/lib/exercises/browser-runner");
    const result = await runInBrowser({
      language: exercise.language,
      code: textarea.value,
      tests: exercise.runTests,
      schema: exercise.schema,
    });
    setRun({ state: "done", result: submissionView(result) });
  };
  return (
    <section className="rounded-[var(--radius-card)] border border-ink-200 p-4 sm:p-5" data-testid="exercise">
      <h2 className="text-xl font-bold text-ink-900">
        {t(exercise.language === "sql" ? "exercise.headingSql" : "exercise.headingJavascript")}
      </h2>
      <div className="mt-3 space-y-3 text-ink-800" data-testid="exercise-instructions">
        <Instructions text={exercise.instructions} />
      </div>
      {exercise.schema ? (
        <details className="mt-4">
          <summary className="cursor-pointer font-semibold text-ink-900">{t("exercise.schema")}</summary>
          <pre dir="ltr" className="mt-2 overflow-x-auto rounded bg-ink-50 p-3 text-start font-mono text-sm">
            {exercise.schema}
          </pre>
        </details>
      ) : null}
      {exercise.passed ? (
        <p className="mt-4 rounded bg-green-50 p-3 font-semibold text-green-900" data-testid="exercise-passed">
          {t("exercise.passedNote")}
        </p>
      ) : null}
      {/* What the learner did last is what shows: a Submit clears the last Run; a Run hides the last grade. */}
      <Form method="post" className="mt-4" data-testid="exercise-form" onSubmit={() => setRun(null)}>
        <input type="hidden" name="intent" value="submit" />
        <label htmlFor="exercise-code" className="block font-semibold text-ink-900">
          {t(exercise.language === "sql" ? "exercise.codeLabelSql" : "exercise.codeLabelJavascript")}
        </label>
        <textarea
          id="exercise-code"
          name="code"
          dir="ltr"
          rows={14}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          defaultValue={actionData?.code ?? exercise.code}
          className="mt-2 block w-full rounded border border-ink-300 p-3 text-start font-mono text-sm"
          ref={code}
          data-testid="exercise-code"
        />
        <p className="mt-1 text-sm text-ink-700" hidden={!editorReady}>
          {t("exercise.editorHelp")}
        </p>
        <div className="mt-3 flex flex-wrap gap-3">
          {hydrated ? (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void runCode()}
              disabled={run?.state === "running"}
              data-testid="exercise-run"
            >
              {run?.state === "running" ? t("exercise.running") : t("exercise.run")}
            </button>
          ) : null}
          {exercise.canSubmit ? (
            <button type="submit" className="btn btn-primary" disabled={busy} data-testid="exercise-submit">
              {busy ? t("exercise.submitting") : t("exercise.submit")}
            </button>
          ) : null}
        </div>
        {exercise.canSubmit ? null : (
          <p className="mt-3 text-ink-800">
            {t("exercise.signInToSubmit")}{" "}
            <Link to={signIn} className="link">
              {t("exercise.signIn")}
            </Link>
          </p>
        )}
      </Form>
      {run?.state === "done" ? (
        <div className="mt-4 rounded border border-ink-200 bg-ink-50 p-3" data-testid="exercise-run-result">
          <h3 className="font-bold text-ink-900">{t("exercise.runHeading")}</h3>
          <p className="text-sm text-ink-700">
            {t("exercise.runNote")}
            {exercise.hiddenTests ? <> {t("exercise.runHidden", { count: exercise.hiddenTests })}</> : null}
          </p>
          <Result result={run.result} testId="exercise-run-verdict" />
        </div>
      ) : null}
      {actionData && !actionData.ok && !run ? (
        <p role="alert" className="mt-4 rounded bg-red-50 p-3 text-red-900" data-testid="exercise-error">
          {t(actionData.error as "exercise.errors.empty")}
        </p>
      ) : null}
      {actionData?.ok && !run ? <Result result={actionData.result} testId="exercise-result" /> : null}
      {exercise.hints.length ? <Hints hints={exercise.hints} /> : null}
      <div className="mt-4" data-testid="exercise-solution">
        {exercise.solution !== null ? (
          <details>
            <summary className="cursor-pointer font-semibold text-ink-900">{t("exercise.showSolution")}</summary>
            <pre dir="ltr" className="mt-2 overflow-x-auto rounded bg-ink-50 p-3 text-start font-mono text-sm">
              {exercise.solution}
            </pre>
          </details>
        ) : exercise.canSubmit ? (
          <p className="text-sm text-ink-700">{t("exercise.solutionAfter", { count: exercise.attemptsToSolution })}</p>
        ) : null}
      </div>
    </section>
  );
}

/** The grade: each visible test with its message, hidden tests only numbered, the console's output. */
function Result({ result, testId }: { result: SubmissionView; testId: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="mt-4 space-y-3" data-testid={testId} data-verdict={result.verdict}>
      <p className="font-bold text-ink-900">{t(`exercise.verdict.${result.verdict}`)}</p>
      {result.tests.length ? (
        <ul className="space-y-2" data-testid="exercise-tests">
          {result.tests.map((test, i) => (
            <li
              key={i}
              className={test.passed ? "text-green-900" : "text-red-900"}
              data-testid="exercise-test"
              data-passed={test.passed ? "true" : "false"}
            >
              {test.hidden ? (
                t(test.passed ? "exercise.hiddenPassed" : "exercise.hiddenFailed", { n: test.n })
              ) : (
                <>
                  <span className="font-semibold">
                    {t(test.passed ? "exercise.testPassed" : "exercise.testFailed")}
                  </span>{" "}
                  <span dir="ltr" className="font-mono">
                    {test.name}
                  </span>
                  {test.message ? (
                    <pre dir="ltr" className="mt-1 overflow-x-auto whitespace-pre-wrap text-start font-mono text-sm">
                      {test.message}
                    </pre>
                  ) : null}
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {result.error ? (
        <pre
          dir="ltr"
          className="overflow-x-auto whitespace-pre-wrap rounded bg-red-50 p-3 text-start font-mono text-sm text-red-900"
          data-testid="exercise-run-error"
        >
          {result.error}
        </pre>
      ) : null}
      {result.output ? (
        <div>
          <p className="font-semibold text-ink-900">{t("exercise.output")}</p>
          <pre
            dir="ltr"
            className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap rounded bg-ink-50 p-3 text-start font-mono text-sm"
            data-testid="exercise-output"
          >
            {result.output}
          </pre>
          {result.outputTruncated ? <p className="text-sm text-ink-700">{t("exercise.outputTruncated")}</p> : null}
        </div>
      ) : null}
    </div>
  );
}

/** Hints one at a time: each one's disclosure holds the next (no JavaScript needed). */
function Hints({ hints }: { hints: string[] }) {
  const { t } = useTranslation();
  const nest = (i: number): ReactNode =>
    i >= hints.length ? null : (
      <details className="mt-2" data-testid="exercise-hint">
        <summary className="cursor-pointer font-semibold text-ink-900">
          {t("exercise.hint", { n: i + 1, count: hints.length })}
        </summary>
        <div className="mt-1 ps-4 text-ink-800">
          <Instructions text={hints[i]!} />
          {nest(i + 1)}
        </div>
      </details>
    );
  return <div className="mt-4">{nest(0)}</div>;
}

/** A teacher's text: paragraphs, `code` and ``` blocks, code kept left to right. */
function Instructions({ text }: { text: string }) {
  const blocks = text.split(/```[a-z]*\n?/);
  return (
    <>
      {blocks.map((block, i) =>
        i % 2 === 1 ? (
          <pre key={i} dir="ltr" className="overflow-x-auto rounded bg-ink-50 p-3 text-start font-mono text-sm">
            {block.replace(/\n$/, "")}
          </pre>
        ) : (
          block
            .split(/\n{2,}/)
            .filter((p) => p.trim())
            .map((paragraph, j) => (
              <p key={`${i}-${j}`} className="whitespace-pre-line">
                {paragraph.split(/`([^`]+)`/).map((part, k) =>
                  k % 2 === 1 ? (
                    <code key={k} dir="ltr" className="rounded bg-ink-50 px-1 font-mono text-sm">
                      {part}
                    </code>
                  ) : (
                    <Fragment key={k}>{part}</Fragment>
                  ),
                )}
              </p>
            ))
        ),
      )}
    </>
  );
}

/**
 * Turns the text area into the code editor once the page has hydrated (the editor's chunk is loaded
 * then, only on an exercise's page). True once the editor is in place.
 */
function useCodeEditor(
  textarea: React.RefObject<HTMLTextAreaElement | null>,
  language: ExerciseView["language"],
  { label, help }: { label: string; help: string },
) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    void import("~/components/ui/code-editor").then(async ({ mountCodeEditor }) => {
      const element = textarea.current;
      if (cancelled || !element) return;
      const editor = await mountCodeEditor(element, language, label, help);
      if (cancelled) return editor.destroy();
      destroy = () => editor.destroy();
      setReady(true);
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
    // The label and help are the page's language: a change of language is a new page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [textarea, language]);
  return ready;
}
