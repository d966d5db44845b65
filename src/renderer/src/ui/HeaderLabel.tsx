import type { SortState } from './table-column';

interface Props {
  header: string;
  hidden?: boolean | undefined;
  /** Set for a sortable column: its header is a button that sorts by it. */
  onSort?: (() => void) | undefined;
  sort?: SortState | null | undefined;
  column: string;
}

/**
 * What a column header holds: its name, or for a sortable column a button with the name and an
 * arrow for the direction (the header cell itself carries aria-sort, which a screen reader reads).
 */
export function HeaderLabel({ header, hidden, onSort, sort, column }: Props) {
  if (hidden) return <span className="visually-hidden">{header}</span>;
  if (!onSort) return <>{header}</>;
  const direction = sort?.column === column ? sort.direction : null;
  return (
    <button type="button" className="sort-button" onClick={onSort}>
      {header}
      <span className="sort-button__arrow" aria-hidden="true">
        {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
      </span>
    </button>
  );
}
