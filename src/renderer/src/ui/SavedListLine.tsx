import { ago, count } from '../model/format';

interface Props {
  /** Names the line for assistive technology: "Cards" reads "Cards: saved list". */
  label: string;
  /** When the list was last read whole from the bank; null when never. */
  asOf: number | null;
  shown: number;
  total: number;
  online: boolean;
}

/** How fresh a saved list is, how much of it the filter shows, and whether it is offline. */
export function SavedListLine({ label, asOf, shown, total, online }: Props) {
  return (
    <p className="muted saved-list" role="note" aria-label={`${label}: saved list`}>
      {asOf !== null ? `Saved list as of ${ago(asOf)}` : 'Not synced yet'} · {count(shown)} of {count(total)} shown
      {online ? '' : ' · offline: shown as last saved'}
    </p>
  );
}
