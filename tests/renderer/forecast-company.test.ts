import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { companyForecast, companySteps, stepsOf } from '../../src/renderer/src/forecast/model/company';
import {
  forecast,
  type ForecastAccount,
  type ForecastInputs,
  type ForecastMovement,
} from '../../src/renderer/src/forecast/model/forecast';

/**
 * The company's line: the open accounts' forecasts summed day by day. Checked against sums made
 * here, and against the listed flows: each day's end is the start, plus every flow that changes
 * the company's cash up to that day, less the projected card spend of the days after today.
 */

const DAY = 86_400_000;
const ids = ['va-a', 'va-b', 'va-c', 'va-d'];

const scenario = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }).chain((now) =>
  fc.record({
    now: fc.constant(now),
    accounts: fc.tuple(
      ...ids.map((id) =>
        fc.record({
          id: fc.constant(id),
          name: fc.constant(`Account ${id}`),
          balanceCents: fc.integer({ min: -1_000_000, max: 1_000_000_000 }),
          cardSpendHistoryCents: fc.integer({ min: 0, max: 50_000_000 }),
          commission: fc.option(
            fc.record({
              amountCents: fc.integer({ min: 1, max: 500_000 }),
              frequency: fc.constantFrom('monthly' as const, 'yearly' as const),
              startDate: fc
                .integer({ min: now - 400 * DAY, max: now + 40 * DAY })
                .map((ms) => new Date(ms).toISOString()),
            }),
            { nil: undefined },
          ),
        }),
      ),
    ),
    movements: fc.array(
      fc.record({
        id: fc.uuid(),
        kind: fc.constantFrom('transfer' as const, 'payment' as const),
        fromId: fc.option(fc.constantFrom(...ids, 'outside'), { nil: undefined }),
        toId: fc.option(fc.constantFrom(...ids, 'outside'), { nil: undefined }),
        amountCents: fc.integer({ min: 1, max: 50_000_000 }),
        atMs: fc.integer({ min: now - 3 * DAY, max: now + 40 * DAY }),
      }),
      { maxLength: 8 },
    ),
    primaryId: fc.option(fc.constantFrom(...ids), { nil: undefined }),
  }),
);

type ScenarioValue = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function inputsOf(s: ScenarioValue): ForecastInputs {
  return {
    accounts: s.accounts.map(({ commission, ...a }): ForecastAccount => (commission ? { ...a, commission } : a)),
    movements: s.movements.map(({ fromId, toId, ...m }): ForecastMovement => ({
      ...m,
      label: 'm',
      ...(fromId ? { fromId } : {}),
      ...(toId ? { toId } : {}),
    })),
    ...(s.primaryId ? { primaryId: s.primaryId } : {}),
  };
}

