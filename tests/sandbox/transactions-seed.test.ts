import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILED_STATUSES, TRANSACTION_STATUSES, type Transaction } from '../../src/shared/service';
import { createWorld } from '../../src/sandbox/seed/create-world';
import type { World } from '../../src/sandbox/world/world';
import { DAY, startClient, startOfUtcDay, TEST_NOW, type Client } from '../support/sandbox-harness';

function everything(w: World): Transaction[] {
  return w.transactions.list({}, undefined, Number.MAX_SAFE_INTEGER).items;
}

/** Balances recomputed from the transactions, the way docs/service.md ("Statuses and what they do to balances") defines them. */
function bruteTotals(items: readonly Transaction[], vaId: string): { available: number; posted: number } {
  let available = 0;
  let posted = 0;
  for (const tx of items) {
    if (tx.virtualAccountId !== vaId) continue;
    const held = tx.detailedStatus === 'pending_approval' || tx.detailedStatus === 'in_review';
    if ((tx.status === 'pending' || tx.status === 'posted') && !held) available += tx.amountCents;
    if (tx.status === 'posted') posted += tx.amountCents;
  }
  return { available, posted };
}

describe('seeded history', () => {
  const w = createWorld({ seed: 3, transactions: 800, now: () => TEST_NOW });
  const items = everything(w);

  it('has exactly the requested number of transactions, newest first, over the past year', () => {
    expect(items).toHaveLength(800);
    const dates = items.map((t) => Date.parse(t.date));
    for (let i = 1; i < dates.length; i++) expect(dates[i - 1]).toBeGreaterThanOrEqual(dates[i] as number);
    expect(dates[0]).toBeLessThanOrEqual(TEST_NOW);
    expect(dates[0]).toBeGreaterThan(TEST_NOW - 6 * 3_600_000);
    expect(dates[dates.length - 1]).toBeGreaterThan(TEST_NOW - 368 * DAY);
  });

  it('covers every status and every detailed status, in_review and pending_approval included', () => {
    expect(new Set(items.map((t) => t.status))).toEqual(new Set(TRANSACTION_STATUSES));
    expect(new Set(items.map((t) => t.detailedStatus))).toEqual(new Set(DETAILED_STATUSES));
  });

  it('fills the fields the contract describes where they apply', () => {
    for (const tx of items) {
      expect(Number.isSafeInteger(tx.amountCents), tx.id).toBe(true);
      expect(tx.accountId && tx.virtualAccountId && tx.accountSubtype, tx.id).toBeTruthy();
      if (tx.declineReason) expect(tx.detailedStatus).toBe('declined');
      if (tx.detailedStatus === 'declined') expect(tx.declineReason).toBeTruthy();
      if (tx.detailedStatus === 'refund') expect(tx.amountCents).toBeGreaterThan(0);
      if (tx.merchantData || tx.authorizedAt) expect(tx.cardId, tx.id).toBeDefined();
    }
    const purchases = items.filter((t) => t.merchantData);
    expect(purchases.length).toBeGreaterThan(400);
    for (const p of purchases) {
      expect(p.merchantDescription).toBe(p.merchantData?.description);
      expect(p.merchantData?.categoryCode).toMatch(/^\d{4}$/);
      expect(p.merchantData?.location?.country).toMatch(/^[A-Z]{2}$/);
      expect(p.authorizedAt).toBeDefined();
    }
    expect(items.some((t) => t.orderId)).toBe(true);
    expect(items.some((t) => t.referenceNumber)).toBe(true);
    const fx = items.filter((t) => t.originalCurrency);
    expect(fx.length).toBeGreaterThan(0);
    for (const t of fx) {
      const oc = t.originalCurrency as { code: string; amountCents: number; conversionRate: number };
      expect(oc.code).not.toBe('USD');
      expect(Number.isInteger(oc.amountCents)).toBe(true);
      expect(Math.abs(Math.round(oc.amountCents * oc.conversionRate) + t.amountCents)).toBeLessThanOrEqual(1);
    }
    const memos = items.filter((t) => /^(ACH to|ACH credit|ACH return|Wire to|Wire from)/.test(t.description));
    expect(memos.length).toBeGreaterThan(10);
    for (const t of memos) expect(t.memo, t.id).toBeTruthy();
  });

  it('uses the credit subtype for the charge-card account and cash otherwise', () => {
    const charge = [...w.accounts.values()].find((a) => a.type === 'charge_card')?.id;
    const onCharge = items.filter((t) => t.accountId === charge);
    expect(onCharge.length).toBeGreaterThan(0);
    for (const t of onCharge) expect(t.accountSubtype).toBe('credit');
    for (const t of items.filter((x) => x.accountId !== charge)) expect(t.accountSubtype).toBe('cash');
  });

  it('shows both ACH return cases: settled then returned, and returned before settling', () => {
    const returned = items.filter((t) => t.detailedStatus === 'returned');
    expect(returned.length).toBeGreaterThan(0);
    for (const r of returned) {
      expect(r.status).toBe('posted');
      const originalId = /Returned (\S+):/.exec(r.memo ?? '')?.[1];
      const original = items.find((t) => t.id === originalId);
      expect(original?.detailedStatus).toBe('settled');
      expect(original?.amountCents).toBe(-r.amountCents);
    }
    const canceled = items.filter((t) => t.detailedStatus === 'canceled');
    expect(canceled.length).toBeGreaterThan(0);
    for (const t of canceled) expect(t.status).toBe('failed');
  });

  it('records transfers between virtual accounts on both sides', () => {
    const out = items.filter((t) => t.description.startsWith('Transfer to ') && t.amountCents < 0);
    expect(out.length).toBeGreaterThan(0);
    for (const o of out) {
      const twin = items.find(
        (t) => t.date === o.date && t.amountCents === -o.amountCents && t.description.startsWith('Transfer from '),
      );
      expect(twin, o.id).toBeDefined();
      expect(twin?.virtualAccountId).not.toBe(o.virtualAccountId);
    }
  });

  it('keeps every open virtual account positive and empties the closed one', () => {
    for (const va of w.virtualAccounts.values()) {
      const totals = w.transactions.totals(va.id);
      const brute = bruteTotals(items, va.id);
      expect(totals.availableCents).toBe(brute.available);
      expect(totals.postedCents).toBe(brute.posted);
      if (va.closedAt) expect(totals.availableCents, va.name).toBe(0);
      else expect(totals.availableCents, va.name).toBeGreaterThan(0);
      if (va.closedAt)
        expect(items.filter((t) => t.virtualAccountId === va.id).every((t) => t.date <= (va.closedAt as string))).toBe(
          true,
        );
    }
  });

  it('has fee details for fee transactions, pointing to real transactions and cards', () => {
    expect(w.feeDetails.size).toBeGreaterThan(0);
    const types = new Set<string>();
    for (const [txId, details] of w.feeDetails) {
      const fee = w.transactions.get(txId)?.tx;
      expect(fee?.amountCents).toBeLessThan(0);
      for (const d of details) {
        types.add(d.feeType);
        expect(d.feeAmountCents).toBe(-(fee?.amountCents ?? 0));
        if (d.originalTransactionId) expect(w.transactions.get(d.originalTransactionId)).toBeDefined();
        if (d.cardId) expect(w.cards.get(d.cardId)).toBeDefined();
      }
    }
    expect(types).toEqual(
      new Set(['foreign_transaction_fee', 'wire_fee', 'international_wire_fee', 'account_maintenance']),
    );
  });

  it('has every kind of fee on any day and for any seed: the coverage examples do not depend on the dice', () => {
    const days = [TEST_NOW, Date.parse('2026-01-31T23:30:00Z'), Date.parse('2028-02-29T12:00:00Z')];
    for (const [i, day] of days.entries()) {
      const small = createWorld({ seed: 100 + i, transactions: 100, now: () => day });
      const types = new Set([...small.feeDetails.values()].flat().map((d) => d.feeType));
      expect(types, new Date(day).toISOString()).toEqual(
        new Set(['foreign_transaction_fee', 'wire_fee', 'international_wire_fee', 'account_maintenance']),
      );
    }
  });

  it('has pending card purchases authorized in the last hours', () => {
    const recent = items.filter(
      (t) => t.cardId && t.status === 'pending' && Date.parse(t.authorizedAt ?? '') > TEST_NOW - 5 * 3_600_000,
    );
    expect(recent.length).toBeGreaterThanOrEqual(3);
  });

  it('gives closed single-use cards exactly one purchase and inactive cards only declines', () => {
    for (const card of w.cards.values()) {
      const own = items.filter((t) => t.cardId === card.id);
      if (card.isSingleUse && card.status === 'closed') expect(own, card.name).toHaveLength(1);
      if (card.status === 'inactive')
        expect(
          own.every((t) => t.detailedStatus === 'declined'),
          card.name,
        ).toBe(true);
    }
  });
});

