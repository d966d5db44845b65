import { describe, expect, it } from 'vitest';
import {
  exportCovers,
  summarizeUnsent,
  unsentRefusal,
  type UnsentExport,
} from '../../src/renderer/src/outbox/model/unsent';
import type { OutboxRow, OutboxState } from '../../src/shared/outbox';
import { noteInput, row, T0, transferInput } from '../support/outbox-fixtures';

// Which rows stop "Clear the cache" and "Remove profile" (Settings). The expected figures are
// written out by hand from the rows below, not computed by the code under test.

function inState(state: OutboxState, amountCents: number, updatedAt = T0): OutboxRow {
  return { ...row(transferInput('va_a', 'va_b', amountCents)), state, updatedAt };
}

const draft = inState('draft', 100);
const awaiting = inState('awaiting-approval', 200);
const approved = inState('approved', 300);
const sending = inState('sending', 400);
const review = inState('needs-review', 500);
const failed = inState('failed', 600);
const finished = [inState('sent', 700), inState('rejected', 800), inState('canceled', 900)];
const queue = [draft, awaiting, approved, sending, review, failed, ...finished];

describe('unsent rows', () => {
  it('are every row not sent, rejected or canceled; each stops a clear and a removal', () => {
    const s = summarizeUnsent(queue, null);
    expect(s).toEqual({
      rows: 6,
      totalCents: 2_100,
      byState: { draft: 1, 'awaiting-approval': 1, approved: 1, sending: 1, 'needs-review': 1, failed: 1 },
      sending: 1,
      exported: 0,
      blocking: 6,
      unhandled: 5,
      unhandledCents: 1_700,
      discardable: 5,
      discardableCents: 1_700,
    });
    expect(unsentRefusal(s, 'clear-cache')).toBe(
      `The cache was not cleared: 5 unsent items ($17.00) are neither sent, exported nor discarded; 1 item is being sent right now; wait for the service’s answer. Send them, export them, or discard them, then try again.`,
    );
    expect(unsentRefusal(s, 'remove-profile')).toMatch(/^The profile was not removed: 5 unsent items/);
  });

  it('nothing queued, or only finished rows: nothing stops either action', () => {
    expect(unsentRefusal(summarizeUnsent([], null), 'clear-cache')).toBeNull();
    expect(unsentRefusal(summarizeUnsent(finished, null), 'remove-profile')).toBeNull();
  });

  it('a note counts like a transfer (with no amount)', () => {
    const note = { ...row(noteInput()), state: 'approved' as const };
    const s = summarizeUnsent([note], null);
    expect([s.rows, s.totalCents, s.blocking]).toEqual([1, 0, 1]);
    expect(unsentRefusal(s, 'clear-cache')).toMatch(
      /1 unsent item \(\$0\.00\) is neither sent, exported nor discarded/,
    );
  });

  it('an export covers the rows as they were written; a row changed since is not covered', () => {
    const exported: UnsentExport = {
      at: T0,
      rows: { [draft.id]: T0, [approved.id]: T0, [failed.id]: T0 - 1, [sending.id]: T0 },
    };
    const s = summarizeUnsent(queue, exported);
    // draft and approved are covered; failed changed after the export; sending is never covered.
    expect([s.exported, s.unhandled, s.unhandledCents, s.sending, s.blocking]).toEqual([2, 3, 1_300, 1, 4]);
    expect(exportCovers(exported, { id: 'constructor', updatedAt: T0 })).toBe(false);
    expect(exportCovers(null, draft)).toBe(false);
  });

  it('once every row is exported or discarded, only rows being sent stop the action, and the words say to wait', () => {
    const all: UnsentExport = { at: T0, rows: Object.fromEntries(queue.map((r) => [r.id, r.updatedAt])) };
    const s = summarizeUnsent(queue, all);
    expect([s.unhandled, s.blocking]).toEqual([0, 1]);
    expect(unsentRefusal(s, 'remove-profile')).toBe(
      'The profile was not removed: 1 item is being sent right now; wait for the service’s answer.',
    );
    expect(
      unsentRefusal(
        summarizeUnsent(
          queue.filter((r) => r !== sending),
          all,
        ),
        'remove-profile',
      ),
    ).toBeNull();
  });
});
