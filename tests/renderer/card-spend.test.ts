import { describe, expect, it } from 'vitest';
import { cardSpendLabel, isCardSpend } from '../../src/renderer/src/model/card-spend';
import { historyOf, monthSpendOf, spendOf, spendQueries } from '../../src/renderer/src/forecast/model/spend-queries';

const NOV = Date.UTC(2026, 10, 29, 5, 0);

describe('card spend', () => {
  it('is money out with a card that went through: pending, settled or disputed', () => {
    for (const detailedStatus of ['pending', 'settled', 'dispute'])
      expect(isCardSpend({ amountCents: -100, cardId: 'c1', detailedStatus })).toBe(true);
  });

  it('leaves out declines, reversals, refunds and failures, money in, and money out without a card (transfers, payments, ACH, payroll)', () => {
    for (const detailedStatus of [
      'declined',
      'reversed',
      'refund',
      'failed',
      'canceled',
      'returned',
      'pending_approval',
      'in_review',
    ])
      expect(isCardSpend({ amountCents: -100, cardId: 'c1', detailedStatus })).toBe(false);
    expect(isCardSpend({ amountCents: 100, cardId: 'c1', detailedStatus: 'settled' })).toBe(false);
    expect(isCardSpend({ amountCents: -100, detailedStatus: 'settled' })).toBe(false);
  });

  it('says its UTC month in its label: the first and last instants of November are November', () => {
    expect(cardSpendLabel(NOV)).toBe('Card spend · November 2026');
    expect(cardSpendLabel(Date.UTC(2026, 10, 1))).toBe('Card spend · November 2026');
    expect(cardSpendLabel(Date.UTC(2026, 11, 1) - 1)).toBe('Card spend · November 2026');
    expect(cardSpendLabel(Date.UTC(2026, 11, 1))).toBe('Card spend · December 2026');
  });

  it('asks each account’s month as it asks its history: what names it, plus its cards’ purchases naming no account', () => {
    const q = spendQueries([{ id: 'c1', fundedBy: 'va_a' }, { id: 'c2' }], ['va_a', 'va_b'], NOV);
    expect(q?.['monthhistory:va_a']).toMatchObject({
      cardIds: ['c1', 'c2'],
      virtualAccountIds: ['va_a'],
      detailedStatuses: ['pending', 'settled', 'dispute'],
      maxCents: -1,
      fromMs: Date.UTC(2026, 10, 1),
      toMs: Date.UTC(2026, 11, 1) - 1,
    });
    expect(q?.['monthfunded:va_a']).toMatchObject({ cardIds: ['c1'], fromMs: Date.UTC(2026, 10, 1) });
    expect(q?.['monthfunded:va_b']).toBeUndefined();
    const out = {
      'monthhistory:va_a': -1_000,
      'monthfunded:va_a': -700,
      'monthfundedNamed:va_a': -200,
      'history:va_a': -5,
      thisMonth: -1_500,
    };
    expect(monthSpendOf(out, 'va_a')).toBe(1_000 + 700 - 200);
    expect(historyOf(out, 'va_a')).toBe(5);
    expect(spendOf(out, 'thisMonth')).toBe(1_500);
    expect(monthSpendOf(out, 'va_b')).toBe(0);
  });
});
