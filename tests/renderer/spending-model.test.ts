import { describe, expect, it } from 'vitest';
import type { Card, CardGroup, SpendingConstraint, Transaction } from '../../src/shared/service';
import {
  constraintFromForm,
  emptyConstraintForm,
  formFromConstraint,
  newLimitForm,
  type ConstraintForm,
} from '../../src/renderer/src/cards/model/constraint-form';
import { changedMembers, planConstraintWrite } from '../../src/renderer/src/cards/model/constraint-write';
import {
  describeConstraint,
  describeEffectiveConstraint,
} from '../../src/renderer/src/cards/model/describe-constraint';
import { checkPurchase, type Purchase } from '../../src/renderer/src/cards/model/purchase-check';
import { limitMeters, spentInPeriod } from '../../src/renderer/src/cards/model/utilization';
import { matchMerchants } from '../../src/renderer/src/cards/model/merchant-match';
import { spendQuery } from '../../src/renderer/src/cards/model/spend-window';

// Every clock is pinned: 23:30 UTC on a Sunday, which is already Monday in Auckland and still
// Sunday afternoon in Los Angeles, so "today" differs by zone.
const NOW = Date.parse('2025-06-15T23:30:00Z');

function form(patch: Partial<ConstraintForm>): ConstraintForm {
  return { ...emptyConstraintForm(), ...patch };
}

function errorsOf(f: ConstraintForm, now = NOW): Record<string, string> {
  const r = constraintFromForm(f, now);
  if (r.ok) throw new Error(`expected errors, got ${JSON.stringify(r.constraint)}`);
  return r.errors;
}

function constraintOf(f: ConstraintForm, now = NOW): SpendingConstraint {
  const r = constraintFromForm(f, now);
  if (!r.ok) throw new Error(`expected a constraint, got ${JSON.stringify(r.errors)}`);
  return r.constraint;
}

