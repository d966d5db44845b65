import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  forecast,
  type ForecastAccount,
  type ForecastInputs,
  type ForecastMovement,
} from '../../src/renderer/src/forecast/model/forecast';

/**
 * The forecast against a plain reference written here without the model's helpers: walk the 30
 * UTC days one by one, and on each apply every movement, every commission collection and the
 * projected card spend that fall on it. Commission dates are enumerated here from the rule's
 * start (own month arithmetic, month ends clamped), not with commission-dates.ts.
 */

const DAY = 24 * 60 * 60 * 1000;

function daysInMonthUtc(year: number, month0: number): number {
  return new Date(Date.UTC(year, month0 + 1, 1) - DAY).getUTCDate();
}

/** The k-th collection: the start moved by k months (or years), the day clamped to the month's last. */
function dueAt(startIso: string, frequency: 'monthly' | 'yearly', k: number): number {
  const s = new Date(startIso);
  const monthsAhead = frequency === 'monthly' ? k : 12 * k;
  const totalMonth = s.getUTCMonth() + monthsAhead;
  const year = s.getUTCFullYear() + Math.floor(totalMonth / 12);
  const month0 = ((totalMonth % 12) + 12) % 12;
  const dayOfMonth = Math.min(s.getUTCDate(), daysInMonthUtc(year, month0));
  return Date.UTC(
    year,
    month0,
    dayOfMonth,
    s.getUTCHours(),
    s.getUTCMinutes(),
    s.getUTCSeconds(),
    s.getUTCMilliseconds(),
  );
}

function averageRoundedHalfUp(total: number, days: number): number {
  const whole = Math.floor(total / days);
  const rest = total - whole * days;
  return 2 * rest >= days ? whole + 1 : whole;
}

function reference(inputs: ForecastInputs, now: number) {
  // Collections after the balance was read are not in it: from asOf (or now, if earlier), the past ones today.
  const counted = inputs.asOf !== undefined && inputs.asOf < now ? inputs.asOf : now;
  const nowDate = new Date(now);
  const today = Date.UTC(nowDate.getUTCFullYear(), nowDate.getUTCMonth(), nowDate.getUTCDate());
  return inputs.accounts.map((account) => {
    const perDay = averageRoundedHalfUp(account.cardSpendHistoryCents, 28);
    let balance = account.balanceCents;
    const ends: number[] = [];
    for (let d = 0; d < 30; d++) {
      const from = today + d * DAY;
      const to = from + DAY;
      for (const m of inputs.movements) {
        const when = m.atMs < now ? now : m.atMs;
        if (when < from || when >= to) continue;
        if (m.fromId === account.id) balance -= m.amountCents;
        if (m.toId === account.id) balance += m.amountCents;
      }
      // Each rule moves its amount from its account into the primary one; the primary pays none.
      for (const payer of inputs.accounts) {
        if (!payer.commission || payer.id === inputs.primaryId) continue;
        if (payer.id !== account.id && account.id !== inputs.primaryId) continue;
        for (let k = 0; ; k++) {
          const due = dueAt(payer.commission.startDate, payer.commission.frequency, k);
          if (due >= to) break;
          if ((due >= from || d === 0) && due >= counted)
            balance += payer.id === account.id ? -payer.commission.amountCents : payer.commission.amountCents;
        }
      }
      if (d > 0) balance -= perDay;
      ends.push(balance);
    }
    return ends;
  });
}

const ids = ['va-a', 'va-b', 'va-c'];
// 2019..2031, any time of day: month ends, leap days and year ends all come up.
const instant = fc.integer({ min: Date.UTC(2019, 0, 1), max: Date.UTC(2031, 0, 1) });
const cents = (max: number) => fc.integer({ min: 1, max });

const scenario = instant.chain((now) => {
  const startDate = fc.oneof(
    // Month-end and late-month days, as date-only or with a time, before or around now.
    fc
      .record({
        back: fc.integer({ min: -3, max: 40 }),
        day: fc.constantFrom(28, 29, 30, 31, 1, 15),
        hour: fc.integer({ min: 0, max: 23 }),
        dateOnly: fc.boolean(),
      })
      .map(({ back, day, hour, dateOnly }) => {
        const d = new Date(now);
        const y = d.getUTCFullYear();
        const m = d.getUTCMonth() - back;
        const clampDay = Math.min(day, daysInMonthUtc(y + Math.floor(m / 12), ((m % 12) + 12) % 12));
        const iso = new Date(Date.UTC(y, m, clampDay, hour)).toISOString();
        return dateOnly ? iso.slice(0, 10) : iso;
      }),
    fc.integer({ min: now - 800 * DAY, max: now + 40 * DAY }).map((ms) => new Date(ms).toISOString()),
  );
  const account = (id: string) =>
    fc.record({
      id: fc.constant(id),
      name: fc.constant(id),
      balanceCents: fc.integer({ min: -1_000_000, max: 1_000_000_000 }),
      cardSpendHistoryCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100_000_000 })),
      commission: fc.option(
        fc.record({
          amountCents: cents(500_000),
          frequency: fc.constantFrom('monthly' as const, 'yearly' as const),
          startDate,
        }),
        { nil: undefined },
      ),
    });
  const party = fc.option(fc.constantFrom(...ids, 'outside'), { nil: undefined });
  const movement = fc.record({
    id: fc.uuid(),
    kind: fc.constantFrom('transfer' as const, 'payment' as const),
    fromId: party,
    toId: party,
    amountCents: cents(50_000_000),
    atMs: fc.integer({ min: now - 5 * DAY, max: now + 40 * DAY }),
    label: fc.constant('m'),
  });
  return fc.record({
    now: fc.constant(now),
    accounts: fc.tuple(...ids.map(account)),
    movements: fc.array(movement, { maxLength: 10 }),
    primaryId: fc.option(fc.constantFrom(...ids), { nil: undefined }),
    // The last sync: days before now (a collection may fall between), or a little after (clock skew).
    asOf: fc.option(fc.integer({ min: now - 45 * DAY, max: now + DAY }), { nil: undefined }),
  });
});

