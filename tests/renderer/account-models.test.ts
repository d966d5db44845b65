import { describe, expect, it } from 'vitest';
import type { OutboxRow } from '../../src/shared/outbox';
import type { VirtualAccountView } from '../../src/shared/service';
import { closeBlockedReason, queuedTransfersOut } from '../../src/renderer/src/accounts/model/close-guard';
import {
  canClose,
  canCarryRule,
  checkCommission,
  checkName,
  PAST_START,
} from '../../src/renderer/src/accounts/model/account-edits';
import { totalsOf, transferDestinations, visibleAccounts } from '../../src/renderer/src/accounts/model/account-list';
import { describeRule, nextCollection } from '../../src/renderer/src/accounts/model/commission-words';

const NOW = Date.UTC(2026, 2, 15, 12, 0);

const view = (
  id: string,
  name: string,
  balance: number,
  over: Partial<VirtualAccountView['virtualAccount']> = {},
): VirtualAccountView => ({
  virtualAccount: {
    id,
    name,
    accountId: 'acc_1',
    accountType: 'default',
    accountNumber: '1234',
    routingNumber: '021000021',
    closedAt: null,
    ...over,
  },
  balance: { amountCents: balance },
  spend: { amountCents: 100 },
});

const primary = view('va_p', 'Zeta main', 50_000, { accountType: 'primary' });
const closed = view('va_c', 'Archive', 700, { closedAt: '2026-01-01T00:00:00Z' });
const accounts = [view('va_b', 'beta', 1_000), closed, primary, view('va_a', 'Alpha', 2_000)];

describe('account list', () => {
  it('hides closed accounts unless asked, primary first, then by name', () => {
    expect(visibleAccounts(accounts, false).map((v) => v.virtualAccount.id)).toEqual(['va_p', 'va_a', 'va_b']);
    expect(visibleAccounts(accounts, true).map((v) => v.virtualAccount.id)).toEqual(['va_p', 'va_a', 'va_c', 'va_b']);
  });

  it('totals what is shown in cents', () => {
    expect(totalsOf(visibleAccounts(accounts, false))).toEqual({ balanceCents: 53_000, spendCents: 300 });
    expect(totalsOf([])).toEqual({ balanceCents: 0, spendCents: 0 });
  });

  it('offers open accounts other than the one closing as destinations, primary first', () => {
    expect(transferDestinations(accounts, 'va_b').map((v) => v.virtualAccount.id)).toEqual(['va_p', 'va_a']);
  });

  it('never offers closing or a rule on the primary account, nor on a closed one', () => {
    expect([
      canClose(primary),
      canCarryRule(primary),
      canClose(closed),
      canCarryRule(closed),
      canClose(accounts[0] as VirtualAccountView),
    ]).toEqual([false, false, false, false, true]);
  });
});

describe('checkName', () => {
  it('refuses an empty name and trims', () => {
    expect(checkName('   ')).toEqual({ ok: false, error: expect.stringContaining('Enter a name') });
    expect(checkName(' Ops ')).toEqual({ ok: true, name: 'Ops' });
    expect(checkName('x'.repeat(101)).ok).toBe(false);
  });
});

describe('checkCommission', () => {
  const later = NOW + 3_600_000;
  it('sends integer cents, the frequency and the start in ISO UTC', () => {
    expect(checkCommission({ amount: '1,250.5', frequency: 'yearly', startMs: later }, NOW)).toEqual({
      ok: true,
      details: {
        type: 'flatFee',
        amount: { amountCents: 125_050 },
        frequency: 'yearly',
        startDate: '2026-03-15T13:00:00.000Z',
      },
    });
    expect(checkCommission({ amount: '25', frequency: 'monthly', startMs: NOW }, NOW).ok).toBe(true);
  });

  it.each([
    ['-5', 'positive'],
    ['0', 'more than zero'],
    ['1.005', 'whole cents'],
    ['abc', 'not an amount'],
    ['', 'Enter an amount'],
  ])('refuses the amount %j', (amount, words) => {
    const r = checkCommission({ amount, frequency: 'monthly', startMs: later }, NOW);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.amount).toContain(words);
  });

  it('refuses a start in the past or missing, beside the start', () => {
    const past = checkCommission({ amount: '10', frequency: 'monthly', startMs: NOW - 1 }, NOW);
    expect(past).toEqual({ ok: false, errors: { start: PAST_START } });
    const none = checkCommission({ amount: '10', frequency: 'monthly', startMs: NaN }, NOW);
    expect(none.ok ? undefined : none.errors.start).toContain('Choose');
  });
});

