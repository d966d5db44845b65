import type { ReactNode } from 'react';
import type { FitColumn } from '../model/columns';

/** One column of a table (DataTable) or a virtualized list (VirtualTable). */
export interface TableColumn<T> extends FitColumn {
  header: string;
  /** Read the header to a screen reader only (a checkbox column's "Select"). */
  hiddenHeader?: boolean;
  /** Amounts and counts: right-aligned, tabular figures. */
  numeric?: boolean;
  /** Its width in a VirtualTable's grid: a CSS track ("110px", "minmax(0, 1fr)"). */
  track?: string;
  cell(row: T): ReactNode;
  /**
   * What stays of the column when it gives way for lack of room (a VirtualTable): a small mark
   * at the start of the row's first named cell, such as a status's coloured dot.
   */
  marker?(row: T): ReactNode;
  /** The whole text, for a tooltip where the cell may be cut. */
  title?(row: T): string | undefined;
  /** Sortable by this value (DataTable sorts itself; a VirtualTable asks through onSort). */
  sortValue?(row: T): string | number;
  /** In a DataTable, the cell that names its row (th scope="row"). */
  rowHeader?: boolean;
  className?: string;
}

export type SortDirection = 'ascending' | 'descending';

export interface SortState {
  column: string;
  direction: SortDirection;
}

/** The aria-sort of a header: the sorted column says its direction, other sortable ones "none". */
export function ariaSort(sort: SortState | null | undefined, column: string): SortDirection | 'none' {
  return sort?.column === column ? sort.direction : 'none';
}

/** A header clicked again turns its direction; a new one starts ascending (or as asked). */
export function nextSort(
  sort: SortState | null | undefined,
  column: string,
  first: SortDirection = 'ascending',
): SortState {
  if (sort?.column === column)
    return { column, direction: sort.direction === 'ascending' ? 'descending' : 'ascending' };
  return { column, direction: first };
}

/** The column that names each row (a webhook's, a merchant's, an entity's name): sorted by it, read as the row's header. */
export function nameColumn<T extends { name: string }>(minWidth: number): TableColumn<T> {
  return {
    id: 'name',
    header: 'Name',
    minWidth,
    priority: 1,
    rowHeader: true,
    cell: (row) => row.name,
    sortValue: (row) => row.name,
  };
}