describe('constraint form: validation beside each field', () => {
  it('refuses a start date after today in the limit’s own zone, and accepts it where that day has begun', () => {
    const la = errorsOf(
      form({
        limits: [
          newLimitForm({ amount: '100', preset: 'weekly', timezone: 'America/Los_Angeles', startDate: '2025-06-16' }),
        ],
      }),
    );
    expect(la['limits.0.startDate']).toMatch(
      /2025-06-16 is in the future: today is 2025-06-15 in America\/Los_Angeles/,
    );
    const utc = errorsOf(
      form({ limits: [newLimitForm({ amount: '100', preset: 'weekly', timezone: 'UTC', startDate: '2025-06-16' })] }),
    );
    expect(utc['limits.0.startDate']).toMatch(/in the future/);
    const akl = constraintOf(
      form({
        limits: [
          newLimitForm({ amount: '100', preset: 'weekly', timezone: 'Pacific/Auckland', startDate: '2025-06-16' }),
        ],
      }),
    );
    expect(akl.spendingRule?.utilizationLimitV2?.[0]).toEqual({
      limitAmount: { amountCents: 10_000 },
      preset: 'weekly',
      timezone: 'Pacific/Auckland',
      startDate: '2025-06-16',
    });
  });

  it('refuses a start date that is not a real day, and an unknown zone', () => {
    const e = errorsOf(
      form({
        limits: [
          newLimitForm({ amount: '1', startDate: '2025-02-30' }),
          newLimitForm({ amount: '1', timezone: 'Mars/Olympus' }),
        ],
      }),
    );
    expect(e['limits.0.startDate']).toMatch(/not a date/);
    expect(e['limits.1.timezone']).toMatch(/not an IANA time zone/);
  });

  it('refuses min > max with a message on the maximum', () => {
    const e = errorsOf(form({ sizeMin: '50.00', sizeMax: '20' }));
    expect(e.sizeMax).toBe(
      'The maximum ($20.00) is below the minimum ($50.00): raise the maximum or lower the minimum.',
    );
    expect(constraintOf(form({ sizeMin: '20', sizeMax: '20' })).spendingRule).toEqual({
      transactionSizeLimit: { minimum: { amountCents: 2_000 }, maximum: { amountCents: 2_000 } },
    });
  });

  it('refuses malformed MCCs, one message per bad row', () => {
    const e = errorsOf(form({ mccs: { restriction: 'allowlist', entries: ['5812', '581', '58a2', '58120'] } }));
    expect(e['mccs.entries.0']).toBeUndefined();
    for (const i of [1, 2, 3]) expect(e[`mccs.entries.${i}`]).toMatch(/exactly four digits/);
  });

  it('refuses a category that is neither one of the category names nor an MCC: it would match no purchase', () => {
    const e = errorsOf(
      form({
        categories: {
          restriction: 'allowlist',
          entries: ['Software', ' travel ', '5812', 'unknown_thing', 'Hotels and lodging'],
        },
      }),
    );
    for (const i of [0, 1, 2]) expect(e[`categories.entries.${i}`]).toBeUndefined();
    expect(e['categories.entries.3']).toMatch(
      /“unknown_thing” is not a merchant category, so it would match no purchase/,
    );
    expect(e['categories.entries.4']).toMatch(/not a merchant category/);
  });

  it('refuses empty and duplicate entries (merchants case-insensitively, countries in any case)', () => {
    const e = errorsOf(
      form({
        merchants: { restriction: 'allowlist', entries: ['Uber', '  ', 'uber'] },
        countries: { restriction: 'blacklist', entries: ['us', 'US', 'ZZ', 'USA'] },
      }),
    );
    expect(e['merchants.entries.1']).toMatch(/Empty merchant/);
    expect(e['merchants.entries.2']).toMatch(/already in the list \(row 1\)/);
    expect(e['countries.entries.1']).toMatch(/already in the list/);
    expect(e['countries.entries.2']).toMatch(/not an ISO country code/);
    expect(e['countries.entries.3']).toMatch(/not an ISO country code/);
  });

  it('refuses a bad amount, a missing amount and two limits over the same period', () => {
    const e = errorsOf(
      form({
        limits: [
          newLimitForm({ amount: '12.345' }),
          newLimitForm({ amount: '' }),
          newLimitForm({ amount: '10', preset: 'daily', startDate: '2025-01-01' }),
          newLimitForm({ amount: '20', preset: 'daily' }),
        ],
        sizeMin: '-1',
      }),
    );
    expect(e['limits.0.amount']).toMatch(/not an amount/);
    expect(e['limits.1.amount']).toMatch(/Enter the limit amount/);
    expect(e['limits.3.preset']).toMatch(/Limit 3 already covers this period/);
    expect(e.sizeMin).toMatch(/not an amount/);
  });

  it('turns a valid form into a constraint and back', () => {
    const c: SpendingConstraint = {
      merchantRule: { merchants: ['Uber', 'merch_1'], restriction: 'allowlist' },
      merchantCategoryRule: { merchantCategories: ['restaurants'], restriction: 'blacklist' },
      countryRule: { countries: ['US', 'DE'], restriction: 'allowlist' },
      merchantCategoryCodeRule: { merchantCategoryCodes: ['5812'], restriction: 'allowlist' },
      spendingRule: {
        utilizationLimitV2: [
          {
            limitAmount: { amountCents: 123_456 },
            preset: 'monthly',
            timezone: 'Europe/Paris',
            startDate: '2025-01-31',
          },
          { limitAmount: { amountCents: 5_000 }, preset: 'collective', timezone: 'UTC' },
        ],
        transactionSizeLimit: { maximum: { amountCents: 99_999 } },
      },
    };
    expect(constraintOf(formFromConstraint(c))).toEqual(c);
    expect(constraintOf(emptyConstraintForm())).toEqual({});
  });

  it('reads the older single utilizationLimit as the first limit', () => {
    const f = formFromConstraint({
      spendingRule: { utilizationLimit: { limitAmount: { amountCents: 100 }, preset: 'daily' } },
    });
    expect(f.limits.map((l) => [l.amount, l.preset, l.timezone])).toEqual([['1.00', 'daily', 'UTC']]);
  });
});

