import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { SectionHeading } from "~/components/ui/section-heading";
import { pageMeta } from "~/lib/meta";
import { getCatalogue, pageContext } from "~/context.server";
import { quizUrl } from "~/models/catalogue.urls";
import { listQuizzes } from "~/models/quiz.server";
import type { Route } from "./+types/quiz-list";
import type { StringsHandle } from "~/i18n/sections";
import { useEnglishFallback } from "~/components/ui/english-fallback";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["test"] } satisfies StringsHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t, meta } = pageContext(context, request);
  return {
    meta: meta(t("test.metaTitle"), t("test.description")),
    quizzes: listQuizzes(getCatalogue(context), locale),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

/** A Map: quiz slugs are typed in the admin area, and an object literal would answer "constructor". */
const ICONS = new Map([
  ["java", "☕"],
  ["fullstack", "⧉"],
  ["javascript", "JS"],
  ["react", "⚛"],
]);

/** A quiz the admin added has no icon of its own: its first letters. */
const iconOf = (key: string) => ICONS.get(key) ?? key.slice(0, 2).toUpperCase();

export default function QuizList({ loaderData }: Route.ComponentProps) {
  const fallback = useEnglishFallback();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("test.title")} />
      <section className="container-page py-14" aria-labelledby="tests-heading">
        <SectionHeading id="tests-heading" eyebrow={t("test.eyebrow")} title={t("test.heading")} />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="quiz-cards">
          {loaderData.quizzes.map((quiz) => (
            <li
              key={quiz.key}
              className="flex flex-col rounded-[var(--radius-card)] bg-white p-6 text-center shadow-[var(--shadow-card)]"
            >
              <span
                aria-hidden="true"
                className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-100 text-2xl font-extrabold text-brand-900"
              >
                {iconOf(quiz.key)}
              </span>
              <h3 className="mt-4 text-xl font-bold" {...fallback(quiz.title)}>
                {quiz.title}
              </h3>
              <p className="mt-2 flex-1 text-sm text-ink-600" {...fallback(quiz.description)}>
                {quiz.description}
              </p>
              <p className="mt-3 font-semibold text-ink-800" data-testid="question-count">
                {t("test.questions", { count: quiz.questionCount })}
              </p>
              <Link to={quizUrl(quiz.key)} className="btn btn-primary mt-4">
                {t("test.start")}
                <span className="sr-only">: {quiz.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
