import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SpendingConstraint, UtilizationLimit } from '../../src/shared/service';
import { currentPeriod, isStartDateAllowed } from '../../src/shared/spending/periods';
import { brokenRule } from '../../src/shared/spending/rules';
import { dayIn, startOfDayIn } from '../../src/shared/spending/zoned-days';
import { isCountedCardSpend, limitMeters, spentInPeriod } from '../../src/renderer/src/cards/model/utilization';
import {
  countsTowardLimit,
  referenceDecline,
  referencePeriod,
  spentIn,
  type RefLimit,
} from '../support/spending-reference';
import { dayText, localDay, localDayStart, midnightSkipped, parseDayText } from '../support/zoned-calendar-reference';
import {
  awkwardLimit,
  awkwardNow,
  constraintAndPurchase,
  ZONES_WITH_SKIPPED_MIDNIGHT,
  transactionsAround,
  limitKey,
} from '../support/spending-generators';

/**
 * The shared spending modules (zoned days, periods, rules) and the app's spend count, held to the
 * reading of docs/features/cards.md as tests/support/spending-reference.ts writes it apart from them. The
 * generators aim at the instants where calendars break: the last hour before a midnight a
 * clock change skips, DST days, month and year ends, leap days, anchors on the 29th to 31st.
 */

const RUNS = { numRuns: 400, seed: 23_03_2025, endOnFailure: true } as const;
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

describe('the days whose midnight a clock change skips', () => {
  it('are real in this runtime’s time zone data (each starts after 00:00)', () => {
    for (const [zone, day] of ZONES_WITH_SKIPPED_MIDNIGHT)
      expect(midnightSkipped(parseDayText(day), zone), `${zone} ${day}`).toBe(true);
  });

  it('start when the clock jumps, and the day before lasts until then', () => {
    for (const [zone, day] of ZONES_WITH_SKIPPED_MIDNIGHT) {
      const starts = localDayStart(parseDayText(day), zone);
      expect(iso(startOfDayIn(day, zone)), `${zone} ${day}`).toBe(iso(starts));
      // Half an hour before the jump it is still the day before, and its daily limit ends at the jump, not earlier.
      const lateEvening = starts - 1_800_000;
      const period = currentPeriod({ preset: 'daily', timezone: zone }, lateEvening);
      expect(iso(period.endMs), `${zone} ${day}: the daily period at ${iso(lateEvening)}`).toBe(iso(starts));
      expect(period.startMs! <= lateEvening && lateEvening < period.endMs!).toBe(true);
    }
  });
});

describe('zoned days and periods against the reference', () => {
  it('the local day of an instant and the instant a local day starts', () => {
    fc.assert(
      fc.property(awkwardNow, ({ zone, nowMs }) => {
        expect(dayIn(nowMs, zone), `${zone} ${iso(nowMs)}`).toBe(dayText(localDay(nowMs, zone)));
        const today = localDay(nowMs, zone);
        for (const day of [today - 1, today, today + 1])
          expect(iso(startOfDayIn(dayText(day), zone)), `${zone} ${dayText(day)}`).toBe(iso(localDayStart(day, zone)));
      }),
      RUNS,
    );
  });

  it('every preset’s current period, with and without a start date; it always holds now', () => {
    fc.assert(
      fc.property(
        awkwardNow.chain((at) => awkwardLimit(at, { futureStarts: true }).map((limit) => ({ ...at, limit }))),
        ({ zone, nowMs, limit }) => {
          const context = `${JSON.stringify(limit)} at ${iso(nowMs)} (${dayText(localDay(nowMs, zone))} in ${zone})`;
          const got = currentPeriod(limit, nowMs);
          const want = referencePeriod(limit, nowMs);
          expect({ start: iso(got.startMs), end: iso(got.endMs) }, context).toEqual({
            start: iso(want.startMs),
            end: iso(want.endMs),
          });
          // A reset already in the past would leave spend uncounted; only a start set after today may begin later.
          if (got.endMs !== undefined) expect(got.endMs, `the reset is in the past: ${context}`).toBeGreaterThan(nowMs);
          const startsLater = limit.startDate !== undefined && parseDayText(limit.startDate) > localDay(nowMs, zone);
          if (got.startMs !== undefined && !startsLater) expect(got.startMs, context).toBeLessThanOrEqual(nowMs);
        },
      ),
      RUNS,
    );
  });

  it('a start date is allowed when it is today or earlier in the limit’s zone', () => {
    fc.assert(
      fc.property(
        awkwardNow.chain((at) => awkwardLimit(at, { futureStarts: true }).map((limit) => ({ ...at, limit }))),
        ({ zone, nowMs, limit }) => {
          const want = limit.startDate === undefined || parseDayText(limit.startDate) <= localDay(nowMs, zone);
          expect(isStartDateAllowed(limit, nowMs), `${JSON.stringify(limit)} at ${iso(nowMs)}`).toBe(want);
        },
      ),
      RUNS,
    );
  });
});

