import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Card,
  CardGroup,
  Merchant,
  Transaction,
  type SpendingConstraint,
  type UtilizationLimit,
} from '../../src/shared/service';
import { checkPurchase, type Purchase } from '../../src/renderer/src/cards/model/purchase-check';
import { startClient, type Client, okBody as ok } from '../support/sandbox-harness';
import { dayText, localDay } from '../support/zoned-calendar-reference';

/**
 * The sandbox's authorization route is the oracle for the app's offline purchase check: random
 * constraints on a card and its group, random purchases on random cards of the group (so group
 * limits fill up from several cards), pauses, single-use cards, a small funding balance and a clock
 * that moves across resets. Before each purchase the app's inputs are read back over HTTP exactly
 * as the app caches them (the card, the group, the cards' transactions, the balance); then both
 * decide, and they must agree on approval and on the decline reason.
 */

let c: Client;
let merchants: Merchant[] = [];
beforeAll(async () => {
  // Pinned by the harness (TEST_NOW); only this test moves the clock, by POST /__sandbox/clock.
  c = await startClient({ transactions: 60 });
  merchants = (await c.all('/merchant')).map((m) => Merchant.parse(m)).slice(0, 4);
});
afterAll(() => c.close());

// The test's own days come from the calendar reference, not from the modules both sides decide with.
const ZONES = [
  'UTC',
  'America/Los_Angeles',
  'Pacific/Auckland',
  'Asia/Kolkata',
  'America/Havana',
  'Atlantic/Azores',
] as const;
const COUNTRIES = ['US', 'CA', 'DE', 'GB'] as const;
const MCCS = ['4121', '5812', '5411', '7372', '5999', '3010'] as const;
const CATEGORIES = ['travel', 'restaurants', 'groceries', 'software', 'airlines', 'other', '5999'] as const;
const UNKNOWN_MERCHANT = 'Corner Shop';

interface LimitSpec {
  cents: number;
  preset: UtilizationLimit['preset'];
  zone: (typeof ZONES)[number];
  /** A start this many days before today in the limit's zone; none when undefined. */
  startDaysAgo: number | undefined;
}

interface ConstraintSpec {
  merchants?: { allow: boolean; picks: number[]; byId: boolean; upper: boolean };
  categories?: { allow: boolean; entries: string[] };
  mccs?: { allow: boolean; entries: string[] };
  countries?: { allow: boolean; entries: string[] };
  size?: { min?: number; max?: number };
  limits: LimitSpec[];
}

const restriction = (allow: boolean) => (allow ? 'allowlist' : 'blacklist') as 'allowlist' | 'blacklist';
const subset = <T>(items: readonly T[]) =>
  fc.uniqueArray(fc.constantFrom(...items), { minLength: 1, maxLength: items.length });

const limitSpec: fc.Arbitrary<LimitSpec> = fc.record({
  cents: fc.integer({ min: 1_000, max: 12_000 }),
  preset: fc.constantFrom('daily', 'weekly', 'monthly', 'yearly', 'collective'),
  zone: fc.constantFrom(...ZONES),
  startDaysAgo: fc.option(fc.integer({ min: 0, max: 500 }), { nil: undefined }),
});

const constraintSpec: fc.Arbitrary<ConstraintSpec> = fc.record(
  {
    merchants: fc.record({
      allow: fc.boolean(),
      picks: fc.uniqueArray(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 3 }),
      byId: fc.boolean(),
      upper: fc.boolean(),
    }),
    categories: fc.record({ allow: fc.boolean(), entries: subset(CATEGORIES) }),
    mccs: fc.record({ allow: fc.boolean(), entries: subset(MCCS) }),
    countries: fc.record({ allow: fc.boolean(), entries: subset(COUNTRIES) }),
    size: fc.record(
      { min: fc.integer({ min: 100, max: 1_500 }), max: fc.integer({ min: 1_500, max: 9_000 }) },
      { requiredKeys: [] },
    ),
    limits: fc.array(limitSpec, { maxLength: 3 }),
  },
  { requiredKeys: ['limits'] },
);

/** The merchant a pick names: a seeded one (by name or id) or, past the end, one the sandbox does not know. */
function merchantEntry(pick: number, byId: boolean, upper: boolean): string {
  const m = merchants[pick];
  if (!m) return upper ? UNKNOWN_MERCHANT.toUpperCase() : UNKNOWN_MERCHANT;
  if (byId) return m.id;
  return upper ? m.name.toUpperCase() : m.name.toLowerCase();
}

