import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatPercent } from "~/i18n/format";
import { getCatalogue, getViewer, pageContext, servicesOf } from "~/context.server";
import { passHeaders } from "~/lib/http";
import { pageMeta } from "~/lib/meta";
import { findQuiz } from "~/models/catalogue.server";
import { answerQuestion, findAttempt, percentage, QuizInputError, questionView } from "~/models/quiz.server";
import { quizUrl } from "~/models/catalogue.urls";
import type { Route } from "./+types/quiz";
import { routePathname } from "~/lib/route-path";

/**
 * A quiz: one question per step, each step a form post graded on the server (the answers never
 * leave it). Progress is a database row; the page's URL names the attempt (?attempt=…).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { locale, t, meta } = pageContext(context, request);
  const url = new URL(request.url);
  const quiz = findQuiz(getCatalogue(context), params.slug);
  if (!quiz) throw data("Not Found", { status: 404 });
  const key = quiz.slug;
  const title = quiz.title[locale];
  const base = {
    key,
    title,
    total: quiz.questions.length,
    meta: meta(t("quiz.metaTitle", { title }), t("quiz.description", { count: quiz.questions.length, title })),
  };
  const attemptId = url.searchParams.get("attempt");
  const attempt = attemptId ? await findAttempt(servicesOf(context).db, attemptId, key) : undefined;
  if (attempt?.finished_at) {
    const pct = percentage(attempt.score, attempt.question_count);
    return {
      ...base,
      attemptId: attempt.id,
      question: null,
      result: {
        score: attempt.score,
        total: attempt.question_count,
        percentage: formatPercent(pct, locale),
        followUp: quiz.followUp,
        dismissed: url.searchParams.get("dismissed") === "1",
      },
    };
  }
  const index = attempt ? attempt.current_index : 0;
  // A quiz the admin shortened since this attempt began: start again.
  if (index >= quiz.questions.length) {
    if (quiz.questions.length === 0) throw data("Not Found", { status: 404 });
    return { ...base, attemptId: null, question: questionView(quiz, 0), result: null };
  }
  return { ...base, attemptId: attempt?.id ?? null, question: questionView(quiz, index), result: null };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { db, log, clientIp, rateLimits } = servicesOf(context);
  const path = routePathname(request);
  const quiz = findQuiz(getCatalogue(context), params.slug);
  if (!quiz) throw data("Not Found", { status: 404 });
  const key = quiz.slug;
  const form = await request.formData();
  const attemptId = String(form.get("attempt") ?? "") || null;
  const rawIndex = String(form.get("index") ?? "");
  const option = form.get("option");
  if (!/^\d{1,3}$/.test(rawIndex) || (option !== null && typeof option !== "string")) {
    return data({ error: "invalid" as const }, { status: 400 });
  }
  if (!attemptId) {
    const limit = await rateLimits.quizStart.consume(clientIp);
    if (!limit.ok)
      return data(
        { error: "tooMany" as const, retryAfter: limit.retryAfter },
        { status: 429, headers: { "Retry-After": String(limit.retryAfter) } },
      );
  }
  try {
    const attempt = await answerQuestion(db, quiz, {
      attemptId,
      index: Number(rawIndex),
      option: option === null || option === "" ? null : option,
      userId: getViewer(context).user?.id ?? null,
    });
    return redirect(`${path}?attempt=${attempt.id}`);
  } catch (error) {
    if (!(error instanceof QuizInputError)) throw error;
    log.info({ quiz: key, status: error.status, reason: error.message }, "quiz input refused");
    return data({ error: error.status === 400 ? ("invalid" as const) : ("stale" as const) }, { status: error.status });
  }
}

export const headers = passHeaders;
export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

/** Options that look like code (no spaces, or brackets and operators) are shown in a code font. */
function looksLikeCode(text: string): boolean {
  return !/\s/.test(text) || /[{}()[\];=<>]/.test(text);
}

