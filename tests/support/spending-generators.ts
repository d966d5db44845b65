import fc from 'fast-check';
import type { Transaction } from '../../src/shared/service';
import { REFERENCE_MCCS, type Preset, type RefConstraint, type RefLimit, type RefPurchase } from './spending-reference';
import {
  civil,
  dayNumber,
  dayText,
  localDay,
  localDayStart,
  monthLength,
  parseDayText,
} from './zoned-calendar-reference';

/**
 * Generators for the spending property tests, aimed where calendars break. They use only the
 * calendar reference (tests/support), never the code under test, to build their dates.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Days on which a clock change skips local midnight (each is checked with Intl by the tests). */
export const ZONES_WITH_SKIPPED_MIDNIGHT: readonly (readonly [string, string])[] = [
  ['America/Havana', '2025-03-09'],
  ['America/Havana', '2026-03-08'],
  ['America/Santiago', '2024-09-08'],
  ['America/Santiago', '2025-09-07'],
  ['Atlantic/Azores', '2024-03-31'],
  ['Atlantic/Azores', '2025-03-30'],
  ['America/Asuncion', '2024-10-06'],
  ['Asia/Beirut', '2025-03-30'],
  ['Africa/Cairo', '2025-04-25'],
];

/** Other clock changes: at 02:00 or 01:00, half an hour, 45 minutes, a midnight lived twice, a 25-hour day. */
const OTHER_CLOCK_CHANGES: readonly (readonly [string, string])[] = [
  ['America/New_York', '2025-03-09'],
  ['America/New_York', '2025-11-02'],
  ['Europe/London', '2025-03-30'],
  ['Europe/London', '2025-10-26'],
  ['America/Santiago', '2025-04-06'],
  ['America/Havana', '2025-11-02'],
  ['Atlantic/Azores', '2025-10-26'],
  ['Australia/Lord_Howe', '2025-04-06'],
  ['Australia/Lord_Howe', '2025-10-05'],
  ['Pacific/Chatham', '2025-09-28'],
];

/** East and west of UTC, by whole, half and quarter hours, to the ends of the range. */
export const ZONES: readonly string[] = [
  ...new Set([
    'UTC',
    ...ZONES_WITH_SKIPPED_MIDNIGHT.map(([z]) => z),
    ...OTHER_CLOCK_CHANGES.map(([z]) => z),
    'Pacific/Kiritimati',
    'Pacific/Pago_Pago',
    'Asia/Kathmandu',
    'Asia/Kolkata',
    'America/St_Johns',
    'Pacific/Auckland',
  ]),
];

const firstYear = 2023;
const lastYear = 2030;

/** Month ends and starts, leap days, year ends. */
const calendarEdge: fc.Arbitrary<number> = fc.oneof(
  fc
    .record({
      y: fc.integer({ min: firstYear, max: lastYear }),
      m: fc.integer({ min: 1, max: 12 }),
      last: fc.boolean(),
    })
    .map(({ y, m, last }) => dayNumber(y, m, last ? monthLength(y, m) : 1)),
  fc.constantFrom('2024-02-28', '2024-02-29', '2024-03-01', '2025-02-28', '2025-03-01', '2028-02-29').map(parseDayText),
  fc
    .record({ y: fc.integer({ min: firstYear, max: lastYear }), end: fc.boolean() })
    .map(({ y, end }) => (end ? dayNumber(y, 12, 31) : dayNumber(y, 1, 1))),
);

/** How far from the start of a local day: exactly on it, just around it, in the last hour before it, or within two days. */
const nearDayStart: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, 0, 1),
  fc.integer({ min: -HOUR, max: -1 }),
  fc.integer({ min: -2 * DAY, max: 2 * DAY }),
);

export interface AwkwardNow {
  zone: string;
  nowMs: number;
}

function around(zone: string, day: number, delta: number): AwkwardNow {
  return { zone, nowMs: localDayStart(day, zone) + delta };
}

