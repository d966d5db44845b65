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
