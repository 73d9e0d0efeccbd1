import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";

/**
 * A page of the admin area that edits one set of details (the accessibility statement's, the
 * business's): the header back to /admin, an introduction with a link to where the details are
 * shown, what the last save did or why it was refused, and the form with its save button.
 */
export function DetailsPage({
  title,
  adminArea,
  intro,
  view,
  saved,
  refused,
  name,
  formKey,
  save,
  children,
}: {
  title: string;
  /** The breadcrumb's name of the admin area. */
  adminArea: string;
  intro: string;
  /** Where visitors see the details. */
  view: { to: string; label: string };
  /** What the last save did, translated (saved, or nothing to change). */
  saved: string | null;
  /** The refusal's sentence above the form, translated; null when the last post was not refused. */
  refused: string | null;
  /** Names the page's test ids and the refusal's id (`<name>-saved`, `<name>-form-error`). */
  name: string;
  /** Changes with every answer: after a save or a refusal the fields show what the server now holds or was sent. */
  formKey: string;
  save: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} trail={[{ label: adminArea, to: "/admin" }]} />
      <div className="container-page py-10">
        <div className="mx-auto flex max-w-3xl flex-col gap-6">
          <p className="text-ink-700">{intro}</p>
          <p>
            <Link to={view.to} className="font-semibold text-brand-800 underline">
              {view.label}
            </Link>
          </p>
          {saved ? (
            <p
              role="status"
              className="rounded-md bg-green-50 p-3 font-semibold text-success-700"
              data-testid={`${name}-saved`}
            >
              {saved}
            </p>
          ) : null}
          {refused ? (
            <p
              role="alert"
              id={`${name}-form-error`}
              className="rounded-md bg-red-50 p-3 font-semibold text-danger-700"
            >
              {refused}
            </p>
          ) : null}
          <Form method="post" className="flex flex-col gap-8" key={formKey}>
            {children}
            <div>
              <button type="submit" className="btn btn-primary">
                {save}
              </button>
            </div>
          </Form>
        </div>
      </div>
    </>
  );
}
