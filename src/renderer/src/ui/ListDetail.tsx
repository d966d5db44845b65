import type { ReactNode } from 'react';

/**
 * A list with the selected item's detail beside it: the list takes the room when nothing is
 * open, and keeps at least a readable column when a detail is (its columns drop by priority).
 */
export function ListDetail({ detail, children }: { detail: ReactNode; children: ReactNode }) {
  return (
    <div className={`list-detail${detail ? ' list-detail--open' : ''}`}>
      <div className="list-detail__list">{children}</div>
      {detail}
    </div>
  );
}