describe('determinism', () => {
  it('gives the same history for the same seed, and another for another seed', () => {
    const a = createWorld({ seed: 21, transactions: 700, now: () => TEST_NOW });
    const b = createWorld({ seed: 21, transactions: 700, now: () => TEST_NOW });
    const other = createWorld({ seed: 22, transactions: 700, now: () => TEST_NOW });
    expect(everything(a)).toEqual(everything(b));
    expect([...a.feeDetails]).toEqual([...b.feeDetails]);
    expect(everything(other).map((t) => t.id)).not.toEqual(everything(a).map((t) => t.id));
  });

  it('serves identical first and last pages and aggregates from two sandboxes with the same seed', async () => {
    const [x, y] = await Promise.all([1, 2].map(() => startClient({ seed: 8, transactions: 500, pageSize: 20 })));
    try {
      for (const q of [{}, { 'filter:status': 'posted' }, { 'filter:detailed_status': 'declined' }] as Record<
        string,
        string
      >[]) {
        const [px, py] = [await x!.get('/transaction', q), await y!.get('/transaction', q)];
        expect(px.body).toEqual(py.body);
        const [ax, ay] = [await x!.get('/transaction/aggregation', q), await y!.get('/transaction/aggregation', q)];
        expect(ax.body).toEqual(ay.body);
      }
      const [lx, ly] = [await x!.all<Transaction>('/transaction'), await y!.all<Transaction>('/transaction')];
      expect(lx.slice(-20)).toEqual(ly.slice(-20));
    } finally {
      await Promise.all([x?.close(), y?.close()]);
    }
  });

  it('lays the history out by the UTC day: two worlds made hours apart on one day differ only in the last hours', () => {
    const anchor = startOfUtcDay(TEST_NOW);
    const a = everything(createWorld({ seed: 4, transactions: 600, now: () => anchor + 3 * 3_600_000 }));
    const b = everything(createWorld({ seed: 4, transactions: 600, now: () => anchor + 21 * 3_600_000 }));
    const old = (list: Transaction[]) => list.filter((t) => Date.parse(t.date) < anchor - 2 * DAY);
    expect(old(a)).toEqual(old(b));
  });
});

