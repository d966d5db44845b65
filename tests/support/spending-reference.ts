import {
  civil,
  dayNumber,
  localDay,
  localDayStart,
  mondayIndex,
  monthLength,
  parseDayText,
} from './zoned-calendar-reference';

/**
 * The project's reading of a spending constraint (docs/features/cards.md),
 * written apart from src/shared/spending and the app's models: an oracle for the sandbox's
 * decisions and the app's offline check. Shapes are plain structural types, so nothing of
 * src/shared is imported. Periods are found by walking from their anchor one period at a time
 * (the code under test computes the period directly), on the day numbers of the calendar
 * reference, in the limit's zone.
 */

export type Preset = 'daily' | 'weekly' | 'monthly' | 'yearly' | 'collective';

export interface RefLimit {
  limitAmount: { amountCents: number };
  preset: Preset;
  timezone?: string | undefined;
  startDate?: string | undefined;
}

/** The instants [startMs, endMs) of a limit's current period; both absent for `collective`. */
export interface RefPeriod {
  startMs?: number;
  endMs?: number;
}

/** The day `dayOfMonth` of month `month` (may run past 12 or below 1), or the month's last day when it is shorter. */
function clampedDayNumber(year: number, month: number, dayOfMonth: number): number {
  const y = year + Math.floor((month - 1) / 12);
  const m = month - 12 * Math.floor((month - 1) / 12);
  return dayNumber(y, m, Math.min(dayOfMonth, monthLength(y, m)));
}

/**
 * The period's days [from, to) for the local day `today`: walks anchor after anchor from the
 * start (k = 0, 1, 2 ...) until the next one lies after today. A start after today makes the
 * first period begin on it.
 */
function periodDays(limit: RefLimit, today: number): [number, number] | undefined {
  const start = limit.startDate === undefined ? undefined : parseDayText(limit.startDate);
  switch (limit.preset) {
    case 'collective':
      return undefined;
    case 'daily':
      return [today, today + 1];
    case 'weekly': {
      if (start === undefined) return [today - mondayIndex(today), today - mondayIndex(today) + 7];
      let from = start;
      while (from + 7 <= today) from += 7;
      return [from, from + 7];
    }
    case 'monthly': {
      if (start === undefined) {
        const [y, m] = civil(today);
        return [dayNumber(y, m, 1), clampedDayNumber(y, m + 1, 1)];
      }
      const [sy, sm, sd] = civil(start);
      let k = 0;
      while (clampedDayNumber(sy, sm + k + 1, sd) <= today) k++;
      return [clampedDayNumber(sy, sm + k, sd), clampedDayNumber(sy, sm + k + 1, sd)];
    }
    case 'yearly': {
      if (start === undefined) {
        const [y] = civil(today);
        return [dayNumber(y, 1, 1), dayNumber(y + 1, 1, 1)];
      }
      const [sy, sm, sd] = civil(start);
      let k = 0;
      while (clampedDayNumber(sy + k + 1, sm, sd) <= today) k++;
      return [clampedDayNumber(sy + k, sm, sd), clampedDayNumber(sy + k + 1, sm, sd)];
    }
  }
}

export function referencePeriod(limit: RefLimit, nowMs: number): RefPeriod {
  const zone = limit.timezone ?? 'UTC';
  const days = periodDays(limit, localDay(nowMs, zone));
  if (!days) return {};
  return { startMs: localDayStart(days[0], zone), endMs: localDayStart(days[1], zone) };
}

/** The fields of a transaction this reading looks at (the service's names). */
export interface RefTransaction {
  amountCents: number;
  detailedStatus: string;
  date: string;
  cardId?: string | undefined;
  authorizedAt?: string | undefined;
  merchantData?: unknown;
  feeInfo?: unknown;
}

/** Card purchases whose money is out or held: pending, settled, and disputed (until a credit comes back). */
const SPENT = ['pending', 'settled', 'dispute'];

/**
 * What counts toward a limit (the table in docs/features/cards.md): a card purchase (a card debit with merchant
 * data; a fee charged to a card carries fee info instead) that is pending, settled or disputed.
 * Declines, reversals, failed and canceled items, refunds, fees, and anything without a card
 * (transfers, ACH, wires, payments) do not count, and a refund gives no limit back.
 */
export function countsTowardLimit(tx: RefTransaction): boolean {
  if (tx.cardId === undefined || tx.amountCents >= 0) return false;
  if (tx.feeInfo !== undefined || tx.merchantData === undefined) return false;
  return SPENT.includes(tx.detailedStatus);
}

/** A purchase counts in the period its authorization falls in (a settled purchase is re-dated). */
export function spendInstant(tx: RefTransaction): number {
  return Date.parse(tx.authorizedAt ?? tx.date);
}

