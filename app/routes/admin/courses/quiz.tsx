import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import {
  BilingualFields,
  BuilderForm,
  CheckboxField,
  TextField,
  useBuilderLabels,
  type FormValues,
} from "~/components/admin/builder-form";
import {
  BuilderPage,
  DeleteSection,
  MoveButtons,
  moveMessage,
  PublicUrls,
  useFocusAfterMove,
  useLocalTitle,
  useTitled,
} from "~/components/admin/builder-parts";
import { passHeaders } from "~/lib/http";
import { ADMIN_LIMITS } from "~/models/catalogue-admin.schema";
import { moveQuestion } from "~/models/course-builder/question.server";
import { createQuiz, deleteQuiz, getQuizForAdmin, updateQuiz } from "~/models/course-builder/quiz.server";
import { defineEditor, editorAction, editorLoader } from "./editor.server";
import type { Route } from "./+types/quiz";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["admin", "courseAdmin", "upload", "youtube"] } satisfies StringsHandle;

/**
 * /admin/courses/quiz/:id (and /admin/courses/new-quiz): a quiz — short name (/test/<slug>), title
 * and description in both languages, where "Watch Now" leads, published — and its questions in order.
 */
const editor = defineEditor({
  kind: "quiz",
  find: getQuizForAdmin,
  name: (found) => found.quiz,
  newName: "courseAdmin.newQuiz",
  page: async (found) => ({ quiz: found?.quiz ?? null, questions: found?.questions ?? [] }),
  form: () => "quiz",
  create: createQuiz,
  update: updateQuiz,
  remove: deleteQuiz,
  afterDelete: () => "/admin/courses",
  move: {
    run: (db, _id, question, direction) => moveQuestion(db, question, direction),
    log: (_id, question, direction) => ({ action: `moved ${direction}`, kind: "question", id: question }),
  },
});

export const loader = (args: Route.LoaderArgs) => editorLoader(args, editor);
export const action = (args: Route.ActionArgs) => editorAction(args, editor);

export const headers = passHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

export default function QuizEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localTitle = useLocalTitle();
  const titled = useTitled();
  const labels = useBuilderLabels();
  const { quiz, questions } = loaderData;
  const moved = actionData?.moved ?? null;
  useFocusAfterMove(moved, questions.map((item) => item.id).join());
  const initial: FormValues = quiz
    ? {
        slug: quiz.slug,
        titleEn: quiz.titleEn,
        titleHe: quiz.titleHe ?? "",
        descriptionEn: quiz.descriptionEn,
        descriptionHe: quiz.descriptionHe ?? "",
        followUp: quiz.followUp,
        published: quiz.published ? "on" : "",
      }
    : { published: "on" };
  const values = (actionData?.values as FormValues | null) ?? initial;
  const title = quiz ? localTitle(quiz) : t("courseAdmin.newQuiz");
  const questionTitle = (index: number) => t("courseAdmin.questionNumber", { number: index + 1 });
  const message =
    moveMessage(
      moved,
      questions.map((q, index) => ({ id: q.id, title: `${questionTitle(index)}: ${q.question.slice(0, 60)}` })),
    ) ??
    // A refused save says why in its form's error summary; other form-level refusals (a bad move) here.
    (actionData?.errors?.form && !actionData.values ? { key: actionData.errors.form, tone: "error" as const } : null) ??
    (loaderData.flash ? { key: loaderData.flash } : null);
  return (
    <BuilderPage
      title={title}
      trail={[
        { label: t("admin.title"), href: "/admin" },
        { label: t("courseAdmin.title"), href: "/admin/courses" },
        { label: title },
      ]}
      message={message}
    >
      <section aria-labelledby="details-heading" className="max-w-4xl">
        <h2 id="details-heading" className="mb-4 text-2xl font-bold">
          {t("courseAdmin.details")}
        </h2>
        {quiz ? (
          <p className="mb-5 text-sm">
            <span className="font-semibold">{t("courseAdmin.columns.urls")}: </span>
            <PublicUrls paths={[`/test/${quiz.slug}`]} />
          </p>
        ) : null}
        <BuilderForm
          // A new version (a save, even of the same values) or new values: the form starts again from them.
          key={`${actionData?.version ?? loaderData.version ?? ""}:${JSON.stringify(values)}`}
          form="quiz"
          errors={actionData?.errors ?? undefined}
          version={actionData?.version ?? loaderData.version}
          values={values}
          labels={labels}
          submitLabel={quiz ? t("courseAdmin.save") : t("courseAdmin.create")}
          testId="quiz-form"
        >
          <TextField
            name="slug"
            lang="code"
            required
            maxLength={ADMIN_LIMITS.slug}
            hint={t("courseAdmin.slugHintQuiz")}
          />
          <BilingualFields base="title" required maxLength={ADMIN_LIMITS.title} />
          <BilingualFields base="description" multiline maxLength={ADMIN_LIMITS.text} />
          <TextField name="followUp" lang="code" maxLength={ADMIN_LIMITS.path} hint={t("courseAdmin.followUpHint")} />
          <CheckboxField name="published" hint={t("courseAdmin.publishedHint")} />
        </BuilderForm>
      </section>

      {quiz ? (
        <>
          <AdminTable
            name="questions"
            title={t("courseAdmin.questions")}
            columns={[
              t("courseAdmin.columns.number"),
              t("courseAdmin.columns.question"),
              t("courseAdmin.columns.answer"),
            ]}
            actions={t("courseAdmin.columns.order")}
            headingExtra={
              <Link to={`/admin/courses/quiz/${quiz.id}/new-question`} className="btn btn-primary px-3 py-1.5 text-sm">
                {t("courseAdmin.addQuestion")}
              </Link>
            }
          >
            {questions.map((question, index) => (
              <tr key={question.id} className="border-b border-ink-100 align-top" data-testid="question-row">
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
                <td className="py-2">
                  <MoveButtons id={question.id} title={questionTitle(index)} index={index} count={questions.length} />
                </td>
              </tr>
            ))}
          </AdminTable>
          {questions.length === 0 ? <p className="-mt-6 text-ink-600">{t("courseAdmin.noQuestions")}</p> : null}
          <DeleteSection
            confirmLabel={titled("courseAdmin.confirmDeleteQuiz", title, { count: questions.length })}
            buttonLabel={t("courseAdmin.deleteQuiz")}
            error={actionData?.deleteError ?? undefined}
          />
        </>
      ) : null}
    </BuilderPage>
  );
}
