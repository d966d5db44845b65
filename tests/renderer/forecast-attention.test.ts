import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxRow } from '../../src/shared/outbox';
import type { Card, CardGroup, Transaction, VirtualAccountView } from '../../src/shared/service';
import { setDateLocale } from '../../src/renderer/src/model/format';
import { attentionItems, belowZero, nearLimits, overdraws } from '../../src/renderer/src/forecast/model/attention';
import { monthWindows, nextClockDelay } from '../../src/renderer/src/forecast/model/days';
import { forecast } from '../../src/renderer/src/forecast/model/forecast';
import {
  cashSummary,
  forecastAccounts,
  movementsOf,
  outboxSummary,
} from '../../src/renderer/src/forecast/model/inputs';
import { historyOf, spendQueries } from '../../src/renderer/src/forecast/model/spend-queries';
import { referenceSearch } from '../../src/renderer/src/search/model/reference-search';
import { toSearchRow } from '../../src/renderer/src/search/model/search-row';
import { cardSpendNote, unplacedNote } from '../../src/renderer/src/forecast/model/words';

const NOW = Date.UTC(2026, 10, 24, 12); // Tue 2026-11-24 12:00 UTC
// The texts below are read in English, whatever the machine's language.
beforeAll(() => setDateLocale('en-US'));
afterAll(() => setDateLocale(undefined));
const DAY = 86_400_000;

const view = (
  id: string,
  balance: number,
  extra: Partial<VirtualAccountView['virtualAccount']> = {},
): VirtualAccountView => ({
  virtualAccount: { id, name: `Account ${id}`, accountId: 'acct', accountType: 'default', closedAt: null, ...extra },
  balance: { amountCents: balance },
  spend: { amountCents: 0 },
});

function row(
  id: string,
  state: OutboxRow['state'],
  transfer: { source: string; destination: string; amountCents: number },
  notBefore?: number,
): OutboxRow {
  return {
    id,
    profileId: 'p',
    idempotencyKey: `k-${id}`,
    state,
    createdAt: NOW - DAY,
    updatedAt: NOW - DAY,
    attempts: [],
    history: [],
    sourceKey: `va:${transfer.source}`,
    amountCents: transfer.amountCents,
    labels: {},
    kind: 'transfer',
    payload: transfer,
    ...(notBefore !== undefined ? { notBefore } : {}),
  };
}

function payment(id: string, amountCents: number, sourceSvcHandleId?: string): OutboxRow {
  return {
    ...row(id, 'approved', { source: 'x', destination: 'y', amountCents }),
    kind: 'payment',
    sourceKey: 'handle:own',
    payload: { amountCents, svcHandle: 'acme', ...(sourceSvcHandleId ? { sourceSvcHandleId } : {}) },
  };
}

