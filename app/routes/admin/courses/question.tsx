import { useTranslation } from "~/i18n/use-translation";
import { data } from "react-router";
import {
  BuilderForm,
  RadioGroup,
  TextAreaField,
  TextField,
  useBuilderLabels,
  type FormValues,
} from "~/components/admin/builder-form";
import { BuilderPage, DeleteSection, useLocalTitle } from "~/components/admin/builder-parts";
import { localeContext, servicesOf } from "~/context.server";
import { takeFlash } from "~/lib/cookies.server";
import { passHeaders } from "~/lib/http";
import {
  ADMIN_LIMITS,
  CONFIRM_ERROR,
  OPTION_FIELDS,
  OPTION_HE_FIELDS,
  readAdminForm,
} from "~/models/catalogue-admin.schema";
import {
  builderRedirect,
  builderReply,
  createQuestion,
  deleteQuestion,
  getQuestionForAdmin,
  getQuizRef,
  logCatalogueChange,
  notFound,
  rowVersion,
  saveRefused,
  sentVersion,
  updateQuestion,
} from "~/models/catalogue-admin.server";
import { getAdmin } from "~/routes/admin/guard.server";
import type { Route } from "./+types/question";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["admin", "courseAdmin", "upload", "youtube"] } satisfies StringsHandle;

/**
 * /admin/courses/question/:id (and /admin/courses/quiz/:quizId/new-question): a quiz question —
 * the question, an optional code snippet, four distinct options and which one is right; the
 * question and options in Hebrew, and the explanation shown in the review (optional).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { db, config, cookieSecrets } = servicesOf(context);
  const { i18n } = context.get(localeContext);
  const found = params.id ? await getQuestionForAdmin(db, params.id) : null;
  if (params.id && !found) throw notFound();
  const quiz = found ? found.quiz : await getQuizRef(db, params.quizId ?? "");
  if (!quiz) throw notFound();
  const flash = await takeFlash(config, cookieSecrets, request, "courseAdmin.");
  return data(
    {
      version: params.id ? await rowVersion(db, "quiz_questions", params.id) : null,
      title: i18n.t("courseAdmin.pageTitle", {
        title: found ? found.question.question.slice(0, 60) : i18n.t("courseAdmin.newQuestion"),
      }),
      flash: flash.message,
      quiz,
      question: found?.question ?? null,
    },
    { headers: flash.clear ? { "Set-Cookie": flash.clear } : {} },
  );
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = getAdmin(context);
  const services = servicesOf(context);
  const { db, log } = services;
  const form = await request.formData();
  const intent = form.get("intent");
  const id = params.id;

  if (intent === "save") {
    const raw = readAdminForm("question", form);
    const result = id
      ? await updateQuestion(db, id, raw, sentVersion(form))
      : await createQuestion(db, params.quizId ?? "", raw);
    if (!result.ok) return saveRefused(result, raw);
    logCatalogueChange(log, admin.id, { action: id ? "updated" : "created", kind: "question", id: result.id });
    return builderRedirect(
      `/admin/courses/question/${result.id}`,
      id ? "courseAdmin.saved" : "courseAdmin.created",
      services,
    );
  }
  if (intent === "delete" && id) {
    if (form.get("confirm") !== "on") return builderReply({ deleteError: CONFIRM_ERROR }, 400);
    const result = await deleteQuestion(db, id);
    if (!result.ok) throw notFound();
    logCatalogueChange(log, admin.id, { action: "deleted", kind: "question", id });
    return builderRedirect(`/admin/courses/quiz/${result.quizId}`, "courseAdmin.deleted", services);
  }
  return builderReply({ errors: { form: "courseAdmin.errors.badRequest" } }, 400);
}

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
