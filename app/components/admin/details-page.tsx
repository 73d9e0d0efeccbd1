import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { useTranslation } from "~/i18n/use-translation";
import type { TranslationKey } from "~/i18n/keys";

/** The string sections of the details screens: each has title, adminArea, intro, view, formError and save. */
type DetailsSection = "adminAccessibility" | "adminBusiness";

/** What a details screen's action answered (routes/admin/details-form.server.ts), as the page gets it. */
interface Answer<Field extends string> {
  ok: TranslationKey | null;
  errors: Partial<Record<Field | "form", TranslationKey>>;
  values: Partial<Record<Field, string>>;
}

/**
 * A details form's fields: what each shows (what was posted, when the post was refused, else what is
 * stored) and its message, translated.
 */
export function useDetailsFields<Field extends string>(
  answer: Answer<Field> | undefined,
  stored: Record<Field, string | number>,
) {
  const { t } = useTranslation();
  const errors: Answer<Field>["errors"] = answer?.errors ?? {};
  return {
    errors,
    value: (name: Field): string => answer?.values[name] ?? String(stored[name]),
    message: (name: Field): string | undefined => {
      const key: TranslationKey | undefined = errors[name];
      return key ? t(key) : undefined;
    },
  };
}

/**
 * A page of the admin area that edits one set of details (the accessibility statement's, the
 * business's): the header back to /admin, an introduction with a link to where the details are
 * shown, what the last save did or why it was refused, and the form with its save button.
 */
export function DetailsPage<Field extends string>({
  section,
  view,
  name,
  answer,
  children,
}: {
  section: DetailsSection;
  /** Where visitors see the details. */
  view: string;
  /** Names the page's test ids and the refusal's id (`<name>-saved`, `<name>-form-error`). */
  name: string;
  answer: Answer<Field> | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const refused = Object.keys(answer?.errors ?? {}).length > 0;
  return (
    <>
      <PageHeader title={t(`${section}.title`)} trail={[{ label: t(`${section}.adminArea`), to: "/admin" }]} />
      <div className="container-page py-10">
        <div className="mx-auto flex max-w-3xl flex-col gap-6">
          <p className="text-ink-700">{t(`${section}.intro`)}</p>
          <p>
            <Link to={view} className="font-semibold text-brand-800 underline">
              {t(`${section}.view`)}
            </Link>
          </p>
          {answer?.ok ? (
            <p
              role="status"
              className="rounded-md bg-green-50 p-3 font-semibold text-success-700"
              data-testid={`${name}-saved`}
            >
              {t(answer.ok)}
            </p>
          ) : null}
          {refused ? (
            <p
              role="alert"
              id={`${name}-form-error`}
              className="rounded-md bg-red-50 p-3 font-semibold text-danger-700"
            >
              {t(`${section}.formError`)}
            </p>
          ) : null}
          {/* A key per answer: after a save or a refusal, the fields show what the server now holds or was sent. */}
          <Form method="post" className="flex flex-col gap-8" key={JSON.stringify(answer ?? null)}>
            {children}
            <div>
              <button type="submit" className="btn btn-primary">
                {t(`${section}.save`)}
              </button>
            </div>
          </Form>
        </div>
      </div>
    </>
  );
}