describe('the outbox as the forecast reads it', () => {
  const accounts = [view('a', 10_000, { accountType: 'primary' }), view('b', 0)];

  it('counts approved and sending rows, on their scheduled day or today; rows awaiting approval and drafts are left out', () => {
    const rows = [
      row('now', 'approved', { source: 'a', destination: 'b', amountCents: 1_000 }),
      row('later', 'approved', { source: 'a', destination: 'b', amountCents: 2_000 }, NOW + 3 * DAY),
      row('past', 'sending', { source: 'b', destination: 'a', amountCents: 500 }, NOW - 2 * DAY),
      row('waiting', 'awaiting-approval', { source: 'a', destination: 'b', amountCents: 9_000 }),
      row('draft', 'draft', { source: 'a', destination: 'b', amountCents: 9_000 }),
    ];
    const { movements, unplaced } = movementsOf(rows, accounts, NOW, { asOf: NOW - 3 * DAY, sent: [] });
    expect(movements.map((m) => [m.id, m.atMs])).toEqual([
      ['now', NOW],
      ['later', NOW + 3 * DAY],
      ['past', NOW],
    ]);
    expect(unplaced).toEqual([]);
  });

  it('counts a row sent or being sent only when it went out after the balances were read, on day 0', () => {
    const asOf = NOW - 2 * 3_600_000;
    const tried = (r: OutboxRow, at: number): OutboxRow => ({ ...r, attempts: [{ at, outcome: 'ok' }], updatedAt: at });
    const t = { source: 'a', destination: 'b', amountCents: 100 };
    const queue = [
      tried(row('sending-after', 'sending', t), asOf + 1),
      tried(row('sending-before', 'sending', t), asOf - 1),
      { ...row('claimed-after', 'sending', t), updatedAt: asOf + 60_000 },
    ];
    const sent = [
      tried(row('sent-after', 'sent', t, NOW + 5 * DAY), asOf + 5),
      tried(row('sent-before', 'sent', t), asOf - 5),
      tried(row('canceled', 'canceled', t), asOf + 5),
    ];
    const { movements } = movementsOf(queue, accounts, NOW, { asOf, sent });
    expect(movements.map((m) => [m.id, m.atMs])).toEqual([
      ['sending-after', NOW],
      ['claimed-after', NOW],
      ['sent-after', NOW],
    ]);
    // Nothing read from the service yet: nothing sent is counted.
    expect(movementsOf(queue, accounts, NOW, { asOf: null, sent }).movements).toEqual([]);
  });

  it('takes a payment from the own handle out of the primary account, and sets one from another handle apart', () => {
    const { movements, unplaced } = movementsOf(
      [payment('own', 700), payment('other', 800, 'handle-9')],
      accounts,
      NOW,
    );
    expect(movements).toMatchObject([{ id: 'own', kind: 'payment', fromId: 'a', amountCents: 700 }]);
    expect(movements[0]?.toId).toBeUndefined();
    expect(unplaced.map((r) => r.id)).toEqual(['other']);
  });

  it('takes a payment from a chosen handle out of the account that handle maps to, and leaves it apart when the cache cannot tell', () => {
    const views = [
      view('a', 0, { accountType: 'primary', accountId: 'bank-1' }),
      view('b', 0, { accountId: 'bank-1' }),
      view('c', 0, { accountId: 'bank-2' }),
    ];
    const handles = [
      { id: 'h-c', svcHandle: 'acme-two', name: 'Acme', accountId: 'bank-2' },
      { id: 'h-b', svcHandle: 'acme-b', name: 'Acme', accountId: 'b' },
      { id: 'h-1', svcHandle: 'acme', name: 'Acme', accountId: 'bank-1' },
    ];
    const rows = [
      payment('to-c', 100, 'h-c'),
      payment('to-b', 200, 'h-b'),
      payment('shared', 300, 'h-1'),
      payment('unknown', 400, 'h-x'),
    ];
    const { movements, unplaced } = movementsOf(rows, views, NOW, { asOf: NOW, sent: [] }, handles);
    expect(movements.map((m) => [m.id, m.fromId])).toEqual([
      ['to-c', 'c'],
      ['to-b', 'b'],
    ]);
    // Two accounts under bank-1, and a handle not in the cache: the paying account is not known.
    expect(unplaced.map((r) => r.id)).toEqual(['shared', 'unknown']);
    expect(unplacedNote(2)).toContain('from a chosen handle of yours are not in any account');
    expect(unplacedNote(2)).not.toContain('another');
  });

  it('puts each unfinished row in one bucket, with totals', () => {
    const s = outboxSummary(
      [
        row('1', 'awaiting-approval', { source: 'a', destination: 'b', amountCents: 100 }),
        row('2', 'awaiting-approval', { source: 'a', destination: 'b', amountCents: 200 }, NOW + DAY),
        row('3', 'approved', { source: 'a', destination: 'b', amountCents: 400 }),
        row('4', 'approved', { source: 'a', destination: 'b', amountCents: 800 }, NOW + DAY),
        row('5', 'needs-review', { source: 'a', destination: 'b', amountCents: 1_600 }),
        row('6', 'failed', { source: 'a', destination: 'b', amountCents: 3_200 }),
      ],
      NOW,
    );
    expect(s).toEqual({
      awaiting: { count: 2, totalCents: 300 },
      approved: { count: 1, totalCents: 400 },
      scheduled: { count: 1, totalCents: 800 },
      needsReview: { count: 1, totalCents: 1_600 },
    });
  });
});