describe('constraint write: the verb and body', () => {
  const before: SpendingConstraint = {
    countryRule: { countries: ['US'], restriction: 'allowlist' },
    spendingRule: { utilizationLimit: { limitAmount: { amountCents: 1_000 }, preset: 'daily' } },
  };

  it('edits with PATCH: only changed members, null for a removed one', () => {
    const after: SpendingConstraint = {
      countryRule: { countries: ['US', 'CA'], restriction: 'allowlist' },
      // The same limit, moved to utilizationLimitV2 with UTC spelled out: the same meaning, so not sent.
      spendingRule: { utilizationLimitV2: [{ limitAmount: { amountCents: 1_000 }, preset: 'daily', timezone: 'UTC' }] },
    };
    expect(planConstraintWrite('card', before, after, 'edit')).toEqual({
      kind: 'patch',
      owner: 'card',
      endpoint: 'patchCardSpendingConstraint',
      body: { countryRule: { countries: ['US', 'CA'], restriction: 'allowlist' } },
    });
    const removed = planConstraintWrite('group', before, { countryRule: before.countryRule! }, 'edit');
    expect(removed).toEqual({
      kind: 'patch',
      owner: 'group',
      endpoint: 'patchCardGroupSpendingConstraint',
      body: { spendingRule: null },
    });
  });

  it('replaces with PUT: every member, absent ones as null', () => {
    const after: SpendingConstraint = { merchantRule: { merchants: ['Uber'], restriction: 'blacklist' } };
    expect(planConstraintWrite('group', before, after, 'replace')).toEqual({
      kind: 'put',
      owner: 'group',
      endpoint: 'putCardGroupSpendingConstraint',
      body: {
        merchantRule: after.merchantRule,
        merchantCategoryRule: null,
        spendingRule: null,
        countryRule: null,
        merchantCategoryCodeRule: null,
      },
    });
    expect(
      planConstraintWrite('card', before, after, 'replace').kind === 'put' &&
        planConstraintWrite('card', before, after, 'replace'),
    ).toMatchObject({ endpoint: 'putCardSpendingConstraint' });
  });

  it('removes everything with null on the card or group, and sends nothing when nothing changed', () => {
    expect(planConstraintWrite('card', before, {}, 'edit')).toEqual({
      kind: 'removeAll',
      owner: 'card',
      endpoint: 'updateCard',
      body: { spendingConstraint: null },
    });
    expect(planConstraintWrite('group', before, {}, 'replace')).toEqual({
      kind: 'removeAll',
      owner: 'group',
      endpoint: 'updateCardGroup',
      body: { spendingConstraint: null },
    });
    expect(planConstraintWrite('card', undefined, {}, 'edit')).toEqual({ kind: 'none' });
    expect(planConstraintWrite('card', before, structuredClone(before), 'edit')).toEqual({ kind: 'none' });
    expect(changedMembers(null, before)).toEqual(['spendingRule', 'countryRule']);
  });
});

const card = (patch: Partial<Card> = {}): Card => ({
  id: 'card_1',
  accountId: 'acct_1',
  last4: '4242',
  name: 'Travel',
  expiryMonth: '12',
  expiryYear: '2029',
  status: 'active',
  isPhysical: false,
  ...patch,
});

const group = (patch: Partial<CardGroup> = {}): CardGroup => ({ id: 'grp_1', name: 'Sales', ...patch });

let txSeq = 0;
function purchase(cardId: string, cents: number, authorizedAt: string, patch: Partial<Transaction> = {}): Transaction {
  txSeq += 1;
  return {
    id: `txn_${txSeq}`,
    date: authorizedAt,
    description: 'Shop',
    amountCents: -cents,
    status: 'pending',
    detailedStatus: 'pending',
    accountId: 'acct_1',
    accountSubtype: 'cash',
    cardId,
    authorizedAt,
    merchantData: {
      description: 'SHOP',
      categoryCode: '5999',
      location: { city: 'X', state: 'CA', country: 'US', zip: '1' },
    },
    ...patch,
  };
}

