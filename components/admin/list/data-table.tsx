import Link from "next/link";
import type { ReactNode } from "react";
import { EmptyState, TABLE, TD, TH, TableScroll } from "@/components/admin/ui";
import type { Sort } from "@/lib/admin/list/query";

/** One column of a list's table, declared as data: its header and how a row fills its cell. */
export type Column<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: "left" | "right";
  /** Classes for the column's cells (wrapping, muted text). */
  className?: string;
  /** Its header links to the list sorted by this column (needs the table's `sort`). */
  sortable?: boolean;
};

export type TableSort = { current: Sort<string>; href: (key: string) => string };

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

function Header<Row>({ column, sort }: { column: Column<Row>; sort?: TableSort }) {
  const right = column.align === "right" ? " text-right" : "";
  const sorted = sort && sort.current.key === column.key ? sort.current.direction : undefined;
  return (
    <th scope="col" className={`${TH}${right}`} aria-sort={sorted ? ARIA_SORT[sorted] : undefined}>
      {column.sortable && sort ? (
        <Link href={sort.href(column.key)} className="inline-flex min-h-6 items-center gap-1 hover:text-ink">
          {column.header}
          <span aria-hidden="true">{sorted === "asc" ? "↑" : sorted === "desc" ? "↓" : ""}</span>
        </Link>
      ) : (
        column.header
      )}
    </th>
  );
}

/**
 * A list's table from its columns: scrolls sideways on a phone inside a region named `label`.
 * `framed` draws the list's own white card around it; otherwise the rows are white on the page.
 */
export function DataTable<Row>({
  label,
  rows,
  columns,
  rowKey,
  row,
  empty,
  framed = false,
  className = "",
  tableClassName = TABLE,
  sort,
}: {
  label: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number;
  /** Attributes of a row's `<tr>`: a test id, a hover tone. */
  row?: { testId?: string; className?: string };
  /** What stands instead of the table when there are no rows. */
  empty?: ReactNode;
  framed?: boolean;
  className?: string;
  tableClassName?: string;
  sort?: TableSort;
}) {
  if (rows.length === 0 && empty) return <EmptyState>{empty}</EmptyState>;
  const table = (
    <TableScroll label={label}>
      <table className={tableClassName}>
        <thead>
          <tr>
            {columns.map((c) => (
              <Header key={c.key} column={c} sort={sort} />
            ))}
          </tr>
        </thead>
        <tbody className={framed ? undefined : "bg-white"}>
          {rows.map((r) => (
            <tr key={rowKey(r)} data-testid={row?.testId} className={row?.className}>
              {columns.map((c) => (
                <td
                  key={c.key}
                  className={[TD, c.className, c.align === "right" ? "text-right" : ""].filter(Boolean).join(" ")}
                >
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
  return framed ? <div className={`rounded-card border border-ink/10 bg-white ${className}`}>{table}</div> : table;
}

/** A list drawn as cards (rows with actions or long text), or its empty state. */
export function CardList<Row>({
  rows,
  empty,
  children,
}: {
  rows: readonly Row[];
  empty: ReactNode;
  children: (row: Row) => ReactNode;
}) {
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  return <ul className="grid gap-3">{rows.map(children)}</ul>;
}
