import { describe, expect, it } from 'vitest';
import type { Card, CardGroup, Transaction } from '../../src/shared/service';
import { listSpendOf } from '../../src/renderer/src/cards/model/list-spend';

const NOW = Date.parse('2026-03-18T12:00:00Z');
const monthly = (cents: number) => ({
  spendingRule: {
    utilizationLimit: { limitAmount: { amountCents: cents }, preset: 'monthly' as const, timezone: 'UTC' },
  },
});

const card = (id: string, over: Partial<Card> = {}): Card => ({
  id,
  accountId: 'acc_1',
  last4: '0000',
  name: id,
  expiryMonth: '01',
  expiryYear: '2030',
  status: 'active',
  isPhysical: false,
  ...over,
});

let seq = 0;
function purchase(cardId: string, cents: number, at: string): Transaction {
  seq += 1;
  return {
    id: `txn_${seq}`,
    date: at,
    description: 'Shop',
    amountCents: -cents,
    status: 'pending',
    detailedStatus: 'pending',
    accountId: 'acc_1',
    accountSubtype: 'cash',
    cardId,
    authorizedAt: at,
    merchantData: {
      description: 'SHOP',
      categoryCode: '5999',
      location: { city: 'X', state: 'CA', country: 'US', zip: '1' },
    },
  };
}

describe('the Cards list’s spent against limit', () => {
  const groups: CardGroup[] = [{ id: 'cg_1', name: 'Field', spendingConstraint: monthly(100_000) }];
  const cards = [
    card('card_own', { spendingConstraint: monthly(50_000), cardGroupId: 'cg_1' }),
    card('card_member', { cardGroupId: 'cg_1' }),
    card('card_free'),
  ];
  const txs = [
    purchase('card_own', 1_200, '2026-03-02T09:00:00Z'),
    purchase('card_own', 800, '2026-02-27T09:00:00Z'), // last month: not counted
    purchase('card_member', 3_000, '2026-03-10T09:00:00Z'),
    purchase('card_free', 9_999, '2026-03-10T09:00:00Z'),
  ];
  const spend = listSpendOf(cards, groups, txs, NOW);

  it('shows a card’s own limit before its group’s, with only the month’s purchases', () => {
    expect(spend.get('card_own')).toMatchObject({ scope: 'card', meter: { spentCents: 1_200 } });
    expect(spend.get('card_own')?.meter.limit.limitAmount.amountCents).toBe(50_000);
  });

  it('shows the group’s limit, counted over every card in the group, for a card with none of its own', () => {
    expect(spend.get('card_member')).toMatchObject({ scope: 'group', meter: { spentCents: 4_200 } });
  });

  it('has nothing for a card that nothing caps, and reads 0 for a limit nothing was spent against', () => {
    expect(spend.has('card_free')).toBe(false);
    const empty = listSpendOf([card('card_new', { spendingConstraint: monthly(50_000) })], [], txs, NOW);
    expect(empty.get('card_new')?.meter.spentCents).toBe(0);
  });
});
