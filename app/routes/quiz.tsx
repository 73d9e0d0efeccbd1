import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatPercent } from "~/i18n/format";
import { getCatalogue, getViewer, pageContext, servicesOf } from "~/context.server";
import { passHeaders } from "~/lib/http";
import { pageMeta } from "~/lib/meta";
import { findQuiz, followUpOf } from "~/models/catalogue.server";
import {
  answerQuestion,
  findOwnAttempt,
  firstStep,
  passed,
  percentage,
  QuizInputError,
  questionView,
  readFirstStep,
  reviewAttempt,
  stepsOf,
  type ReviewItem,
} from "~/models/quiz.server";
import { QuizCode, QuizOption, QuizText } from "~/components/quiz/quiz-text";
import { CheckIcon } from "~/components/ui/check-icon";
import { quizUrl } from "~/models/catalogue.urls";
import { certificateSubject, issueCertificateIfEarned, listsOfQuiz } from "~/models/certificate.server";
import type { Route } from "./+types/quiz";
import { routePathname } from "~/lib/route-path";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["quiz", "test"] } satisfies StringsHandle;

/**
 * A quiz: one question per step, each step a form post graded on the server (the answers never
 * leave it). Progress is a database row; the page's URL names the attempt (?attempt=…). Each attempt
 * asks the questions, and shows their options, in its own order (drawn on the server; the first
 * step's page carries its first step back in `first`). Once the attempt is finished, the result comes
 * with the review of every answer, in the page's language — the right answers only once it passed.
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
  const viewerId = getViewer(context).user?.id ?? null;
  const attempt = attemptId ? await findOwnAttempt(servicesOf(context).db, attemptId, key, viewerId) : undefined;
  if (attempt?.finished_at) {
    const pct = percentage(attempt.score, attempt.question_count);
    const pass = passed(attempt, quiz);
    // A signed-in learner's pass of a list's quiz is one of that list's certificate requirements.
    const certificateOf =
      pass && attempt.user_id !== null ? listsOfQuiz(getCatalogue(context), quiz.slug)[0] : undefined;
    const certificateList = certificateOf && certificateSubject(getCatalogue(context), certificateOf)[locale];
    const review = await reviewAttempt(servicesOf(context).db, quiz, attempt, locale);
    return {
      ...base,
      attemptId: attempt.id,
      first: null,
      question: null,
      result: {
        score: attempt.score,
        total: attempt.question_count,
        percentage: formatPercent(pct, locale),
        followUp: followUpOf(getCatalogue(context), quiz),
        dismissed: url.searchParams.get("dismissed") === "1",
        passed: pass,
        passPercent: quiz.passPercent,
        certificateList: certificateList ?? null,
        review,
      },
    };
  }
  if (attempt) {
    const steps = stepsOf(quiz, attempt);
    const step = steps[attempt.current_index];
    if (step)
      return {
        ...base,
        total: steps.length,
        attemptId: attempt.id,
        first: null,
        question: questionView(step, attempt.current_index, locale),
        result: null,
      };
    // The admin removed the question this attempt was at: start again.
  }
  if (quiz.questions.length === 0) throw data("Not Found", { status: 404 });
  const first = firstStep(quiz);
  return {
    ...base,
    attemptId: null,
    first,
    question: questionView(readFirstStep(quiz, first)!, 0, locale),
    result: null,
  };
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
  const first = form.get("first");
  if (
    !/^\d{1,3}$/.test(rawIndex) ||
    (option !== null && typeof option !== "string") ||
    (first !== null && typeof first !== "string")
  ) {
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
    const viewer = getViewer(context);
    const attempt = await answerQuestion(db, quiz, {
      attemptId,
      index: Number(rawIndex),
      option: option === null || option === "" ? null : option,
      userId: viewer.user?.id ?? null,
      first,
    });
    // A passed quiz may be the last step to a list's certificate (issued only while the learner may watch the whole list).
    if (attempt.finished_at !== null && viewer.user)
      for (const list of listsOfQuiz(getCatalogue(context), quiz.slug))
        await issueCertificateIfEarned(db, getCatalogue(context), viewer, list);
    return redirect(`${path}?attempt=${attempt.id}`);
  } catch (error) {
    if (!(error instanceof QuizInputError)) throw error;
    log.info({ quiz: key, status: error.status, reason: error.message }, "quiz input refused");
    // 404: no such attempt (left unfinished for a day, it was cleared); 409: an answer to another step.
    const reason =
      error.status === 400 ? ("invalid" as const) : error.status === 404 ? ("expired" as const) : ("stale" as const);
    return data({ error: reason }, { status: error.status });
  }
}

export const headers = passHeaders;
export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

/**
 * A refused start (429) carries the seconds to wait: true from the refusal until they have passed,
 * so the page neither says "wait" longer than needed nor lets the learner send the start again before.
 */
