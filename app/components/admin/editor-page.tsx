import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { AdminFormName, FieldErrors } from "~/models/catalogue-admin.schema";
import type { TranslationKey } from "~/i18n/keys";
import type { StringsHandle } from "~/i18n/sections";
import { BuilderForm, useBuilderLabels, type FormValues } from "./builder-form";
import { BuilderPage, DeleteSection, moveMessage, useFocusAfterMove, type TrailItem } from "./builder-parts";
import { useTitled } from "~/components/ui/titled";

/**
 * The page of one of the course builder's editors (catalogue, course, list, lesson, quiz,
 * question), as their routes share it (routes/admin/courses/editor.server.ts): the trail, the last
 * change's message, the details form made from the row's version, what the page adds for an
 * existing row (uploads, the children it orders) and, last, deleting it.
 */

/** The string sections an editor's page shows besides the frame's (app/i18n/sections.ts). */
export const editorHandle = { strings: ["admin", "courseAdmin", "upload", "youtube"] } satisfies StringsHandle;

/** An editor's title, and no search engine. */
export const editorMeta = ({ loaderData }: { loaderData?: { title: string } }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/** What an editor's action answers when it does not redirect (editor.server.ts: BuilderReply). */
export interface EditorReply {
  errors: FieldErrors | null;
  values: Record<string, unknown> | null;
  deleteError: TranslationKey | null;
  moved: { id: string; direction: "up" | "down"; moved: boolean } | null;
  version: number | null;
}

export function EditorPage({
  title,
  parent,
  loaderData,
  actionData,
  ordered = [],
  form,
  details,
  fields,
  remove,
  children,
}: {
  title: string;
  /** The row's parent in the trail (a course's catalogue, a lesson's list…). */
  parent?: TrailItem;
  loaderData: { version: number | null; flash: TranslationKey | null };
  actionData: EditorReply | undefined;
  /** The children the page orders: a move is announced by their titles and keeps the keyboard's focus. */
  ordered?: { id: string; title: string }[];
  form: { name: AdminFormName; initial: FormValues; isNew: boolean; testId: string; labels?: Record<string, string> };
  /** Shown above the form (an existing row's address). */
  details?: ReactNode;
  /** The form's fields (given the values it shows, for a field that depends on another). */
  fields: ReactNode | ((values: FormValues) => ReactNode);
  /** Deleting an existing row: the confirmation's sentence (around the title; `count` its children), the button. */
  remove: {
    confirm: TranslationKey;
    button:
      | "courseAdmin.deleteCatalogue"
      | "courseAdmin.deleteCourse"
      | "courseAdmin.deleteList"
      | "courseAdmin.deleteLesson"
      | "courseAdmin.deleteQuiz"
      | "courseAdmin.deleteQuestion";
    count?: number;
  };
  /** What the page shows of an existing row between its form and deleting it. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const titled = useTitled();
  const defaultLabels = useBuilderLabels();
  const moved = actionData?.moved ?? null;
  useFocusAfterMove(moved, ordered.map((item) => item.id).join());
  const values = (actionData?.values as FormValues | null | undefined) ?? form.initial;
  const message =
    moveMessage(moved, ordered) ??
    // A refused save says why in its form's error summary; other form-level refusals (a bad move) here.
    (actionData?.errors?.form && !actionData.values ? { key: actionData.errors.form, tone: "error" as const } : null) ??
    (loaderData.flash ? { key: loaderData.flash } : null);
  const version = actionData?.version ?? loaderData.version;
  return (
    <BuilderPage
      title={title}
      trail={[
        { label: t("admin.title"), href: "/admin" },
        { label: t("courseAdmin.title"), href: "/admin/courses" },
        ...(parent ? [parent] : []),
        { label: title },
      ]}
      message={message}
    >
      <section aria-labelledby="details-heading" className="max-w-4xl">
        <h2 id="details-heading" className="mb-4 text-2xl font-bold">
          {t("courseAdmin.details")}
        </h2>
        {details}
        <BuilderForm
          // A new version (a save, even of the same values) or new values: the form starts again from them.
          key={`${version ?? ""}:${JSON.stringify(values)}`}
          form={form.name}
          errors={actionData?.errors ?? undefined}
          version={version}
          values={values}
          labels={form.labels ?? defaultLabels}
          submitLabel={form.isNew ? t("courseAdmin.create") : t("courseAdmin.save")}
          testId={form.testId}
        >
          {typeof fields === "function" ? fields(values) : fields}
        </BuilderForm>
      </section>
      {form.isNew ? null : (
        <>
          {children}
          <DeleteSection
            confirmLabel={titled(remove.confirm, title, remove.count === undefined ? {} : { count: remove.count })}
            buttonLabel={t(remove.button)}
            error={actionData?.deleteError ?? undefined}
          />
        </>
      )}
    </BuilderPage>
  );
}