describe('utilization meters', () => {
  it('counts approved card purchases by authorization time in the limit’s zone, not refunds, declines or fees', () => {
    const txs = [
      purchase('card_1', 1_000, '2025-06-15T10:00:00Z'),
      // Settled and re-dated: still counted on the day it was authorized.
      purchase('card_1', 2_000, '2025-06-15T09:00:00Z', {
        status: 'posted',
        detailedStatus: 'settled',
        date: '2025-06-17T09:00:00Z',
      }),
      purchase('card_1', 4_000, '2025-06-15T11:00:00Z', { status: 'failed', detailedStatus: 'declined' }),
      purchase('card_1', 8_000, '2025-06-15T11:00:00Z', { detailedStatus: 'refund', amountCents: 8_000 }),
      purchase('card_1', 16_000, '2025-06-15T11:00:00Z', { feeInfo: {}, merchantData: undefined }),
      // Yesterday in UTC.
      purchase('card_1', 32_000, '2025-06-14T23:59:59Z'),
    ];
    const meters = limitMeters(
      {
        spendingRule: {
          utilizationLimitV2: [
            { limitAmount: { amountCents: 2_500 }, preset: 'daily' },
            { limitAmount: { amountCents: 100_000 }, preset: 'collective' },
          ],
        },
      },
      txs,
      NOW,
    );
    expect(meters[0]).toMatchObject({
      spentCents: 3_000,
      remainingCents: 0,
      overCents: 500,
      nextResetAt: '2025-06-16T00:00:00.000Z',
    });
    expect(meters[1]).toMatchObject({ spentCents: 35_000, remainingCents: 65_000, overCents: 0 });
    expect(meters[1]!.nextResetAt).toBeUndefined();
    // In Los Angeles the 23:59:59Z purchase is on the 14th's afternoon and today began at 07:00Z.
    const la = limitMeters(
      {
        spendingRule: {
          utilizationLimit: { limitAmount: { amountCents: 100_000 }, preset: 'daily', timezone: 'America/Los_Angeles' },
        },
      },
      txs,
      NOW,
    );
    expect(la[0]).toMatchObject({ spentCents: 3_000, nextResetAt: '2025-06-16T07:00:00.000Z' });
    expect(spentInPeriod(txs, {})).toBe(35_000);
  });

  it('is empty without limits', () => {
    expect(limitMeters(undefined, [], NOW)).toEqual([]);
  });
});