export function spentIn(transactions: readonly RefTransaction[], period: RefPeriod): number {
  let cents = 0;
  for (const tx of transactions) {
    if (!countsTowardLimit(tx)) continue;
    const at = spendInstant(tx);
    if (period.startMs !== undefined && at < period.startMs) continue;
    if (period.endMs !== undefined && at >= period.endMs) continue;
    cents += -tx.amountCents;
  }
  return cents;
}

type Restriction = 'allowlist' | 'blacklist';

export interface RefConstraint {
  merchantRule?: { merchants: string[]; restriction: Restriction } | null | undefined;
  merchantCategoryRule?: { merchantCategories: string[]; restriction: Restriction } | null | undefined;
  merchantCategoryCodeRule?: { merchantCategoryCodes: string[]; restriction: Restriction } | null | undefined;
  countryRule?: { countries: string[]; restriction: Restriction } | null | undefined;
  spendingRule?:
    | {
        utilizationLimit?: RefLimit | undefined;
        utilizationLimitV2?: RefLimit[] | undefined;
        transactionSizeLimit?:
          { minimum?: { amountCents: number } | undefined; maximum?: { amountCents: number } | undefined } | undefined;
      }
    | null
    | undefined;
}

export interface RefPurchase {
  amountCents: number;
  merchantName: string;
  /** Set when the name is one the service lists as a merchant. */
  merchantId?: string | undefined;
  mcc: string;
  country: string;
}

/**
 * The category of the merchant category codes the tests use, as the category list of
 * docs/features/cards.md
 * says (one coarse name per code; 3000-3299 airlines, 3300-3499 car rental, 3500-3999 lodging).
 */
const CATEGORY_OF: Record<string, string> = {
  '3010': 'airlines',
  '3058': 'airlines',
  '3400': 'car_rental',
  '3700': 'lodging',
  '4121': 'travel',
  '4511': 'airlines',
  '5411': 'groceries',
  '5734': 'software',
  '5812': 'restaurants',
  '5999': 'other',
  '7011': 'lodging',
  '7372': 'software',
};

export const REFERENCE_MCCS = Object.keys(CATEGORY_OF);

export function referenceCategory(mcc: string): string {
  const name = CATEGORY_OF[mcc];
  if (name === undefined)
    throw new Error(`the reference has no category for MCC ${mcc}: add it from the list in docs/features/cards.md`);
  return name;
}

function allowed(restriction: Restriction, listed: boolean): boolean {
  return restriction === 'allowlist' ? listed : !listed;
}

/** The limits in the order the service checks them: utilizationLimit, then utilizationLimitV2. */
export function referenceLimits(c: RefConstraint | null | undefined): RefLimit[] {
  const rule = c?.spendingRule;
  if (!rule) return [];
  return [...(rule.utilizationLimit ? [rule.utilizationLimit] : []), ...(rule.utilizationLimitV2 ?? [])];
}

/**
 * The decline reason the constraint gives the purchase, or undefined when it passes. Merchant
 * entries are a merchant's id (exactly) or its name (in any case); a category entry is a category
 * name (in any case) or an MCC; `spent(limit)` is what the constraint's scope already spent in
 * that limit's current period.
 */
export function referenceDecline(
  c: RefConstraint | null | undefined,
  p: RefPurchase,
  spent: (limit: RefLimit) => number,
): string | undefined {
  if (!c) return undefined;
  if (c.merchantRule) {
    const listed = c.merchantRule.merchants.some(
      (m) =>
        (p.merchantId !== undefined && m === p.merchantId) ||
        m.toLocaleLowerCase('en') === p.merchantName.toLocaleLowerCase('en'),
    );
    if (!allowed(c.merchantRule.restriction, listed)) return 'merchant_not_allowed';
  }
  if (c.merchantCategoryRule) {
    const category = referenceCategory(p.mcc);
    const listed = c.merchantCategoryRule.merchantCategories.some(
      (e) => e.trim() === p.mcc || e.trim().toLocaleLowerCase('en') === category,
    );
    if (!allowed(c.merchantCategoryRule.restriction, listed)) return 'merchant_category_not_allowed';
  }
  if (
    c.merchantCategoryCodeRule &&
    !allowed(c.merchantCategoryCodeRule.restriction, c.merchantCategoryCodeRule.merchantCategoryCodes.includes(p.mcc))
  ) {
    return 'merchant_category_code_not_allowed';
  }
  if (c.countryRule && !allowed(c.countryRule.restriction, c.countryRule.countries.includes(p.country)))
    return 'country_not_allowed';
  const size = c.spendingRule?.transactionSizeLimit;
  if (size?.minimum && p.amountCents < size.minimum.amountCents) return 'transaction_size_limit_exceeded';
  if (size?.maximum && p.amountCents > size.maximum.amountCents) return 'transaction_size_limit_exceeded';
  for (const limit of referenceLimits(c)) {
    if (spent(limit) + p.amountCents > limit.limitAmount.amountCents) return 'spending_limit_exceeded';
  }
  return undefined;
}
