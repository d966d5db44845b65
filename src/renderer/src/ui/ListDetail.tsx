import type { ReactNode } from 'react';

interface Props {
  detail: ReactNode;
  /** Whether the detail takes its column; by default while there is one. A panel kept mounted while hidden says so itself. */
  open?: boolean;
  children: ReactNode;
}

/**
 * A list with the selected item's detail beside it: the list takes the room when nothing is
 * open, and keeps at least a readable column when a detail is (its columns drop by priority).
 */
export function ListDetail({ detail, open = Boolean(detail), children }: Props) {
  return (
    <div className={`list-detail${open ? ' list-detail--open' : ''}`}>
      <div className="list-detail__list">{children}</div>
      {detail}
    </div>
  );
}
