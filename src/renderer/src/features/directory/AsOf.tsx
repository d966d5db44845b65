import type { ReactNode } from 'react';
import { ago, count } from '../../model/format';

/** When a saved list was last fetched whole, how much of it the filter shows, and whether offline. */
export function AsOf({ asOf, shown, total, online, label }: { asOf: number | null; shown: number; total: number; online: boolean; label: string }) {
  return (
    <p className="muted directory-asof" aria-label={`${label}: saved list`}>
      {asOf !== null ? `Saved list as of ${ago(asOf)}` : 'Not synced yet'} · {count(shown)} of {count(total)} shown
      {online ? '' : ' · offline: shown as last saved'}
    </p>
  );
}

export const OFFLINE_FETCH = 'Offline: the service cannot be asked now. The lists show what is saved on this computer.';

/** A saved list's body: its loading line, its empty line, or the list itself. */
export function ListBody({ loading, emptyText, children }: { loading: string | false; emptyText: string | false; children: ReactNode }) {
  if (loading) return <p className="muted">{loading}</p>;
  if (emptyText) return <p className="muted">{emptyText}</p>;
  return <>{children}</>;
}
