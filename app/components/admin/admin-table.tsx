import type { ReactNode } from "react";

/** A table of the admin area in its own section: heading, column headers and a last column of actions. */
export function AdminTable({
  name,
  headingId = `${name}-heading`,
  title,
  columns,
  actions,
  headingExtra,
  footer,
  children,
}: {
  name: string;
  headingId?: string;
  title: string;
  columns: string[];
  /** The actions column's name, for screen readers only. */
  actions: string;
  /** Beside the heading (a "New …" link). */
  headingExtra?: ReactNode;
  /** Below the table (its page links). */
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-2xl font-bold">
          {title}
        </h2>
        {headingExtra}
      </div>
      {/* relative: the screen-reader-only header text is positioned inside the scrolling box, not past the page edge. */}
      {/* A region that takes focus, so a keyboard can scroll a table wider than a phone. */}
      <div className="relative overflow-x-auto" role="region" aria-labelledby={headingId} tabIndex={0}>
        {/* The actions column (always the last) stays in view at the row's end while a narrow screen
            scrolls the other columns under it: on a phone the buttons were past the edge. */}
        <table
          className="w-full text-sm [&_tr>:last-child]:sticky [&_tr>:last-child]:end-0 [&_tr>:last-child]:bg-white [&_tr>:last-child]:ps-2"
          data-testid={name}
        >
          <thead>
            <tr className="border-b border-ink-200 text-start text-ink-600">
              {columns.map((column) => (
                <th key={column} scope="col" className="py-2 pe-3 text-start">
                  {column}
                </th>
              ))}
              <th scope="col" className="py-2 text-start">
                <span className="sr-only">{actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
      {footer}
    </section>
  );
}