export const awkwardNow: fc.Arbitrary<AwkwardNow> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.constantFrom(...ZONES_WITH_SKIPPED_MIDNIGHT), nearDayStart)
      .map(([[zone, day], d]) => around(zone, parseDayText(day), d)),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...OTHER_CLOCK_CHANGES), nearDayStart)
      .map(([[zone, day], d]) => around(zone, parseDayText(day), d)),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom(...ZONES), calendarEdge, nearDayStart)
      .map(([zone, day, d]) => around(zone, day, d)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(firstYear, 0, 1), max: Date.UTC(lastYear + 1, 0, 1) }),
      )
      .map(([zone, nowMs]) => ({ zone, nowMs })),
  },
);

/** A start date that puts one of the period's boundaries on `day` (k periods before it, or after it when k < 0). */
function alignedStart(preset: Preset, day: number, k: number): number {
  const [y, m, d] = civil(day);
  switch (preset) {
    case 'weekly':
      return day - 7 * k;
    case 'monthly': {
      const months = m - 1 - k;
      const yy = y + Math.floor(months / 12);
      const mm = months - 12 * Math.floor(months / 12) + 1;
      return dayNumber(yy, mm, Math.min(d, monthLength(yy, mm)));
    }
    case 'yearly':
      return dayNumber(y - k, m, Math.min(d, monthLength(y - k, m)));
    default:
      return day - k;
  }
}

/**
 * A limit in the zone of `at` (or with the zone left out, meaning UTC), every preset, and a start
 * date: none, any day of the last 900, one that puts a boundary on today or tomorrow, one on the
 * 29th to the 31st, 29 February; after today only when `futureStarts` (the service refuses those,
 * but limits written before that rule may hold one).
 */
export function awkwardLimit(
  at: AwkwardNow,
  opts: { futureStarts: boolean; cents?: { min: number; max: number } },
): fc.Arbitrary<RefLimit> {
  const today = localDay(at.nowMs, at.zone);
  const preset = fc.constantFrom<Preset>('daily', 'weekly', 'monthly', 'yearly', 'collective');
  return preset.chain((p) => {
    const starts: fc.Arbitrary<number | undefined>[] = [
      fc.constant(undefined),
      fc.integer({ min: 0, max: 900 }).map((k) => today - k),
      fc
        .tuple(fc.constantFrom(today, today + 1), fc.integer({ min: 1, max: 30 }))
        .map(([day, k]) => alignedStart(p, day, k)),
      fc.tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 29, max: 31 })).map(([back, dom]) => {
        const [y, m] = civil(alignedStart('monthly', today, back));
        return dayNumber(y, m, Math.min(dom, monthLength(y, m)));
      }),
      fc.constant(parseDayText('2024-02-29')),
    ];
    if (opts.futureStarts) starts.push(fc.integer({ min: 1, max: 60 }).map((k) => today + k));
    return fc
      .record({
        cents: fc.integer(opts.cents ?? { min: 0, max: 100_000 }),
        start: fc.oneof(...starts),
        omitZone: fc.boolean(),
      })
      .map(({ cents, start, omitZone }): RefLimit => ({
        limitAmount: { amountCents: cents },
        preset: p,
        ...(at.zone === 'UTC' && omitZone ? {} : { timezone: at.zone }),
        ...(start !== undefined && (opts.futureStarts || start <= today) ? { startDate: dayText(start) } : {}),
      }));
  });
}

const isoAt = (ms: number) => new Date(ms).toISOString();

type Kind =
  | 'pending'
  | 'settled'
  | 'dispute'
  | 'declined'
  | 'reversed'
  | 'failed'
  | 'canceled'
  | 'pending_approval'
  | 'refund'
  | 'card_fee'
  | 'transfer'
  | 'ach'
  | 'card_credit';