describe('the company-wide forecast', () => {
  it('is the sum of the account lines each day, and starts at the sum of the balances now', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const accounts = forecast(inputsOf(s), s.now);
        const company = companyForecast(accounts, s.now);
        const start = s.accounts.reduce((sum, a) => sum + a.balanceCents, 0);
        expect(company.startCents).toBe(start);
        expect(company.points[0]).toEqual({ atMs: s.now, cents: start });
        for (let d = 0; d < 30; d++) {
          let sum = 0;
          for (const f of accounts) sum += f.days[d]?.endCents ?? Number.NaN;
          expect(company.days[d]?.endCents).toBe(sum);
        }
        const low = Math.min(start, ...company.days.map((d) => d.endCents));
        expect(company.lowest.endCents).toBe(low);
        expect(company.lowestIsNow).toBe(low === start);
      }),
      { seed: 31, numRuns: 300 },
    );
  });

  it('is the start, plus the listed flows that change company cash, less the card spend: the list and the line agree', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const company = companyForecast(forecast(inputsOf(s), s.now), s.now);
        for (let d = 0; d < 30; d++) {
          const flows = company.flows.filter((f) => f.day <= d).reduce((sum, f) => sum + f.companyCents, 0);
          expect(company.days[d]?.endCents).toBe(company.startCents + flows - d * company.dailySpendCents);
        }
        for (const f of company.flows) {
          if (f.internal) expect(f.companyCents).toBe(0);
          else expect(f.companyCents).toBe(f.amountCents);
        }
      }),
      { seed: 3_131, numRuns: 300 },
    );
  });

  it('is unchanged by a transfer between two of our accounts, which is listed once, as internal', () => {
    fc.assert(
      fc.property(
        scenario,
        fc.constantFrom(...ids),
        fc.constantFrom(...ids),
        fc.integer({ min: 1, max: 90_000_000 }),
        fc.integer({ min: 0, max: 29 }),
        (s, from, to, amount, day) => {
          fc.pre(from !== to);
          const before = companyForecast(forecast(inputsOf(s), s.now), s.now);
          const dayStart = s.now - (s.now % DAY) + day * DAY;
          const inputs = inputsOf(s);
          const moved: ForecastMovement = {
            id: 'internal',
            kind: 'transfer',
            fromId: from,
            toId: to,
            amountCents: amount,
            atMs: Math.max(s.now, dayStart + 3_600_000),
            label: 'internal',
          };
          const accounts = forecast({ ...inputs, movements: [...inputs.movements, moved] }, s.now);
          const after = companyForecast(accounts, s.now);
          expect(after.days.map((d) => d.endCents)).toEqual(before.days.map((d) => d.endCents));
          const listed = after.flows.filter((f) => f.internal && f.kind === 'transfer' && f.amountCents === -amount);
          expect(listed.length).toBeGreaterThanOrEqual(1);
          const mine = listed.find((f) => f.account === `Account ${from} → Account ${to}` && f.day === day);
          expect(mine?.companyCents).toBe(0);
          expect(after.flows.length - before.flows.length).toBe(1);
          // The source's own chart still marks it as a step out of that account.
          const source = accounts.find((f) => f.accountId === from);
          expect(source?.events.some((e) => e.movementId === 'internal' && e.amountCents === -amount)).toBe(true);
        },
      ),
      { seed: 313_131, numRuns: 200 },
    );
  });

  it('takes a payment out of the company line on its day, and marks it as a labelled step there', () => {
    const now = Date.UTC(2026, 10, 24, 12);
    const inputs: ForecastInputs = {
      accounts: [
        { id: 'op', name: 'Operating', balanceCents: 35_000_000, cardSpendHistoryCents: 0 },
        { id: 'pay', name: 'Payroll', balanceCents: 5_000_000, cardSpendHistoryCents: 0 },
      ],
      movements: [
        {
          id: 't',
          kind: 'transfer',
          fromId: 'op',
          toId: 'pay',
          amountCents: 1_825_000,
          atMs: now + DAY,
          label: 't',
        },
        {
          id: 'p',
          kind: 'payment',
          fromId: 'op',
          amountCents: 25_000,
          atMs: now + 2 * DAY,
          label: 'p',
          toName: '@acme',
        },
      ],
    };
    const accounts = forecast(inputs, now);
    const company = companyForecast(accounts, now);
    expect(company.days.map((d) => d.endCents)).toEqual([
      40_000_000,
      40_000_000,
      ...Array.from({ length: 28 }, () => 39_975_000),
    ]);
    expect(company.flows.map((f) => [f.day, f.what, f.account, f.amountCents, f.internal, f.step])).toEqual([
      [1, 'Transfer', 'Operating → Payroll', -1_825_000, true, 'Payroll transfer \u2212$18,250.00'],
      [2, 'Payment to @acme', 'Operating', -25_000, false, '@acme payment \u2212$250.00'],
    ]);
    // The company chart marks the payment only, in the middle of its day.
    const dayTwo = Date.UTC(2026, 10, 26);
    expect(stepsOf(company, companySteps(company))).toEqual([
      { x: dayTwo + DAY / 2, label: '@acme payment \u2212$250.00', short: '\u2212$250.00' },
    ]);
    const [op] = accounts;
    if (!op) throw new Error('no account');
    const opSteps = stepsOf(
      op,
      op.events.map((e) => ({ day: e.day, step: e.label, amountCents: e.amountCents })),
    );
    expect(opSteps.map((s) => s.x)).toEqual([Date.UTC(2026, 10, 25) + DAY / 2, dayTwo + DAY / 2]);
  });
});