describe('cash', () => {
  it('totals the open accounts; a closed one with money is listed apart, one without is not listed', () => {
    const s = cashSummary([
      view('a', 1_000),
      view('b', 250),
      view('c', 75, { closedAt: '2026-01-01T00:00:00Z' }),
      view('d', 0, { closedAt: '2026-01-01T00:00:00Z' }),
    ]);
    expect(s.totalCents).toBe(1_250);
    expect(s.open.map((v) => v.virtualAccount.id)).toEqual(['a', 'b']);
    expect(s.closedWithBalance.map((v) => v.virtualAccount.id)).toEqual(['c']);
  });

  it('forecasts only open accounts, with a flat-fee rule when it has a start date', () => {
    const withRule: VirtualAccountView = {
      ...view('a', 5),
      commissionRule: {
        id: 'r',
        virtualAccountId: 'a',
        commissionDetails: {
          type: 'flatFee',
          amount: { amountCents: 300 },
          frequency: 'monthly',
          startDate: '2026-01-31',
        },
      },
    };
    const rate: VirtualAccountView = {
      ...view('b', 5),
      commissionRule: { id: 'r2', virtualAccountId: 'b', commissionDetails: { type: 'takeRate', takeRate: 0.1 } },
    };
    const got = forecastAccounts([withRule, rate, view('c', 5, { closedAt: '2026-01-01T00:00:00Z' })], { a: 2_800 });
    expect(got).toEqual([
      {
        id: 'a',
        name: 'Account a',
        balanceCents: 5,
        cardSpendHistoryCents: 2_800,
        commission: { amountCents: 300, frequency: 'monthly', startDate: '2026-01-31' },
      },
      { id: 'b', name: 'Account b', balanceCents: 5, cardSpendHistoryCents: 0 },
    ]);
  });
});

