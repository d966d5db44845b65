import { describe, expect, it } from 'vitest';
import { lastFullMonth, rangeBoundsMs, rangeProblems } from '../../src/renderer/src/accounts/model/export-range';
import { movesBalance } from '../../src/renderer/src/accounts/model/balance-series';
import { EXPORTED_DETAILED_STATUSES, movesMoney } from '../../src/renderer/src/accounts/model/export-rows';
import { DETAILED_STATUSES, TRANSACTION_STATUSES } from '../../src/shared/service';

describe('the range of an account export', () => {
  it('defaults to the last full calendar month in UTC, across year ends and leap Februaries', () => {
    expect(lastFullMonth(Date.UTC(2026, 2, 4, 9))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(lastFullMonth(Date.UTC(2024, 2, 1, 0, 0, 0))).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(lastFullMonth(Date.UTC(2026, 0, 15))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    // The last millisecond of a month is still that month: the month before it is the full one.
    expect(lastFullMonth(Date.UTC(2026, 4, 1) - 1)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
  });

  it('refuses empty, invalid and backwards ranges beside the field at fault', () => {
    expect(rangeProblems({ from: '2026-02-01', to: '2026-02-28' })).toEqual({});
    expect(rangeProblems({ from: '2026-02-01', to: '2026-02-01' })).toEqual({});
    expect(rangeProblems({ from: '', to: '2026-02-28' })).toEqual({ from: expect.stringMatching(/first day/) });
    expect(rangeProblems({ from: '2026-02-01', to: ' ' })).toEqual({ to: expect.stringMatching(/last day/) });
    expect(rangeProblems({ from: '2026-02-30', to: '2026-13-01' })).toEqual({
      from: expect.stringMatching(/real date/),
      to: expect.stringMatching(/real date/),
    });
    expect(rangeProblems({ from: '1/2/2026', to: '2026-02-28' }).from).toMatch(/YYYY-MM-DD/);
    expect(rangeProblems({ from: '2026-03-01', to: '2026-02-28' })).toEqual({
      to: expect.stringMatching(/before the first day/),
    });
  });

  it('as search bounds: the whole of both days, inclusive; none for a bad range', () => {
    expect(rangeBoundsMs({ from: '2026-02-01', to: '2026-02-28' })).toEqual({
      fromMs: Date.UTC(2026, 1, 1),
      toMs: Date.UTC(2026, 2, 1) - 1,
    });
    expect(rangeBoundsMs({ from: '2026-03-01', to: '2026-02-28' })).toBeNull();
    expect(rangeBoundsMs({ from: '', to: '2026-02-28' })).toBeNull();
  });
});

describe('which rows an export carries', () => {
  it('posted and pending rows that move money; never failed, declined or canceled ones', () => {
    const kept = TRANSACTION_STATUSES.flatMap((status) =>
      DETAILED_STATUSES.filter((detailedStatus) => movesMoney({ status, detailedStatus })).map((d) => `${status}/${d}`),
    );
    expect(kept.some((k) => k.startsWith('failed/'))).toBe(false);
    expect(kept.filter((k) => /\/(failed|declined|canceled)$/.test(k))).toEqual([]);
    // Held for approval or in review: no balance reflects them yet (docs/service.md, "Statuses and what they do to balances").
    expect(kept.filter((k) => /\/(pending_approval|in_review)$/.test(k))).toEqual([]);
    expect(kept).toEqual(
      expect.arrayContaining(['posted/settled', 'pending/pending', 'posted/refund', 'posted/reversed']),
    );
  });

  it('the same rule as the balance chart, so the file and the chart of an account agree', () => {
    for (const status of TRANSACTION_STATUSES)
      for (const detailedStatus of DETAILED_STATUSES)
        expect(movesMoney({ status, detailedStatus }), `${status}/${detailedStatus}`).toBe(
          movesBalance({ status, detailedStatus }),
        );
    // The query's filter lists exactly the detailed statuses some kept row can have.
    expect([...EXPORTED_DETAILED_STATUSES].sort()).toEqual(
      [
        ...new Set(
          TRANSACTION_STATUSES.flatMap((status) =>
            DETAILED_STATUSES.filter((detailedStatus) => movesMoney({ status, detailedStatus })),
          ),
        ),
      ].sort(),
    );
  });
});