function useRetryWait(actionData: Route.ComponentProps["actionData"]): number {
  const seconds = actionData && "retryAfter" in actionData ? actionData.retryAfter : 0;
  const [waited, setWaited] = useState<typeof actionData>(undefined);
  useEffect(() => {
    if (!seconds) return;
    const timer = window.setTimeout(() => setWaited(actionData), seconds * 1000);
    return () => window.clearTimeout(timer);
  }, [actionData, seconds]);
  return waited === actionData ? 0 : seconds;
}

function QuestionStep({
  loaderData,
  actionData,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  actionData: Route.ComponentProps["actionData"];
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const retryAfter = useRetryWait(actionData);
  // Once the wait is over, its message goes (without JavaScript it stays, and the server refuses again).
  const error = actionData?.error === "tooMany" && !retryAfter ? undefined : actionData?.error;
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
            ? t("quiz.tooMany", { count: retryAfter })
            : t(error === "stale" ? "quiz.stale" : error === "expired" ? "quiz.expired" : "quiz.invalid")}
        </p>
      ) : null}
      {loaderData.attemptId ? <input type="hidden" name="attempt" value={loaderData.attemptId} /> : null}
      {loaderData.first ? <input type="hidden" name="first" value={loaderData.first} /> : null}
      <input type="hidden" name="index" value={question.index} />
      {/* The card reads in the question's language; code inside it stays left-to-right. */}
      <fieldset
        lang={question.question.lang}
        dir={question.question.lang === "he" ? "rtl" : "ltr"}
        className="mt-4 min-w-0 rounded-[var(--radius-card)] bg-white p-6 text-start shadow-[var(--shadow-card)]"
      >
        <legend className="float-start w-full text-xl font-bold text-ink-900" data-testid="question-text">
          <QuizText text={question.question.text} lang={question.question.lang} />
        </legend>
        {question.code ? <QuizCode code={question.code} className="mt-4" /> : null}
        <ul className="mt-2 grid w-full gap-3">
          {question.options.map((option, i) => (
            <li key={option.value}>
              <label className="flex cursor-pointer items-center gap-3 rounded-lg border-2 border-ink-200 p-4 hover:border-brand-400 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500">
                <input
                  type="radio"
                  name="option"
                  value={option.value}
                  className="size-5 shrink-0 accent-brand-700"
                  data-testid={`option-${i}`}
                />
                <QuizOption text={option.text} lang={option.lang} />
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <p className="mt-3 text-sm text-ink-600">{t("quiz.chooseOne")}</p>
      <button
        type="submit"
        className="btn btn-primary btn-lg mt-4"
        disabled={navigation.state !== "idle" || (hydrated && retryAfter > 0)}
      >
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
    // docs/product.md#numbers-the-product-keeps: the result's alert comes 3000 ms after the result.
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
      {/* Three cards fit a 360 px phone only with smaller type: "100%" would overflow its card. */}
      <dl className="mt-8 grid grid-cols-3 gap-4">
        <div className="rounded-[var(--radius-card)] bg-white p-3 shadow-[var(--shadow-card)] sm:p-6">
          <dt className="text-sm font-semibold text-ink-600">{t("quiz.scoreLabel")}</dt>
          <dd className="mt-1 text-2xl font-extrabold text-brand-800 sm:text-4xl" data-testid="result-score">
            {result.score}
          </dd>
        </div>
        <div className="rounded-[var(--radius-card)] bg-white p-3 shadow-[var(--shadow-card)] sm:p-6">
          <dt className="text-sm font-semibold text-ink-600">{t("quiz.totalLabel")}</dt>
          <dd className="mt-1 text-2xl font-extrabold text-brand-800 sm:text-4xl" data-testid="result-total">
            {result.total}
          </dd>
        </div>
        <div className="rounded-[var(--radius-card)] bg-white p-3 shadow-[var(--shadow-card)] sm:p-6">
          <dt className="text-sm font-semibold text-ink-600">{t("quiz.percentageLabel")}</dt>
          <dd className="mt-1 text-2xl font-extrabold text-brand-800 sm:text-4xl" data-testid="result-percentage">
            <bdi>{result.percentage}</bdi>
          </dd>
        </div>
      </dl>
      <p
        className={`mt-6 text-lg font-semibold ${result.passed ? "text-success-700" : "text-ink-800"}`}
        data-testid="result-verdict"
      >
        {result.passed
          ? t("quiz.verdictPassed", { percent: result.passPercent })
          : t("quiz.verdictNotYet", { percent: result.passPercent })}
        {result.certificateList ? ` ${t("quiz.verdictCertificate", { list: result.certificateList })}` : null}
      </p>
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
          // Green congratulations for a pass only; below the pass mark, encouragement in the brand's colour.
          className={`mt-8 rounded-[var(--radius-card)] ${result.passed ? "bg-success-700" : "bg-brand-800"} p-6 text-white ${hydrated ? "" : "delayed-reveal"}`}
          data-testid="well-done"
        >
          <p className="text-2xl font-bold">{t(result.passed ? "quiz.wellDone" : "quiz.keepPractising")}</p>
          <p className="mt-1" data-testid="well-done-text">
            {t(result.passed ? "quiz.wellDoneText" : "quiz.encourageText")}
          </p>
          <div className="mt-4 flex justify-center gap-3">
            <Link
              to={result.followUp}
              className={`btn btn-lg bg-white hover:bg-ink-50 ${result.passed ? "text-success-700" : "text-brand-800"}`}
            >
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
      <AnswerReview items={result.review} passed={result.passed} passPercent={result.passPercent} />
    </section>
  );
}

function WrongIcon({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={className} fill="currentColor">
      <path d="M5.4 4 4 5.4 8.6 10 4 14.6 5.4 16l4.6-4.6 4.6 4.6 1.4-1.4-4.6-4.6L16 5.4 14.6 4 10 8.6z" />
    </svg>
  );
}

/**
 * Every question of the finished attempt: the learner's answer and whether it was right. After a
 * pass, also the right answer beside each one that was not, and why; before, only what does not
 * give the answer away, and the page says how to see the rest.
 */
function AnswerReview({ items, passed, passPercent }: { items: ReviewItem[]; passed: boolean; passPercent: number }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <section className="mt-12 text-start" aria-labelledby="review-title" data-testid="quiz-review">
      <h2 id="review-title" className="text-2xl font-extrabold">
        {t("quiz.reviewTitle")}
      </h2>
      <p className="mt-1 text-ink-600" data-testid="review-intro">
        {passed ? t("quiz.reviewIntro") : t("quiz.reviewIntroBeforePass", { percent: passPercent })}
      </p>
      <ol className="mt-6 grid gap-6">
        {items.map((item) => {
          const right = item.mark === "right";
          return (
            <li
              key={item.index}
              className={`min-w-0 rounded-[var(--radius-card)] border-s-4 bg-white p-5 shadow-[var(--shadow-card)] ${
                right ? "border-success-700" : "border-danger-700"
              }`}
              data-testid="review-item"
              data-mark={item.mark}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-sm font-bold tracking-wide text-brand-800">
                  {t("quiz.reviewQuestion", { n: item.index + 1 })}
                </h3>
                <span
                  className={`inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-bold ${
                    right ? "bg-green-50 text-success-700" : "bg-red-50 text-danger-700"
                  }`}
                  data-testid="review-mark"
                >
                  {right ? <CheckIcon className="size-4" /> : <WrongIcon className="size-4" />}
                  {t(
                    item.mark === "right"
                      ? "quiz.reviewRight"
                      : item.mark === "wrong"
                        ? "quiz.reviewWrong"
                        : "quiz.reviewSkipped",
                  )}
                </span>
              </div>
              <p className="mt-2 text-lg font-semibold text-ink-900" data-testid="review-question">
                <QuizText text={item.question.text} lang={item.question.lang} />
              </p>
              {item.code ? <QuizCode code={item.code} className="mt-3" /> : null}
              <dl className="mt-3 grid gap-2">
                {/* min-w-0: a grid item is never narrower than its longest word otherwise, and a long code answer is one. */}
                <div className="min-w-0">
                  <dt className="text-sm font-semibold text-ink-600">{t("quiz.yourAnswer")}</dt>
                  <dd data-testid="review-chosen">
                    {item.chosen === null ? (
                      t("quiz.noAnswer")
                    ) : (
                      <QuizOption text={item.chosen.text} lang={item.chosen.lang} />
                    )}
                  </dd>
                </div>
                {item.answer ? (
                  <div className="min-w-0">
                    <dt className="text-sm font-semibold text-ink-600">{t("quiz.rightAnswer")}</dt>
                    <dd className="font-semibold text-success-700" data-testid="review-answer">
                      <QuizOption text={item.answer.text} lang={item.answer.lang} />
                    </dd>
                  </div>
                ) : null}
                {item.explanation ? (
                  <div className="min-w-0">
                    <dt className="text-sm font-semibold text-ink-600">{t("quiz.why")}</dt>
                    <dd data-testid="review-explanation">
                      <QuizText text={item.explanation.text} lang={item.explanation.lang} />
                    </dd>
                  </div>
                ) : null}
              </dl>
            </li>
          );
        })}
      </ol>
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
          <QuestionStep loaderData={loaderData} actionData={actionData} />
        )}
      </div>
    </>
  );
}