function buildConstraint(spec: ConstraintSpec, nowMs: number): SpendingConstraint {
  const out: SpendingConstraint = {};
  if (spec.merchants)
    out.merchantRule = {
      merchants: spec.merchants.picks.map((p) => merchantEntry(p, spec.merchants!.byId, spec.merchants!.upper)),
      restriction: restriction(spec.merchants.allow),
    };
  if (spec.categories)
    out.merchantCategoryRule = {
      merchantCategories: spec.categories.entries,
      restriction: restriction(spec.categories.allow),
    };
  if (spec.mccs)
    out.merchantCategoryCodeRule = {
      merchantCategoryCodes: spec.mccs.entries,
      restriction: restriction(spec.mccs.allow),
    };
  if (spec.countries)
    out.countryRule = { countries: spec.countries.entries, restriction: restriction(spec.countries.allow) };
  const limits = spec.limits.map((l): UtilizationLimit => ({
    limitAmount: { amountCents: l.cents },
    preset: l.preset,
    timezone: l.zone,
    ...(l.startDaysAgo !== undefined ? { startDate: dayText(localDay(nowMs, l.zone) - l.startDaysAgo) } : {}),
  }));
  const size = spec.size && (spec.size.min !== undefined || spec.size.max !== undefined) ? spec.size : undefined;
  if (limits.length || size) {
    out.spendingRule = {
      // The first limit sometimes goes in the older single field, to cover both spellings.
      ...(limits.length === 1 && limits[0]!.limitAmount.amountCents % 2 === 0
        ? { utilizationLimit: limits[0]! }
        : limits.length
          ? { utilizationLimitV2: limits }
          : {}),
      ...(size
        ? {
            transactionSizeLimit: {
              ...(size.min !== undefined ? { minimum: { amountCents: size.min } } : {}),
              ...(size.max !== undefined ? { maximum: { amountCents: size.max } } : {}),
            },
          }
        : {}),
    };
  }
  return out;
}

type Step =
  | { kind: 'buy'; card: number; merchant: number; upper: boolean; mcc: string; country: string; cents: number }
  | { kind: 'pause' | 'resume'; card: number }
  | { kind: 'advance'; hours: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      card: fc.integer({ min: 0, max: 2 }),
      merchant: fc.integer({ min: 0, max: 4 }),
      upper: fc.boolean(),
      mcc: fc.constantFrom(...MCCS),
      country: fc.constantFrom(...COUNTRIES),
      cents: fc.integer({ min: 50, max: 6_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom('pause' as const, 'resume' as const),
      card: fc.integer({ min: 0, max: 2 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), hours: fc.integer({ min: 1, max: 24 * 40 }) }),
  },
);

const scenario = fc.record({
  cardSpec: fc.option(constraintSpec, { nil: undefined }),
  groupSpec: fc.option(constraintSpec, { nil: undefined }),
  /** Which of the three cards is single-use (none when 3). */
  singleUse: fc.integer({ min: 0, max: 6 }),
  fundingCents: fc.integer({ min: 5_000, max: 60_000 }),
  steps: fc.array(step, { minLength: 4, maxLength: 14 }),
});

async function sandboxNow(): Promise<number> {
  const r = await ok(c.get<{ now: string }>('/__sandbox/clock'), 'GET /__sandbox/clock');
  return Date.parse(r.now);
}

async function cardTransactions(cardId: string): Promise<Transaction[]> {
  return (await c.all('/transaction', { 'filter:cardId': cardId })).map((t) => Transaction.parse(t));
}

let runs = 0;
const seen = { approved: 0, reasons: new Map<string, number>(), groupLimitFromOtherCards: 0 };

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