const STATUS: Record<Kind, [Transaction['status'], Transaction['detailedStatus']]> = {
  pending: ['pending', 'pending'],
  settled: ['posted', 'settled'],
  dispute: ['posted', 'dispute'],
  declined: ['failed', 'declined'],
  reversed: ['failed', 'reversed'],
  failed: ['failed', 'failed'],
  canceled: ['failed', 'canceled'],
  pending_approval: ['pending', 'pending_approval'],
  refund: ['posted', 'refund'],
  card_fee: ['posted', 'settled'],
  transfer: ['posted', 'settled'],
  ach: ['posted', 'settled'],
  card_credit: ['posted', 'settled'],
};

let seq = 0;
function transactionOf(
  kind: Kind,
  authorizedMs: number,
  cents: number,
  dateLagMs: number,
  withAuthorizedAt: boolean,
): Transaction {
  seq += 1;
  const [status, detailedStatus] = STATUS[kind];
  const card = kind !== 'transfer' && kind !== 'ach';
  const merchant = card && kind !== 'card_fee';
  const credit = kind === 'refund' || kind === 'card_credit';
  return {
    id: `txn_ref_${seq}`,
    date: isoAt(authorizedMs + dateLagMs),
    description: kind,
    amountCents: credit ? cents : -cents,
    status,
    detailedStatus,
    accountId: 'acct_ref',
    accountSubtype: 'cash',
    virtualAccountId: 'va_ref',
    ...(card ? { cardId: 'card_ref' } : {}),
    ...(merchant
      ? {
          merchantData: {
            description: 'SHOP',
            categoryCode: '5999',
            location: { city: 'X', state: 'CA', country: 'US', zip: '1' },
          },
        }
      : {}),
    ...(kind === 'card_fee' ? { feeInfo: { relatedTransaction: { id: 'txn_other', amount: -cents * 30 } } } : {}),
    ...(card && withAuthorizedAt ? { authorizedAt: isoAt(authorizedMs) } : {}),
    ...(kind === 'declined' ? { declineReason: 'spending_limit_exceeded' } : {}),
  };
}

/** Transactions of every kind the service describes, authorized near `nowMs` and near the period boundaries around it. */
export function transactionsAround(nowMs: number): fc.Arbitrary<Transaction[]> {
  const kind = fc.constantFrom<Kind>(...(Object.keys(STATUS) as Kind[]));
  const offset = fc.oneof(
    fc.integer({ min: -3 * HOUR, max: 3 * HOUR }),
    fc.integer({ min: -40 * DAY, max: DAY }),
    fc.integer({ min: -400 * DAY, max: 0 }),
  );
  const one = fc
    .record({
      kind,
      offset,
      cents: fc.integer({ min: 1, max: 50_000 }),
      lag: fc.constantFrom(0, 0, 2 * DAY, 3 * HOUR),
      withAuthorizedAt: fc.boolean(),
    })
    .map((r) => transactionOf(r.kind, nowMs + r.offset, r.cents, r.lag, r.withAuthorizedAt || r.kind === 'settled'));
  return fc.array(one, { maxLength: 30 });
}

const MERCHANTS = [
  { id: 'mer_1', name: 'Uber' },
  { id: 'mer_2', name: 'GitHub' },
  { id: 'mer_3', name: 'Café Zürich' },
];
const CATEGORY_ENTRIES = [
  'travel',
  'Software',
  'RESTAURANTS',
  'groceries',
  'airlines',
  'lodging',
  'car_rental',
  'other',
  ' travel ',
  'unknown_thing',
  'Hotels and lodging',
  ...REFERENCE_MCCS,
];
const COUNTRIES = ['US', 'CA', 'DE', 'GB', 'FR'];
const restriction = fc.constantFrom<'allowlist' | 'blacklist'>('allowlist', 'blacklist');
const some = <T>(items: readonly T[]) =>
  fc.uniqueArray(fc.constantFrom(...items), { minLength: 1, maxLength: Math.min(4, items.length) });

/** A merchant entry: a known merchant's id or name in some case, or a name the service does not list. */
const merchantEntry = fc.oneof(
  fc.constantFrom(...MERCHANTS).chain((m) => fc.constantFrom(m.id, m.name, m.name.toUpperCase(), m.name.toLowerCase())),
  fc.constantFrom('Corner Shop', 'mer_404'),
);

