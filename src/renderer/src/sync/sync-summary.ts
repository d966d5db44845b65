import { count, duration } from '../model/format';
import type { SyncProgress } from './sync-progress';

/**
 * The top bar's one line about the profile's data: how fresh it is, or how far an update has
 * gone, or why it failed; and which single action goes beside it. Pure, so the words are tested
 * without a screen.
 */
export interface SyncSummary {
  tone: 'ok' | 'busy' | 'error' | 'muted';
  /** Short enough for the top bar: "Up to date · 10:42", "Updating… 1,200 of 5,000 transactions". */
  text: string;
  /** The whole story (the error's full sentence, the time left), for the tooltip. */
  detail?: string;
  /** Update (or try again) beside the line, or Cancel while an update runs. */
  action: 'update' | 'retry' | 'cancel';
}

const BUSY: Partial<Record<SyncProgress['phase'], string>> = {
  entities: 'cards and accounts',
  planning: 'planning',
  backfill: 'transactions',
  incremental: 'recent transactions',
  reconciling: 'pending transactions',
};

export function isSyncBusy(p: SyncProgress | undefined): boolean {
  return !!p && BUSY[p.phase] !== undefined;
}

/** `at` writes a moment as a clock time ("10:42 AM"); `offline` is the profile's connectivity. */
export function syncSummary(p: SyncProgress | undefined, offline: boolean, at: (ms: number) => string): SyncSummary {
  if (p && isSyncBusy(p)) {
    const done = p.resumedRows + p.rows;
    const what =
      p.phase === 'backfill' && p.total
        ? `${count(Math.min(done, p.total))} of ${count(p.total)} transactions`
        : (BUSY[p.phase] ?? '');
    return {
      tone: 'busy',
      text: `Updating… ${what}`,
      ...(p.etaSeconds ? { detail: `About ${duration(p.etaSeconds)} left` } : {}),
      action: 'cancel',
    };
  }
  const last = p?.lastSuccessAt;
  // Offline the data is as old as the last update, never "up to date": the banner says why.
  if (offline) return { tone: 'muted', text: last ? `Last updated ${at(last)}` : 'Not updated yet', action: 'update' };
  if (p?.phase === 'error' && p.error) {
    return { tone: 'error', text: `Couldn't update: ${p.error}`, detail: p.error, action: 'retry' };
  }
  if (last) {
    // Done, but a list failed: the transactions are fresh and the rest is said in the tooltip.
    if (p?.error && p.phase === 'done')
      return { tone: 'error', text: `Partly updated · ${at(last)}`, detail: p.error, action: 'retry' };
    return { tone: 'ok', text: `Up to date · ${at(last)}`, action: 'update' };
  }
  return { tone: 'muted', text: p?.phase === 'canceled' ? 'Update canceled' : 'Not updated yet', action: 'update' };
}
