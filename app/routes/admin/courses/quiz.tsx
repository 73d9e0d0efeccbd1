import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { BilingualFields, CheckboxField, SelectField, TextField } from "~/components/admin/builder-form";
import { PublicUrls, useLocalTitle } from "~/components/admin/builder-parts";
import { passHeaders } from "~/lib/http";
import { ADMIN_LIMITS } from "~/models/catalogue-admin.schema";
import { DEFAULT_PASS_PERCENT } from "~/models/quiz.limits";
import { moveQuestion } from "~/models/course-builder/question.server";
import * as quizzes from "~/models/course-builder/quiz.server";
import { EditorPage, editorHandle, editorMeta } from "~/components/admin/editor-page";
import { OrderedTable } from "~/components/admin/ordered-table";
import { bilingualValues, SlugField } from "~/components/admin/editor-fields";
import { defineEditor, editorAction, editorLoader } from "./editor.server";
import type { Route } from "./+types/quiz";

export const handle = editorHandle;

/**
 * /admin/courses/quiz/:id (and /admin/courses/new-quiz): a quiz — short name (/test/<slug>), title
 * and description in both languages, the list it is attached to (whose certificate then requires
 * passing it) and its pass mark, where "Watch Now" leads, published — and its questions in order.
 */
const editor = defineEditor({
  kind: "quiz",
  find: quizzes.getQuizForAdmin,
  name: (found) => found.quiz,
  newName: "courseAdmin.newQuiz",
  page: async (found, { services }) => ({
    quiz: found?.quiz ?? null,
    questions: found?.questions ?? [],
    lists: await quizzes.listChoices(services.db),
  }),
  form: () => "quiz",
  create: quizzes.createQuiz,
  update: quizzes.updateQuiz,
  remove: quizzes.deleteQuiz,
  afterDelete: () => "/admin/courses",
  move: {
    run: (db, _id, question, direction) => moveQuestion(db, question, direction),
    log: (_id, question, direction) => ({ action: `moved ${direction}`, kind: "question", id: question }),
  },
});

export const loader = (args: Route.LoaderArgs) => editorLoader(args, editor);
export const action = (args: Route.ActionArgs) => editorAction(args, editor);

export const headers = passHeaders;

export const meta = editorMeta;

export default function QuizEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localTitle = useLocalTitle();
  const { quiz, questions, lists } = loaderData;
  const attached = quiz?.listId ? lists.find((list) => list.id === quiz.listId) : undefined;
  const title = quiz ? localTitle(quiz) : t("courseAdmin.newQuiz");
  const questionTitle = (index: number) => t("courseAdmin.questionNumber", { number: index + 1 });
  return (
    <EditorPage
      title={title}
      loaderData={loaderData}
      actionData={actionData}
      ordered={questions.map((q, index) => ({
        id: q.id,
        title: `${questionTitle(index)}: ${q.question.slice(0, 60)}`,
      }))}
      form={{
        name: "quiz",
        isNew: !quiz,
        testId: "quiz-form",
        initial: quiz
          ? {
              slug: quiz.slug,
              ...bilingualValues(quiz, "title", "description"),
              followUp: quiz.followUp,
              listId: quiz.listId ?? "",
              passPercent: String(quiz.passPercent),
              published: quiz.published ? "on" : "",
            }
          : { published: "on", listId: "", passPercent: String(DEFAULT_PASS_PERCENT) },
      }}
      details={
        quiz ? (
          <>
            <p className="mb-2 text-sm">
              <span className="font-semibold">{t("courseAdmin.columns.urls")}: </span>
              <PublicUrls paths={[`/test/${quiz.slug}`]} />
            </p>
            {/* Said where the teacher looks: attaching makes the quiz a requirement of a certificate. */}
            <p className="mb-5 text-sm" data-testid="quiz-certificate-note">
              {attached
                ? t("courseAdmin.quizCertificateNote", { list: localTitle(attached), percent: quiz.passPercent })
                : t("courseAdmin.quizNoCertificate")}
            </p>
          </>
        ) : null
      }
      fields={
        <>
          <SlugField hint={t("courseAdmin.slugHintQuiz")} />
          <BilingualFields base="title" required maxLength={ADMIN_LIMITS.title} />
          <BilingualFields base="description" multiline maxLength={ADMIN_LIMITS.text} />
          <SelectField
            name="listId"
            hint={t("courseAdmin.quizListHint")}
            options={[
              { value: "", label: t("courseAdmin.quizListNone") },
              ...lists.map((list) => ({ value: list.id, label: localTitle(list) })),
            ]}
          />
          <TextField
            name="passPercent"
            lang="code"
            inputMode="numeric"
            maxLength={3}
            hint={t("courseAdmin.passPercentHint")}
          />
          <TextField name="followUp" lang="code" maxLength={ADMIN_LIMITS.path} hint={t("courseAdmin.followUpHint")} />
          <CheckboxField name="published" hint={t("courseAdmin.publishedHint")} />
        </>
      }
      remove={{ confirm: "courseAdmin.confirmDeleteQuiz", button: "courseAdmin.deleteQuiz", count: questions.length }}
    >
      <OrderedTable
        name="questions"
        title={t("courseAdmin.questions")}
        columns={[t("courseAdmin.columns.number"), t("courseAdmin.columns.question"), t("courseAdmin.columns.answer")]}
        rows={questions}
        rowTestId="question-row"
        rowClassName="border-b border-ink-100 align-top"
        titleOf={(_question, index) => questionTitle(index)}
        add={
          quiz ? { to: `/admin/courses/quiz/${quiz.id}/new-question`, label: t("courseAdmin.addQuestion") } : undefined
        }
        cells={(question, index) => (
          <>
            <td className="py-2 pe-3">{index + 1}</td>
            <td className="py-2 pe-3">
              <Link
                to={`/admin/courses/question/${question.id}`}
                className="font-semibold text-brand-800 underline"
                dir="auto"
              >
                {question.question}
              </Link>
            </td>
            <td className="py-2 pe-3" dir="auto">
              {question.options[question.answer - 1]}
            </td>
          </>
        )}
        empty={questions.length === 0 ? <p className="-mt-6 text-ink-600">{t("courseAdmin.noQuestions")}</p> : null}
      />
    </EditorPage>
  );
}