function QuestionStep({ loaderData, error }: { loaderData: Route.ComponentProps["loaderData"]; error?: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const question = loaderData.question!;
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    // Move focus to the new question after each step (not on the first render of the page).
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [question.index]);

  return (
    <Form method="post" preventScrollReset className="mx-auto max-w-3xl" key={question.index} data-testid="quiz-form">
      <h2
        ref={heading}
        tabIndex={-1}
        className="text-sm font-bold tracking-wide text-brand-800 outline-none"
        data-testid="question-progress"
      >
        {t("quiz.questionOf", { n: question.index + 1, total: loaderData.total })}
      </h2>
      {error ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 font-semibold text-danger-700">
          {error === "tooMany"
            ? t("quiz.tooMany", { count: 60 })
            : t(error === "stale" ? "quiz.stale" : "quiz.invalid")}
        </p>
      ) : null}
      {loaderData.attemptId ? <input type="hidden" name="attempt" value={loaderData.attemptId} /> : null}
      <input type="hidden" name="index" value={question.index} />
      {/* The questions are in English: the card reads left-to-right even on the Hebrew page. */}
      <fieldset
        lang="en"
        dir="ltr"
        className="mt-4 min-w-0 rounded-[var(--radius-card)] bg-white p-6 text-left shadow-[var(--shadow-card)]"
      >
        <legend className="float-left w-full text-xl font-bold text-ink-900" data-testid="question-text">
          {question.question}
        </legend>
        {question.code ? (
          <pre
            className="mt-4 w-full max-w-full min-w-0 overflow-x-auto rounded-lg bg-ink-900 p-4 text-sm text-ink-50"
            data-testid="question-code"
          >
            <code>{question.code}</code>
          </pre>
        ) : null}
        <ul className="mt-2 grid w-full gap-3">
          {question.options.map((option, i) => (
            <li key={option}>
              <label className="flex cursor-pointer items-center gap-3 rounded-lg border-2 border-ink-200 p-4 hover:border-brand-400 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500">
                <input
                  type="radio"
                  name="option"
                  value={option}
                  className="size-5 accent-brand-700"
                  data-testid={`option-${i}`}
                />
                {looksLikeCode(option) ? (
                  <code className="min-w-0 text-base break-words">{option}</code>
                ) : (
                  <span>{option}</span>
                )}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <p className="mt-3 text-sm text-ink-600">{t("quiz.chooseOne")}</p>
      <button type="submit" className="btn btn-primary btn-lg mt-4" disabled={navigation.state !== "idle"}>
        {t("quiz.next")}
      </button>
    </Form>
  );
}

function ResultStep({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const { t } = useTranslation();
  const result = loaderData.result!;
  const heading = useRef<HTMLHeadingElement>(null);
  const hydrated = useHydrated();
  const [alertState, setAlertState] = useState<"waiting" | "shown" | "closed">(result.dismissed ? "closed" : "waiting");
  useEffect(() => {
    heading.current?.focus();
    if (result.dismissed) return;
    // SPEC.md §9: the "Well done!" alert comes 3000 ms after the result.
    const timer = window.setTimeout(() => setAlertState((s) => (s === "waiting" ? "shown" : s)), 3000);
    return () => window.clearTimeout(timer);
  }, [result.dismissed]);

  // Without JavaScript the same alert appears through a CSS animation delayed by 3 s.
  const showAlert = hydrated ? alertState === "shown" : !result.dismissed;
  return (
    <section className="mx-auto max-w-3xl text-center" aria-labelledby="result-title" data-testid="quiz-result">
      <h2 id="result-title" ref={heading} tabIndex={-1} className="text-3xl font-extrabold outline-none">
        {t("quiz.resultTitle")}
      </h2>
      <p role="status" className="sr-only">
        {t("quiz.announcement", { score: result.score, total: result.total, percentage: result.percentage })}
      </p>
      <dl className="mt-8 grid grid-cols-3 gap-4">
        <div className="rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-card)]">
          <dt className="text-sm font-semibold text-ink-600">{t("quiz.scoreLabel")}</dt>
          <dd className="mt-1 text-4xl font-extrabold text-brand-800" data-testid="result-score">
            {result.score}
          </dd>
        </div>
        <div className="rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-card)]">
          <dt className="text-sm font-semibold text-ink-600">{t("quiz.totalLabel")}</dt>
          <dd className="mt-1 text-4xl font-extrabold text-brand-800" data-testid="result-total">
            {result.total}
          </dd>
        </div>
        <div className="rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-card)]">
          <dt className="text-sm font-semibold text-ink-600">{t("quiz.percentageLabel")}</dt>
          <dd className="mt-1 text-4xl font-extrabold text-brand-800" data-testid="result-percentage">
            <bdi>{result.percentage}</bdi>
          </dd>
        </div>
      </dl>
      <div className="mt-8 flex justify-center gap-3">
        <Link to={quizUrl(loaderData.key)} className="btn btn-primary btn-lg">
          {t("quiz.tryAgain")}
        </Link>
        <Link to="/test" className="btn btn-secondary btn-lg">
          {t("quiz.back")}
        </Link>
      </div>
      {showAlert ? (
        <div
          role="alert"
          className={`mt-8 rounded-[var(--radius-card)] bg-success-700 p-6 text-white ${hydrated ? "" : "delayed-reveal"}`}
          data-testid="well-done"
        >
          <p className="text-2xl font-bold">{t("quiz.wellDone")}</p>
          <p className="mt-1">{t("quiz.wellDoneText")}</p>
          <div className="mt-4 flex justify-center gap-3">
            <Link to={result.followUp} className="btn btn-lg bg-white text-success-700 hover:bg-ink-50">
              {t("quiz.watchNow")}
            </Link>
            <a
              href={`${quizUrl(loaderData.key)}?attempt=${loaderData.attemptId}&dismissed=1`}
              onClick={(event) => {
                event.preventDefault();
                setAlertState("closed");
                heading.current?.focus();
              }}
              className="btn btn-lg btn-outline"
            >
              {t("quiz.close")}
            </a>
          </div>
        </div>
      ) : null}
    </section>
  );
}

export default function QuizPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={loaderData.title} trail={[{ label: t("test.title"), to: "/test" }]} />
      <div className="container-page py-14">
        {loaderData.result ? (
          <ResultStep loaderData={loaderData} />
        ) : (
          <QuestionStep loaderData={loaderData} error={actionData?.error} />
        )}
      </div>
    </>
  );
}
