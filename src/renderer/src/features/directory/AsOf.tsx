import type { ReactNode } from 'react';

export const OFFLINE_FETCH = 'Offline: the bank cannot be asked now. The lists show what the last sync brought.';

/** A saved list's body: its loading line, its empty line, or the list itself. */
export function ListBody({
  loading,
  emptyText,
  children,
}: {
  loading: string | false;
  emptyText: string | false;
  children: ReactNode;
}) {
  if (loading) return <p className="muted">{loading}</p>;
  if (emptyText) return <p className="muted">{emptyText}</p>;
  return <>{children}</>;
}