describe('purchase check', () => {
  const shop: Purchase = { merchantName: 'Uber', mcc: '4121', country: 'US', amountCents: 1_000 };

  it('declines a paused card first', () => {
    const v = checkPurchase(shop, { card: card({ status: 'paused' }), transactions: [], nowMs: NOW });
    expect(v).toMatchObject({ approved: false, reason: 'card_not_active', source: 'status' });
  });

  it('names the card’s rule, then the group’s, with group-wide spend', () => {
    const own = checkPurchase(shop, {
      card: card({ spendingConstraint: { countryRule: { countries: ['DE'], restriction: 'allowlist' } } }),
      transactions: [],
      nowMs: NOW,
    });
    expect(own).toMatchObject({ approved: false, reason: 'country_not_allowed', source: 'card' });
    expect(own.approved === false && own.words).toMatch(
      /The card’s country rule allows only in Germany \(DE\); this purchase is in United States \(US\)/,
    );

    const g = group({
      spendingConstraint: {
        spendingRule: { utilizationLimit: { limitAmount: { amountCents: 5_000 }, preset: 'daily' } },
      },
    });
    const other = [purchase('card_2', 4_500, '2025-06-15T08:00:00Z')];
    const c = card({ cardGroupId: 'grp_1' });
    const shared = checkPurchase(shop, { card: c, group: g, transactions: [], groupTransactions: other, nowMs: NOW });
    expect(shared).toMatchObject({ approved: false, reason: 'spending_limit_exceeded', source: 'group' });
    expect(shared.approved === false && shared.words).toMatch(
      /group “Sales”’s limit of \$50.00 a day .* has \$5.00 left \(\$45.00 spent\)/,
    );
    const alone = checkPurchase(shop, { card: c, group: g, transactions: [], nowMs: NOW });
    expect(alone).toMatchObject({ approved: true });
    expect(alone.approved && alone.caveats.join(' ')).toMatch(/Only this card’s spend was counted/);
  });

  it('checks funds only when the balance is known', () => {
    expect(checkPurchase(shop, { card: card(), transactions: [], fundingBalanceCents: 999, nowMs: NOW })).toMatchObject(
      { approved: false, reason: 'insufficient_funds' },
    );
    expect(checkPurchase(shop, { card: card(), transactions: [], fundingBalanceCents: 1_000, nowMs: NOW })).toEqual({
      approved: true,
      caveats: [],
    });
    expect(checkPurchase(shop, { card: card(), transactions: [], fundingClosed: true, nowMs: NOW })).toMatchObject({
      reason: 'account_closed',
    });
  });

  it('matches a merchant by name in any case or by id, and a category by name or MCC', () => {
    const c = card({
      spendingConstraint: {
        merchantRule: { merchants: ['merch_9', 'UBER'], restriction: 'allowlist' },
        merchantCategoryRule: { merchantCategories: ['travel'], restriction: 'allowlist' },
      },
    });
    expect(checkPurchase(shop, { card: c, transactions: [], nowMs: NOW }).approved).toBe(true);
    expect(
      checkPurchase({ ...shop, merchantName: 'Lyft', merchantId: 'merch_9' }, { card: c, transactions: [], nowMs: NOW })
        .approved,
    ).toBe(true);
    const v = checkPurchase({ ...shop, mcc: '5812' }, { card: c, transactions: [], nowMs: NOW });
    expect(v).toMatchObject({ approved: false, reason: 'merchant_category_not_allowed' });
    expect(v.approved === false && v.words).toMatch(/5812 is in “Restaurants”/);
  });

  it('names a merchant listed by id in the words of a merchant rule', () => {
    const c = card({ spendingConstraint: { merchantRule: { merchants: ['merch_9'], restriction: 'allowlist' } } });
    const v = checkPurchase(
      { ...shop, merchantName: 'Lyft' },
      { card: c, transactions: [], merchants: [{ id: 'merch_9', name: 'GitHub' }], nowMs: NOW },
    );
    expect(v.approved === false && v.words).toBe(
      'The card’s merchant rule allows only at GitHub (id merch_9); “Lyft” is not allowed.',
    );
  });

  it('declines below the minimum and above the maximum size', () => {
    const c = card({
      spendingConstraint: {
        spendingRule: { transactionSizeLimit: { minimum: { amountCents: 500 }, maximum: { amountCents: 900 } } },
      },
    });
    expect(checkPurchase({ ...shop, amountCents: 499 }, { card: c, transactions: [], nowMs: NOW })).toMatchObject({
      reason: 'transaction_size_limit_exceeded',
      rule: { bound: 'minimum' },
    });
    expect(checkPurchase({ ...shop, amountCents: 901 }, { card: c, transactions: [], nowMs: NOW })).toMatchObject({
      reason: 'transaction_size_limit_exceeded',
      rule: { bound: 'maximum' },
    });
    expect(checkPurchase({ ...shop, amountCents: 900 }, { card: c, transactions: [], nowMs: NOW }).approved).toBe(true);
  });
});

