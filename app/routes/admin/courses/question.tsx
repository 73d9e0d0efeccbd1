import { useTranslation } from "~/i18n/use-translation";
import { RadioGroup, TextAreaField, TextField, useBuilderLabels } from "~/components/admin/builder-form";
import { useLocalTitle } from "~/components/admin/builder-parts";
import { passHeaders } from "~/lib/http";
import { ADMIN_LIMITS, OPTION_FIELDS, OPTION_HE_FIELDS } from "~/models/catalogue-admin.schema";
import { MIN_OPTIONS } from "~/models/quiz.limits";
import * as questions from "~/models/course-builder/question.server";
import { getQuizRef } from "~/models/course-builder/quiz.server";
import { EditorPage, editorHandle, editorMeta } from "~/components/admin/editor-page";
import { defineEditor, editorAction, editorLoader, notFound } from "./editor.server";
import type { Route } from "./+types/question";

export const handle = editorHandle;

/**
 * /admin/courses/question/:id (and /admin/courses/quiz/:quizId/new-question): a quiz question —
 * the question, an optional code snippet, two to six distinct options and which one is right; the
 * question and options in Hebrew, and the explanation shown in the review (optional).
 */
const editor = defineEditor({
  kind: "question",
  find: questions.getQuestionForAdmin,
  name: (found) => found.question.question.slice(0, 60),
  newName: "courseAdmin.newQuestion",
  page: async (found, { services, params }) => {
    const quiz = found ? found.quiz : await getQuizRef(services.db, params.quizId ?? "");
    if (!quiz) throw notFound();
    return { quiz, question: found?.question ?? null };
  },
  form: () => "question",
  create: (db, raw, params) => questions.createQuestion(db, params.quizId ?? "", raw),
  update: questions.updateQuestion,
  remove: questions.deleteQuestion,
  afterDelete: (deleted) => `/admin/courses/quiz/${deleted.quizId}`,
});

export const loader = (args: Route.LoaderArgs) => editorLoader(args, editor);
export const action = (args: Route.ActionArgs) => editorAction(args, editor);

export const headers = passHeaders;

export const meta = editorMeta;

export default function QuestionEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localTitle = useLocalTitle();
  const labels = useBuilderLabels({
    questionHe: t("courseAdmin.fields.questionHe"),
    ...Object.fromEntries(
      OPTION_HE_FIELDS.map((field, index) => [field, t("courseAdmin.fields.optionHe", { number: index + 1 })]),
    ),
    explanationEn: t("courseAdmin.fields.explanationEn"),
    explanationHe: t("courseAdmin.fields.explanationHe"),
  });
  const { quiz, question } = loaderData;
  const initial = question
    ? {
        question: question.question,
        code: question.code ?? "",
        ...Object.fromEntries(OPTION_FIELDS.map((field, index) => [field, question.options[index] ?? ""])),
        answer: String(question.answer),
        questionHe: question.questionHe ?? "",
        ...Object.fromEntries(OPTION_HE_FIELDS.map((field, index) => [field, question.optionsHe[index] ?? ""])),
        explanationEn: question.explanationEn ?? "",
        explanationHe: question.explanationHe ?? "",
      }
    : {};
  const title = question ? question.question.slice(0, 60) : t("courseAdmin.newQuestion");
  return (
    <EditorPage
      title={title}
      parent={{ label: localTitle(quiz), href: `/admin/courses/quiz/${quiz.id}` }}
      loaderData={loaderData}
      actionData={actionData}
      form={{ name: "question", isNew: !question, testId: "question-form", labels, initial }}
      fields={
        <>
          <TextAreaField name="question" lang="en" required maxLength={ADMIN_LIMITS.question} rows={3} />
          <TextAreaField
            name="code"
            lang="code"
            mono
            maxLength={ADMIN_LIMITS.code}
            rows={5}
            hint={t("courseAdmin.codeHint")}
          />
          <p className="text-sm text-ink-700">{t("courseAdmin.optionsHint")}</p>
          <div className="grid gap-4 md:grid-cols-2">
            {OPTION_FIELDS.map((field, index) => (
              <TextField
                key={field}
                name={field}
                lang="en"
                required={index < MIN_OPTIONS}
                maxLength={ADMIN_LIMITS.option}
              />
            ))}
          </div>
          <RadioGroup
            name="answer"
            choices={OPTION_FIELDS.map((field, index) => ({ value: String(index + 1), label: labels[field]! }))}
          />
          <TextAreaField name="explanationEn" lang="en" maxLength={ADMIN_LIMITS.explanation} rows={2} />
          <h3 className="mt-2 text-lg font-bold">{t("courseAdmin.hebrewQuestion")}</h3>
          <p className="text-sm text-ink-700">{t("courseAdmin.hebrewQuestionHint")}</p>
          <TextAreaField name="questionHe" lang="he" maxLength={ADMIN_LIMITS.question} rows={3} />
          <div className="grid gap-4 md:grid-cols-2">
            {OPTION_HE_FIELDS.map((field) => (
              <TextField key={field} name={field} lang="he" maxLength={ADMIN_LIMITS.option} />
            ))}
          </div>
          <TextAreaField name="explanationHe" lang="he" maxLength={ADMIN_LIMITS.explanation} rows={2} />
        </>
      }
      remove={{ confirm: "courseAdmin.confirmDeleteQuestion", button: "courseAdmin.deleteQuestion" }}
    />
  );
}
