import { useTranslation } from "~/i18n/use-translation";
import {
  BuilderForm,
  RadioGroup,
  TextAreaField,
  TextField,
  useBuilderLabels,
  type FormValues,
} from "~/components/admin/builder-form";
import { BuilderPage, DeleteSection, useLocalTitle } from "~/components/admin/builder-parts";
import { passHeaders } from "~/lib/http";
import { ADMIN_LIMITS, OPTION_FIELDS, OPTION_HE_FIELDS } from "~/models/catalogue-admin.schema";
import {
  createQuestion,
  deleteQuestion,
  getQuestionForAdmin,
  updateQuestion,
} from "~/models/course-builder/question.server";
import { getQuizRef } from "~/models/course-builder/quiz.server";
import { defineEditor, editorAction, editorLoader } from "./editor.server";
import { notFound } from "./editor.server";
import type { Route } from "./+types/question";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["admin", "courseAdmin", "upload", "youtube"] } satisfies StringsHandle;

/**
 * /admin/courses/question/:id (and /admin/courses/quiz/:quizId/new-question): a quiz question —
 * the question, an optional code snippet, four distinct options and which one is right; the
 * question and options in Hebrew, and the explanation shown in the review (optional).
 */
const editor = defineEditor({
  kind: "question",
  find: getQuestionForAdmin,
  name: (found) => found.question.question.slice(0, 60),
  newName: "courseAdmin.newQuestion",
  page: async (found, { services, params }) => {
    const quiz = found ? found.quiz : await getQuizRef(services.db, params.quizId ?? "");
    if (!quiz) throw notFound();
    return { quiz, question: found?.question ?? null };
  },
  form: () => "question",
  create: (db, raw, params) => createQuestion(db, params.quizId ?? "", raw),
  update: updateQuestion,
  remove: deleteQuestion,
  afterDelete: (deleted) => `/admin/courses/quiz/${deleted.quizId}`,
});

export const loader = (args: Route.LoaderArgs) => editorLoader(args, editor);
export const action = (args: Route.ActionArgs) => editorAction(args, editor);

export const headers = passHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

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
  const initial: FormValues = question
    ? {
        question: question.question,
        code: question.code ?? "",
        option1: question.options[0],
        option2: question.options[1],
        option3: question.options[2],
        option4: question.options[3],
        answer: String(question.answer),
        questionHe: question.questionHe ?? "",
        ...Object.fromEntries(OPTION_HE_FIELDS.map((field, index) => [field, question.optionsHe[index] ?? ""])),
        explanationEn: question.explanationEn ?? "",
        explanationHe: question.explanationHe ?? "",
      }
    : {};
  const values = (actionData?.values as FormValues | null) ?? initial;
  const title = question ? question.question.slice(0, 60) : t("courseAdmin.newQuestion");
  const message =
    // A refused save says why in its form's error summary; other form-level refusals (a bad move) here.
    (actionData?.errors?.form && !actionData.values ? { key: actionData.errors.form, tone: "error" as const } : null) ??
    (loaderData.flash ? { key: loaderData.flash } : null);
  return (
    <BuilderPage
      title={title}
      trail={[
        { label: t("admin.title"), href: "/admin" },
        { label: t("courseAdmin.title"), href: "/admin/courses" },
        { label: localTitle(quiz), href: `/admin/courses/quiz/${quiz.id}` },
        { label: title },
      ]}
      message={message}
    >
      <section aria-labelledby="details-heading" className="max-w-4xl">
        <h2 id="details-heading" className="mb-4 text-2xl font-bold">
          {t("courseAdmin.details")}
        </h2>
        <BuilderForm
          // A new version (a save, even of the same values) or new values: the form starts again from them.
          key={`${actionData?.version ?? loaderData.version ?? ""}:${JSON.stringify(values)}`}
          form="question"
          errors={actionData?.errors ?? undefined}
          version={actionData?.version ?? loaderData.version}
          values={values}
          labels={labels}
          submitLabel={question ? t("courseAdmin.save") : t("courseAdmin.create")}
          testId="question-form"
        >
          <TextAreaField name="question" required maxLength={ADMIN_LIMITS.question} rows={3} />
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
            {OPTION_FIELDS.map((field) => (
              <TextField key={field} name={field} required maxLength={ADMIN_LIMITS.option} />
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
        </BuilderForm>
      </section>
      {question ? (
        <DeleteSection
          confirmLabel={t("courseAdmin.confirmDeleteQuestion")}
          buttonLabel={t("courseAdmin.deleteQuestion")}
          error={actionData?.deleteError ?? undefined}
        />
      ) : null}
    </BuilderPage>
  );
}
