import { useMemo, useState, type ReactNode } from 'react';
import { HeaderLabel } from './HeaderLabel';
import { ariaSort, nextSort, type SortState, type TableColumn } from './table-column';
import { useFittingColumns } from './useWidth';

interface Props<T> {
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  rowKey(row: T): string;
  /** The table's accessible name (aria-label), or the id of the heading naming it. */
  label?: string;
  labelledBy?: string;
  /** Read by a screen reader only. */
  caption?: string;
  /** Sorted by this column at first; a sortable header changes it. */
  initialSort?: SortState;
  /** Smaller type and closer rows: a table inside a detail pane. */
  compact?: boolean;
  /** Said in place of the table when there are no rows. */
  empty?: ReactNode;
  className?: string;
}

const GAP = 20;

function compare(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { sensitivity: 'base', numeric: true });
}

/**
 * The app's one static table: a header per column, numbers right-aligned in tabular figures, one
 * row height, headers that sort where a column says how, and columns dropped by priority when the
 * table is narrower than they all need (model/columns.ts). Long lists use VirtualTable instead.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  label,
  labelledBy,
  caption,
  initialSort,
  compact = false,
  empty,
  className,
}: Props<T>) {
  const [sort, setSort] = useState<SortState | null>(initialSort ?? null);
  const { ref, shown } = useFittingColumns<TableColumn<T>, HTMLDivElement>(columns, GAP);
  const sorted = useMemo(() => {
    const column = sort ? columns.find((c) => c.id === sort.column) : undefined;
    const value = column?.sortValue;
    if (!sort || !value) return rows;
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return [...rows].sort((a, b) => sign * compare(value(a), value(b)));
  }, [rows, columns, sort]);

  if (rows.length === 0 && empty !== undefined) return <p className="muted">{empty}</p>;
  return (
    <div ref={ref} className="table-wrap">
      <table
        className={`table${compact ? ' table--compact' : ''}${className ? ` ${className}` : ''}`}
        aria-label={label}
        aria-labelledby={labelledBy}
      >
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {shown.map((c) => (
              <th
                key={c.id}
                scope="col"
                className={c.numeric ? 'num' : undefined}
                aria-sort={c.sortValue ? ariaSort(sort, c.id) : undefined}
              >
                <HeaderLabel
                  header={c.header}
                  hidden={c.hiddenHeader}
                  column={c.id}
                  sort={sort}
                  onSort={c.sortValue ? () => setSort((s) => nextSort(s, c.id)) : undefined}
                />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={rowKey(row)}>
              {shown.map((c) => {
                const cls = [c.numeric ? 'num' : '', c.className ?? ''].filter(Boolean).join(' ') || undefined;
                return c.rowHeader ? (
                  <th key={c.id} scope="row" className={cls} title={c.title?.(row)}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.id} className={cls} title={c.title?.(row)}>
                    {c.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