describe('effective constraint in words', () => {
  it('keeps the card’s own rules and its group’s apart', () => {
    const c = card({
      cardGroupId: 'grp_1',
      spendingConstraint: { merchantCategoryCodeRule: { merchantCategoryCodes: ['5812'], restriction: 'blacklist' } },
    });
    const g = group({
      spendingConstraint: {
        spendingRule: {
          utilizationLimitV2: [
            {
              limitAmount: { amountCents: 50_000 },
              preset: 'monthly',
              timezone: 'Europe/Paris',
              startDate: '2025-01-15',
            },
          ],
        },
      },
    });
    const w = describeEffectiveConstraint(c, g);
    expect(w.card).toEqual(['Merchant category codes: anywhere except with 5812 Restaurants.']);
    expect(w.group).toEqual([
      'Spending at most $500.00 a month (resets at midnight in Europe/Paris, periods counted from 2025-01-15).',
    ]);
    expect(w.summary).toMatch(/own rules and those of its group “Sales”/);
    // Whose purchases a group's limits count: the cards in it now, with what they spent before joining.
    expect(w.summary).toMatch(
      /count what every card in it now spent in the current period, purchases made before it joined included; a card that leaves takes its purchases with it/,
    );
    expect(describeEffectiveConstraint(card(), undefined).summary).toMatch(/No spending rules/);
    expect(describeEffectiveConstraint(card({ cardGroupId: 'grp_x' }), undefined).summary).toMatch(
      /not in the local cache/,
    );
    expect(describeEffectiveConstraint(card({ cardGroupId: 'grp_1' }), g).summary).toMatch(
      /no rules of its own; those of its group/,
    );
  });

  it('says each rule kind', () => {
    expect(
      describeConstraint(
        {
          merchantRule: { merchants: ['Uber', 'mer_9'], restriction: 'allowlist' },
          merchantCategoryRule: {
            merchantCategories: ['restaurants', 'unknown_thing', '5812'],
            restriction: 'allowlist',
          },
          countryRule: { countries: ['DE'], restriction: 'blacklist' },
          spendingRule: {
            transactionSizeLimit: { minimum: { amountCents: 100 } },
            utilizationLimit: { limitAmount: { amountCents: 1 }, preset: 'collective' },
          },
        },
        [{ id: 'mer_9', name: 'GitHub' }],
      ),
    ).toEqual([
      // A merchant listed by id is named from the cache; an entry that is not a category says it matches nothing.
      'Merchants: only at Uber, GitHub (id mer_9).',
      'Categories: only in Restaurants, “unknown_thing” (not a category: matches nothing), MCC 5812 Restaurants.',
      'Countries: anywhere except in Germany (DE).',
      'Each purchase at least $1.00.',
      'Spending at most $0.01 in total, never reset.',
    ]);
  });
});

describe('merchant matching for the offline picker', () => {
  const ms = [
    { id: 'm1', name: 'Uber Eats' },
    { id: 'm2', name: 'Uber' },
    { id: 'm3', name: 'Pub Uber Bar' },
    { id: 'm4', name: 'GitHub' },
  ];
  it('finds names containing the text in any case, those starting with it first', () => {
    expect(matchMerchants(ms, 'uBe').map((m) => m.name)).toEqual(['Uber', 'Uber Eats', 'Pub Uber Bar']);
    expect(matchMerchants(ms, 'zzz')).toEqual([]);
    expect(matchMerchants(ms, '  ', 2).map((m) => m.id)).toEqual(['m1', 'm2']);
  });
});

describe('which cached purchases a group’s meters read', () => {
  it('those of the cards in the group now, by card, since the earliest period start', () => {
    expect(spendQuery(['card_b', 'card_a'], 1_000)).toEqual({
      cardIds: ['card_a', 'card_b'],
      maxCents: -1,
      fromMs: 1_000,
    });
    // A collective limit counts all time; no limit or no card reads nothing (an empty card list would not filter).
    expect(spendQuery(['card_a'], null)).toEqual({ cardIds: ['card_a'], maxCents: -1 });
    expect(spendQuery(['card_a'], undefined)).toBeNull();
    expect(spendQuery([], 1_000)).toBeNull();
  });
});