describe('commission words', () => {
  const rule = {
    id: 'cr_1',
    virtualAccountId: 'va_a',
    commissionDetails: {
      type: 'flatFee' as const,
      amount: { amountCents: 2_500 },
      frequency: 'monthly' as const,
      startDate: '2026-01-31T09:00:00.000Z',
    },
  };
  it('says the rule and its next collection from a given today', () => {
    expect(describeRule(rule)).toBe('Flat fee $25.00 monthly from Jan 31, 2026, 9:00 AM UTC');
    expect(describeRule(undefined)).toBe('No commission rule.');
    // Jan 31 monthly: due on Mar 31 after Feb 28 (never carried forward).
    expect(nextCollection(rule, NOW)).toBe('Mar 31, 2026, 9:00 AM UTC');
    expect(nextCollection(undefined, NOW)).toBeUndefined();
  });
});

describe('what holds a close', () => {
  const row = (over: {
    id: string;
    state: OutboxRow['state'];
    source?: string;
    amountCents?: number;
    createdAt?: number;
    kind?: 'transfer' | 'note';
  }): OutboxRow => {
    const base = {
      profileId: 'demo',
      idempotencyKey: over.id,
      createdAt: over.createdAt ?? 1,
      updatedAt: 1,
      attempts: [],
      history: [],
      sourceKey: over.source ?? 'va_1',
      amountCents: over.amountCents ?? 500,
      labels: {},
    };
    return over.kind === 'note'
      ? {
          ...base,
          id: over.id,
          state: over.state,
          kind: 'note',
          payload: { transactionId: 'tx_1', note: 'n' },
          amountCents: 0,
        }
      : {
          ...base,
          id: over.id,
          state: over.state,
          kind: 'transfer',
          payload: { source: over.source ?? 'va_1', destination: 'va_9', amountCents: over.amountCents ?? 500 },
        };
  };

  it('an unfinished transfer out of the account, in any unfinished state; not a finished one, another account’s, or a note', () => {
    const unfinished: OutboxRow['state'][] = [
      'draft',
      'awaiting-approval',
      'approved',
      'sending',
      'failed',
      'needs-review',
    ];
    for (const state of unfinished)
      expect(
        queuedTransfersOut([row({ id: 'r', state })], 'va_1').map((r) => r.id),
        state,
      ).toEqual(['r']);
    const rows = [
      row({ id: 'sent', state: 'sent' }),
      row({ id: 'rejected', state: 'rejected' }),
      row({ id: 'canceled', state: 'canceled' }),
      row({ id: 'other', state: 'approved', source: 'va_2' }),
      row({ id: 'note', state: 'approved', kind: 'note' }),
    ];
    expect(queuedTransfersOut(rows, 'va_1')).toEqual([]);
    expect(closeBlockedReason([])).toBeNull();
  });

  it('says how much is queued, in what state, and when the account can be closed', () => {
    expect(
      closeBlockedReason(
        queuedTransfersOut([row({ id: 'a', state: 'awaiting-approval', amountCents: 123_456 })], 'va_1'),
      ),
    ).toBe('A transfer of $1,234.56 out of this account is queued (awaiting approval); close it once that is sent.');
    const two = queuedTransfersOut(
      [
        row({ id: 'b', state: 'sending', amountCents: 100, createdAt: 2 }),
        row({ id: 'a', state: 'approved', amountCents: 250, createdAt: 1 }),
      ],
      'va_1',
    );
    expect(two.map((r) => r.id)).toEqual(['a', 'b']);
    expect(closeBlockedReason(two)).toBe(
      '2 transfers of $3.50 in all out of this account are queued (approved, to send, sending); close it once they are sent.',
    );
  });
});