describe('settlement by the simulated clock', () => {
  let c: Client;
  beforeAll(async () => {
    c = await startClient({ seed: 13, transactions: 900, pageSize: 25 });
  });
  afterAll(() => c.close());

  it('posts pending card purchases two days after they were made and keeps balances consistent', async () => {
    const w = c.sandbox.world;
    const before = await c.all<Transaction>('/transaction');
    const pendingCards = before.filter((t) => t.cardId && t.detailedStatus === 'pending');
    const held = before.filter((t) => t.detailedStatus === 'pending_approval' || t.detailedStatus === 'in_review');
    expect(pendingCards.length).toBeGreaterThan(3);
    expect(held.length).toBeGreaterThan(0);

    const res = await c.call('POST', '/__sandbox/clock', { body: { advanceDays: 3 } });
    expect(res.status).toBe(200);
    expect(res.body.settled).toBeGreaterThanOrEqual(pendingCards.length);

    const after = await c.all<Transaction>('/transaction');
    expect(after).toHaveLength(before.length);
    for (const p of pendingCards) {
      const now = after.find((t) => t.id === p.id) as Transaction;
      expect(now.status).toBe('posted');
      expect(now.detailedStatus).toBe('settled');
      expect(Date.parse(now.date)).toBe(Date.parse(p.date) + 2 * DAY);
      expect(now.authorizedAt).toBe(p.authorizedAt);
      expect(now.referenceNumber).toBeTruthy();
    }
    for (const h of held) expect(after.find((t) => t.id === h.id)).toEqual(h);
    // Still newest first after the rows moved.
    for (let i = 1; i < after.length; i++)
      expect(Date.parse((after[i - 1] as Transaction).date)).toBeGreaterThanOrEqual(
        Date.parse((after[i] as Transaction).date),
      );
    const posted = await c.all<Transaction>('/transaction', { 'filter:status': 'pending' });
    expect(posted.every((t) => t.detailedStatus !== 'pending' || !t.cardId)).toBe(true);

    for (const va of w.virtualAccounts.values()) {
      const totals = w.transactions.totals(va.id);
      const brute = bruteTotals(after, va.id);
      expect(totals.availableCents, va.name).toBe(brute.available);
      expect(totals.postedCents, va.name).toBe(brute.posted);
    }
    // Available did not change (pending already counted), posted grew by what settled.
    const agg = await c.get('/transaction/aggregation', {
      'filter:status': 'pending',
      'filter:detailed_status': 'pending',
    });
    expect(agg.body.count).toBe(after.filter((t) => t.status === 'pending' && t.detailedStatus === 'pending').length);
  });

  it('settles nothing more when the clock does not move', async () => {
    const res = await c.call('POST', '/__sandbox/clock', { body: { advanceMs: 0 } });
    expect(res.body.settled).toBe(0);
  });
});