describe('forecast', () => {
  it('equals the day-by-day reference for random balances, rules, outbox rows and histories', () => {
    fc.assert(
      fc.property(scenario, ({ now, accounts, movements, primaryId, asOf }) => {
        const inputs: ForecastInputs = {
          accounts: accounts.map(({ commission, ...a }): ForecastAccount => (commission ? { ...a, commission } : a)),
          movements: movements.map((m): ForecastMovement => ({
            id: m.id,
            kind: m.kind,
            amountCents: m.amountCents,
            atMs: m.atMs,
            label: m.label,
            ...(m.fromId ? { fromId: m.fromId } : {}),
            ...(m.toId ? { toId: m.toId } : {}),
          })),
          ...(primaryId ? { primaryId } : {}),
          ...(asOf !== undefined ? { asOf } : {}),
        };
        const got = forecast(inputs, now);
        const want = reference(inputs, now);
        expect(got.map((f) => f.days.map((d) => d.endCents))).toEqual(want);
        got.forEach((f, i) => {
          const ends = want[i] ?? [];
          // The balance now is the first candidate: a day's end only beats it by being lower.
          const start = inputs.accounts[i]?.balanceCents ?? 0;
          const low = Math.min(start, ...ends);
          expect(f.lowest.endCents).toBe(low);
          expect(f.lowestIsNow).toBe(low === start);
          if (!f.lowestIsNow) expect(f.days.indexOf(f.lowest)).toBe(ends.indexOf(low));
          // The chart starts now at the balance the words say, then each day's end.
          expect(f.points[0]).toEqual({ atMs: now, cents: start });
          expect(f.points.slice(1).map((p) => p.cents)).toEqual(ends);
          const neg = ends.findIndex((e) => e < 0);
          expect(f.firstNegative ? f.days.indexOf(f.firstNegative) : -1).toBe(neg);
          for (const d of f.days) expect(Number.isSafeInteger(d.endCents)).toBe(true);
        });
      }),
      { seed: 20_261_124, numRuns: 400 },
    );
  });

  it('rounds the daily card spend to the nearest cent, halves up: $13.99 over 28 days is 50 cents a day', () => {
    const now = Date.UTC(2026, 10, 24, 12);
    const [f] = forecast(
      { accounts: [{ id: 'a', name: 'A', balanceCents: 10_000, cardSpendHistoryCents: 1_399 }], movements: [] },
      now,
    );
    expect(f?.dailySpendCents).toBe(50);
    const [g] = forecast(
      { accounts: [{ id: 'a', name: 'A', balanceCents: 10_000, cardSpendHistoryCents: 1_385 }], movements: [] },
      now,
    );
    expect(g?.dailySpendCents).toBe(49);
    // Day 0 keeps today's balance (today's spend so far is in it); day 29 has 29 days of spend.
    expect(f?.days[0]?.endCents).toBe(10_000);
    expect(f?.days[29]?.endCents).toBe(10_000 - 29 * 50);
  });

  it('a Jan 31 monthly rule collects on Feb 28 and Mar 31 (no carry of the clamp), and not once its time today has passed', () => {
    const rule = { amountCents: 700, frequency: 'monthly' as const, startDate: '2026-01-31T08:00:00.000Z' };
    const dueDays = (now: number) => {
      const [f] = forecast(
        {
          accounts: [{ id: 'a', name: 'A', balanceCents: 0, cardSpendHistoryCents: 0, commission: rule }],
          movements: [],
        },
        now,
      );
      return f?.events.map((e) => new Date(f.days[e.day]?.dayMs ?? 0).toISOString().slice(0, 10));
    };
    expect(dueDays(Date.UTC(2027, 1, 1, 9))).toEqual(['2027-02-28']);
    expect(dueDays(Date.UTC(2027, 2, 3, 9))).toEqual(['2027-03-31']);
    expect(dueDays(Date.UTC(2027, 1, 28, 7))).toEqual(['2027-02-28']);
    expect(dueDays(Date.UTC(2027, 1, 28, 9))).toEqual([]);
  });

  it('takes a collection due between the last sync and now on day 0: the cached balance was read before it', () => {
    const rule = { amountCents: 700, frequency: 'monthly' as const, startDate: '2026-01-31T08:00:00.000Z' };
    const now = Date.UTC(2027, 2, 1, 9);
    const account = { id: 'a', name: 'A', balanceCents: 10_000, cardSpendHistoryCents: 0, commission: rule };
    const primary = { id: 'p', name: 'P', balanceCents: 0, cardSpendHistoryCents: 0 };
    const run = (asOf: number) => forecast({ accounts: [account, primary], movements: [], primaryId: 'p', asOf }, now);
    // Synced on Feb 27: the Feb 28 collection is not in the balance; it is taken today, and the primary receives it.
    const [a, p] = run(Date.UTC(2027, 1, 27, 12));
    expect(a?.days[0]?.endCents).toBe(9_300);
    expect(a?.events[0]).toMatchObject({ day: 0, kind: 'commission', amountCents: -700 });
    expect(p?.days[0]?.endCents).toBe(700);
    // Synced after it: already in the balance, so not taken again.
    const [b] = run(Date.UTC(2027, 1, 28, 10));
    expect(b?.days[0]?.endCents).toBe(10_000);
  });
});
