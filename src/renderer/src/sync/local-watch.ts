import type { Transaction } from '../../../shared/service';
import { readSyncState, writeSyncState } from '../repos/sync-state-repo';
import { chunksAfter } from '../repos/transactions-repo';
import type { LocalView } from './transaction-sync';

/**
 * What the incremental sync must know of the cache without the search index (which is loaded
 * only for the profile on screen, while every profile syncs): a fingerprint of each row in the
 * re-read window, and which rows are pending. It is one small record, built once by a scan of
 * the chunks and kept up to date by every write of the sync.
 */

interface Watched {
  /** Fingerprint of the cached version. */
  h: string;
  pending: boolean;
  dateMs: number;
}

const KEY = 'tx:watch';

/** FNV-1a over the JSON text: cheap, and a changed row changes it. */
export function fingerprint(tx: Transaction): string {
  const text = JSON.stringify(tx);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36) + text.length.toString(36);
}

export class LocalWatch implements LocalView {
  private watched: Map<string, Watched> | null = null;
  /** What this run's backfill wrote, watched as it went (null once used or given up). */
  private backfilled: Map<string, Watched> | null = new Map();

  constructor(
    private readonly profileId: string,
    /** Rows dated after this are watched even when not pending. */
    private readonly windowStartMs: () => number,
  ) {}

  async changedOnly(rows: Transaction[]): Promise<Transaction[]> {
    const watched = await this.load();
    return rows.filter((tx) => watched.get(tx.id)?.h !== fingerprint(tx));
  }

  async pendingIdsBefore(beforeMs: number): Promise<string[]> {
    const watched = await this.load();
    return [...watched].filter(([, w]) => w.pending && w.dateMs < beforeMs).map(([id]) => id);
  }

  seeBackfilled(rows: Transaction[]): void {
    if (this.backfilled) for (const tx of rows) this.watch(this.backfilled, tx);
  }

  /**
   * A backfill that wrote every row of the cache in this run has seen every row: its record is
   * the scan's (at 1M the scan read 20,000 chunks, ~15 s, before the first incremental page). A
   * resumed backfill did not see what the earlier run wrote, so the scan stays its way.
   */
  async backfillDone(whole: boolean): Promise<void> {
    const seen = this.backfilled;
    this.backfilled = null;
    if (!whole || !seen || this.watched) return;
    if (await readSyncState(this.profileId, KEY, (v) => v)) return;
    await writeSyncState(this.profileId, KEY, Object.fromEntries(seen));
    this.watched = seen;
  }

  /** Records rows the sync just wrote, and forgets settled rows that left the window. */
  async noteWritten(rows: Transaction[]): Promise<void> {
    const watched = await this.load();
    for (const tx of rows) this.watch(watched, tx);
    const floor = this.windowStartMs();
    for (const [id, w] of watched) if (!w.pending && w.dateMs < floor) watched.delete(id);
    await writeSyncState(this.profileId, KEY, Object.fromEntries(watched));
  }

  private watch(watched: Map<string, Watched>, tx: Transaction): void {
    const dateMs = Date.parse(tx.date);
    const pending = tx.status === 'pending';
    if (pending || dateMs >= this.windowStartMs()) watched.set(tx.id, { h: fingerprint(tx), pending, dateMs });
    else watched.delete(tx.id);
  }

  private async load(): Promise<Map<string, Watched>> {
    if (this.watched) return this.watched;
    const saved = await readSyncState(this.profileId, KEY, (v) =>
      typeof v === 'object' && v !== null ? (v as Record<string, Watched>) : null,
    );
    if (saved) {
      this.watched = new Map(Object.entries(saved));
      return this.watched;
    }
    // First time (after a backfill): one scan of the chunks, in write order, newest version last.
    const watched = new Map<string, Watched>();
    let after = 0;
    for (;;) {
      const chunks = await chunksAfter(this.profileId, after, 400);
      if (chunks.length === 0) break;
      for (const c of chunks) {
        for (const tx of c.rows) this.watch(watched, tx);
        after = c.seq as number;
      }
    }
    await writeSyncState(this.profileId, KEY, Object.fromEntries(watched));
    this.watched = watched;
    return watched;
  }
}
