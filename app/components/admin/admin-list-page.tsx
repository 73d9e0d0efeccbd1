import type { ReactNode } from "react";
import { PageHeader } from "~/components/layout/page-header";

/**
 * A page of the admin area that lists rows with one action each (certificates, reviews): the header
 * back to /admin, an introduction, the refusal of the last action if any, then the list or its empty state.
 */
export function AdminListPage({
  title,
  adminArea,
  intro,
  error,
  empty,
  emptyTestId,
  children,
}: {
  title: string;
  /** The breadcrumb's name of the admin area. */
  adminArea: string;
  intro: string;
  /** The last action's refusal, translated. */
  error: string | null;
  /** The empty state's text when there is nothing to list; null shows the list. */
  empty: string | null;
  emptyTestId: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} trail={[{ label: adminArea, to: "/admin" }]} />
      <div className="container-page py-10">
        <p className="mb-6 max-w-3xl text-ink-700">{intro}</p>
        {error ? (
          <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 font-semibold text-red-900">
            {error}
          </p>
        ) : null}
        {empty !== null ? (
          <p className="text-ink-600" data-testid={emptyTestId}>
            {empty}
          </p>
        ) : (
          children
        )}
      </div>
    </>
  );
}