const limitEntry = fc.record({
  preset: fc.constantFrom<Preset>('daily', 'weekly', 'monthly', 'yearly', 'collective'),
  cents: fc.integer({ min: 0, max: 40_000 }),
  spent: fc.integer({ min: 0, max: 30_000 }),
});

/** Limits are told apart by what they say (the code under test may hand over copies); equal limits share their spend. */
export function limitKey(l: { preset: string; limitAmount: { amountCents: number } }): string {
  return `${l.preset}|${l.limitAmount.amountCents}`;
}

export interface RuleCase {
  constraint: RefConstraint;
  purchase: RefPurchase;
  /** What each limit's scope already spent in its period, by limitKey. */
  spent: Map<string, number>;
}

/** Present one time in three: with every rule always there, nearly every purchase would be declined. */
const sometimes = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

export const constraintAndPurchase: fc.Arbitrary<RuleCase> = fc
  .record({
    merchants: sometimes(
      fc.record({ restriction, entries: fc.uniqueArray(merchantEntry, { minLength: 1, maxLength: 4 }) }),
    ),
    categories: sometimes(fc.record({ restriction, entries: some(CATEGORY_ENTRIES) })),
    mccs: sometimes(fc.record({ restriction, entries: some(REFERENCE_MCCS) })),
    countries: sometimes(fc.record({ restriction, entries: some(COUNTRIES) })),
    size: sometimes(
      fc.record({
        min: fc.option(fc.integer({ min: 1, max: 2_000 }), { nil: undefined }),
        max: fc.option(fc.integer({ min: 2_000, max: 9_000 }), { nil: undefined }),
      }),
    ),
    single: sometimes(limitEntry),
    limits: fc.array(limitEntry, { maxLength: 3 }),
    merchant: fc.oneof(
      fc
        .constantFrom(...MERCHANTS)
        .chain((m) =>
          fc.constantFrom(m.name, m.name.toUpperCase()).map((name) => ({ name, id: m.id as string | undefined })),
        ),
      fc.constant({ name: 'Corner Shop', id: undefined }),
    ),
    mcc: fc.constantFrom(...REFERENCE_MCCS),
    country: fc.constantFrom(...COUNTRIES),
    cents: fc.integer({ min: 1, max: 10_000 }),
  })
  .map((g) => {
    const spent = new Map<string, number>();
    const limit = (l: { preset: Preset; cents: number; spent: number }): RefLimit => {
      const out: RefLimit = { limitAmount: { amountCents: l.cents }, preset: l.preset, timezone: 'UTC' };
      spent.set(limitKey(out), l.spent);
      return out;
    };
    const constraint: RefConstraint = {
      ...(g.merchants
        ? { merchantRule: { merchants: g.merchants.entries, restriction: g.merchants.restriction } }
        : {}),
      ...(g.categories
        ? { merchantCategoryRule: { merchantCategories: g.categories.entries, restriction: g.categories.restriction } }
        : {}),
      ...(g.mccs
        ? { merchantCategoryCodeRule: { merchantCategoryCodes: g.mccs.entries, restriction: g.mccs.restriction } }
        : {}),
      ...(g.countries ? { countryRule: { countries: g.countries.entries, restriction: g.countries.restriction } } : {}),
    };
    const size = g.size && (g.size.min !== undefined || g.size.max !== undefined) ? g.size : undefined;
    if (g.single || g.limits.length || size) {
      constraint.spendingRule = {
        ...(g.single ? { utilizationLimit: limit(g.single) } : {}),
        ...(g.limits.length ? { utilizationLimitV2: g.limits.map(limit) } : {}),
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
    const purchase: RefPurchase = {
      amountCents: g.cents,
      merchantName: g.merchant.name,
      ...(g.merchant.id ? { merchantId: g.merchant.id } : {}),
      mcc: g.mcc,
      country: g.country,
    };
    return { constraint, purchase, spent };
  });
