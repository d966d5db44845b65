import { describe, expect, it } from 'vitest';
import { idleProgress, type SyncProgress } from '../../src/renderer/src/sync/sync-progress';
import { syncSummary } from '../../src/renderer/src/sync/sync-summary';

const at = (ms: number) => `@${ms}`;
const progress = (p: Partial<SyncProgress>): SyncProgress => ({ ...idleProgress(1_000), ...p });

describe("the top bar's sync summary", () => {
  it('says when the data was last brought up to date, with Update now beside it', () => {
    expect(syncSummary(progress({ phase: 'done', lastSuccessAt: 42 }), false, at)).toEqual({
      tone: 'ok',
      text: 'Up to date · @42',
      action: 'update',
    });
    expect(syncSummary(undefined, false, at)).toMatchObject({ text: 'Not updated yet', action: 'update' });
  });

  it('counts the download while it runs, with Cancel beside it', () => {
    const s = syncSummary(
      progress({ phase: 'backfill', total: 5_000, resumedRows: 200, rows: 1_000, etaSeconds: 80, lastSuccessAt: 42 }),
      false,
      at,
    );
    expect(s).toEqual({
      tone: 'busy',
      text: 'Updating… 1,200 of 5,000 transactions',
      detail: 'About 1 min 20 s left',
      action: 'cancel',
    });
    expect(syncSummary(progress({ phase: 'entities' }), false, at).text).toBe('Updating… cards and accounts');
  });

  it('says why an update failed, with Try again; the whole sentence in the detail', () => {
    const error = 'The service is having trouble (503). The update continues where it left off on the next attempt.';
    expect(syncSummary(progress({ phase: 'error', error, lastSuccessAt: 42 }), false, at)).toEqual({
      tone: 'error',
      text: `Couldn't update: ${error}`,
      detail: error,
      action: 'retry',
    });
  });

  it('never says "up to date" offline: the data is as old as the last update', () => {
    const s = syncSummary(progress({ phase: 'done', lastSuccessAt: 42 }), true, at);
    expect(s.text).toBe('Last updated @42');
    expect(s.text).not.toMatch(/up to date/i);
    // An error from going offline is the banner's news, not the top bar's.
    expect(syncSummary(progress({ phase: 'error', error: 'Offline: …' }), true, at).text).toBe('Not updated yet');
  });

  it('tells a finished update whose lists partly failed from a clean one', () => {
    const s = syncSummary(
      progress({ phase: 'done', lastSuccessAt: 42, error: 'some lists could not be refreshed' }),
      false,
      at,
    );
    expect(s).toMatchObject({ tone: 'error', text: 'Partly updated · @42', action: 'retry' });
  });
});
