import { describe, expect, it } from 'vitest';
import type { VirtualAccountView } from '../../src/shared/service';
import { canClose, canCarryRule, checkCommission, checkName, PAST_START } from '../../src/renderer/src/accounts/model/account-edits';
import { totalsOf, transferDestinations, visibleAccounts } from '../../src/renderer/src/accounts/model/account-list';
import { describeRule, nextCollection } from '../../src/renderer/src/accounts/model/commission-words';

const NOW = Date.UTC(2026, 2, 15, 12, 0);

const view = (id: string, name: string, balance: number, over: Partial<VirtualAccountView['virtualAccount']> = {}): VirtualAccountView => ({
  virtualAccount: { id, name, accountId: 'acc_1', accountType: 'default', accountNumber: '1234', routingNumber: '021000021', closedAt: null, ...over },
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
    expect([canClose(primary), canCarryRule(primary), canClose(closed), canCarryRule(closed), canClose(accounts[0] as VirtualAccountView)]).toEqual([false, false, false, false, true]);
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
      details: { type: 'flatFee', amount: { amountCents: 125_050 }, frequency: 'yearly', startDate: '2026-03-15T13:00:00.000Z' },
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
  const rule = { id: 'cr_1', virtualAccountId: 'va_a', commissionDetails: { type: 'flatFee' as const, amount: { amountCents: 2_500 }, frequency: 'monthly' as const, startDate: '2026-01-31T09:00:00.000Z' } };
  it('says the rule and its next collection from a given today', () => {
    expect(describeRule(rule)).toBe('Flat fee $25.00 monthly from Jan 31, 2026, 9:00 AM UTC');
    expect(describeRule(undefined)).toBe('No commission rule.');
    // Jan 31 monthly: due on Mar 31 after Feb 28 (never carried forward).
    expect(nextCollection(rule, NOW)).toBe('Mar 31, 2026, 9:00 AM UTC');
    expect(nextCollection(undefined, NOW)).toBeUndefined();
  });
});
