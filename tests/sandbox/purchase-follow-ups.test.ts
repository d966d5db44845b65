import { describe, expect, it } from 'vitest';
import { CardEvent, FeeDetails, Transaction } from '../../src/shared/service';
import { expectError } from '../support/errors';
import { availableOf, expectAuth, newCard } from '../support/cards-helpers';
import { clientForFile } from '../support/sandbox-harness';

// Pinned by the harness; a purchase settles only when a test advances the clock two days.
const c = clientForFile({ transactions: 60 });

const followUp = (id: string, kind: string) =>
  c.call('POST', `/__sandbox/transactions/${id}/follow-up`, { body: { kind } });
const spentOf = async (cardId: string) => (await c.get(`/card/${cardId}/utilization`)).body.spend.amountCents as number;
const settle = () => c.call('POST', '/__sandbox/clock', { body: { advanceDays: 2 } });

describe('what happens to a purchase after its authorization', () => {
  it('a reversal releases a pending purchase’s hold, leaves a reversal event and stops counting', async () => {
    const card = await newCard(c, {
      spendingConstraint: {
        spendingRule: { utilizationLimit: { limitAmount: { amountCents: 100_000 }, preset: 'collective' } },
      },
    });
    const before = await availableOf(c, card.virtualAccountId);
    const bought = await expectAuth(c, { cardId: card.id, amountCents: 2_500, merchantName: 'Uber' });
    expect(await spentOf(card.id)).toBe(2_500);
    const r = await followUp(bought.transaction.id, 'reversal');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(Transaction.parse(r.body.purchase)).toMatchObject({
      id: bought.transaction.id,
      status: 'failed',
      detailedStatus: 'reversed',
    });
    expect(await availableOf(c, card.virtualAccountId)).toBe(before);
    expect(await spentOf(card.id)).toBe(0);
    const events = (await c.get(`/card/${card.id}/events`)).body.items.map((e: unknown) => CardEvent.parse(e));
    // Newest first.
    expect(events.map((e: CardEvent) => e.type)).toEqual(['reversal', 'authorization']);
    expect(events[0]).toMatchObject({ amountCents: 2_500, transactionId: bought.transaction.id });
  });

  it('a disputed purchase keeps counting, and a refund gives no limit back; a fee charged to the card does not count', async () => {
    const card = await newCard(c, {
      spendingConstraint: {
        spendingRule: { utilizationLimit: { limitAmount: { amountCents: 10_000 }, preset: 'collective' } },
      },
    });
    const a = await expectAuth(c, { cardId: card.id, amountCents: 4_000, merchantName: 'GitHub' });
    const b = await expectAuth(c, { cardId: card.id, amountCents: 3_000, merchantName: 'GitHub' });
    await settle();
    const disputed = await followUp(a.transaction.id, 'dispute');
    expect(disputed.status, JSON.stringify(disputed.body)).toBe(200);
    expect(disputed.body.purchase).toMatchObject({ status: 'posted', detailedStatus: 'dispute' });
    const refunded = await followUp(b.transaction.id, 'refund');
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(Transaction.parse(refunded.body.transaction)).toMatchObject({
      amountCents: 3_000,
      status: 'posted',
      detailedStatus: 'refund',
      cardId: card.id,
    });
    const fee = await followUp(a.transaction.id, 'fee');
    expect(fee.status, JSON.stringify(fee.body)).toBe(200);
    const feeTx = Transaction.parse(fee.body.transaction);
    expect(feeTx).toMatchObject({
      amountCents: -120,
      cardId: card.id,
      feeInfo: { relatedTransaction: { id: a.transaction.id } },
    });
    expect(feeTx.merchantData).toBeUndefined();
    const details = FeeDetails.parse((await c.get(`/transaction/${feeTx.id}/fee-details`)).body);
    expect(details.items[0]).toMatchObject({
      feeAmountCents: 120,
      feeType: 'card_transaction_fee',
      originalTransaction: { id: a.transaction.id },
    });
    // 4,000 disputed + 3,000 refunded still count; the fee does not.
    expect(await spentOf(card.id)).toBe(7_000);
    await expectAuth(c, { cardId: card.id, amountCents: 3_001, merchantName: 'GitHub' }, 'spending_limit_exceeded');
    await expectAuth(c, { cardId: card.id, amountCents: 3_000, merchantName: 'GitHub' });
  });

  it('refuses a follow-up that does not fit the purchase as it is, and anything that is not a card purchase', async () => {
    const card = await newCard(c);
    const pending = await expectAuth(c, { cardId: card.id, amountCents: 500 });
    for (const kind of ['dispute', 'refund'])
      expect(expectError(await followUp(pending.transaction.id, kind), 400).message).toMatch(
        /applies to a card purchase that is settled/,
      );
    const declined = await c.call('POST', '/__sandbox/authorizations', {
      body: { cardId: card.id, amountCents: 10 ** 12 },
    });
    expect(declined.body.approved).toBe(false);
    expectError(await followUp(declined.body.transaction.id, 'reversal'), 400);
    expectError(await followUp('txn_nope', 'reversal'), 404);
    expectError(await followUp(pending.transaction.id, 'chargeback'), 400);
    expect((await c.get(`/transaction/${pending.transaction.id}`)).body.detailedStatus).toBe('pending');
  });
});
