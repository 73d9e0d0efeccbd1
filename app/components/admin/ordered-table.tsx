import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { AdminTable } from "./admin-table";
import { FallbackNote, MoveButtons, PublishedBadge, useLocalTitle } from "./builder-parts";

/**
 * The children an editor orders (a catalogue's course cards, a list's lessons…), each row a link to
 * its own editor and its Move up / Move down buttons; `add` leads to a new one, `empty` says there are none.
 */
export function OrderedTable<Row extends { id: string }>({
  name,
  title,
  columns,
  rows,
  rowTestId,
  rowClassName = "border-b border-ink-100",
  cells,
  titleOf,
  add,
  addAlso,
  empty,
}: {
  name: string;
  title: string;
  columns: string[];
  rows: Row[];
  rowTestId: string;
  rowClassName?: string;
  /** The row's cells before its order buttons. */
  cells: (row: Row, index: number) => ReactNode;
  /** How the order buttons name the row. */
  titleOf: (row: Row, index: number) => string;
  add?: { to: string; label: string };
  /** A second way to add a row (a list's "Add an exercise" beside "Add a lesson"). */
  addAlso?: { to: string; label: string };
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <AdminTable
        name={name}
        title={title}
        columns={columns}
        actions={t("courseAdmin.columns.order")}
        headingExtra={
          add ? (
            <span className="flex flex-wrap gap-2">
              <Link to={add.to} className="btn btn-primary px-3 py-1.5 text-sm">
                {add.label}
              </Link>
              {addAlso ? (
                <Link to={addAlso.to} className="btn btn-secondary px-3 py-1.5 text-sm" data-testid="add-also">
                  {addAlso.label}
                </Link>
              ) : null}
            </span>
          ) : undefined
        }
      >
        {rows.map((row, index) => (
          <tr key={row.id} className={rowClassName} data-testid={rowTestId}>
            {cells(row, index)}
            <td className="py-2">
              <MoveButtons id={row.id} title={titleOf(row, index)} index={index} count={rows.length} />
            </td>
          </tr>
        ))}
      </AdminTable>
      {empty}
    </>
  );
}

/** A row's title cell: a link to its editor, and a note when its Hebrew title falls back to English. */
export function TitleCell({ to, item }: { to: string; item: { titleEn: string; titleHe: string | null } }) {
  const localTitle = useLocalTitle();
  return (
    <td className="py-2 pe-3">
      <Link to={to} className="font-semibold text-brand-800 underline">
        <bdi>{localTitle(item)}</bdi>
      </Link>
      <FallbackNote item={item} />
    </td>
  );
}

/** A row's published / draft cell. */
export function PublishedCell({ published }: { published: boolean }) {
  return (
    <td className="py-2 pe-3">
      <PublishedBadge published={published} />
    </td>
  );
}