describe('attention', () => {
  const accounts = [
    { id: 'a', name: 'Ops', balanceCents: 10_000, cardSpendHistoryCents: 0 },
    { id: 'b', name: 'Payroll', balanceCents: 100, cardSpendHistoryCents: 28 * 50 },
  ];

  it('flags the transfer that takes its source below zero on its day, naming the day, and not one that leaves it above', () => {
    const f = forecast(
      {
        accounts,
        movements: [
          {
            id: 'small',
            kind: 'transfer',
            fromId: 'a',
            toId: 'b',
            amountCents: 4_000,
            atMs: NOW + DAY,
            label: 'Transfer $40.00',
          },
          {
            id: 'big',
            kind: 'transfer',
            fromId: 'a',
            toId: 'b',
            amountCents: 7_000,
            atMs: NOW + 2 * DAY,
            label: 'Transfer $70.00',
          },
        ],
      },
      NOW,
    );
    const items = overdraws(f);
    expect(items).toHaveLength(1);
    expect(items[0]?.text).toBe('Transfer $70.00 would overdraw Ops on Nov 26, 2026: -$10.00 at the end of that day.');
    expect(items[0]?.section).toBe('approvals');
  });

  it('does not blame a transfer for a day that ends below zero without it', () => {
    const f = forecast(
      {
        accounts: [{ id: 'a', name: 'Ops', balanceCents: -500, cardSpendHistoryCents: 0 }],
        movements: [{ id: 't', kind: 'transfer', fromId: 'a', toId: 'b', amountCents: 100, atMs: NOW, label: 'T' }],
      },
      NOW,
    );
    expect(overdraws(f)).toEqual([]);
    expect(belowZero(f).map((i) => i.text)).toEqual([
      'Ops is forecast below zero on Nov 24, 2026 (lowest -$6.00 on Nov 24, 2026).',
    ]);
  });

  it('names the first day an account goes below zero: $1.00 spending 50 cents a day is under on day 3', () => {
    const f = forecast({ accounts, movements: [] }, NOW);
    expect(belowZero(f)).toEqual([
      {
        key: 'negative:b',
        text: 'Payroll is forecast below zero on Nov 27, 2026 (lowest -$13.50 on Dec 23, 2026).',
        section: 'accounts',
      },
    ]);
  });

  const limited = (id: string, cents: number): Card =>
    ({
      id,
      accountId: 'acct',
      last4: '4242',
      name: `Card ${id}`,
      expiryMonth: '12',
      expiryYear: '2030',
      status: 'active',
      isPhysical: false,
      spendingConstraint: {
        spendingRule: { utilizationLimit: { limitAmount: { amountCents: cents }, preset: 'monthly' } },
      },
    }) as Card;
  const purchase = (cardId: string, cents: number, date: string): Transaction =>
    ({
      id: `${cardId}-${cents}-${date}`,
      date,
      authorizedAt: date,
      description: 'Shop',
      amountCents: -cents,
      status: 'posted',
      detailedStatus: 'settled',
      accountId: 'acct',
      accountSubtype: 'cash',
      cardId,
      merchantData: { description: 'Shop' },
    }) as Transaction;

  it('flags a card past 80% of a limit in its current period; exactly 80%, or spend of an earlier period, is not flagged', () => {
    const cards = [limited('x', 10_000), limited('y', 10_000), limited('z', 10_000)];
    const txs = [
      purchase('x', 8_001, '2026-11-10T10:00:00Z'),
      purchase('y', 8_000, '2026-11-10T10:00:00Z'),
      purchase('z', 9_000, '2026-10-30T10:00:00Z'),
    ];
    const items = nearLimits(cards, txs, NOW);
    expect(items.map((i) => i.key)).toEqual(['limit:x:0']);
    expect(items[0]?.text).toMatch(/^Card Card x has spent \$80\.01 \(80%\) of its limit of /);
    expect(items[0]?.section).toBe('cards');
  });

  it('says the limit check is partial when only the newest transactions were read, and not when all were', () => {
    const cards = [limited('x', 10_000)];
    const txs = [purchase('x', 100, '2026-11-10T10:00:00Z')];
    expect(nearLimits(cards, txs, NOW, true)).toEqual([]);
    const partial = nearLimits(cards, txs, NOW, false);
    expect(partial.map((i) => i.key)).toEqual(['limit:partial']);
    expect(partial[0]?.text).toContain('newest 1 saved card transactions only');
    // No limited card: nothing was checked, nothing to qualify.
    expect(nearLimits([], txs, NOW, false)).toEqual([]);
  });

  it('lists overdraws, then accounts below zero, then cards', () => {
    const f = forecast(
      {
        accounts,
        movements: [
          { id: 'big', kind: 'transfer', fromId: 'a', toId: 'b', amountCents: 20_000, atMs: NOW, label: 'T' },
        ],
      },
      NOW,
    );
    const cards = [limited('x', 100)];
    expect(
      attentionItems(f, { cards, groups: [], allCards: cards }, [purchase('x', 90, '2026-11-20T00:00:00Z')], NOW).map(
        (i) => i.key.split(':')[0],
      ),
    ).toEqual(['overdraw', 'negative', 'limit']);
  });

  it('flags a group past 80% of its limit by the spend of the cards in it now, none of which has a limit of its own', () => {
    const member = (id: string, groupId?: string): Card =>
      ({ ...limited(id, 1), spendingConstraint: undefined, ...(groupId ? { cardGroupId: groupId } : {}) }) as Card;
    const group: CardGroup = {
      id: 'cg_meals',
      name: 'Meals',
      spendingConstraint: {
        spendingRule: { utilizationLimit: { limitAmount: { amountCents: 10_000 }, preset: 'monthly' } },
      },
    };
    const cards = [member('a', 'cg_meals'), member('b', 'cg_meals'), member('gone')];
    // 45 + 40 = 85% by the two members; the card that left the group spent 50 more, not counted.
    const txs = [
      purchase('a', 4_500, '2026-11-10T10:00:00Z'),
      purchase('b', 4_000, '2026-11-12T10:00:00Z'),
      purchase('gone', 5_000, '2026-11-12T10:00:00Z'),
    ];
    const items = attentionItems([], { cards: [], groups: [group], allCards: cards }, txs, NOW);
    expect(items.map((i) => i.key)).toEqual(['group-limit:cg_meals:0']);
    expect(items[0]?.text).toMatch(
      /^Group Meals \(2 cards\) has spent \$85\.00 \(85%\) of its limit of \$100\.00 a month/,
    );
    expect(items[0]?.section).toBe('card-groups');
    // At 80% exactly it is not flagged.
    expect(
      attentionItems(
        [],
        { cards: [], groups: [group], allCards: cards },
        txs.slice(1).concat(purchase('a', 4_000, '2026-11-10T10:00:00Z')),
        NOW,
      ),
    ).toEqual([]);
  });
});

