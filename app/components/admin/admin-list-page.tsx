import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { useTranslation } from "~/i18n/use-translation";

/**
 * A page of the admin area that lists rows with one action each (certificates, reviews): the header
 * back to /admin, an introduction, a notice about the address (a bad page link or search) and the
 * refusal of the last action or what it did, if any, the search form, then the list or its empty state.
 */
export function AdminListPage({
  title,
  adminArea,
  intro,
  notice = null,
  error,
  status = null,
  search,
  empty,
  emptyTestId,
  children,
}: {
  title: string;
  /** The breadcrumb's name of the admin area. */
  adminArea: string;
  intro: string;
  /** What was wrong with the address (translated): the list is shown from its newest, unfiltered. */
  notice?: string | null;
  /** The last action's refusal, translated. */
  error: string | null;
  /** What the last action did, translated (the cancellation requests' "Approved…"). */
  status?: string | null;
  /** The list's search form, shown whether or not anything is listed. */
  search?: ReactNode;
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
        {notice ? (
          <p
            role="alert"
            className="mb-4 rounded-md bg-amber-50 p-3 font-semibold text-amber-900"
            data-testid="list-notice"
          >
            {notice}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 font-semibold text-red-900">
            {error}
          </p>
        ) : null}
        {status ? (
          <p
            role="status"
            className="mb-4 rounded-md bg-green-50 p-3 font-semibold text-success-700"
            data-testid="list-status"
          >
            {status}
          </p>
        ) : null}
        {search}
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

/**
 * An admin list's search: a GET form (it works without JavaScript, and the address can be kept), its
 * label saying what it looks in, and a link back to the whole list while a search is on.
 */
export function AdminListSearch({ path, label, value }: { path: string; label: string; value: string | null }) {
  const { t } = useTranslation();
  return (
    <Form method="get" action={path} role="search" aria-label={label} className="mb-6 flex flex-wrap items-end gap-3">
      <div className="w-full max-w-md">
        <label htmlFor="list-search" className="block font-semibold">
          {label}
        </label>
        <input
          id="list-search"
          type="search"
          name="q"
          defaultValue={value ?? ""}
          maxLength={100}
          className="mt-1 w-full rounded-md border border-ink-300 px-3 py-2"
          autoComplete="off"
        />
      </div>
      <button type="submit" className="btn btn-primary">
        {t("admin.listSearch")}
      </button>
      {value ? (
        <Link to={path} className="py-2 text-brand-800 underline">
          {t("admin.listSearchClear")}
        </Link>
      ) : null}
    </Form>
  );
}