async function runScenario(s: Scenario): Promise<void> {
  runs += 1;
  let now = await sandboxNow();
  const primary = c.sandbox.world.primaryVirtualAccountId;
  const accountId = (await ok(c.get(`/virtual-account/${primary}`), 'GET primary')).virtualAccount.accountId as string;
  const va = await ok(
    c.call('POST', '/virtual-account', { body: { name: `Oracle ${runs}`, accountId } }),
    'POST /virtual-account',
  );
  const vaId = va.virtualAccount.id as string;
  await ok(
    c.call('POST', '/transfer/virtual-account', {
      body: { source: primary, destination: vaId, amountCents: s.fundingCents },
      headers: { 'x-idempotency-key': `oracle-${runs}-${vaId}` },
    }),
    'fund',
  );

  const group = CardGroup.parse(
    await ok(
      c.call('POST', '/card-group', {
        body: {
          name: `Oracle group ${runs}`,
          virtualAccountId: vaId,
          ...(s.groupSpec ? { spendingConstraint: buildConstraint(s.groupSpec, now) } : {}),
        },
      }),
      'POST /card-group',
    ),
  );
  const cardIds: string[] = [];
  for (let i = 0; i < 3; i++) {
    const body = {
      name: `Oracle ${runs}.${i}`,
      type: 'virtual',
      cardGroupId: group.id,
      virtualAccountId: vaId,
      ...(i === s.singleUse ? { isSingleUse: true } : {}),
      // Only the first card gets the card-level constraint; the others spend against the group alone.
      ...(i === 0 && s.cardSpec ? { spendingConstraint: buildConstraint(s.cardSpec, now) } : {}),
    };
    cardIds.push(Card.parse(await ok(c.call('POST', '/card', { body }), 'POST /card')).id);
  }

  for (const st of s.steps) {
    if (st.kind === 'advance') {
      await ok(c.call('POST', '/__sandbox/clock', { body: { advanceMs: st.hours * 3_600_000 } }), 'advance');
      now = await sandboxNow();
      continue;
    }
    const cardId = cardIds[st.card]!;
    if (st.kind !== 'buy') {
      await ok(
        c.call('PATCH', `/card/${cardId}`, { body: { status: st.kind === 'pause' ? 'paused' : 'active' } }),
        'PATCH /card',
      );
      continue;
    }
    // What the app would hold in its caches right now.
    const card = Card.parse(await ok(c.get(`/card/${cardId}`), 'GET /card'));
    const cachedGroup = CardGroup.parse(await ok(c.get(`/card-group/${group.id}`), 'GET /card-group'));
    const members = (await c.all('/card', { 'filter:cardGroupId': group.id })).map((x) => Card.parse(x));
    const groupTransactions = (await Promise.all(members.map((m) => cardTransactions(m.id)))).flat();
    const transactions = groupTransactions.filter((t) => t.cardId === cardId);
    const vaView = await ok(c.get(`/virtual-account/${vaId}`), 'GET /virtual-account');

    const known = merchants[st.merchant];
    const typed = known ? known.name : UNKNOWN_MERCHANT;
    const merchantName = st.upper ? typed.toUpperCase() : typed;
    // The picker resolves a typed name against the cached merchants, as the sandbox does.
    const match = merchants.find((m) => m.name.toLowerCase() === merchantName.toLowerCase());
    const purchase: Purchase = {
      amountCents: st.cents,
      merchantName: match?.name ?? merchantName,
      ...(match ? { merchantId: match.id } : {}),
      mcc: st.mcc,
      country: st.country,
    };
    const predicted = checkPurchase(purchase, {
      card,
      group: cachedGroup,
      transactions,
      groupTransactions,
      fundingBalanceCents: vaView.balance.amountCents as number,
      fundingClosed: vaView.virtualAccount.closedAt !== null && vaView.virtualAccount.closedAt !== undefined,
      nowMs: now,
    });

    const actual = await ok(
      c.call('POST', '/__sandbox/authorizations', {
        body: { cardId, amountCents: st.cents, merchantName, mcc: st.mcc, country: st.country },
      }),
      'authorize',
    );
    const context = JSON.stringify({
      purchase,
      predicted,
      card: card.spendingConstraint,
      group: cachedGroup.spendingConstraint,
      status: card.status,
      now: new Date(now).toISOString(),
    });
    expect(actual.approved, context).toBe(predicted.approved);
    expect(actual.declineReason, context).toBe(predicted.approved ? undefined : predicted.reason);
    if (
      !predicted.approved &&
      predicted.source === 'group' &&
      predicted.reason === 'spending_limit_exceeded' &&
      groupTransactions.some((t) => t.cardId !== cardId && t.amountCents < 0 && t.detailedStatus !== 'declined')
    ) {
      seen.groupLimitFromOtherCards += 1;
    }
    if (actual.approved) seen.approved += 1;
    else seen.reasons.set(actual.declineReason, (seen.reasons.get(actual.declineReason) ?? 0) + 1);
  }
}

describe('offline purchase check agrees with the sandbox', () => {
  it('on random constraints, purchases, pauses and clock moves', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, (s) => runScenario(s)),
      // A fixed seed: the same cases on every run, so a failure reproduces.
      { numRuns: 60, seed: 20250615, endOnFailure: true },
    );
    // The property is only worth something if every kind of verdict happened.
    expect(seen.approved).toBeGreaterThan(20);
    expect(seen.groupLimitFromOtherCards).toBeGreaterThan(0);
    for (const reason of [
      'card_not_active',
      'merchant_not_allowed',
      'merchant_category_not_allowed',
      'merchant_category_code_not_allowed',
      'country_not_allowed',
      'transaction_size_limit_exceeded',
      'spending_limit_exceeded',
      'insufficient_funds',
    ]) {
      expect(seen.reasons.get(reason) ?? 0, `${reason} in ${JSON.stringify([...seen.reasons])}`).toBeGreaterThan(0);
    }
  }, 240_000);
});