describe('months and spend queries', () => {
  it('this month so far and the whole of last month, UTC, across a year end', () => {
    const jan = Date.UTC(2027, 0, 5, 3);
    expect(monthWindows(jan)).toEqual({
      thisMonth: { fromMs: Date.UTC(2027, 0, 1), toMs: Date.UTC(2027, 1, 1) },
      lastMonth: { fromMs: Date.UTC(2026, 11, 1), toMs: Date.UTC(2027, 0, 1) },
    });
  });

  it('asks nothing with no card cached (an empty card filter would not filter), and the last 28 full days per account', () => {
    expect(spendQueries([], ['a'], NOW)).toBeNull();
    const q = spendQueries([{ id: 'c1' }], ['a'], NOW);
    expect(q?.['history:a']).toEqual({
      cardIds: ['c1'],
      detailedStatuses: ['pending', 'settled', 'dispute'],
      maxCents: -1,
      fromMs: Date.UTC(2026, 9, 27),
      toMs: Date.UTC(2026, 10, 24) - 1,
      virtualAccountIds: ['a'],
    });
  });

  it("counts a card's spend for its funding account when the transaction names no virtual account, and for the named one when it does", () => {
    const tx = (id: string, cardId: string, cents: number, virtualAccountId?: string): Transaction =>
      ({
        id,
        date: '2026-11-20T10:00:00Z',
        description: 'Shop',
        amountCents: -cents,
        status: 'posted',
        detailedStatus: 'settled',
        accountId: 'acct',
        accountSubtype: 'cash',
        cardId,
        ...(virtualAccountId ? { virtualAccountId } : {}),
      }) as Transaction;
    const rows = [
      tx('1', 'c1', 1_000),
      tx('2', 'c1', 500, 'b'),
      tx('3', 'c2', 300, 'b'),
      tx('4', 'c2', 200, 'gone'),
      tx('5', 'c3', 70),
    ].map((t) => toSearchRow(t, () => undefined));
    // c1 spends from a, c2 from b; c3's funding account is not known.
    const q =
      spendQueries([{ id: 'c1', fundedBy: 'a' }, { id: 'c2', fundedBy: 'b' }, { id: 'c3' }], ['a', 'b'], NOW) ?? {};
    const outByKey = Object.fromEntries(
      Object.entries(q).map(([k, query]) => [k, referenceSearch(rows, query).summary.outCents]),
    );
    expect(historyOf(outByKey, 'a')).toBe(1_000);
    // 'gone' is none of our accounts: the card's funding account is charged.
    expect(historyOf(outByKey, 'b')).toBe(500 + 300 + 200);
  });
});

describe('commissions', () => {
  it('moves each collection from its account into the primary one; the primary pays none of its own', () => {
    const rule = { amountCents: 1_000, frequency: 'monthly' as const, startDate: '2026-06-30T00:00:00Z' };
    const f = forecast(
      {
        accounts: [
          { id: 'p', name: 'Primary', balanceCents: 0, cardSpendHistoryCents: 0, commission: rule },
          { id: 'a', name: 'Ops', balanceCents: 5_000, cardSpendHistoryCents: 0, commission: rule },
        ],
        movements: [],
        primaryId: 'p',
      },
      NOW,
    );
    expect(f.map((x) => x.events.map((e) => [e.kind, e.amountCents, e.day]))).toEqual([
      [['commission-in', 1_000, 6]],
      [['commission', -1_000, 6]],
    ]);
  });
});

describe('the forecast in words', () => {
  it('says card spend is not projected, and why, when the totals failed; never a rate of $0.00', () => {
    const note = cardSpendNote(0, { state: 'error', error: 'The cached spend could not be totalled: worker gone.' });
    expect(note).toContain('Card spend is not projected: The cached spend could not be totalled: worker gone.');
    expect(note).not.toContain('$0.00');
    expect(cardSpendNote(50, { state: 'ready', error: null })).toBe(
      "Card spend is projected at $0.50 a day: the account's average over the last 28 days.",
    );
  });
});

describe("the dashboard's clock", () => {
  it('reads the time again after a minute, or at the next UTC midnight when that comes first', () => {
    expect(nextClockDelay(NOW, 60_000)).toBe(60_000);
    // 23:59:30 on Nov 30: the next read is at midnight, when December (and a new day 0) starts.
    const late = Date.UTC(2026, 10, 30, 23, 59, 30);
    expect(late + nextClockDelay(late, 60_000)).toBe(Date.UTC(2026, 11, 1));
    expect(nextClockDelay(Date.UTC(2026, 11, 1) - 1, 60_000)).toBe(1);
    expect(nextClockDelay(Date.UTC(2026, 11, 1), 60_000)).toBe(60_000);
  });
});