describe('what counts as spend, against the reference', () => {
  it('each kind of transaction, counted or not, in the period of its authorization', () => {
    fc.assert(
      fc.property(
        awkwardNow.chain((at) =>
          fc
            .record({ limit: awkwardLimit(at, { futureStarts: false }), txs: transactionsAround(at.nowMs) })
            .map((r) => ({ ...at, ...r })),
        ),
        ({ nowMs, limit, txs }) => {
          for (const tx of txs) expect(isCountedCardSpend(tx), JSON.stringify(tx)).toBe(countsTowardLimit(tx));
          const want = spentIn(txs, referencePeriod(limit, nowMs));
          expect(spentInPeriod(txs, currentPeriod(limit, nowMs)), `${JSON.stringify(limit)} at ${iso(nowMs)}`).toBe(
            want,
          );
          const [meter] = limitMeters(
            { spendingRule: { utilizationLimitV2: [limit as UtilizationLimit] } },
            txs,
            nowMs,
          );
          const cap = limit.limitAmount.amountCents;
          expect(meter).toMatchObject({
            spentCents: want,
            remainingCents: Math.max(0, cap - want),
            overCents: Math.max(0, want - cap),
          });
          expect(meter?.nextResetAt).toBe(iso(referencePeriod(limit, nowMs).endMs));
        },
      ),
      RUNS,
    );
  });
});

describe('which rule declines a purchase, against the reference', () => {
  it('merchants by id or name, categories by name or MCC, codes, countries, sizes, limits', () => {
    const verdicts = new Map<string, number>();
    fc.assert(
      fc.property(constraintAndPurchase, ({ constraint, purchase, spent }) => {
        const spentOf = (limit: RefLimit | UtilizationLimit) => {
          const cents = spent.get(limitKey(limit));
          if (cents === undefined) throw new Error('a limit the constraint does not hold');
          return cents;
        };
        const want = referenceDecline(constraint, purchase, spentOf);
        expect(
          brokenRule(constraint as SpendingConstraint, purchase, spentOf)?.reason,
          JSON.stringify({ constraint, purchase }),
        ).toBe(want);
        verdicts.set(want ?? 'approved', (verdicts.get(want ?? 'approved') ?? 0) + 1);
      }),
      { ...RUNS, numRuns: 1_000 },
    );
    // Every verdict must be common, or the comparison says little.
    for (const v of [
      'approved',
      'merchant_not_allowed',
      'merchant_category_not_allowed',
      'merchant_category_code_not_allowed',
      'country_not_allowed',
      'transaction_size_limit_exceeded',
      'spending_limit_exceeded',
    ]) {
      expect(verdicts.get(v) ?? 0, `${v} in ${JSON.stringify([...verdicts])}`).toBeGreaterThan(40);
    }
  });
});
