import { describe, expect, it } from 'vitest';
import type { InboxPaint } from '../../tests/bench/team/inbox-probe';
import { checkMoney, shownAfterApproval, type Drafted } from '../../tests/bench/team/verdict';
import { ONE_MORE } from '../bench/team/team-phase';

// bench:team's judgement on fabricated runs: each way an approval can fail to show, or money can
// move wrongly, must be counted (and so fail the benchmark), and a clean run must pass.

describe('approval to shown on another desktop', () => {
  it('times each row from its batch to the first paint of its new state, ignoring paints before the batch', () => {
    const paints: InboxPaint[] = [
      ['team:a', 'needs 2 more approvers, not Ada', 50],
      ['team:a', 'needs 1 more approver, not Ada or Bo', 90], // before its batch: not this approval
      ['team:a', 'needs 1 more approver, not Ada or Bo', 400],
      ['team:b', 'needs 1 more approver, not Ada or Bo', 1_300],
      ['team:c', 'needs 1 more approver, not Ada or Bo', 2_150],
    ];
    const line = shownAfterApproval(
      [
        { at: 100, keys: ['team:a', 'team:b'] },
        { at: 2_000, keys: ['team:c'] },
      ],
      paints,
      ONE_MORE,
    );
    expect(line).toMatchObject({
      n: 3,
      p50: 300,
      p95: 1_200,
      max: 1_200,
      never_shown: 0,
      shown_otherwise: 0,
      batch_max_ms: [1_200, 150],
    });
  });

  it('counts a row never shown, and one whose first paint after its approval said something else', () => {
    const line = shownAfterApproval(
      [{ at: 0, keys: ['team:a', 'team:b'] }],
      [
        ['team:a', 'The workspace refused it', 10],
        ['team:a', 'needs 1 more approver, not Ada or Bo', 30],
      ],
      ONE_MORE,
    );
    expect(line).toMatchObject({ n: 1, never_shown: 1, shown_otherwise: 1 });
    expect(line.examples).toEqual([
      'team:a showed "The workspace refused it" first',
      'team:b never showed its new state',
    ]);
  });
});

describe('the money, from the ledger', () => {
  const drafted: Drafted[] = [
    { amountCents: 101, source: 'va_a', destination: 'va_z', key: 'k1' },
    { amountCents: 102, source: 'va_b', destination: 'va_z', key: 'k2' },
  ];
  const moved = [
    { amountCents: 101, source: 'va_a', destination: 'va_z', idempotencyKey: 'k1' },
    { amountCents: 102, source: 'va_b', destination: 'va_z', idempotencyKey: 'k2' },
  ];
  const balances = { va_a: -101, va_b: -102, va_z: 203 };

  it('passes every row moved once between its accounts with its key, balances by the drafted sum', () => {
    expect(checkMoney(drafted, moved, balances)).toMatchObject({
      exactly_once: 2,
      missing: 0,
      duplicates: 0,
      unexpected: 0,
      accounts_off: [],
      failures: [],
    });
  });

  it('fails on a row missing, a row moved twice, a movement with another key or accounts, or a balance off', () => {
    const first = moved[0] as (typeof moved)[number];
    const check = checkMoney(
      drafted,
      [first, first, { ...first, idempotencyKey: 'other' }, { amountCents: 102, source: 'va_a', destination: 'va_z' }],
      { ...balances, va_a: -404 },
    );
    expect(check).toMatchObject({ exactly_once: 0, missing: 1, duplicates: 1, unexpected: 2 });
    expect(check.accounts_off).toEqual([{ account: 'va_a', expected_cents: -101, actual_cents: -404 }]);
    expect(check.failures).toEqual([
      '1 of 2 rows never moved money',
      '1 movements beyond one per row',
      '2 movements match no drafted row (amount, accounts or key)',
      "1 accounts' balances moved by other than the drafted sum",
    ]);
  });

  it('refuses to judge amounts that do not name one row each', () => {
    expect(
      checkMoney([...drafted, { amountCents: 101, source: 'va_b', destination: 'va_z' }], moved, balances).failures[0],
    ).toBe('the drafted amounts are not distinct: the check cannot tell rows apart');
  });
});
